import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ApiError, apiRequest, serverMessage } from '../client/api-client.ts';
import { newSubmissionId, readForm } from '../client/forms.ts';
import { useFieldId } from '../client/islands/root.tsx';
import { useToast } from '../client/toast.ts';
import { useCheckedForm } from '../client/use-checked-form.ts';
import { controlState, FieldError, SelectField, TextAreaField, TextField } from '../components/ui/form.tsx';
import { Honeypot } from '../components/ui/Honeypot.tsx';
import { buttonClass } from '../components/ui/styles.ts';
import type { FieldErrors } from '../lib/forms/validation.ts';
import {
  budgetOptions,
  emptyIntakeForm,
  INTAKE_FIELDS,
  INTAKE_FLAG_FIELDS,
  type IntakeFieldName,
  industryOptions,
  intakeLimits,
  intakeQuestions,
  intakeSchema,
  requiredIntakeFields,
} from '../lib/intake/schema.ts';
import { intakeConsent, intakeMarketingConsent } from '../lib/leads/consent.ts';
import { intake } from '../lib/site.ts';

export const SUBMIT_FAILED_MESSAGE = 'Failed to submit application. Please try again.';

type Status = 'idle' | 'submitting';

/**
 * The answers the form starts with: those of a plain (no-JavaScript) post that came back with errors
 * (with each field's message), or what the visitor's audit already told us (the results link's prefill).
 */
export type IntakeFormProps = {
  values?: Partial<Record<IntakeFieldName, string>>;
  /** The optional marketing box, ticked on the post that came back; never ticked for anyone otherwise. */
  marketingConsent?: boolean;
  errors?: Partial<Record<string, string>>;
};

/**
 * The Q4 application form: a real form, posted to /api/q4-intake without JavaScript (the server answers
 * with the thank-you page, or this form again with its errors). Once hydrated it checks the answers on
 * submit with the shared schema, reading the form as the server reads a plain post; while submitting the
 * button is disabled and reads 'Submitting...'; success goes to the thank-you page; failure returns to
 * idle with a destructive 'Error' toast and keeps every answer.
 */
/**
 * The answers as the server reads a plain post of this form: the required consent box as the spec
 * stores it ('true' or 'false'), the marketing box as true or false.
 */
function readApplication(form: HTMLFormElement): Record<string, unknown> {
  const consent = form.elements.namedItem('caslConsent') as HTMLInputElement | null;
  return { ...readForm(form, [], INTAKE_FLAG_FIELDS), caslConsent: consent?.checked ? 'true' : 'false' };
}

