import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ApiError, apiRequest, serverMessage } from '../client/api-client.ts';
import { newSubmissionId, readForm } from '../client/forms.ts';
import { useFieldId } from '../client/islands/root.tsx';
import { useToast } from '../client/toast.ts';
import { useCheckedForm } from '../client/use-checked-form.ts';
import { Field, inputClass } from '../components/ui/form.tsx';
import { Honeypot } from '../components/ui/Honeypot.tsx';
import { buttonClass } from '../components/ui/styles.ts';
import type { FieldErrors } from '../lib/forms/validation.ts';
import {
  budgetOptions,
  emptyIntakeForm,
  INTAKE_FIELDS,
  type IntakeFieldName,
  industryOptions,
  intakeLimits,
  intakeQuestions,
  intakeSchema,
} from '../lib/intake/schema.ts';
import { consentText } from '../lib/leads/consent.ts';
import { intake } from '../lib/site.ts';

export const SUBMIT_FAILED_MESSAGE = 'Failed to submit application. Please try again.';

type Status = 'idle' | 'submitting';

/** What a plain (no-JavaScript) post that came back with errors brings: the answers, and each field's message. */
export type IntakeFormProps = { values?: Partial<Record<IntakeFieldName, string>>; errors?: Partial<Record<string, string>> };

/**
 * The Q4 application form: a real form, posted to /api/q4-intake without JavaScript (the server answers
 * with the thank-you page, or this form again with its errors). Once hydrated it checks the answers on
 * submit with the shared schema, reading the form as the server reads a plain post; while submitting the
 * button is disabled and reads 'Submitting...'; success goes to the thank-you page; failure returns to
 * idle with a destructive 'Error' toast and keeps every answer.
 */
/** The answers as the server reads a plain post of this form, the consent box as the spec stores it: 'true' or 'false'. */
function readApplication(form: HTMLFormElement): Record<string, unknown> {
  const consent = form.elements.namedItem('caslConsent') as HTMLInputElement | null;
  return { ...readForm(form), caslConsent: consent?.checked ? 'true' : 'false' };
}

