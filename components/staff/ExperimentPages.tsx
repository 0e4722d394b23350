import {
  EXPERIMENT_LIMITS,
  type ExperimentStatus,
  type ExperimentView,
  GOAL_LABELS,
  GOALS,
  type Goal,
  type PlanView,
  STATUS_LABELS,
} from '../../lib/ab/experiments.ts';
import { formatCount } from '../../lib/ab/format.ts';
import { MAX_VARIANTS } from '../../lib/ab/power.ts';
import { variantDetails } from '../../lib/ab/variant-details.ts';
import { type AnySlotFields, changedFields, fieldLabel, SLOT_NAMES, SLOT_TITLES, type SlotName, showValue } from '../../lib/content/slots.ts';
import { hasOwnerPowers } from '../../lib/staff/roles.ts';
import { formatDateTime } from '../../lib/time/display.ts';
import { inputClass } from '../ui/form.tsx';
import { buttonClass, cautionNoteClass } from '../ui/styles.ts';
import { ActionNotice } from './ActionNotice.tsx';
import { SlotPreview } from './ContentPages.tsx';
import { SlotFieldInputs } from './SlotFieldInputs.tsx';
import { CsrfField, OwnerOnlyNote, type StaffPageProps, StaffShell } from './StaffShell.tsx';

// /admin/experiments: the experiments, the builder and one experiment's page with its previews, plan,
// figures and the owner's Start, Stop and Ship. Plain forms: everything works without JavaScript.

const statusClass: Record<ExperimentStatus, string> = {
  draft: 'bg-amber-100 text-amber-900',
  running: 'bg-emerald-100 text-emerald-800',
  stopped: 'bg-slate-200 text-slate-800',
  shipped: 'bg-blue-100 text-blue-900',
};

