import { useRef, useState } from 'react';
import { type FieldErrors, validationErrorBody } from '../lib/forms/validation.ts';

/** A shared schema's safeParse (zod/mini), as a form island uses it. */
type Schema<T> = {
  safeParse(input: unknown): { success: true; data: T } | { success: false; error: Parameters<typeof validationErrorBody>[0] };
};

export type CheckOutcome<T> = { ok: true; data: T } | { ok: false; fields: FieldErrors };

/**
 * What every form island does with its uncontrolled fields: reads them (`read`, as the server reads a
 * plain post of the form: client/forms.ts readForm), checks them with the schema the server uses, and
 * shows each message under its field. Once the answers were checked (or came back from the server with
 * errors, `sentErrors`), each change checks them again, so a fixed field loses its message.
 */
export function useCheckedForm<T>(schema: Schema<T>, read: (form: HTMLFormElement) => unknown, sentErrors: FieldErrors = {}) {
  const form = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors>(sentErrors);
  const checked = useRef(Object.keys(sentErrors).length > 0);

  const outcome = (): CheckOutcome<T> => {
    const parsed = schema.safeParse(form.current ? read(form.current) : {});
    return parsed.success ? { ok: true, data: parsed.data } : { ok: false, fields: validationErrorBody(parsed.error).fields };
  };
  const show = (result: CheckOutcome<T>) => setErrors(result.ok ? {} : result.fields);

  /** For the form's onChange. */
  const onChange = () => {
    if (checked.current) show(outcome());
  };
  /** On submit: checks the answers, shows the messages (or clears them) and says what it found. */
  const check = (): CheckOutcome<T> => {
    checked.current = true;
    const result = outcome();
    show(result);
    return result;
  };
  return { form, errors, setErrors, onChange, check };
}
