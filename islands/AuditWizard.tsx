import { type FocusEvent, type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { abClickMarker, abViewMarker } from '../client/ab-markers.ts';
import { apiRequest, serverMessage } from '../client/api-client.ts';
import { auditAnswered } from '../client/audit-started.ts';
import { newSubmissionId, readForm } from '../client/forms.ts';
import { useFieldId } from '../client/islands/root.tsx';
import { useToast } from '../client/toast.ts';
import { useCheckedForm } from '../client/use-checked-form.ts';
import { AuditErrorSummary } from '../components/home/AuditErrorSummary.tsx';
import { AuditResults } from '../components/home/AuditResults.tsx';
import { ChoicesField, type Option, SelectField, TextField } from '../components/ui/form.tsx';
import { Honeypot } from '../components/ui/Honeypot.tsx';
import { Skeleton } from '../components/ui/Skeleton.tsx';
import { buttonClass } from '../components/ui/styles.ts';
import type { ContactFormConfig } from '../lib/ab/contact-form-variants.ts';
import type { AbTracking } from '../lib/ab/definitions.ts';
import { errorsByStep } from '../lib/audit/error-summary.ts';
import type { ResultsPresentation } from '../lib/audit/presentation.ts';
import { RESULTS_TITLE, tokenOfResultsUrl } from '../lib/audit/results-link.ts';
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
import { emailTypoHint } from '../lib/forms/email-typo.ts';
import type { FieldErrors } from '../lib/forms/validation.ts';
import { auditMarketingConsent } from '../lib/leads/consent.ts';
import { agency, links } from '../lib/site.ts';

const TOTAL_STEPS = AUDIT_STEPS.length;
const STEPS = [1, 2, 3, 4] as const;
const BACK_TO_SUBMIT_CLASS =
  'order-first inline-flex w-full items-center justify-center rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-900 transition hover:bg-slate-50 sm:order-none sm:ml-auto sm:w-auto sm:px-5 sm:py-3 sm:text-base';
/**
 * The bar's buttons: on a 390 px phone Previous and the submit button share one row only with padding
 * narrower than the site's buttons have.
 */
const BAR_BUTTON_CLASS = { previous: `${buttonClass.secondary} max-sm:px-3.5`, forward: `${buttonClass.primary} max-sm:px-3.5` };
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
 * server reads a plain post; shows each message under its field, and above the steps a summary of every
 * step's messages whose links jump to the field (its step shown), while the action bar offers the way
 * back to the submit step in one tap; sends the answers as JSON; and replaces the form with the results,
 * whose private link it puts in the address bar (Back and a reload show them). Next never checks
 * anything (the spec); a likely typo in the email address is hinted at when the visitor leaves the field.
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
  const [audit, setAudit] = useState<{ record: AuditRecord; presentation: ResultsPresentation } | null>(null);
  const [resultsToken, setResultsToken] = useState<string | null>(null);
  const submissionId = useRef<string | null>(null);
  const stepGroup = useFieldId('step');
  const idPrefix = useFieldId('');
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  const resultsBox = useRef<HTMLDivElement>(null);
  const summary = useRef<HTMLElement>(null);
  // A submit was refused for missing or wrong answers: the action bar then offers the way back to it.
  const [submitRefused, setSubmitRefused] = useState(Object.keys(sentErrors).length > 0);

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
      // Once the visitor has gone on to a field of the step (focus left its title), the page stays put:
      // it never moves under a finger on its way to the next answer.
      if (!title || document.activeElement !== title) return;
      const box = title.getBoundingClientRect();
      // Below the fixed header (4rem) and above the sticky actions; in one jump, since a smooth scroll
      // (the page's scroll-behavior once something has focus) kept the boxes moving for half a second.
      if (box.top < 64 || box.bottom > window.innerHeight - 96) title.scrollIntoView({ block: 'start', behavior: 'instant' });
    };
    clearTimeout(scrollTimer.current);
    scrollTimer.current = setTimeout(scrollIfHidden, TAP_BURST_MS);
  };

  const showStep = (step: number, field?: string) => {
    const radio = document.getElementById(`${stepGroup}-${step}`) as HTMLInputElement | null;
    if (radio) radio.checked = true;
    if (!field) return settleOn(step);
    const control = form.current?.querySelector<HTMLInputElement>(`[name="${field}"]`);
    control?.focus({ preventScroll: true });
    // The field with its question and message: a choice's group, else the control's own box.
    const box = control?.type === 'radio' || control?.type === 'checkbox' ? control.closest('fieldset') : control?.parentElement;
    box?.scrollIntoView({ block: 'center', behavior: 'instant' });
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    // Enter (a phone keyboard's Go) in a field before the last step submits the form as browsers do: it
    // means "next", as the visitor has not seen the later steps yet.
    const current = Number(document.querySelector<HTMLInputElement>(`input[name="${stepGroup}"]:checked`)?.value ?? TOTAL_STEPS);
    if (current < TOTAL_STEPS) {
      showStep(current + 1);
      return;
    }
    const outcome = check();
    if (!outcome.ok) {
      // Every step's messages at once: the summary above the steps, read first, with the first step that
      // has one showing under it.
      setSubmitRefused(true);
      const step = firstStepWithError(Object.keys(outcome.fields));
      if (step !== null) {
        const radio = document.getElementById(`${stepGroup}-${step}`) as HTMLInputElement | null;
        if (radio) radio.checked = true;
      }
      requestAnimationFrame(() => {
        summary.current?.focus({ preventScroll: true });
        summary.current?.scrollIntoView({ block: 'start', behavior: 'instant' });
      });
      return;
    }
    submissionId.current ??= newSubmissionId();
    setPending(true);
    try {
      const fillMs = Math.round(performance.now() - shownAt.current);
      const {
        audit: stored,
        resultsUrl,
        presentation,
      } = await apiRequest<{ audit: AuditRecord; resultsUrl: string; presentation: ResultsPresentation }>('POST', '/api/business-audit', {
        ...outcome.data,
        fillMs,
        id: submissionId.current,
      });
      // The address becomes the private results link, so Back (from the booking page), a reload or a
      // bookmark shows these results, never an empty form. That page has them at its top: the scroll
      // of this long page is not restored onto it (it landed far from them, or at the bottom).
      history.scrollRestoration = 'manual';
      history.replaceState(history.state, '', resultsUrl);
      document.title = RESULTS_TITLE;
      setResultsToken(tokenOfResultsUrl(resultsUrl));
      setAudit({ record: stored, presentation });
      toast({ title: 'Audit Complete!', description: 'Your personalized recommendations are ready.' });
    } catch (error) {
      toast({ title: 'Error', description: serverMessage(error) ?? 'Failed to process audit. Please try again.', variant: 'destructive' });
    } finally {
      setPending(false);
    }
  };

  useEffect(() => {
    if (!audit) return;
    // The results start right under the header and the toast (which sits at the top on a phone), so the
    // toast covers none of them.
    resultsBox.current?.scrollIntoView({ block: 'start', behavior: 'instant' });
    resultsHeading.current?.focus({ preventScroll: true });
  }, [audit]);

  if (audit)
    return (
      <div ref={resultsBox} className="scroll-mt-52 sm:scroll-mt-24">
        <AuditResults audit={audit.record} presentation={audit.presentation} headingRef={resultsHeading} resultsToken={resultsToken} />
      </div>
    );

  const text = (name: AuditField) => (typeof values[name] === 'string' ? (values[name] as string) : '');
  const list = (name: AuditField) => (Array.isArray(values[name]) ? (values[name] as string[]) : []);
  const fieldProps = { errors, text, list };
  const errorGroups = errorsByStep(errors);
  return (
    <>
      {/* Which step shows: the browser's own state, in radios outside the form (so never posted) that the
          form follows in CSS (static/styles.css). */}
      {STEPS.map((step) => (
        <input
          key={step}
          type="radio"
          hidden
          name={stepGroup}
          id={`${stepGroup}-${step}`}
          value={step}
          defaultChecked={step === 1}
          data-step-radio={step}
          onChange={() => settleOn(step)}
        />
      ))}
      <form
        ref={form}
        method="post"
        action="/api/business-audit"
        noValidate
        data-wizard=""
        onSubmit={onSubmit}
        onChange={(e) => {
          onChange();
          auditAnswered(e.target);
        }}
        onPointerDown={() => {
          lastTouch.current = performance.now();
        }}
        aria-label="Free business growth audit"
        className="relative"
        {...abViewMarker(tracking)}
      >
        <Honeypot />
        {errorGroups.length > 0 ? (
          <AuditErrorSummary
            id={`${idPrefix}error-summary`}
            ref={summary}
            groups={errorGroups}
            idOf={(field) => `${idPrefix}${field}`}
            onJump={(step, field) => showStep(step, field)}
          />
        ) : null}

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
            <AuditEmail {...fieldProps} onRecheck={onChange} />
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
        <div className="sticky bottom-0 z-10 -mx-5 mt-6 flex flex-wrap items-center justify-between gap-2 border-t border-slate-200 bg-white/95 px-5 py-3 backdrop-blur sm:-mx-8 sm:gap-3 sm:px-8">
          <span>
            {STEPS.slice(1).map((step) => (
              <StepLabel key={step} to={step - 1} from={step} group={stepGroup} className={BAR_BUTTON_CLASS.previous}>
                Previous
              </StepLabel>
            ))}
          </span>
          {/* After a refused submit, the way back to it from steps 1 to 3: on a phone a row of its own above
              Previous and Next, from sm beside Next. */}
          {submitRefused ? (
            <StepLabel to={TOTAL_STEPS} from={STEPS.slice(0, -1).join(' ')} group={stepGroup} className={BACK_TO_SUBMIT_CLASS}>
              Back to submit
            </StepLabel>
          ) : null}
          <span>
            {STEPS.slice(0, -1).map((step) => (
              <StepLabel key={step} to={step + 1} from={step} group={stepGroup} className={BAR_BUTTON_CLASS.forward}>
                Next
              </StepLabel>
            ))}
            <button
              type="submit"
              data-for-step={TOTAL_STEPS}
              data-wizard-submit=""
              className={BAR_BUTTON_CLASS.forward}
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
    </>
  );
}

