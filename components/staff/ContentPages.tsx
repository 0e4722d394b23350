import {
  type AnySlotFields,
  type AuditFormFields,
  changedFields,
  fieldLabel,
  type HeroFields,
  SLOT_NAMES,
  SLOT_TITLES,
  type SlotName,
  showValue,
} from '../../lib/content/slots.ts';
import { hasOwnerPowers } from '../../lib/staff/roles.ts';
import { formatDateTime } from '../../lib/time/display.ts';
import { Hero } from '../home/Hero.tsx';
import { buttonClass, cautionNoteClass } from '../ui/styles.ts';
import { ActionNotice } from './ActionNotice.tsx';
import { SlotFieldInputs } from './SlotFieldInputs.tsx';
import { CsrfField, OwnerOnlyNote, type StaffPageProps, StaffShell } from './StaffShell.tsx';

// /admin/content: the content slots, and one slot's editor with a server-rendered preview, its history
// and a rollback to any earlier version. Plain forms: everything works without JavaScript.

export type VersionRow = { version: number; fields: Record<string, unknown>; publishedBy: string | null; publishedAt: string; reason: string };

export type ContentListProps = StaffPageProps & { slots: { slot: SlotName; version: number; publishedAt: string; publishedBy: string | null }[] };

export function ContentList({ staff, slots }: ContentListProps) {
  return (
    <StaffShell staff={staff} current="/admin/content">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Site content</h1>
      <p className="mt-2 max-w-3xl text-slate-700">
        The copy visitors see on the home page. Change it here and publish: every visitor sees the new copy within a couple of seconds, and each change is kept
        so you can go back to any earlier version.
      </p>
      <ul className="mt-6 grid gap-4 md:grid-cols-2">
        {SLOT_NAMES.map((name) => {
          const row = slots.find((s) => s.slot === name);
          return (
            <li key={name} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
              <h2 className="text-lg font-semibold text-slate-900">
                <a href={`/admin/content/${name}`} className="text-blue-800 underline-offset-2 hover:underline">
                  {SLOT_TITLES[name].title}
                </a>
              </h2>
              <p className="mt-1 text-sm text-slate-700">{SLOT_TITLES[name].where}</p>
              <p className="mt-3 text-sm text-slate-600" data-slot-version={row?.version ?? 0}>
                {row
                  ? `Version ${row.version}, published ${formatDateTime(row.publishedAt)}${row.publishedBy ? ` by ${row.publishedBy}` : ''}`
                  : 'Never published'}
              </p>
            </li>
          );
        })}
      </ul>
    </StaffShell>
  );
}

export type SlotEditorProps = StaffPageProps & {
  slot: SlotName;
  published: VersionRow;
  /** What the form shows and the preview renders: the published fields, or those just typed. */
  draft: Record<string, unknown>;
  previewing: boolean;
  error?: { field: string; message: string };
  notice?: string;
  history: VersionRow[];
  /** The experiment running on this slot now, whose control group sees the published copy. */
  runningExperiment: { id: string; name: string } | null;
};

