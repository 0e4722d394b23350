import type { UseFormRegisterReturn } from 'react-hook-form';

/**
 * The spam honeypot (lib/spam.ts): a field placed off-screen, hidden from screen readers and skipped by
 * the keyboard, so only bots that fill every input put anything in it.
 */
export function Honeypot({ field }: { field: UseFormRegisterReturn }) {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] top-0 h-px w-px overflow-hidden">
      <label>
        Fax number
        <input type="text" tabIndex={-1} autoComplete="off" {...field} />
      </label>
    </div>
  );
}