export default function IntakeForm({ values, errors: sentErrors = {} }: IntakeFormProps) {
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

  const errorOf = (name: IntakeFieldName): string | undefined => errors[name];

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

  /** aria wiring for a control: invalid state and the error (or hint) that describes it. */
  const a11y = (name: keyof typeof ids, hint = false) => {
    const error = errorOf(name);
    return {
      id: ids[name],
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `${ids[name]}-error` : hint ? `${ids[name]}-hint` : undefined,
    };
  };

  const submitting = status === 'submitting';

  return (
    <div>
      {/* A real form: without JavaScript (or before it arrives) the browser posts it and the server answers with the next page. */}
      <form
        noValidate
        method="post"
        action="/api/q4-intake"
        ref={form}
        onSubmit={onSubmit}
        onChange={onChange}
        aria-label="Q4 client intake application"
        className="relative grid gap-5 sm:grid-cols-2"
      >
        <Honeypot />
        <Field id={ids.firstName} label={intakeQuestions.firstName} required error={errorOf('firstName')}>
          <input
            name="firstName"
            {...a11y('firstName')}
            defaultValue={values?.firstName}
            type="text"
            autoComplete="given-name"
            maxLength={intakeLimits.firstName}
            className={inputClass}
          />
        </Field>
        <Field id={ids.lastName} label={intakeQuestions.lastName} required error={errorOf('lastName')}>
          <input
            name="lastName"
            {...a11y('lastName')}
            defaultValue={values?.lastName}
            type="text"
            autoComplete="family-name"
            maxLength={intakeLimits.lastName}
            className={inputClass}
          />
        </Field>
        <Field id={ids.workEmail} label={intakeQuestions.workEmail} required error={errorOf('workEmail')}>
          <input
            name="workEmail"
            {...a11y('workEmail')}
            defaultValue={values?.workEmail}
            type="email"
            autoComplete="email"
            inputMode="email"
            maxLength={intakeLimits.workEmail}
            className={inputClass}
            placeholder="you@yourcompany.ca"
          />
        </Field>
        <Field id={ids.mobile} label={intakeQuestions.mobile} required error={errorOf('mobile')}>
          <input
            name="mobile"
            {...a11y('mobile')}
            defaultValue={values?.mobile}
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            maxLength={intakeLimits.mobile}
            className={inputClass}
            placeholder="416-555-0123"
          />
        </Field>
        <Field id={ids.company} label={intakeQuestions.company} required error={errorOf('company')}>
          <input
            name="company"
            {...a11y('company')}
            defaultValue={values?.company}
            type="text"
            autoComplete="organization"
            maxLength={intakeLimits.company}
            className={inputClass}
          />
        </Field>
        <Field id={ids.website} label={intakeQuestions.website} error={errorOf('website')} hint="Include https://">
          <input
            name="website"
            {...a11y('website', true)}
            defaultValue={values?.website}
            type="url"
            autoComplete="url"
            inputMode="url"
            maxLength={intakeLimits.website}
            className={inputClass}
            placeholder="https://"
          />
        </Field>
        <Field id={ids.industry} label={intakeQuestions.industry} required error={errorOf('industry')}>
          <select name="industry" {...a11y('industry')} defaultValue={values?.industry} className={inputClass}>
            <option value="">Select your industry</option>
            {industryOptions.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </Field>
        <Field id={ids.city} label={intakeQuestions.city} required error={errorOf('city')}>
          <input
            name="city"
            {...a11y('city')}
            defaultValue={values?.city}
            type="text"
            autoComplete="address-level2"
            maxLength={intakeLimits.city}
            className={inputClass}
          />
        </Field>
        <div className="sm:col-span-2">
          <Field id={ids.monthlyMarketingBudget} label={intakeQuestions.monthlyMarketingBudget} required error={errorOf('monthlyMarketingBudget')}>
            <select name="monthlyMarketingBudget" {...a11y('monthlyMarketingBudget')} defaultValue={values?.monthlyMarketingBudget} className={inputClass}>
              <option value="">Select your monthly budget</option>
              {budgetOptions.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <div className="sm:col-span-2">
          <Field id={ids.biggestGoal} label={intakeQuestions.biggestGoal} required error={errorOf('biggestGoal')}>
            <textarea
              name="biggestGoal"
              {...a11y('biggestGoal')}
              defaultValue={values?.biggestGoal}
              rows={4}
              maxLength={intakeLimits.biggestGoal}
              className={inputClass}
              placeholder="For example: book 20 more recurring cleans a month in Midtown and the Annex."
            />
          </Field>
        </div>
        <div className="sm:col-span-2">
          <Field id={ids.howDidYouHear} label={intakeQuestions.howDidYouHear} error={errorOf('howDidYouHear')}>
            <input
              name="howDidYouHear"
              {...a11y('howDidYouHear')}
              defaultValue={values?.howDidYouHear}
              type="text"
              maxLength={intakeLimits.howDidYouHear}
              className={inputClass}
            />
          </Field>
        </div>

        <div className="sm:col-span-2">
          <div
            className={`flex items-start gap-3 rounded-lg border p-4 ${errorOf('caslConsent') ? 'border-red-600 bg-red-50' : 'border-slate-300 bg-slate-50'}`}
          >
            <input
              name="caslConsent"
              type="checkbox"
              value="true"
              defaultChecked={values?.caslConsent === 'true'}
              {...a11y('caslConsent')}
              className="mt-1 h-5 w-5 shrink-0 rounded border-slate-400 accent-blue-700"
            />
            <label htmlFor={ids.caslConsent} className={`text-sm leading-6 ${errorOf('caslConsent') ? 'text-red-600' : 'text-slate-700'}`}>
              {consentText}
              <span aria-hidden="true"> *</span>
            </label>
          </div>
          {errorOf('caslConsent') ? (
            <p id={`${ids.caslConsent}-error`} role="alert" className="mt-1 text-sm text-red-600">
              {errorOf('caslConsent')}
            </p>
          ) : null}
        </div>

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