export function SlotEditor({ staff, slot, published, draft, previewing, error, notice, history, runningExperiment }: SlotEditorProps) {
  const canPublish = hasOwnerPowers(staff);
  return (
    <StaffShell staff={staff} current="/admin/content">
      <p className="text-sm">
        <a href="/admin/content" className="text-blue-800 underline-offset-2 hover:underline">
          Site content
        </a>
      </p>
      <h1 className="mt-1 text-2xl font-bold text-slate-900 sm:text-3xl">{SLOT_TITLES[slot].title}</h1>
      <p className="mt-2 text-slate-700">
        Published: version {published.version} · {formatDateTime(published.publishedAt)} · {published.publishedBy ?? 'set up with the site'}
      </p>
      <ActionNotice notice={notice} error={error} />
      {runningExperiment ? <RunningExperimentNote experiment={runningExperiment} /> : null}
      <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <form method="post" action={`/admin/content/${slot}`} className="space-y-4 self-start rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <CsrfField token={staff.csrfToken} />
          <SlotFieldInputs slot={slot} values={draft} />
          <div className="flex flex-wrap gap-3 pt-2">
            <button type="submit" formAction={`/admin/content/${slot}/preview`} className={buttonClass.secondary}>
              Preview
            </button>
            {/* Staff preview freely; publishing waits for an owner (the route refuses it with 403 all the same). */}
            <button type="submit" className={buttonClass.primary} disabled={!canPublish}>
              Publish
            </button>
          </div>
          {canPublish ? null : <OwnerOnlyNote what="publish or go back to an earlier version" staff={staff} />}
        </form>
        <section aria-labelledby="preview-heading" className="min-w-0">
          <h2 id="preview-heading" className="text-lg font-semibold text-slate-900">
            {previewing ? 'Preview of your changes (not published yet)' : 'What visitors see now'}
          </h2>
          <div className="mt-3 overflow-hidden rounded-xl border border-slate-300 bg-white" data-preview={slot}>
            <SlotPreview slot={slot} fields={draft as unknown as AnySlotFields} />
          </div>
        </section>
      </div>
      <section aria-labelledby="history-heading" className="mt-10">
        <h2 id="history-heading" className="text-lg font-semibold text-slate-900">
          History
        </h2>
        <ol className="mt-3 space-y-3">
          {history.map((v, i) => {
            const before = history[i + 1]?.fields ?? null;
            return (
              <li key={v.version} className="rounded-lg border border-slate-200 bg-white p-4" data-version={v.version}>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="font-medium text-slate-900">
                    Version {v.version} · {formatDateTime(v.publishedAt)} · {v.publishedBy ?? 'set up with the site'} · {v.reason}
                  </p>
                  {v.version === published.version ? (
                    <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-sm text-emerald-800">Published</span>
                  ) : (
                    <form method="post" action={`/admin/content/${slot}/rollback`}>
                      <CsrfField token={staff.csrfToken} />
                      <input type="hidden" name="version" value={v.version} />
                      <button type="submit" className={buttonClass.ghost} disabled={!canPublish}>
                        Go back to version {v.version}
                      </button>
                    </form>
                  )}
                </div>
                <ul className="mt-2 space-y-1 text-sm text-slate-700">
                  {changedFields(before, v.fields).map((change) => (
                    <li key={change.field} className="break-words">
                      <span className="font-medium">{fieldLabel(slot, change.field)}</span>:{' '}
                      {before === null ? '' : `${showValue(slot, change.field, change.before)} → `}
                      {showValue(slot, change.field, change.after)}
                    </li>
                  ))}
                </ul>
              </li>
            );
          })}
        </ol>
      </section>
    </StaffShell>
  );
}

export function SlotPreview({ slot, fields }: { slot: SlotName; fields: AnySlotFields }) {
  if (slot === 'hero') return <Hero variant="preview" fields={fields as HeroFields} heading="h2" />;
  return <AuditFormPreview fields={fields as AuditFormFields} />;
}

/** The audit form's first step as the fields make it, drawn without its island. */
export function AuditFormPreview({ fields }: { fields: AuditFormFields }) {
  const box = 'mt-1 h-11 w-full rounded-lg border border-slate-300 bg-slate-50';
  return (
    <div className="bg-slate-50 p-5 sm:p-8">
      <h3 className="text-2xl font-bold text-slate-900">{fields.formTitle}</h3>
      <div className="mt-4 space-y-3 rounded-xl bg-white p-5 shadow-sm">
        {[
          'Your name',
          'Email',
          'Business name',
          ...(fields.showPhone ? ['Phone (optional)'] : []),
          ...(fields.showCompany ? ['Company website (optional)'] : []),
        ].map((label) => (
          <div key={label}>
            <p className="text-sm font-medium text-slate-800">{label}</p>
            <div className={box} />
          </div>
        ))}
        <p className={`${buttonClass.primary} mt-2 w-full`}>{fields.submitButtonText}</p>
      </div>
    </div>
  );
}

/**
 * While an experiment runs on the slot: its control group sees the published copy, so a publish (or a
 * rollback) changes what they see mid-test. Said before it happens; the experiment's page lists it after.
 */
function RunningExperimentNote({ experiment }: { experiment: { id: string; name: string } }) {
  return (
    <div className={cautionNoteClass} data-running-experiment={experiment.id}>
      <p>
        <a href={`/admin/experiments/${experiment.id}`} className="font-semibold underline underline-offset-2">
          {experiment.name}
        </a>{' '}
        is running on this part of the page, and its control group sees the published copy. Publishing here changes what they see from now on, so the test would
        compare its challengers against copy that changed partway. To compare fairly, stop or ship the experiment first.
      </p>
    </div>
  );
}