function StatusBadge({ status }: { status: ExperimentStatus }) {
  return (
    <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${statusClass[status]}`} data-status={status}>
      {STATUS_LABELS[status]}
    </span>
  );
}

const link = 'text-blue-800 underline underline-offset-2 hover:text-blue-950';
const card = 'rounded-xl border border-slate-200 bg-white p-5 shadow-sm';

export type ExperimentListProps = StaffPageProps & { experiments: ExperimentView[]; notice?: string };

export function ExperimentList({ staff, experiments, notice }: ExperimentListProps) {
  return (
    <StaffShell staff={staff} current="/admin/experiments">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Experiments</h1>
          <p className="mt-2 max-w-3xl text-slate-700">
            Try a new headline or a shorter form on part of your visitors, see which brings more leads, then ship the winner to everyone. One experiment runs on
            each part of the page at a time.
          </p>
        </div>
        {hasOwnerPowers(staff) ? (
          <div className="flex flex-wrap gap-2">
            {SLOT_NAMES.map((slot) => (
              <a key={slot} href={`/admin/experiments/new?slot=${slot}`} className={buttonClass.primary}>
                New test of the {SLOT_TITLES[slot].title.toLowerCase()}
              </a>
            ))}
          </div>
        ) : null}
      </div>
      <ActionNotice notice={notice} />
      {hasOwnerPowers(staff) ? null : <OwnerOnlyNote what="start, stop and ship experiments" staff={staff} />}
      <ul className="mt-6 space-y-4">
        {experiments.map((e) => (
          <li key={e.id} className={card} data-experiment={e.id}>
            <div className="flex flex-wrap items-center gap-3">
              <h2 className="min-w-0 break-words text-lg font-semibold">
                <a href={`/admin/experiments/${e.id}`} className={link}>
                  {e.name}
                </a>
              </h2>
              <StatusBadge status={e.status} />
            </div>
            <p className="mt-1 text-sm text-slate-600">
              {e.slot ? SLOT_TITLES[e.slot].title : 'No content slot'} · {e.variants.length} versions · {e.trafficAllocation}% of visitors · goal:{' '}
              {GOAL_LABELS[e.goal].toLowerCase()}
            </p>
            {e.hypothesis ? <p className="mt-2 text-slate-800">{e.hypothesis}</p> : null}
          </li>
        ))}
      </ul>
      {experiments.length === 0 ? <p className="mt-6 text-slate-700">No experiments yet.</p> : null}
    </StaffShell>
  );
}

export type BuilderValues = {
  name: string;
  hypothesis: string;
  trafficAllocation: string;
  goal: Goal;
  lift: string;
  /** The challengers as typed: a name (empty: not used) and the slot's fields. */
  challengers: { name: string; fields: Record<string, unknown> }[];
};

export type ExperimentBuilderProps = StaffPageProps & {
  slot: SlotName;
  published: AnySlotFields;
  values: BuilderValues;
  plan: PlanView | null;
  error?: { field?: string; message: string };
};

/** The builder: the control is the slot's published copy; up to three challengers, each the slot's fields to edit. */
export function ExperimentBuilder({ staff, slot, published, values, plan, error }: ExperimentBuilderProps) {
  return (
    <StaffShell staff={staff} current="/admin/experiments">
      <p className="text-sm">
        <a href="/admin/experiments" className={link}>
          Experiments
        </a>
      </p>
      <h1 className="mt-1 text-2xl font-bold text-slate-900 sm:text-3xl">New test of the {SLOT_TITLES[slot].title.toLowerCase()}</h1>
      <p className="mt-2 max-w-3xl text-slate-700">
        {SLOT_TITLES[slot].where} It is saved as a draft: you start it from its page once the previews look right.
      </p>
      <ActionNotice error={error} />
      <form method="post" action="/admin/experiments/new" className="mt-6 space-y-6">
        <CsrfField token={staff.csrfToken} />
        <input type="hidden" name="slot" value={slot} />
        <section className={`${card} space-y-4`} aria-labelledby="test-heading">
          <h2 id="test-heading" className="text-lg font-semibold text-slate-900">
            The test
          </h2>
          <div>
            <label htmlFor="name" className="block text-sm font-medium text-slate-800">
              Name (letters, numbers and dashes read best in reports)
            </label>
            <input id="name" name="name" defaultValue={values.name} required maxLength={EXPERIMENT_LIMITS.name} className={`mt-1 ${inputClass}`} />
          </div>
          <div>
            <label htmlFor="hypothesis" className="block text-sm font-medium text-slate-800">
              Hypothesis: what you expect to happen, and why
            </label>
            <textarea
              id="hypothesis"
              name="hypothesis"
              defaultValue={values.hypothesis}
              required
              rows={3}
              maxLength={EXPERIMENT_LIMITS.hypothesis}
              className={`mt-1 ${inputClass}`}
            />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <div>
              <label htmlFor="trafficAllocation" className="block text-sm font-medium text-slate-800">
                Share of visitors in the test (%)
              </label>
              <input
                id="trafficAllocation"
                name="trafficAllocation"
                type="number"
                inputMode="numeric"
                min={1}
                max={100}
                defaultValue={values.trafficAllocation}
                required
                className={`mt-1 ${inputClass}`}
              />
            </div>
            <LiftInput lift={values.lift} />
          </div>
          <fieldset>
            <legend className="text-sm font-medium text-slate-800">Primary goal</legend>
            <div className="mt-2 space-y-2">
              {GOALS.map((goal) => (
                <label key={goal} className="flex items-center gap-3 text-slate-800">
                  <input type="radio" name="goal" value={goal} defaultChecked={values.goal === goal} className="h-5 w-5" />
                  {GOAL_LABELS[goal]}
                </label>
              ))}
            </div>
          </fieldset>
        </section>
        <section className={card} aria-labelledby="control-heading">
          <h2 id="control-heading" className="text-lg font-semibold text-slate-900">
            Control: the copy published now
          </h2>
          <Details configuration={published} />
        </section>
        {values.challengers.map((challenger, i) => {
          const n = i + 1;
          const letter = String.fromCharCode(65 + i);
          const inputs = (
            <div key="inputs" className="space-y-4">
              <div>
                <label htmlFor={`v${n}-name`} className="block text-sm font-medium text-slate-800">
                  Name {n === 1 ? '(required)' : '(leave empty to test fewer versions)'}
                </label>
                <input
                  id={`v${n}-name`}
                  name={`v${n}.name`}
                  defaultValue={challenger.name}
                  required={n === 1}
                  maxLength={EXPERIMENT_LIMITS.variantName}
                  className={`mt-1 ${inputClass}`}
                />
              </div>
              <SlotFieldInputs slot={slot} values={challenger.fields} prefix={`v${n}.`} />
            </div>
          );
          // Version A is always tested; B and C fold away until wanted (a <details>: no JavaScript needed).
          return n === 1 ? (
            <section key={n} className={card} data-challenger={n} aria-labelledby={`v${n}-heading`}>
              <h2 id={`v${n}-heading`} className="mb-4 text-lg font-semibold text-slate-900">
                Version {letter}
              </h2>
              {inputs}
            </section>
          ) : (
            <details key={n} className={card} data-challenger={n} open={challenger.name !== ''}>
              <summary className="cursor-pointer text-lg font-semibold text-slate-900">Version {letter} (optional)</summary>
              <div className="mt-4">{inputs}</div>
            </details>
          );
        })}
        {plan ? <PlanBox plan={plan} /> : null}
        <div className="flex flex-wrap gap-3">
          <button type="submit" formAction="/admin/experiments/new/plan" className={buttonClass.secondary}>
            Work out how long it will take
          </button>
          <button type="submit" className={buttonClass.primary}>
            Save as draft
          </button>
        </div>
      </form>
    </StaffShell>
  );
}

/** The smallest improvement the plan looks for, in whole percent. */
function LiftInput({ lift }: { lift: string }) {
  return (
    <div className="max-w-xs">
      <label htmlFor="lift" className="block text-sm font-medium text-slate-800">
        Smallest improvement worth finding (%)
      </label>
      <input id="lift" name="lift" type="number" inputMode="numeric" min={1} max={500} defaultValue={lift} className={`mt-1 ${inputClass}`} />
    </div>
  );
}

const visitorsADay = (n: number) =>
  n > 0 && n < 1 ? 'fewer than one visitor a day' : `about ${formatCount(Math.round(n))} ${Math.round(n) === 1 ? 'visitor' : 'visitors'} a day`;

const percent = (rate: number) => `${(rate * 100).toLocaleString('en-CA', { maximumFractionDigits: 2 })}%`;

/** The power calculation, in words: visitors and days at today's traffic, or why it cannot be said. */
export function PlanBox({ plan }: { plan: PlanView }) {
  const p = plan.plan;
  return (
    <section className="rounded-xl border border-blue-200 bg-blue-50 p-5" aria-labelledby="plan-heading" data-plan>
      <h2 id="plan-heading" className="text-lg font-semibold text-slate-900">
        How long it will likely take
      </h2>
      <p className="mt-2 text-slate-800">
        Over the last {plan.days} days the home page had {visitorsADay(plan.dailyVisitors)}, and {percent(plan.baselineRate)} of the site’s visitors reached the
        goal.
      </p>
      {'cannotTell' in p ? (
        <p className="mt-2 font-medium text-slate-900" data-plan-days="">
          {p.cannotTell}
        </p>
      ) : (
        <p className="mt-2 font-medium text-slate-900" data-plan-days={p.days}>
          To find a {Math.round(plan.relativeLift * 100)}% improvement the test needs about {formatCount(p.perVariant)} visitors per version (
          {formatCount(p.total)} in all): about {formatCount(p.days)} {p.days === 1 ? 'day' : 'days'} at today’s traffic.
        </p>
      )}
      <p className="mt-2 text-sm text-slate-700">
        Worked out for a 95% confidence level and an 80% chance of finding an improvement that size (a two-proportion test, split across the versions).
      </p>
    </section>
  );
}

function Details({ configuration }: { configuration: unknown }) {
  const details = variantDetails(configuration);
  return (
    <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
      {details.map((d) => (
        <div key={d.label} className="contents">
          <dt className="font-medium text-slate-600">{d.label}</dt>
          <dd className="break-words text-slate-900">{d.text}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Every field a challenger changes from the control, in the editor's words. */
function ChangesFromControl({ slot, control, variant }: { slot: SlotName; control: Record<string, unknown>; variant: Record<string, unknown> }) {
  const changes = changedFields(control, variant);
  if (changes.length === 0) return null;
  return (
    <div className="mt-3 text-sm">
      <p className="font-medium text-slate-700">Changes from the control</p>
      <ul className="mt-1 list-disc space-y-0.5 pl-5 text-slate-800">
        {changes.map((c) => (
          <li key={c.field} className="break-words">
            {fieldLabel(slot, c.field)}: {showValue(slot, c.field, c.after)}
          </li>
        ))}
      </ul>
    </div>
  );
}

export type VariantFigures = { variantId: string; views: number; conversions: number; booked: number; leads: number; won: number; value: number };

export type ExperimentDetailProps = StaffPageProps & {
  experiment: ExperimentView;
  figures: VariantFigures[];
  plan: PlanView | null;
  lift: string;
  /** Publishes of the slot while the test ran: each changed what its control group saw. */
  controlChanges: { version: number; publishedAt: string; publishedBy: string | null }[];
  notice?: string;
  error?: { field?: string; message: string };
};

const money = (n: number) => n.toLocaleString('en-CA', { style: 'currency', currency: 'CAD', maximumFractionDigits: 0 });

export function ExperimentDetail({ staff, experiment: e, figures, plan, lift, controlChanges, notice, error }: ExperimentDetailProps) {
  const owner = hasOwnerPowers(staff);
  const control = e.variants.find((v) => v.isControl);
  const canShip = owner && (e.status === 'running' || e.status === 'stopped') && e.slot !== null;
  return (
    <StaffShell staff={staff} current="/admin/experiments">
      <p className="text-sm">
        <a href="/admin/experiments" className={link}>
          Experiments
        </a>
      </p>
      <div className="mt-1 flex flex-wrap items-center gap-3">
        <h1 className="min-w-0 break-words text-2xl font-bold text-slate-900 sm:text-3xl">{e.name}</h1>
        <StatusBadge status={e.status} />
      </div>
      <p className="mt-2 text-slate-700">
        {e.slot ? SLOT_TITLES[e.slot].title : 'No content slot'} · {e.trafficAllocation}% of visitors · goal: {GOAL_LABELS[e.goal].toLowerCase()}
        {e.status === 'draft' ? '' : ` · started ${formatDateTime(e.startDate)}`}
        {e.endDate && e.status !== 'running' ? ` · ended ${formatDateTime(e.endDate)}` : ''}
      </p>
      {e.hypothesis ? <p className="mt-3 max-w-3xl text-slate-900">{e.hypothesis}</p> : null}
      <ActionNotice notice={notice} error={error} />
      {controlChanges.length > 0 && e.slot ? <ControlChanges slot={e.slot} changes={controlChanges} /> : null}
      {owner && e.status === 'draft' ? (
        <form method="post" action={`/admin/experiments/${e.id}/start`} className="mt-4">
          <CsrfField token={staff.csrfToken} />
          <button type="submit" className={buttonClass.primary}>
            Start the test
          </button>
        </form>
      ) : null}
      {owner && e.status === 'running' ? (
        <form method="post" action={`/admin/experiments/${e.id}/stop`} className="mt-4">
          <CsrfField token={staff.csrfToken} />
          <button type="submit" className={buttonClass.secondary}>
            Stop the test (everyone sees the published copy)
          </button>
        </form>
      ) : null}
      {e.status === 'draft' ? (
        <div className="mt-6">
          <form method="get" action={`/admin/experiments/${e.id}`} className="mb-3 flex flex-wrap items-end gap-3">
            <LiftInput lift={lift} />
            <button type="submit" className={buttonClass.secondary}>
              Work it out
            </button>
          </form>
          {plan ? <PlanBox plan={plan} /> : null}
        </div>
      ) : null}
      <h2 className="mt-8 text-lg font-semibold text-slate-900">Versions</h2>
      <ul className="mt-3 grid gap-4 lg:grid-cols-2">
        {e.variants.map((v) => {
          const f = figures.find((x) => x.variantId === v.id);
          const shipped = e.shippedVariantId === v.id;
          return (
            <li key={v.id} className={card} data-variant={v.id}>
              <div className="flex flex-wrap items-center gap-2">
                <h3 className="min-w-0 break-words font-semibold text-slate-900">{v.name}</h3>
                {v.isControl ? <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">control: the published copy</span> : null}
                {shipped ? <span className="rounded-full bg-blue-100 px-2 py-0.5 text-xs font-semibold text-blue-900">Shipped</span> : null}
              </div>
              <Details configuration={v.fields} />
              {!v.isControl && control && e.slot ? <ChangesFromControl slot={e.slot} control={control.fields} variant={v.fields} /> : null}
              {f && e.status !== 'draft' ? (
                <p className="mt-3 text-sm text-slate-800" data-figures>
                  {formatCount(f.views)} saw it · {formatCount(f.conversions)} sent the audit · {formatCount(f.booked)} booked a session
                  {e.goal === 'value' ? ` · ${formatCount(f.won)} won, ${money(f.value)}` : ''}
                </p>
              ) : null}
              <div className="mt-3 flex flex-wrap items-center gap-3">
                <a href={`/admin/experiments/${e.id}/preview/${v.id}`} className={link}>
                  Preview {v.name}
                </a>
                {canShip ? <ShipForm experimentId={e.id} variant={v} slot={e.slot} csrfToken={staff.csrfToken} /> : null}
              </div>
            </li>
          );
        })}
      </ul>
      {e.status !== 'draft' ? (
        <p className="mt-6 text-slate-700">
          The full figures, with the chance each version beats the control, are on the{' '}
          <a href="/admin/ab-tests" className={link}>
            A/B test dashboard
          </a>
          .
        </p>
      ) : null}
    </StaffShell>
  );
}

export type VariantPreviewProps = StaffPageProps & {
  experiment: { id: string; name: string };
  slot: SlotName;
  variant: { name: string; fields: AnySlotFields };
};

/** A staff-only preview of one variant, drawn as visitors would see it. */
export function VariantPreview({ staff, experiment, slot, variant }: VariantPreviewProps) {
  return (
    <StaffShell staff={staff} current="/admin/experiments">
      <p className="text-sm">
        <a href={`/admin/experiments/${experiment.id}`} className={link}>
          {experiment.name}
        </a>
      </p>
      <h1 className="mt-1 text-2xl font-bold text-slate-900 sm:text-3xl">Preview: {variant.name}</h1>
      <p className="mt-2 text-slate-700">
        Only staff can open this page. Visitors in the test who get this version see the {SLOT_TITLES[slot].title.toLowerCase()} like this.
      </p>
      <div className="mt-4 overflow-hidden rounded-xl border border-slate-300 bg-white" data-preview={slot}>
        <SlotPreview slot={slot} fields={variant.fields} />
      </div>
    </StaffShell>
  );
}

export const MAX_CHALLENGERS = MAX_VARIANTS - 1;

/** The slot's publishes while the test ran: its control group saw each from then on, so its results mix the copies. */
function ControlChanges({ slot, changes }: { slot: SlotName; changes: ExperimentDetailProps['controlChanges'] }) {
  return (
    <div className={cautionNoteClass} data-control-changes>
      <p>
        The published copy changed while this test ran, so from each change on, its control group saw the new copy and the results mix the two. Read the figures
        with that in mind, or run the test again.
      </p>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {changes.map((change) => (
          <li key={change.version}>
            <a href={`/admin/content/${slot}#history-heading`} className="underline underline-offset-2">
              Version {change.version}
            </a>
            {`, ${formatDateTime(change.publishedAt)}, by ${change.publishedBy ?? 'the set-up'}`}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Ship, in two presses (no script needed): the first opens what it does, the second does it. It ends
 * the test for good, so one stray tap on a phone must not.
 */
function ShipForm({
  experimentId,
  variant,
  slot,
  csrfToken,
}: {
  experimentId: string;
  variant: { id: string; name: string; isControl: boolean };
  slot: SlotName | null;
  csrfToken: string;
}) {
  const label = variant.isControl ? 'Keep the control and end the test' : `Ship ${variant.name} to everyone`;
  return (
    <details className="group w-full" data-ship={variant.id}>
      <summary className={`${variant.isControl ? buttonClass.secondary : buttonClass.primary} list-none [&::-webkit-details-marker]:hidden`}>{label}…</summary>
      <form
        method="post"
        action={`/admin/experiments/${experimentId}/ship`}
        className="mt-3 rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm text-slate-800"
      >
        <CsrfField token={csrfToken} />
        <input type="hidden" name="variantId" value={variant.id} />
        <p>
          {variant.isControl
            ? 'Everyone sees the published copy from now on and the test ends. Its results stay here to read.'
            : `Everyone sees ${variant.name} from now on: it becomes the published copy and the test ends. Its results stay here to read.`}{' '}
          {slot ? (
            <>
              The copy before it stays in the{' '}
              <a href={`/admin/content/${slot}#history-heading`} className={link}>
                content history
              </a>
              , to go back to if needed.
            </>
          ) : null}
        </p>
        <button type="submit" className={`${variant.isControl ? buttonClass.secondary : buttonClass.primary} mt-3`}>
          {variant.isControl ? 'Yes, end the test' : `Yes, ship ${variant.name}`}
        </button>
      </form>
    </details>
  );
}
