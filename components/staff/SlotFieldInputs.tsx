import { SLOT_FIELDS, type SlotName } from '../../lib/content/slots.ts';
import { inputClass } from '../ui/form.tsx';

type FieldKind = {
  kind: string;
  label: string;
  hint?: string;
  max?: number;
  required?: boolean;
  options?: readonly string[];
  optionLabels?: Record<string, string>;
};

/**
 * One input per field of a content slot, labelled, filled with `values`: the content editor's form and
 * each variant of the experiment builder. `prefix` names the inputs (a builder's variant `v1.`), so
 * lib/content/slots.ts fieldsFromForm reads them back.
 */
export function SlotFieldInputs({ slot, values, prefix = '' }: { slot: SlotName; values: Record<string, unknown>; prefix?: string }) {
  const fields = SLOT_FIELDS[slot] as Record<string, FieldKind>;
  const idPrefix = prefix.replace(/\W/g, '-');
  return (
    <>
      {Object.entries(fields).map(([name, kind]) => {
        const id = `${idPrefix}field-${name}`;
        const value = values[name];
        if (kind.kind === 'flag')
          return (
            <label key={name} htmlFor={id} className="flex items-center gap-3 text-slate-800">
              <input id={id} type="checkbox" name={prefix + name} defaultChecked={value === true} className="h-5 w-5 rounded border-slate-400" />
              {kind.label}
            </label>
          );
        if (kind.kind === 'choice')
          return (
            <div key={name}>
              <label htmlFor={id} className="block text-sm font-medium text-slate-800">
                {kind.label}
              </label>
              <select id={id} name={prefix + name} defaultValue={String(value)} className={`mt-1 ${inputClass}`}>
                {kind.options?.map((o) => (
                  <option key={o} value={o}>
                    {kind.optionLabels?.[o] ?? o}
                  </option>
                ))}
              </select>
            </div>
          );
        const long = (kind.max ?? 0) > 150;
        return (
          <div key={name}>
            <label htmlFor={id} className="block text-sm font-medium text-slate-800">
              {kind.label}
            </label>
            {long ? (
              <textarea
                id={id}
                name={prefix + name}
                defaultValue={String(value ?? '')}
                maxLength={kind.max}
                rows={4}
                required={kind.required}
                className={`mt-1 ${inputClass}`}
              />
            ) : (
              <input
                id={id}
                name={prefix + name}
                defaultValue={String(value ?? '')}
                maxLength={kind.max}
                required={kind.required}
                aria-describedby={kind.hint ? `${id}-hint` : undefined}
                className={`mt-1 ${inputClass}`}
              />
            )}
            {kind.hint ? (
              <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
                {kind.hint}
              </p>
            ) : null}
          </div>
        );
      })}
    </>
  );
}
