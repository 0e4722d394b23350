import { DIGEST_RETRY } from '../../../lib/people/digest.ts';
import type { Logger } from '../../../server/log.ts';
import { DeliveryFailure } from './failure.ts';
import { type Mailer, type OutgoingEmail, withoutAddresses, withoutMailboxes } from './mailer.ts';

/** What to record of one try: sent (the server's answer), or failed, and whether that was the last try. */
export type ClaimedEmailOutcome = { state: 'sent'; detail: string } | { state: 'failed'; detail: string; final: boolean; attempts: number };

/**
 * Sends the email of a claimed row (the staff's morning email, the owner's Monday email) and says what
 * to record: a refusal the mail server calls temporary (4xx) is tried again at a later look until
 * DIGEST_RETRY.attempts, a permanent one (5xx) never. One log line, `{what} sent`, `{what} failed, will
 * retry` or `{what} failed for good`, with `fields` (counts and ids: nothing personal) and the error
 * without its addresses. `messageId` is the same on every try, so a mail server or app can drop a copy.
 */
export async function sendClaimedEmail({
  mailer,
  log,
  what,
  fields,
  attempt,
  email,
}: {
  mailer: Mailer;
  log: Logger;
  what: string;
  fields: Record<string, unknown>;
  /** This try's number (the claim's attempts so far, this one included). */
  attempt: number;
  email: OutgoingEmail;
}): Promise<ClaimedEmailOutcome> {
  try {
    const answer = await mailer.send(email, AbortSignal.timeout(60_000));
    log.info(`${what} sent`, fields);
    return { state: 'sent', detail: answer };
  } catch (error) {
    const failure = error instanceof DeliveryFailure ? error : new DeliveryFailure(withoutMailboxes(String((error as Error)?.message ?? error)).slice(0, 500));
    const logged = { ...fields, error: withoutAddresses(failure.message) };
    if (!failure.permanent && attempt < DIGEST_RETRY.attempts) log.warn(`${what} failed, will retry`, { ...logged, retryInMs: DIGEST_RETRY.retryMs });
    else log.error(`${what} failed for good`, logged);
    return { state: 'failed', detail: failure.message, final: failure.permanent, attempts: DIGEST_RETRY.attempts };
  }
}

/** A try the database cut short: recorded as failed but not final, so the next look takes the row again. */
type CutShort = { state: 'failed'; detail: string; final: false; attempts: 0 };

/**
 * One claimed row's try: `send` works its email out and sends it (sendClaimedEmail), and `record` stores
 * what came of it (db/queries' finish…, false when the claim was no longer this process's). A database
 * failure mid-way is recorded as a failed try, which the next look takes again; when even that cannot be
 * recorded, `lost` is told, and the row, left `sending`, is taken again once stale. The state recorded.
 */
export async function sendAndRecord<Outcome extends { state: string }>(
  send: () => Promise<Outcome>,
  record: (outcome: Outcome | CutShort) => Promise<boolean>,
  lost: () => void,
): Promise<Outcome['state'] | CutShort['state']> {
  let outcome: Outcome | CutShort;
  try {
    outcome = await send();
  } catch (error) {
    outcome = { state: 'failed', detail: `Not sent: ${String((error as Error)?.message ?? error).slice(0, 200)}`, final: false, attempts: 0 };
  }
  if (!(await record(outcome).catch(() => false))) lost();
  return outcome.state as Outcome['state'] | CutShort['state'];
}
