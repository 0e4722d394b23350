import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { abClickMarker, abViewMarker } from '../client/ab-markers.ts';
import { apiRequest, serverMessage } from '../client/api-client.ts';
import { newSubmissionId, readForm } from '../client/forms.ts';
import { useFieldId } from '../client/islands/root.tsx';
import { useToast } from '../client/toast.ts';
import { useCheckedForm } from '../client/use-checked-form.ts';
import { AuditResults } from '../components/home/AuditResults.tsx';
import { ChoicesField, type Option, SelectField, TextField } from '../components/ui/form.tsx';
import { Honeypot } from '../components/ui/Honeypot.tsx';
import { Skeleton } from '../components/ui/Skeleton.tsx';
import { buttonClass } from '../components/ui/styles.ts';
import type { ContactFormConfig } from '../lib/ab/contact-form-variants.ts';
import type { AbTracking } from '../lib/ab/definitions.ts';
import { tokenOfResultsUrl } from '../lib/audit/results-link.ts';
import {
  AUDIT_FLAG_FIELDS,
  AUDIT_LIST_FIELDS,
  AUDIT_STEPS,
  type AuditField,
  auditQuestions,
  auditSchema,
  competitorAnalysisOptions,
  currentChallengeOptions,
  currentMarketingOptions,
  firstStepWithError,
  industryOptions,
  marketingBudgetOptions,
  monthlyRevenueOptions,
  onlinePresenceOptions,
  previousAgencyOptions,
  primaryGoalOptions,
  REQUIRED_AUDIT_FIELDS,
  timeframeOptions,
} from '../lib/audit/schema.ts';
import type { AuditRecord } from '../lib/audit/scoring.ts';
import type { FieldErrors } from '../lib/forms/validation.ts';
import { auditMarketingConsent } from '../lib/leads/consent.ts';
import { agency, links } from '../lib/site.ts';

const TOTAL_STEPS = AUDIT_STEPS.length;
const STEPS = [1, 2, 3, 4] as const;
/** Taps closer together than this are one burst: the page never moves under the visitor's finger during one. */
const TAP_BURST_MS = 600;

/** The answers a plain (no-JavaScript) post brought back with its errors: kept in the form. */
export type AuditFormState = { values?: Record<string, unknown>; errors?: FieldErrors };

export type AuditWizardProps = AuditFormState & {
  /** The variant of the form (title, button, optional fields); null while it is not known yet: a skeleton. */
  config: ContactFormConfig | null;
  /** The contact-form test's ids (null for crawlers and fallbacks): its `view` and the submit's `click`, sent by the loader. */
  tracking?: AbTracking | null;
};

/**
 * The free business growth audit: a real form, posted to /api/business-audit.
 *
 * Its four steps are four fieldsets, and which one shows is the browser's own state: a hidden radio per
 * step, checked by the Next and Previous labels, shows its step, progress and controls by CSS
 * (static/styles.css, `[data-wizard]`). So Next answers in the frame it is tapped, before this island has
 * hydrated and without it; the actions sit in a bar that sticks to the bottom of the screen, so quick
 * taps on Next all land on Next. Without JavaScript all four fieldsets show at once and the browser
 * posts the form; the server answers with the results page, or with this form again, each message under
 * its field and every answer kept (`values`, `errors`).
 *
 * Once hydrated, the island checks the answers on submit with the shared schema, reading the form as the
 * server reads a plain post; shows each message under its field and goes to the first step with one;
 * sends the answers as JSON; and replaces the form with the results, whose private link it puts in the
 * address bar (Back and a reload show them).
 */
export default function AuditWizard({ config, tracking = null, values, errors }: AuditWizardProps) {
  if (!config) return <AuditSkeleton />;
  return <Wizard config={config} tracking={tracking} values={values ?? {}} sentErrors={errors ?? {}} />;
}

