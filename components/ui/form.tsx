import type { ReactNode } from 'react';

// Form building blocks shared by the audit and intake islands: a visible label tied to its control,
// a * on required fields, the error beneath the field, and the label turning red on error.

export const inputClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-600/30 aria-[invalid=true]:border-red-600';

export function Field({
  id,
  label,
  required,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  error?: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className={`mb-1.5 block text-sm font-medium ${error ? 'text-red-600' : 'text-slate-800'}`}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {children}
      {hint && !error ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A group of checkboxes or radios: fieldset and legend, the error beneath. */
export function ChoiceGroup({
  id,
  legend,
  required,
  error,
  children,
}: {
  id: string;
  legend: string;
  required?: boolean;
  error?: string;
  children: ReactNode;
}) {
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined}>
      <legend className={`mb-2 block text-sm font-medium ${error ? 'text-red-600' : 'text-slate-800'}`}>
        {legend}
        {required ? <span aria-hidden="true"> *</span> : null}
      </legend>
      <div className="grid gap-2 sm:grid-cols-2">{children}</div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

export const choiceClass =
  'flex cursor-pointer items-center gap-3 rounded-lg border border-slate-300 px-3 py-2.5 text-sm text-slate-800 hover:bg-slate-50 has-[:checked]:border-blue-600 has-[:checked]:bg-blue-50';
