import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { Controller, type FieldPath, useForm } from 'react-hook-form';
import { ApiError, apiRequest, serverMessage } from '../client/api-client.ts';
import { useFieldId } from '../client/islands/root.tsx';
import { useToast } from '../client/toast.ts';
import { Field, inputClass } from '../components/ui/form.tsx';
import { Honeypot } from '../components/ui/Honeypot.tsx';
import { buttonClass } from '../components/ui/styles.ts';
import { consentText } from '../lib/consent.ts';
import {
  budgetOptions,
  emptyIntakeForm,
  type IntakeApplication,
  type IntakeFieldName,
  type IntakeFormValues,
  industryOptions,
  intakeLimits,
  intakeQuestions,
  intakeSchema,
} from '../lib/intake-schema.ts';
import { intake } from '../lib/site.ts';
import { HONEYPOT_FIELD } from '../lib/spam.ts';

export const SUBMIT_FAILED_MESSAGE = 'Failed to submit application. Please try again.';

type Status = 'idle' | 'submitting';

/**
 * The Q4 application form. Checked on submit with the shared schema; while submitting the button is
 * disabled and reads 'Submitting...'; success goes to the thank-you page; failure returns to idle
 * with a destructive 'Error' toast and keeps every answer.
 */
/** What a plain (no-JavaScript) post that came back with errors brings: the answers, and each field's message. */
export type IntakeFormProps = { values?: Partial<Record<IntakeFieldName, string>>; errors?: Partial<Record<string, string>> };

export default function IntakeForm({ values, errors: sentErrors = {} }: IntakeFormProps) {
  const toast = useToast();
  const [status, setStatus] = useState<Status>('idle');
  // When the form became usable: the submission reports how long it took to fill (lib/spam.ts).
  const shownAt = useRef(0);
  useEffect(() => {
    shownAt.current = performance.now();
  }, []);
  // One id for a series of attempts at the same submission: a retry after a lost answer stores one row.
  const submissionId = useRef<string | null>(null);

  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors: checked },
  } = useForm<IntakeFormValues, unknown, IntakeApplication>({
    resolver: zodResolver(intakeSchema),
    defaultValues: { ...emptyIntakeForm, ...values },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  const onValid = async (application: IntakeApplication) => {
    submissionId.current ??= newSubmissionId();
    setStatus('submitting');
    try {
      const fillMs = Math.round(performance.now() - shownAt.current);
      await apiRequest<{ id: string }>('POST', '/api/q4-intake', { ...application, fillMs, id: submissionId.current });
      window.location.assign(intake.thankYouPath);
    } catch (error) {
      setStatus('idle');
      showServerFieldErrors(error, setError);
      toast({ title: 'Error', description: serverMessage(error) ?? SUBMIT_FAILED_MESSAGE, variant: 'destructive' });
    }
  };

  // This form's own check; before it has run, what the server said about a plain post.
  const errorOf = (name: IntakeFieldName): string | undefined => checked[name]?.message ?? sentErrors[name];
  // The answers a plain post brought back are written into the HTML too (defaultValue), so they show
  // without JavaScript; with it, react-hook-form starts from the same values.

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
        onSubmit={handleSubmit(onValid)}
        aria-label="Q4 client intake application"
        className="relative grid gap-5 sm:grid-cols-2"
      >
        <Honeypot field={register(HONEYPOT_FIELD)} />
        <Field id={ids.firstName} label={intakeQuestions.firstName} required error={errorOf('firstName')}>
          <input
            {...register('firstName')}
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
            {...register('lastName')}
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
            {...register('workEmail')}
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
            {...register('mobile')}
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
            {...register('company')}
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
            {...register('website')}
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
          <select {...register('industry')} {...a11y('industry')} defaultValue={values?.industry} className={inputClass}>
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
            {...register('city')}
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
            <select
              {...register('monthlyMarketingBudget')}
              {...a11y('monthlyMarketingBudget')}
              defaultValue={values?.monthlyMarketingBudget}
              className={inputClass}
            >
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
              {...register('biggestGoal')}
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
              {...register('howDidYouHear')}
              {...a11y('howDidYouHear')}
              defaultValue={values?.howDidYouHear}
              type="text"
              maxLength={intakeLimits.howDidYouHear}
              className={inputClass}
            />
          </Field>
        </div>

        <div className="sm:col-span-2">
          <Controller
            control={control}
            name="caslConsent"
            render={({ field }) => (
              <div
                className={`flex items-start gap-3 rounded-lg border p-4 ${errorOf('caslConsent') ? 'border-red-600 bg-red-50' : 'border-slate-300 bg-slate-50'}`}
              >
                <input
                  ref={field.ref}
                  name={field.name}
                  onBlur={field.onBlur}
                  type="checkbox"
                  value="true"
                  checked={field.value === 'true'}
                  onChange={(e) => field.onChange(e.target.checked ? 'true' : 'false')}
                  {...a11y('caslConsent')}
                  className="mt-1 h-5 w-5 shrink-0 rounded border-slate-400 accent-blue-700"
                />
                <label htmlFor={ids.caslConsent} className={`text-sm leading-6 ${errorOf('caslConsent') ? 'text-red-600' : 'text-slate-700'}`}>
                  {consentText}
                  <span aria-hidden="true"> *</span>
                </label>
              </div>
            )}
          />
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
function showServerFieldErrors(error: unknown, setError: (name: FieldPath<IntakeFormValues>, e: { message: string }) => void) {
  if (!(error instanceof ApiError) || error.status !== 400) return;
  const fields = (error.body as { fields?: Record<string, string> } | undefined)?.fields ?? {};
  for (const [name, message] of Object.entries(fields)) {
    if (name in emptyIntakeForm) setError(name as FieldPath<IntakeFormValues>, { message });
  }
}

/** crypto.randomUUID exists only in secure contexts; a plain-http deployment falls back to getRandomValues. */
function newSubmissionId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
