import { HONEYPOT_FIELD } from '../../lib/forms/spam.ts';

/**
 * The spam honeypot (lib/forms/spam.ts): a field placed off-screen, hidden from screen readers and skipped by
 * the keyboard, so only bots that fill every input put anything in it. Uncontrolled: a plain post sends
 * it as it is.
 */
export function Honeypot(props: Record<string, unknown>) {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] top-0 h-px w-px overflow-hidden">
      <label>
        Fax number
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" {...props} />
      </label>
    </div>
  );
}