function Wizard({
  config,
  tracking,
  values,
  sentErrors,
}: {
  config: ContactFormConfig;
  tracking: AbTracking | null;
  values: Record<string, unknown>;
  sentErrors: FieldErrors;
}) {
  const toast = useToast();
  const { form, errors, onChange, check } = useCheckedForm(auditSchema, (f) => readForm(f, AUDIT_LIST_FIELDS, AUDIT_FLAG_FIELDS), sentErrors);
  const [pending, setPending] = useState(false);
  const [audit, setAudit] = useState<AuditRecord | null>(null);
  const [resultsToken, setResultsToken] = useState<string | null>(null);
  const submissionId = useRef<string | null>(null);
  const stepGroup = useFieldId('step');
  const resultsHeading = useRef<HTMLHeadingElement>(null);

  // When the form became usable: the submission reports how long it took to fill (lib/forms/spam.ts).
  const shownAt = useRef(0);
  useEffect(() => {
    shownAt.current = performance.now();
  }, []);

  // A tap under way: the page is not scrolled while the visitor's finger may be coming down again.
  const lastTouch = useRef(0);
  const scrollTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(scrollTimer.current), []);

  const stepElement = (step: number) => form.current?.querySelector<HTMLElement>(`[data-step="${step}"]`) ?? null;

  /** After a step change: focus its title (without scrolling), and bring it into view once tapping stops, if it is off screen. */
  const settleOn = (step: number) => {
    const title = stepElement(step)?.querySelector<HTMLElement>('[data-step-title]');
    title?.focus({ preventScroll: true });
    const scrollIfHidden = () => {
      if (performance.now() - lastTouch.current < TAP_BURST_MS) {
        scrollTimer.current = setTimeout(scrollIfHidden, TAP_BURST_MS);
        return;
      }
      const box = title?.getBoundingClientRect();
      // Below the fixed header (4rem) and above the sticky actions.
      if (box && (box.top < 64 || box.bottom > window.innerHeight - 96)) title?.scrollIntoView({ block: 'start' });
    };
    clearTimeout(scrollTimer.current);
    scrollTimer.current = setTimeout(scrollIfHidden, TAP_BURST_MS);
  };

  const showStep = (step: number, field?: string) => {
    const radio = form.current?.querySelector<HTMLInputElement>(`[data-step-radio="${step}"]`);
    if (radio) radio.checked = true;
    if (!field) return settleOn(step);
    const control = form.current?.querySelector<HTMLElement>(`[name="${field}"]`);
    control?.focus({ preventScroll: true });
    control?.closest('fieldset, [data-field]')?.scrollIntoView({ block: 'center' });
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const outcome = check();
    if (!outcome.ok) {
      const fields = Object.keys(outcome.fields);
      const step = firstStepWithError(fields);
      if (step !== null)
        showStep(
          step,
          AUDIT_STEPS[step - 1].fields.find((f) => fields.includes(f)),
        );
      return;
    }
    submissionId.current ??= newSubmissionId();
    setPending(true);
    try {
      const fillMs = Math.round(performance.now() - shownAt.current);
      const { audit: stored, resultsUrl } = await apiRequest<{ audit: AuditRecord; resultsUrl: string }>('POST', '/api/business-audit', {
        ...outcome.data,
        fillMs,
        id: submissionId.current,
      });
      // The address becomes the private results link, so Back (from the booking page), a reload or a
      // bookmark shows these results, never an empty form.
      history.replaceState(history.state, '', resultsUrl);
      setResultsToken(tokenOfResultsUrl(resultsUrl));
      setAudit(stored);
      toast({ title: 'Audit Complete!', description: 'Your personalized recommendations are ready.' });
    } catch (error) {
      toast({ title: 'Error', description: serverMessage(error) ?? 'Failed to process audit. Please try again.', variant: 'destructive' });
    } finally {
      setPending(false);
    }
  };

  useEffect(() => {
    if (!audit) return;
    resultsHeading.current?.scrollIntoView({ block: 'center' });
    resultsHeading.current?.focus({ preventScroll: true });
  }, [audit]);

  if (audit) return <AuditResults audit={audit} headingRef={resultsHeading} resultsToken={resultsToken} />;

  const text = (name: AuditField) => (typeof values[name] === 'string' ? (values[name] as string) : '');
  const list = (name: AuditField) => (Array.isArray(values[name]) ? (values[name] as string[]) : []);
  const fieldProps = { errors, text, list };
  return (
    <form
      ref={form}
      method="post"
      action="/api/business-audit"
      noValidate
      data-wizard=""
      onSubmit={onSubmit}
      onChange={onChange}
      onPointerDown={() => {
        lastTouch.current = performance.now();
      }}
      aria-label="Free business growth audit"
      className="relative"
      {...abViewMarker(tracking)}
    >
      {/* Which step shows: the browser's own state. Not part of the form (no form owner), so never posted. */}
      {STEPS.map((step) => (
        <input
          key={step}
          type="radio"
          hidden
          form={`${stepGroup}-none`}
          name={stepGroup}
          id={`${stepGroup}-${step}`}
          value={step}
          defaultChecked={step === 1}
          data-step-radio={step}
          onChange={() => settleOn(step)}
        />
      ))}
      <Honeypot />

      {STEPS.map((step) => {
        const percent = Math.round((step / TOTAL_STEPS) * 100);
        return (
          <div key={step} data-for-step={step} data-wizard-chrome="" className="mb-5">
            <div className="flex justify-end text-sm text-slate-600">{`${percent}%`}</div>
            <div
              className="mt-2 h-2 rounded-full bg-slate-200"
              role="progressbar"
              aria-label="Audit progress"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              aria-valuetext={`Step ${step} of ${TOTAL_STEPS}`}
            >
              <div className="h-2 rounded-full bg-blue-700" style={{ width: `${percent}%` }} />
            </div>
          </div>
        );
      })}

      <div className="min-h-[65svh] lg:min-h-0">
        <Step step={1}>
          <div className="grid gap-5 sm:grid-cols-2">
            <AuditText name="firstName" autoComplete="given-name" {...fieldProps} />
            <AuditText name="lastName" autoComplete="family-name" {...fieldProps} />
          </div>
          <AuditText name="email" type="email" autoComplete="email" {...fieldProps} />
          {config.showPhone ? <AuditText name="phone" type="tel" autoComplete="tel" {...fieldProps} /> : null}
          <AuditText name="businessName" autoComplete="organization" {...fieldProps} />
          <AuditSelect name="industry" placeholder="Select your industry" options={industryOptions} {...fieldProps} />
          {config.showCompany ? <AuditText name="website" type="url" autoComplete="url" placeholder="https://" {...fieldProps} /> : null}
        </Step>
        <Step step={2}>
          <AuditSelect name="monthlyRevenue" placeholder="Select your revenue range" options={monthlyRevenueOptions} {...fieldProps} />
          <AuditSelect name="marketingBudget" placeholder="Select your budget" options={marketingBudgetOptions} {...fieldProps} />
          <AuditSelect name="timeframe" placeholder="Select your timeframe" options={timeframeOptions} {...fieldProps} />
          <AuditChoices name="primaryGoals" type="checkbox" options={primaryGoalOptions} {...fieldProps} />
        </Step>
        <Step step={3}>
          <AuditChoices name="currentMarketing" type="checkbox" options={currentMarketingOptions} {...fieldProps} />
          <AuditChoices name="currentChallenges" type="checkbox" options={currentChallengeOptions} {...fieldProps} />
        </Step>
        <Step step={4}>
          <AuditChoices name="onlinePresence" type="radio" options={onlinePresenceOptions} {...fieldProps} />
          <AuditChoices name="competitorAnalysis" type="radio" options={competitorAnalysisOptions} {...fieldProps} />
          <AuditChoices name="previousAgency" type="radio" options={previousAgencyOptions} {...fieldProps} />
          <MarketingConsent checked={values.marketingConsent === true} />
        </Step>
      </div>

      {/* The actions: each shows on its steps (CSS), in a bar that stays at the bottom of the screen. */}
      <div className="sticky bottom-0 z-10 -mx-5 mt-6 flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 bg-white/95 px-5 py-3 backdrop-blur sm:-mx-8 sm:px-8">
        <span>
          {STEPS.slice(1).map((step) => (
            <StepLabel key={step} to={step - 1} from={step} group={stepGroup} className={buttonClass.secondary}>
              Previous
            </StepLabel>
          ))}
        </span>
        <span>
          {STEPS.slice(0, -1).map((step) => (
            <StepLabel key={step} to={step + 1} from={step} group={stepGroup} className={buttonClass.primary}>
              Next
            </StepLabel>
          ))}
          <button
            type="submit"
            data-for-step={TOTAL_STEPS}
            data-wizard-submit=""
            className={buttonClass.primary}
            disabled={pending}
            {...abClickMarker(tracking, { target: 'audit-submit' })}
          >
            {pending ? 'Analyzing...' : config.submitButtonText}
          </button>
        </span>
      </div>
      <p className="mt-4 text-xs leading-5 text-slate-500">
        Fields marked * are required. Submitting sends your answers to {agency.name} to prepare your audit: we email you your results with a private link to
        them (you asked for them), and a strategist may follow up about your audit. Nothing else unless you tick the marketing box.{' '}
        <a href={links.privacy} className="underline">
          Privacy policy
        </a>
      </p>
    </form>
  );
}

