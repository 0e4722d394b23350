/** A delivery that did not happen; `permanent` when trying again cannot help (a mailbox that does not exist). */
export class DeliveryFailure extends Error {
  constructor(
    message: string,
    readonly permanent = false,
  ) {
    super(message);
  }
}
