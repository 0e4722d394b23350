import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { type FieldErrors, type UseFormRegister, useForm } from 'react-hook-form';
import { abViewMarker, trackQuietly } from '../client/ab-events.ts';
import { apiRequest, serverMessage } from '../client/api-client.ts';
import { useFieldId } from '../client/islands/root.tsx';
import { useToast } from '../client/toast.ts';
import { AuditResults } from '../components/home/AuditResults.tsx';
import { ChoiceGroup, choiceClass, Field, inputClass } from '../components/ui/form.tsx';
import { Honeypot } from '../components/ui/Honeypot.tsx';
import { Skeleton } from '../components/ui/Skeleton.tsx';
import { buttonClass } from '../components/ui/styles.ts';
import type { AbTracking } from '../lib/ab-tests.ts';
import type { AuditRecord } from '../lib/audit.ts';
import {
  AUDIT_STEPS,
  type AuditAnswers,
  type AuditField,
  type AuditFormValues,
  auditQuestions,
  auditSchema,
  competitorAnalysisOptions,
  currentChallengeOptions,
  currentMarketingOptions,
  emptyAuditForm,
  firstStepWithError,
  industryOptions,
  marketingBudgetOptions,
  monthlyRevenueOptions,
  onlinePresenceOptions,
  previousAgencyOptions,
  primaryGoalOptions,
  timeframeOptions,
} from '../lib/audit-schema.ts';
import { auditMarketingConsent } from '../lib/consent.ts';
import type { ContactFormConfig } from '../lib/contact-form-variants.ts';
import { agency, links } from '../lib/site.ts';
import { HONEYPOT_FIELD } from '../lib/spam.ts';

const TOTAL_STEPS = AUDIT_STEPS.length;
const resolver = zodResolver(auditSchema);

/**
 * A click on the audit's submit button (validation and the request follow): a `click` for the
 * contact-form test. The conversion itself is written by the server with the stored audit.
 */
function onAuditSubmitClick(tracking: AbTracking | null): void {
  trackQuietly(tracking, 'click', { target: 'audit-submit' });
}

