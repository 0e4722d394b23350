import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';

// The form fields of every form: the audit and intake islands and the back office's lead page. A
// visible label tied to its control, a * on required fields (and `required` on the control: the public
// forms are noValidate, so their schema, not the browser, says what is missing), the error beneath the
// field with the label turning red, and the control marked invalid and described by its error (else by
// its hint). Ids are the caller's: an island's come from useFieldId.

export const inputClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-600/30 aria-[invalid=true]:border-red-600';

const choiceClass =
  'flex cursor-pointer items-center gap-3 rounded-lg border border-slate-300 px-3 py-2.5 text-sm text-slate-800 hover:bg-slate-50 has-[:checked]:border-blue-600 has-[:checked]:bg-blue-50';

export type Option = { readonly value: string; readonly label: string };

/** What every field takes: its control's id, its label, and whether it is required, wrong or explained. */
type FieldProps = { id: string; label: string; required?: boolean; error?: string; hint?: string; hideLabel?: boolean };

const labelClass = (error: string | undefined) => `block text-sm font-medium ${error ? 'text-red-600' : 'text-slate-800'}`;

const RequiredMark = ({ required }: { required?: boolean }) => (required ? <span aria-hidden="true"> *</span> : null);

/** A field's error, beneath it: what its control's aria-describedby names. */
export function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-600">
      {error}
    </p>
  ) : null;
}

/** A control's state: required, invalid, and described by its error, else by its hint. */
export function controlState(id: string, { required, error, hint }: { required?: boolean; error?: string; hint?: string }) {
  return {
    required,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : hint ? `${id}-hint` : undefined,
  };
}

/** A label above its control, then the hint or the error. */
export function Field({ id, label, required, error, hint, hideLabel, children }: FieldProps & { children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className={hideLabel ? 'sr-only' : `mb-1.5 ${labelClass(error)}`}>
        {label}
        {/* The * is for the eye: a label only a screen reader reads has none. */}
        <RequiredMark required={required && !hideLabel} />
      </label>
      {children}
      {hint && !error ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-500">
          {hint}
        </p>
      ) : null}
      <FieldError id={id} error={error} />
    </div>
  );
}

type Control<A> = FieldProps & { name: string; className?: string } & Omit<A, 'id' | 'name' | 'className' | 'required'>;

/** A one-line text input (text, email, tel, url, password) in its field. */
export function TextField({ id, label, required, error, hint, hideLabel, className, ...input }: Control<InputHTMLAttributes<HTMLInputElement>>) {
  return (
    <Field id={id} label={label} required={required} error={error} hint={hint} hideLabel={hideLabel}>
      <input id={id} type="text" {...input} className={className ?? inputClass} {...controlState(id, { required, error, hint })} />
    </Field>
  );
}

/** A multi-line text in its field. */
export function TextAreaField({ id, label, required, error, hint, hideLabel, className, ...textarea }: Control<TextareaHTMLAttributes<HTMLTextAreaElement>>) {
  return (
    <Field id={id} label={label} required={required} error={error} hint={hint} hideLabel={hideLabel}>
      <textarea id={id} {...textarea} className={className ?? inputClass} {...controlState(id, { required, error, hint })} />
    </Field>
  );
}

/** A choice of one option from a list, in its field; `placeholder` is the empty first choice. */
export function SelectField({
  id,
  label,
  required,
  error,
  hint,
  hideLabel,
  className,
  placeholder,
  options,
  ...select
}: Control<SelectHTMLAttributes<HTMLSelectElement>> & { placeholder?: string; options: readonly Option[] }) {
  return (
    <Field id={id} label={label} required={required} error={error} hint={hint} hideLabel={hideLabel}>
      <select id={id} {...select} className={className ?? inputClass} {...controlState(id, { required, error, hint })}>
        {placeholder === undefined ? null : <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** Checkboxes (any number) or radios (one) under a legend, the error beneath; `chosen` are the ticked values. */
export function ChoicesField({
  id,
  name,
  legend,
  type,
  options,
  chosen,
  required,
  error,
}: {
  id: string;
  name: string;
  legend: string;
  type: 'checkbox' | 'radio';
  options: readonly Option[];
  chosen: readonly string[];
  required?: boolean;
  error?: string;
}) {
  return (
    <fieldset id={id} aria-describedby={error ? `${id}-error` : undefined}>
      <legend className={`mb-2 ${labelClass(error)}`}>
        {legend}
        <RequiredMark required={required} />
      </legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {options.map((o) => (
          <label key={o.value} className={choiceClass}>
            <input type={type} name={name} value={o.value} defaultChecked={chosen.includes(o.value)} className="h-4 w-4 shrink-0 accent-blue-700" />
            {o.label}
          </label>
        ))}
      </div>
      <FieldError id={id} error={error} />
    </fieldset>
  );
}