/** One step: a fieldset whose legend says which (all four show, one under another, without JavaScript). */
function Step({ step, children }: { step: number; children: ReactNode }) {
  const { title } = AUDIT_STEPS[step - 1];
  return (
    <fieldset data-step={step} data-for-step={step} className="grid gap-5">
      <legend data-step-title="" tabIndex={-1} className="mb-1 text-base font-semibold text-slate-900 outline-none">
        {`Step ${step} of ${TOTAL_STEPS}: ${title}`}
      </legend>
      {children}
    </fieldset>
  );
}

/**
 * Next or Previous: a label for the step's radio, so the browser itself changes the step, before any
 * script and without one. The button inside it is what assistive technology and the keyboard meet (the
 * island loader makes Enter and Space click it: client/islands/loader.ts).
 */
function StepLabel({ to, from, group, className, children }: { to: number; from: number; group: string; className: string; children: ReactNode }) {
  return (
    <label htmlFor={`${group}-${to}`} data-for-step={from} data-wizard-chrome="" className="contents">
      {/* biome-ignore lint/a11y/useSemanticElements: a <button> inside a label would not check the label's radio; the label's own activation is the point */}
      <span role="button" tabIndex={0} className={`${className} touch-manipulation select-none`}>
        {children}
      </span>
    </label>
  );
}