/**
 * One step: a fieldset whose legend names it. "Step 2 of 4: " is step chrome: without JavaScript all four
 * show at once, one under another, each under its title alone (and spaced apart: Layout's <noscript> style).
 */
function Step({ step, children }: { step: number; children: ReactNode }) {
  const { title } = AUDIT_STEPS[step - 1];
  return (
    <fieldset data-step={step} data-for-step={step} className="grid gap-5">
      <legend data-step-title="" tabIndex={-1} className="mb-1 scroll-mt-20 text-base font-semibold text-slate-900 outline-none">
        <span data-wizard-chrome="">{`Step ${step} of ${TOTAL_STEPS}: `}</span>
        {title}
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
function StepLabel({
  to,
  from,
  group,
  className,
  children,
}: {
  to: number;
  /** The steps it shows on ("1 2 3"). */
  from: number | string;
  group: string;
  className: string;
  children: ReactNode;
}) {
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

/**
 * The email field, which hints at a likely typo ("dana@sparkleclean,ca": did you mean …ca?) when the
 * visitor leaves it, with a button that puts the suggestion in. Only a hint: it blocks nothing, and the
 * spec's "Invalid email address" stays the submit's to say.
 */
function AuditEmail({ errors, text, onRecheck }: Omit<FieldBase, 'name' | 'list'> & { onRecheck: () => void }) {
  const id = useFieldId('email');
  const [suggestion, setSuggestion] = useState<string | null>(null);
  const use = () => {
    const input = document.getElementById(id) as HTMLInputElement | null;
    if (!input || !suggestion) return;
    input.value = suggestion;
    setSuggestion(null);
    input.focus();
    onRecheck();
  };
  return (
    <div>
      <TextField
        id={id}
        name="email"
        type="email"
        label={auditQuestions.email}
        required
        error={errors.email}
        defaultValue={text('email')}
        autoComplete="email"
        onBlur={(event: FocusEvent<HTMLInputElement>) => setSuggestion(emailTypoHint(event.currentTarget.value))}
      />
      {/* Always there (empty), so a screen reader hears the hint when it appears. */}
      <p role="status" className="mt-1 text-sm text-slate-700 empty:hidden" data-email-hint="">
        {suggestion ? (
          <>
            {'Did you mean '}
            <strong className="break-all">{suggestion}</strong>
            {'? '}
            <button type="button" onClick={use} className="ml-1 font-semibold text-blue-700 underline underline-offset-2">
              Use it
            </button>
          </>
        ) : null}
      </p>
    </div>
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
