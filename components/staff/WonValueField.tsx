import type { Ref } from 'react';
import { inputClass } from '../ui/form.tsx';

/**
 * A won client's monthly retainer in CAD (`wonValue`, lib/leads/schema.ts), in a status form: shown only
 * while the form's status is Won (static/styles.css `[data-won-value]`), so it works without JavaScript,
 * and the server refuses Won without it. `compact` is the inbox row's and the board card's size.
 */
export function WonValueField({
  id,
  label = 'Monthly retainer (CAD)',
  defaultValue,
  compact = false,
  inputRef,
}: {
  id: string;
  label?: string;
  defaultValue?: number | null;
  compact?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}) {
  return (
    <div data-won-value="" className={compact ? 'min-w-0' : undefined}>
      <label htmlFor={id} className={compact ? 'sr-only' : 'mb-1.5 block text-sm font-medium text-slate-800'}>
        {label}
      </label>
      <input
        ref={inputRef}
        id={id}
        name="wonValue"
        inputMode="decimal"
        autoComplete="off"
        defaultValue={defaultValue ?? undefined}
        placeholder={compact ? '$ a month' : 'e.g. 2,500'}
        aria-describedby={compact ? undefined : `${id}-hint`}
        className={
          compact
            ? 'w-24 rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900 placeholder:text-slate-500'
            : `${inputClass} py-2 text-sm`
        }
      />
      {compact ? null : (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-500">
          What the client pays each month. The analytics count it as won value.
        </p>
      )}
    </div>
  );
}