type FieldBase = { name: AuditField; errors: FieldErrors; text: (name: AuditField) => string; list: (name: AuditField) => string[] };

const isRequired = (name: AuditField) => (REQUIRED_AUDIT_FIELDS as readonly string[]).includes(name);

/** An audit question as a text field: its label, requiredness and answer from the schema's module, its error from the check. */
function AuditText({
  name,
  type = 'text',
  autoComplete,
  placeholder,
  errors,
  text,
}: FieldBase & { type?: 'text' | 'email' | 'tel' | 'url'; autoComplete: string; placeholder?: string }) {
  return (
    <TextField
      id={useFieldId(name)}
      name={name}
      type={type}
      label={auditQuestions[name]}
      required={isRequired(name)}
      error={errors[name]}
      defaultValue={text(name)}
      autoComplete={autoComplete}
      placeholder={placeholder}
    />
  );
}

function AuditSelect({ name, placeholder, options, errors, text }: FieldBase & { placeholder: string; options: readonly Option[] }) {
  return (
    <SelectField
      id={useFieldId(name)}
      name={name}
      label={auditQuestions[name]}
      required={isRequired(name)}
      error={errors[name]}
      defaultValue={text(name)}
      placeholder={placeholder}
      options={options}
    />
  );
}

function AuditChoices({ name, type, options, errors, text, list }: FieldBase & { type: 'checkbox' | 'radio'; options: readonly Option[] }) {
  return (
    <ChoicesField
      id={useFieldId(name)}
      name={name}
      legend={auditQuestions[name]}
      type={type}
      options={options}
      chosen={type === 'checkbox' ? list(name) : [text(name)]}
      required={isRequired(name)}
      error={errors[name]}
    />
  );
}

/** The optional, unticked marketing box (CASL express consent; lib/leads/consent.ts has the recorded wording). */
function MarketingConsent({ checked }: { checked: boolean }) {
  const id = useFieldId('marketingConsent');
  return (
    <label htmlFor={id} className="flex items-start gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm leading-6 text-slate-800">
      <input id={id} type="checkbox" name="marketingConsent" value="true" defaultChecked={checked} className="mt-1 h-4 w-4 shrink-0 accent-blue-700" />
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
      <Skeleton className="mt-5 h-4 w-1/2" />
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