export default function IntakeForm({ values, marketingConsent = false, errors: sentErrors = {} }: IntakeFormProps) {
  const toast = useToast();
  const [status, setStatus] = useState<Status>('idle');
  // When the form became usable: the submission reports how long it took to fill (lib/forms/spam.ts).
  const shownAt = useRef(0);
  useEffect(() => {
    shownAt.current = performance.now();
  }, []);
  // One id for a series of attempts at the same submission: a retry after a lost answer stores one row.
  const submissionId = useRef<string | null>(null);

  const { form, errors, setErrors, onChange, check } = useCheckedForm(intakeSchema, readApplication, sentErrors as FieldErrors);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (status === 'submitting') return;
    const outcome = check();
    if (!outcome.ok) {
      const first = INTAKE_FIELDS.find((name) => name in outcome.fields);
      if (first) form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    submissionId.current ??= newSubmissionId();
    setStatus('submitting');
    try {
      const fillMs = Math.round(performance.now() - shownAt.current);
      await apiRequest<{ id: string }>('POST', '/api/q4-intake', { ...outcome.data, fillMs, id: submissionId.current });
      window.location.assign(intake.thankYouPath);
    } catch (error) {
      setStatus('idle');
      setErrors(serverFieldErrors(error));
      toast({ title: 'Error', description: serverMessage(error) ?? SUBMIT_FAILED_MESSAGE, variant: 'destructive' });
    }
  };

  const ids = {
    firstName: useFieldId('firstName'),
    lastName: useFieldId('lastName'),
    workEmail: useFieldId('workEmail'),
    mobile: useFieldId('mobile'),
    company: useFieldId('company'),
    website: useFieldId('website'),
    industry: useFieldId('industry'),
    city: useFieldId('city'),
    monthlyMarketingBudget: useFieldId('monthlyMarketingBudget'),
    biggestGoal: useFieldId('biggestGoal'),
    howDidYouHear: useFieldId('howDidYouHear'),
    caslConsent: useFieldId('caslConsent'),
  } satisfies Record<IntakeFieldName, string>;
  const marketingId = useFieldId('marketingConsent');
  const detailsId = useFieldId('consentDetails');

  /** What a field takes from the schema's module (label, requiredness), the check (error) and a plain post's answers. */
  const field = (name: IntakeFieldName) => ({
    id: ids[name],
    name,
    label: intakeQuestions[name],
    required: (requiredIntakeFields as readonly string[]).includes(name),
    error: errors[name],
    defaultValue: values?.[name],
  });

  const submitting = status === 'submitting';
  // A plain post that came back refused: what to fix, above the form, each a link to its field (with
  // JavaScript each message shows under its field as it is checked, and the first field gets the focus).
  const [refusedPost] = useState(Object.keys(sentErrors).length > 0);
  const problems = refusedPost
    ? Object.entries(errors).filter((entry): entry is [IntakeFieldName, string] => typeof entry[1] === 'string' && entry[0] in ids)
    : [];

  return (
    <div>
      {problems.length > 0 ? (
        <section aria-labelledby="intake-problems-title" data-error-summary="" className="mb-6 rounded-xl border-2 border-red-600 bg-red-50 p-4">
          <h3 id="intake-problems-title" className="font-semibold text-red-800">
            {problems.length === 1
              ? 'One answer needs a fix before we can read your application'
              : `${problems.length} answers need a fix before we can read your application`}
          </h3>
          <ul className="mt-2 space-y-1">
            {problems.map(([name, message]) => (
              <li key={name}>
                <a
                  href={`#${ids[name]}`}
                  className="inline-block py-1 text-sm text-red-800 underline underline-offset-2"
                >{`${intakeQuestions[name]}: ${message}`}</a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {/* A real form: without JavaScript (or before it arrives) the browser posts it and the server answers with the next page. */}
      <form
        noValidate
        method="post"
        // The answer to a plain post opens at the form (the fragment), not at the top of a long page.
        action="/api/q4-intake#apply"
        ref={form}
        onSubmit={onSubmit}
        onChange={onChange}
        aria-label="Q4 client intake application"
        className="relative grid gap-5 sm:grid-cols-2"
      >
        <Honeypot />
        <TextField {...field('firstName')} autoComplete="given-name" maxLength={intakeLimits.firstName} />
        <TextField {...field('lastName')} autoComplete="family-name" maxLength={intakeLimits.lastName} />
        <TextField
          {...field('workEmail')}
          type="email"
          autoComplete="email"
          inputMode="email"
          maxLength={intakeLimits.workEmail}
          placeholder="you@yourcompany.ca"
        />
        <TextField {...field('mobile')} type="tel" autoComplete="tel" inputMode="tel" maxLength={intakeLimits.mobile} placeholder="416-555-0123" />
        <TextField {...field('company')} autoComplete="organization" maxLength={intakeLimits.company} />
        <TextField
          {...field('website')}
          hint="Include https://"
          type="url"
          autoComplete="url"
          inputMode="url"
          maxLength={intakeLimits.website}
          placeholder="https://"
        />
        <SelectField {...field('industry')} placeholder="Select your industry" options={industryOptions} />
        <TextField {...field('city')} autoComplete="address-level2" maxLength={intakeLimits.city} />
        <div className="sm:col-span-2">
          <SelectField {...field('monthlyMarketingBudget')} placeholder="Select your monthly budget" options={budgetOptions} />
        </div>
        <div className="sm:col-span-2">
          <TextAreaField
            {...field('biggestGoal')}
            rows={4}
            maxLength={intakeLimits.biggestGoal}
            placeholder="For example: book 20 more recurring cleans a month in Midtown and the Annex."
          />
        </div>
        <div className="sm:col-span-2">
          <TextField {...field('howDidYouHear')} maxLength={intakeLimits.howDidYouHear} />
        </div>

        {/* Two boxes: what the application itself needs (required), and marketing, optional and unticked; who asks, once under both. */}
        <fieldset className="grid gap-3 sm:col-span-2" aria-describedby={detailsId}>
          <legend className="mb-3 text-sm font-semibold text-slate-900">Emails from us</legend>
          <div>
            <div className={`flex items-start gap-3 rounded-lg border p-4 ${errors.caslConsent ? 'border-red-600 bg-red-50' : 'border-slate-300 bg-slate-50'}`}>
              <input
                id={ids.caslConsent}
                name="caslConsent"
                type="checkbox"
                value="true"
                defaultChecked={values?.caslConsent === 'true'}
                {...controlState(ids.caslConsent, { required: true, error: errors.caslConsent })}
                className="mt-1 h-5 w-5 shrink-0 rounded border-slate-400 accent-blue-700"
              />
              <label htmlFor={ids.caslConsent} className={`min-w-0 text-sm leading-6 ${errors.caslConsent ? 'text-red-600' : 'text-slate-700'}`}>
                <span className="font-semibold">Required: </span>
                {intakeConsent.label}
              </label>
            </div>
            <FieldError id={ids.caslConsent} error={errors.caslConsent} />
          </div>
          <div className="flex items-start gap-3 rounded-lg border border-slate-200 bg-white p-4">
            <input
              id={marketingId}
              name="marketingConsent"
              type="checkbox"
              value="true"
              defaultChecked={marketingConsent}
              className="mt-1 h-5 w-5 shrink-0 rounded border-slate-400 accent-blue-700"
            />
            <label htmlFor={marketingId} className="min-w-0 text-sm leading-6 text-slate-700">
              <span className="font-semibold">Optional: </span>
              {intakeMarketingConsent.label}
            </label>
          </div>
          <p id={detailsId} className="text-xs leading-5 text-slate-500">
            {intakeConsent.details}
          </p>
        </fieldset>

        <div className="sm:col-span-2">
          <button type="submit" disabled={submitting} className={`${buttonClass.primary} w-full sm:w-auto`}>
            {submitting ? 'Submitting...' : 'Submit application'}
          </button>
        </div>
      </form>
    </div>
  );
}

/** A 400 from the server names the fields it refused: show each under its field too. */
function serverFieldErrors(error: unknown): FieldErrors {
  if (!(error instanceof ApiError) || error.status !== 400) return {};
  const fields = (error.body as { fields?: FieldErrors } | undefined)?.fields ?? {};
  return Object.fromEntries(Object.entries(fields).filter(([name]) => name in emptyIntakeForm));
}