/** A v4 UUID for the submission; crypto.randomUUID exists only in secure contexts. */
function newSubmissionId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The free business growth audit: four steps, validated as a whole on submit with the shared schema,
 * then replaced by the results. `config: null` (variant not known yet) shows a skeleton. `tracking`
 * (the contact-form assignment's ids; null for crawlers and fallbacks) marks the form for its one
 * `view`, sent by the island loader when the form is on screen, and sends a `click` from the submit button.
 */
export default function AuditWizard({ config, tracking = null }: { config: ContactFormConfig | null; tracking?: AbTracking | null }) {
  if (!config) return <AuditSkeleton />;
  return <Wizard config={config} tracking={tracking} />;
}

function Wizard({ config, tracking }: { config: ContactFormConfig; tracking: AbTracking | null }) {
  const toast = useToast();
  const [step, setStep] = useState(1);
  const [pending, setPending] = useState(false);
  const [audit, setAudit] = useState<AuditRecord | null>(null);
  const submissionId = useRef<string | null>(null);
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  const [focusTarget, setFocusTarget] = useState<{ kind: 'step' } | { kind: 'field'; name: AuditField } | { kind: 'results' } | null>(null);
  const { register, handleSubmit, setFocus, formState } = useForm<AuditFormValues, unknown, AuditAnswers>({
    resolver,
    defaultValues: emptyAuditForm,
    shouldFocusError: false,
  });
  const errors = formState.errors;

  // When the form became usable: the submission reports how long it took to fill (lib/spam.ts).
  const shownAt = useRef(0);
  useEffect(() => {
    shownAt.current = performance.now();
  }, []);

  useEffect(() => {
    if (!focusTarget) return;
    if (focusTarget.kind === 'step') stepHeading.current?.focus();
    if (focusTarget.kind === 'field') setFocus(focusTarget.name);
    if (focusTarget.kind === 'results') {
      resultsHeading.current?.scrollIntoView({ block: 'center' });
      resultsHeading.current?.focus({ preventScroll: true });
    }
    setFocusTarget(null);
  }, [focusTarget, setFocus]);

  const goTo = (next: number) => {
    setStep(Math.min(TOTAL_STEPS, Math.max(1, next)));
    setFocusTarget({ kind: 'step' });
  };

  const onValid = async (answers: AuditAnswers) => {
    submissionId.current ??= newSubmissionId();
    setPending(true);
    try {
      const fillMs = Math.round(performance.now() - shownAt.current);
      const { audit: stored, resultsUrl } = await apiRequest<{ audit: AuditRecord; resultsUrl: string }>('POST', '/api/business-audit', {
        ...answers,
        fillMs,
        id: submissionId.current,
      });
      // The address becomes the private results link, so Back (from the booking page), a reload or a
      // bookmark shows these results, never an empty form.
      history.replaceState(history.state, '', resultsUrl);
      setAudit(stored);
      setFocusTarget({ kind: 'results' });
      toast({ title: 'Audit Complete!', description: 'Your personalized recommendations are ready.' });
    } catch (error) {
      toast({ title: 'Error', description: serverMessage(error) ?? 'Failed to process audit. Please try again.', variant: 'destructive' });
    } finally {
      setPending(false);
    }
  };

  const onInvalid = (invalid: FieldErrors<AuditFormValues>) => {
    const fields = Object.keys(invalid);
    const target = firstStepWithError(fields);
    if (target === null) return;
    setStep(target);
    const firstField = AUDIT_STEPS[target - 1].fields.find((f) => fields.includes(f));
    if (firstField) setFocusTarget({ kind: 'field', name: firstField });
  };

  if (audit) {
    return (
      <div>
        <AuditResults audit={audit} headingRef={resultsHeading} />
      </div>
    );
  }

  const current = AUDIT_STEPS[step - 1];
  const percent = Math.round((step / TOTAL_STEPS) * 100);
  const fieldProps = { register, errors };
  return (
    <div {...abViewMarker(tracking)}>
      {/* config.formTitle is the contact section's heading, right above this card (components/home/ContactSection.tsx). */}
      <div>
        <div className="flex items-baseline justify-between gap-3 text-sm">
          <h3 ref={stepHeading} tabIndex={-1} className="font-semibold text-slate-900 outline-none" data-step-title="">
            {`Step ${step} of ${TOTAL_STEPS}: ${current.title}`}
          </h3>
          <span className="shrink-0 text-slate-600">{`${percent}%`}</span>
        </div>
        <div
          className="mt-2 h-2 rounded-full bg-slate-200"
          role="progressbar"
          aria-label="Audit progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={`Step ${step} of ${TOTAL_STEPS}`}
        >
          <div className="h-2 rounded-full bg-blue-700 transition-[width]" style={{ width: `${percent}%` }} />
        </div>
      </div>

      <form className="relative mt-6" noValidate onSubmit={handleSubmit(onValid, onInvalid)}>
        <Honeypot field={register(HONEYPOT_FIELD)} />
        <div className="grid gap-5">
          {step === 1 ? (
            <>
              <div className="grid gap-5 sm:grid-cols-2">
                <TextField name="firstName" label={auditQuestions.firstName} required autoComplete="given-name" {...fieldProps} />
                <TextField name="lastName" label={auditQuestions.lastName} required autoComplete="family-name" {...fieldProps} />
              </div>
              <TextField name="email" label={auditQuestions.email} type="email" required autoComplete="email" {...fieldProps} />
              {config.showPhone ? <TextField name="phone" label={auditQuestions.phone} type="tel" autoComplete="tel" {...fieldProps} /> : null}
              <TextField name="businessName" label={auditQuestions.businessName} required autoComplete="organization" {...fieldProps} />
              <SelectField
                name="industry"
                label={auditQuestions.industry}
                placeholder="Select your industry"
                options={industryOptions}
                required
                {...fieldProps}
              />
              {config.showCompany ? (
                <TextField name="website" label={auditQuestions.website} type="url" autoComplete="url" placeholder="https://" {...fieldProps} />
              ) : null}
            </>
          ) : null}
          {step === 2 ? (
            <>
              <SelectField
                name="monthlyRevenue"
                label={auditQuestions.monthlyRevenue}
                placeholder="Select your revenue range"
                options={monthlyRevenueOptions}
                required
                {...fieldProps}
              />
              <SelectField
                name="marketingBudget"
                label={auditQuestions.marketingBudget}
                placeholder="Select your budget"
                options={marketingBudgetOptions}
                required
                {...fieldProps}
              />
              <SelectField
                name="timeframe"
                label={auditQuestions.timeframe}
                placeholder="Select your timeframe"
                options={timeframeOptions}
                required
                {...fieldProps}
              />
              <ChoicesField name="primaryGoals" legend={auditQuestions.primaryGoals} type="checkbox" options={primaryGoalOptions} {...fieldProps} />
            </>
          ) : null}
          {step === 3 ? (
            <>
              <ChoicesField
                name="currentMarketing"
                legend={auditQuestions.currentMarketing}
                type="checkbox"
                options={currentMarketingOptions}
                {...fieldProps}
              />
              <ChoicesField
                name="currentChallenges"
                legend={auditQuestions.currentChallenges}
                type="checkbox"
                options={currentChallengeOptions}
                {...fieldProps}
              />
            </>
          ) : null}
          {step === 4 ? (
            <>
              <ChoicesField
                name="onlinePresence"
                legend={auditQuestions.onlinePresence}
                type="radio"
                required
                options={onlinePresenceOptions}
                {...fieldProps}
              />
              <ChoicesField
                name="competitorAnalysis"
                legend={auditQuestions.competitorAnalysis}
                type="radio"
                required
                options={competitorAnalysisOptions}
                {...fieldProps}
              />
              <ChoicesField
                name="previousAgency"
                legend={auditQuestions.previousAgency}
                type="radio"
                required
                options={previousAgencyOptions}
                {...fieldProps}
              />
            </>
          ) : null}
        </div>

        {step === TOTAL_STEPS ? <MarketingConsent register={register} /> : null}
        <div className="mt-8 flex flex-wrap items-center justify-between gap-3">
          {step > 1 ? (
            <button key="previous" type="button" className={buttonClass.secondary} onClick={() => goTo(step - 1)}>
              Previous
            </button>
          ) : (
            <span />
          )}
          {step < TOTAL_STEPS ? (
            <button key="next" type="button" className={buttonClass.primary} onClick={() => goTo(step + 1)}>
              Next
            </button>
          ) : (
            <button key="submit" type="submit" className={buttonClass.primary} disabled={pending} onClick={() => onAuditSubmitClick(tracking)}>
              {pending ? 'Analyzing...' : config.submitButtonText}
            </button>
          )}
        </div>
        <p className="mt-4 text-xs leading-5 text-slate-500">
          Fields marked * are required. Submitting sends your answers to {agency.name} to prepare your audit: we email you your results with a private link to
          them (you asked for them), and a strategist may follow up about your audit. Nothing else unless you tick the box above.{' '}
          <a href={links.privacy} className="underline">
            Privacy policy
          </a>
        </p>
      </form>
    </div>
  );
}

type FieldBase = { register: UseFormRegister<AuditFormValues>; errors: FieldErrors<AuditFormValues> };
type Option = { readonly value: string; readonly label: string };

function errorProps(id: string, error: string | undefined) {
  return { 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? `${id}-error` : undefined };
}

function TextField({
  name,
  label,
  type = 'text',
  required,
  autoComplete,
  placeholder,
  register,
  errors,
}: FieldBase & { name: AuditField; label: string; type?: 'text' | 'email' | 'tel' | 'url'; required?: boolean; autoComplete: string; placeholder?: string }) {
  const id = useFieldId(name);
  const error = errors[name]?.message;
  return (
    <Field id={id} label={label} required={required} error={error}>
      <input
        id={id}
        type={type}
        className={inputClass}
        autoComplete={autoComplete}
        placeholder={placeholder}
        aria-required={required || undefined}
        {...errorProps(id, error)}
        {...register(name)}
      />
    </Field>
  );
}

function SelectField({
  name,
  label,
  placeholder,
  options,
  required,
  register,
  errors,
}: FieldBase & { name: AuditField; label: string; placeholder: string; options: readonly Option[]; required?: boolean }) {
  const id = useFieldId(name);
  const error = errors[name]?.message;
  return (
    <Field id={id} label={label} required={required} error={error}>
      <select id={id} className={inputClass} aria-required={required || undefined} {...errorProps(id, error)} {...register(name)}>
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

function ChoicesField({
  name,
  legend,
  type,
  options,
  required,
  register,
  errors,
}: FieldBase & { name: AuditField; legend: string; type: 'checkbox' | 'radio'; options: readonly Option[]; required?: boolean }) {
  const id = useFieldId(name);
  const error = errors[name]?.message;
  return (
    <ChoiceGroup id={id} legend={legend} required={required} error={error}>
      {options.map((o) => (
        <label key={o.value} className={choiceClass}>
          <input type={type} value={o.value} className="h-4 w-4 shrink-0 accent-blue-700" {...register(name)} />
          {o.label}
        </label>
      ))}
    </ChoiceGroup>
  );
}

/** The optional, unticked marketing box (CASL express consent; lib/consent.ts has the recorded wording). */
function MarketingConsent({ register }: { register: UseFormRegister<AuditFormValues> }) {
  const id = useFieldId('marketingConsent');
  return (
    <label htmlFor={id} className="mt-6 flex items-start gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm leading-6 text-slate-800">
      <input id={id} type="checkbox" className="mt-1 h-4 w-4 shrink-0 accent-blue-700" {...register('marketingConsent')} />
      <span>
        <span className="font-semibold text-slate-900">Optional: </span>
        {auditMarketingConsent.label}
        <span className="mt-1 block text-xs leading-5 text-slate-500">{auditMarketingConsent.details}</span>
      </span>
    </label>
  );
}

function AuditSkeleton() {
  return (
    <div role="status" aria-busy="true" aria-label="Loading the audit form">
      <Skeleton className="h-4 w-1/2" />
      <Skeleton className="mt-3 h-2 w-full" />
      <div className="mt-8 grid gap-5">
        {[0, 1, 2, 3, 4].map((i) => (
          <div key={i}>
            <Skeleton className="h-4 w-24" />
            <Skeleton className="mt-2 h-11 w-full" />
          </div>
        ))}
      </div>
      <Skeleton className="mt-8 ml-auto h-12 w-32" />
    </div>
  );
}
