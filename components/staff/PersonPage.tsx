import type { ReactNode } from 'react';
import { deliveryWords } from '../../lib/leads/delivery-words.ts';
import { type LeadEvent, type LeadKind, leadKindLabel, leadPath, leadStatusLabel, NOTE_MAX, tierLabel } from '../../lib/leads/pipeline.ts';
import { telHref } from '../../lib/people/identity.ts';
import { CALL_OUTCOMES, type CallOutcome, callOutcomeLabel, dueText, NEXT_ACTION_MAX, replyBadge } from '../../lib/people/next-action.ts';
import type { PersonActivity, PersonLead, PersonMerge, Person as PersonRecord } from '../../lib/people/person.ts';
import { BODY_MAX, SUBJECT_MAX, torontoLocalValue } from '../../lib/people/schema.ts';
import { TEMPLATE_IDS, type TemplateId, templateLabel } from '../../lib/people/templates.ts';
import { hasOwnerPowers } from '../../lib/staff/roles.ts';
import { formatDateTime } from '../../lib/time/display.ts';
import { EmailAddress } from '../ui/EmailAddress.tsx';
import { inputClass } from '../ui/form.tsx';
import { buttonClass, cautionToneClass } from '../ui/styles.ts';
import { describeLeadEvent } from './LeadDetail.tsx';
import { SavedNotice } from './SavedNotice.tsx';
import { CsrfField, OwnerOnlyNote, type StaffPageProps, StaffShell } from './StaffShell.tsx';

export type PersonPageProps = StaffPageProps & {
  person: PersonRecord;
  leads: PersonLead[];
  /** Every lead's events (db/queries/leads.ts leadTimeline), each with its lead. */
  events: { kind: LeadKind; leadId: string; event: LeadEvent }[];
  activities: PersonActivity[];
  merges: PersonMerge[];
  samePhone: { id: string; name: string | null; email: string | null }[];
  /** The email being written: the template chosen, the lead it is about, its text to edit. Null when nothing is open to write to. */
  composer: { template: TemplateId; lead: string; subject: string; body: string } | null;
  /** What was just saved (`?saved=`), said in place beside its form. */
  saved: string | null;
  /** The erasure's confirmation step (`?erase=confirm`). */
  confirmErase: boolean;
  /** Whether the site can send email (SMTP_URL is set): without it, Send is greyed out and says why. */
  canEmail: boolean;
  now: Date;
};

const card = 'rounded-xl border border-slate-200 bg-white p-4 sm:p-5';
const smallButton = `${buttonClass.secondary} px-3 py-2 text-sm`;
const fieldClass = `${inputClass} py-2 text-sm`;
const labelClass = 'block text-sm font-medium text-slate-800';

export const personPath = (id: string) => `/admin/people/${encodeURIComponent(id)}`;

/** What each `?saved=` says, beside the form it came from. */
const SAVED: Record<string, string> = {
  call: 'Call logged. The next action below was set from it: change it if you like.',
  'next-action': 'Next action saved.',
  done: 'Next action marked done.',
  email: 'Email queued. It is on the timeline with its delivery, and the next action is set to follow up.',
  merge: 'Merged. Their leads and history are now on this page; you can undo it below.',
  'undo-merge': 'Merge undone: they are a person of their own again.',
};

/** Where each confirmation is shown: the form's anchor. */
const SAVED_AT: Record<string, string> = {
  call: 'call',
  'next-action': 'next-action',
  done: 'next-action',
  email: 'email',
  merge: 'merge',
  'undo-merge': 'merge',
};

function Saved({ saved, at }: { saved: string | null; at: string }) {
  if (!saved || SAVED_AT[saved] !== at) return null;
  return <SavedNotice saved={saved} message={SAVED[saved]} />;
}

const toneClass: Record<string, string> = {
  kept: 'bg-green-50 text-green-800',
  late: 'bg-amber-100 text-amber-900',
  overdue: 'bg-red-100 text-red-800',
  pending: 'bg-slate-100 text-slate-700',
};

/** One person: how to reach them and what to do next first, then everything that happened, then the rest. */
export function PersonPage(props: PersonPageProps) {
  const { staff, person, leads, now } = props;
  if (person.erasedAt) return <ErasedPerson {...props} />;
  const tel = telHref(person.phone);
  const name = person.name ?? 'Unnamed person';
  const base = personPath(person.id);
  const due = person.nextActionDue;
  return (
    <StaffShell staff={staff} current="/admin/leads">
      <a href="/admin/leads" className="text-sm font-medium text-blue-800 hover:underline">
        ← All leads
      </a>
      <header className="mt-2" data-person-contact>
        <h1 className="break-words text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{name}</h1>
        <ul className="mt-2 flex flex-wrap gap-2 text-base">
          {person.phone ? (
            <li>
              {tel ? (
                <a href={tel} data-tel className={`${buttonClass.secondary} px-3 py-2 text-base`}>
                  Call {person.phone}
                </a>
              ) : (
                <span className="text-slate-700">{person.phone}</span>
              )}
            </li>
          ) : null}
          {person.email ? (
            <li className="min-w-0 max-w-full">
              <a href={`mailto:${person.email}`} data-mailto className={`${buttonClass.secondary} max-w-full break-words px-3 py-2 text-base`}>
                <span className="min-w-0">
                  Email <EmailAddress email={person.email} />
                </span>
              </a>
            </li>
          ) : null}
        </ul>
        <ul className="mt-3 flex flex-wrap gap-2" aria-label="Reply-by promise per lead" data-reply-badges>
          {leads.map((lead) => {
            const badge = replyBadge(lead, now);
            return badge ? (
              <li
                key={`${lead.kind}/${lead.id}`}
                data-reply-badge={badge.tone}
                className={`rounded-full px-3 py-1 text-sm font-medium ${toneClass[badge.tone]}`}
              >
                {`${leadKindLabel[lead.kind]}: ${badge.text}`}
              </li>
            ) : null;
          })}
        </ul>
      </header>

      <div className="mt-4 grid gap-4 lg:grid-cols-3 lg:grid-rows-[auto_1fr] lg:items-start lg:gap-6">
        <div className="space-y-4 lg:col-start-3 lg:row-start-1">
          <section id="call" className={card} aria-labelledby="call-heading" tabIndex={-1}>
            <h2 id="call-heading" className="text-lg font-semibold text-slate-900">
              Log a call
            </h2>
            <form method="post" action={`${base}/call`} className="mt-3 space-y-3">
              <CsrfField token={staff.csrfToken} />
              <div>
                <label htmlFor="call-note" className={labelClass}>
                  Note (optional)
                </label>
                <textarea id="call-note" name="note" rows={2} maxLength={NOTE_MAX} className={`${fieldClass} mt-1`} />
              </div>
              <fieldset>
                <legend className="sr-only">How did the call go?</legend>
                <div className="grid grid-cols-3 gap-2">
                  {CALL_OUTCOMES.map((outcome: CallOutcome) => (
                    <button key={outcome} type="submit" name="outcome" value={outcome} className={`${smallButton} px-2 text-center leading-tight`}>
                      {callOutcomeLabel[outcome]}
                    </button>
                  ))}
                </div>
              </fieldset>
            </form>
            <Saved saved={props.saved} at="call" />
          </section>

          <section id="next-action" className={card} aria-labelledby="next-action-heading" tabIndex={-1}>
            <h2 id="next-action-heading" className="text-lg font-semibold text-slate-900">
              Next action
            </h2>
            {person.nextActionWhat && due ? (
              <div className="mt-2" data-next-action>
                <p className="font-medium text-slate-900">{person.nextActionWhat}</p>
                <p className={`text-sm ${due.getTime() < now.getTime() ? 'font-semibold text-red-700' : 'text-slate-600'}`}>{dueText(due, now)}</p>
                <form method="post" action={`${base}/next-action`} className="mt-2">
                  <CsrfField token={staff.csrfToken} />
                  <input type="hidden" name="done" value="1" />
                  <button type="submit" className={smallButton}>
                    Done
                  </button>
                </form>
              </div>
            ) : (
              <p className="mt-2 text-sm text-slate-600" data-next-action="none">
                Nothing planned yet.
              </p>
            )}
            <form method="post" action={`${base}/next-action`} className="mt-3 space-y-3 border-t border-slate-100 pt-3">
              <CsrfField token={staff.csrfToken} />
              <div>
                <label htmlFor="next-what" className={labelClass}>
                  What to do next
                </label>
                <input
                  id="next-what"
                  name="what"
                  required
                  maxLength={NEXT_ACTION_MAX}
                  defaultValue={person.nextActionWhat ?? ''}
                  className={`${fieldClass} mt-1`}
                />
              </div>
              <div>
                <label htmlFor="next-due" className={labelClass}>
                  Due (Toronto time)
                </label>
                <input
                  id="next-due"
                  name="due"
                  type="datetime-local"
                  required
                  defaultValue={due ? torontoLocalValue(due) : ''}
                  // A day already gone is refused (nextActionDueProblem): the picker starts at today.
                  min={`${torontoLocalValue(now).slice(0, 10)}T00:00`}
                  className={`${fieldClass} mt-1`}
                />
              </div>
              <button type="submit" className={smallButton}>
                Save next action
              </button>
            </form>
            <Saved saved={props.saved} at="next-action" />
          </section>
        </div>

        {/* On a wide screen the history and the email being written get the wide column; on a phone
            the order is the same as here, the call and the next action first. */}
        <div className="space-y-4 lg:col-span-2 lg:col-start-1 lg:row-span-2 lg:row-start-1">
          <Timeline {...props} />
          <Leads leads={leads} />
          <EmailComposer {...props} />
        </div>

        <div className="space-y-4 lg:col-start-3 lg:row-start-2">
          <MergeSection {...props} />
          <EraseSection {...props} />
        </div>
      </div>
    </StaffShell>
  );
}

function Leads({ leads }: { leads: PersonLead[] }) {
  return (
    <section className={card} aria-labelledby="leads-heading" data-person-leads>
      <h2 id="leads-heading" className="text-lg font-semibold text-slate-900">
        Their leads
      </h2>
      <ul className="mt-2 divide-y divide-slate-100">
        {leads.map((lead) => (
          <li key={`${lead.kind}/${lead.id}`} className="py-2 text-sm">
            <a href={leadPath(lead.kind, lead.id)} className="font-medium text-blue-800 hover:underline">
              {`${leadKindLabel[lead.kind]}${lead.business ? `: ${lead.business}` : ''}`}
            </a>
            <div className="text-slate-600">
              {[
                leadStatusLabel[lead.status],
                lead.kind === 'audit' && lead.score !== null ? `${lead.score}/100` : null,
                lead.tier ? tierLabel(lead.tier) : null,
                lead.isSpam ? 'Spam' : null,
                lead.erasedAt ? 'Erased' : null,
                formatDateTime(lead.createdAt),
              ]
                .filter(Boolean)
                .join(' · ')}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

type Item = { key: string; at: Date; text: string; detail?: ReactNode; tag: string };

const leadTag = (kind: LeadKind) => leadKindLabel[kind];

/** What staff did, as a timeline line. */
function activityItem(a: PersonActivity): Item {
  const who = a.actorEmail ?? 'Someone';
  const base = { key: `a${a.id}`, at: a.at, tag: a.leadKind ? leadTag(a.leadKind) : 'Person' };
  switch (a.kind) {
    case 'call':
      return {
        ...base,
        tag: 'Call',
        text: `${who} called: ${callOutcomeLabel[a.outcome as CallOutcome] ?? a.outcome}`,
        detail: a.note ? <Note text={a.note} /> : undefined,
      };
    case 'email': {
      const words = a.deliveryState ? deliveryWords({ state: a.deliveryState, detail: a.deliveryDetail, lastError: a.deliveryError }) : null;
      return {
        ...base,
        tag: 'Email',
        text: `${who} sent an email: “${a.subject ?? ''}”`,
        detail: (
          <>
            {words ? (
              <p data-email-delivery={a.deliveryState} className={`mt-1 text-xs font-semibold ${words.tone === 'failed' ? 'text-red-700' : 'text-slate-700'}`}>
                {words.text}
              </p>
            ) : null}
            {a.body ? (
              <details className="mt-1">
                <summary className="cursor-pointer text-xs text-slate-600">Show the email</summary>
                <Note text={a.body} />
              </details>
            ) : null}
          </>
        ),
      };
    }
    case 'next-action': {
      const dueAt = a.subject ? new Date(a.subject) : null;
      return {
        ...base,
        tag: 'Next action',
        text:
          a.outcome === 'done'
            ? `${who} marked the next action done`
            : `${who} set the next action: ${a.note ?? ''}${dueAt && !Number.isNaN(dueAt.getTime()) ? `, due ${formatDateTime(dueAt)}` : ''}`,
      };
    }
    case 'merge':
      return { ...base, tag: 'Merge', text: `${who} merged another person’s leads into this one` };
    case 'unmerge':
      return { ...base, tag: 'Merge', text: `${who} undid a merge: those leads are a person of their own again` };
  }
}

function Note({ text }: { text: string }) {
  return <p className="mt-1 whitespace-pre-line break-words rounded-lg bg-slate-50 p-2 text-slate-800">{text}</p>;
}

/** Every lead's events and everything staff did, newest first. */
function Timeline({ events, activities }: PersonPageProps) {
  const items: Item[] = [
    ...events
      .filter((e) => e.event.kind !== 'viewed')
      .map(({ kind, leadId, event }) => ({
        key: `e${kind}${leadId}${event.id}`,
        at: event.at,
        tag: leadTag(kind),
        text: describeLeadEvent(event, kind),
        detail: event.note && event.kind !== 'booking' && event.kind !== 'delivery' ? <Note text={event.note} /> : undefined,
      })),
    ...activities.map(activityItem),
  ].sort((a, b) => b.at.getTime() - a.at.getTime() || b.key.localeCompare(a.key));
  return (
    <section className={card} aria-labelledby="timeline-heading">
      <h2 id="timeline-heading" className="text-lg font-semibold text-slate-900">
        Timeline
      </h2>
      <ol className="mt-3 space-y-3 border-l-2 border-slate-200 pl-4" data-timeline>
        {items.map((item) => (
          <li key={item.key} className="text-sm" data-item={item.tag}>
            <div className="text-slate-900">
              <span className="mr-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-semibold text-slate-700">{item.tag}</span>
              {item.text}
            </div>
            {item.detail}
            <div className="text-xs text-slate-600">{formatDateTime(item.at)}</div>
          </li>
        ))}
      </ol>
    </section>
  );
}

function EmailComposer({ staff, person, leads, composer, saved, canEmail }: PersonPageProps) {
  const base = personPath(person.id);
  const writable = leads.filter((l) => !l.erasedAt && l.email);
  return (
    <section id="email" className={card} aria-labelledby="email-heading" tabIndex={-1}>
      <h2 id="email-heading" className="text-lg font-semibold text-slate-900">
        Send an email
      </h2>
      {composer === null || writable.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No lead of theirs has an email address to write to.</p>
      ) : (
        <>
          <form method="get" action={`${base}#email`} className="mt-3 space-y-3">
            <div>
              <label htmlFor="email-template" className={labelClass}>
                Template
              </label>
              <select id="email-template" name="template" defaultValue={composer.template} className={`${fieldClass} mt-1`}>
                {TEMPLATE_IDS.map((id) => (
                  <option key={id} value={id}>
                    {templateLabel[id]}
                  </option>
                ))}
              </select>
            </div>
            {writable.length > 1 ? (
              <div>
                <label htmlFor="email-lead" className={labelClass}>
                  About
                </label>
                <select id="email-lead" name="lead" defaultValue={composer.lead} className={`${fieldClass} mt-1`}>
                  {writable.map((l) => (
                    <option key={`${l.kind}/${l.id}`} value={`${l.kind}/${l.id}`}>
                      {`${leadKindLabel[l.kind]} of ${formatDateTime(l.createdAt)}`}
                    </option>
                  ))}
                </select>
              </div>
            ) : (
              <input type="hidden" name="lead" value={composer.lead} />
            )}
            <button type="submit" className={smallButton}>
              Fill in the template
            </button>
          </form>
          <form method="post" action={`${base}/email`} className="mt-4 space-y-3 border-t border-slate-100 pt-4">
            <CsrfField token={staff.csrfToken} />
            <input type="hidden" name="template" value={composer.template} />
            <input type="hidden" name="lead" value={composer.lead} />
            <div>
              <label htmlFor="email-subject" className={labelClass}>
                Subject
              </label>
              <input id="email-subject" name="subject" required maxLength={SUBJECT_MAX} defaultValue={composer.subject} className={`${fieldClass} mt-1`} />
            </div>
            <div>
              <label htmlFor="email-body" className={labelClass}>
                Message
              </label>
              <textarea id="email-body" name="body" required rows={12} maxLength={BODY_MAX} defaultValue={composer.body} className={`${fieldClass} mt-1`} />
            </div>
            <p className="text-sm text-slate-600">{`Sent to ${person.email ?? 'them'}; their reply comes to you (${staff.email}).`}</p>
            {canEmail ? null : (
              <p className={`px-3 py-2 ${cautionToneClass}`} data-email-off>
                This site cannot send email yet: whoever runs it has not set up a mail server (SMTP_URL). Call them instead; nothing you write here is sent or
                counted as a reply.
              </p>
            )}
            <button type="submit" className={`${buttonClass.primary} px-4 py-2 text-sm`} disabled={!canEmail}>
              Send
            </button>
          </form>
        </>
      )}
      <Saved saved={saved} at="email" />
    </section>
  );
}

function MergeSection({ staff, person, samePhone, merges, saved }: PersonPageProps) {
  const base = personPath(person.id);
  return (
    <section id="merge" className={card} aria-labelledby="merge-heading" tabIndex={-1}>
      <h2 id="merge-heading" className="text-lg font-semibold text-slate-900">
        Same person?
      </h2>
      {samePhone.length > 0 ? (
        <div className="mt-2" data-same-phone>
          <p className="text-sm text-slate-700">These people gave the same phone number. Merge them only if they are the same person.</p>
          <ul className="mt-2 space-y-2">
            {samePhone.map((p) => (
              <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                <a href={personPath(p.id)} className="break-all text-blue-800 hover:underline">
                  {p.name ?? p.email ?? 'Unnamed'}
                  {p.email && p.name ? ` (${p.email})` : ''}
                </a>
                <form method="post" action={`${base}/merge`}>
                  <CsrfField token={staff.csrfToken} />
                  <input type="hidden" name="from" value={p.id} />
                  <button type="submit" className={smallButton}>
                    Merge into this person
                  </button>
                </form>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {merges.length > 0 ? (
        <ul className="mt-3 space-y-2" data-merges>
          {merges.map((m) => (
            <li key={m.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
              <span className="break-all text-slate-700">{`Merged in: ${m.fromName ?? m.fromEmail ?? 'someone'}${m.fromEmail && m.fromName ? ` (${m.fromEmail})` : ''}, ${formatDateTime(m.at)}`}</span>
              <form method="post" action={`${base}/undo-merge`}>
                <CsrfField token={staff.csrfToken} />
                <input type="hidden" name="merge" value={m.id} />
                <button type="submit" className={smallButton}>
                  Undo merge
                </button>
              </form>
            </li>
          ))}
        </ul>
      ) : null}
      <form method="post" action={`${base}/merge`} className="mt-3 space-y-2 border-t border-slate-100 pt-3">
        <CsrfField token={staff.csrfToken} />
        <label htmlFor="merge-email" className={labelClass}>
          Merge another person into this one: their email
        </label>
        <div className="flex flex-wrap gap-2">
          <input id="merge-email" name="email" type="email" required autoComplete="off" className={`${fieldClass} min-w-0 flex-1`} />
          <button type="submit" className={smallButton}>
            Merge
          </button>
        </div>
      </form>
      <Saved saved={saved} at="merge" />
    </section>
  );
}

function EraseSection({ staff, person, confirmErase }: PersonPageProps) {
  const base = personPath(person.id);
  return (
    <section id="erase" className={`${card} border-red-200`} aria-labelledby="erase-heading" tabIndex={-1}>
      <h2 id="erase-heading" className="text-lg font-semibold text-red-800">
        Erase this person
      </h2>
      <p className="mt-2 text-sm text-slate-700">
        For someone who asks us to delete their information (PIPEDA): every lead, answer, session, call, email and note of theirs goes for good. What stays is
        an anonymous record that an erasure happened.
      </p>
      {!hasOwnerPowers(staff) ? (
        <>
          <OwnerOnlyNote what="erase a person" staff={staff} />
          <button type="button" disabled className={`${smallButton} mt-3 cursor-not-allowed text-slate-500 opacity-60`}>
            Erase this person…
          </button>
        </>
      ) : confirmErase ? (
        <form method="post" action={`${base}/erase`} className="mt-3 space-y-3" data-erase-confirm>
          <CsrfField token={staff.csrfToken} />
          <label className="flex items-start gap-2 text-sm text-slate-800">
            <input type="checkbox" name="confirm" value="erase" required className="mt-0.5 h-4 w-4 rounded border-slate-300" />I understand: this person asked
            to be erased, and this cannot be undone.
          </label>
          <div className="flex flex-wrap gap-2">
            <button type="submit" className="rounded-lg bg-red-700 px-3 py-2 text-sm font-semibold text-white hover:bg-red-800">
              Erase everything about them
            </button>
            <a href={base} className={smallButton}>
              Cancel
            </a>
          </div>
        </form>
      ) : (
        <a href={`${base}?erase=confirm#erase`} className={`${smallButton} mt-3 text-red-800`}>
          Erase this person…
        </a>
      )}
    </section>
  );
}

function ErasedPerson({ staff, leads }: PersonPageProps) {
  return (
    <StaffShell staff={staff} current="/admin/leads">
      <a href="/admin/leads" className="text-sm font-medium text-blue-800 hover:underline">
        ← All leads
      </a>
      <h1 className="mt-2 text-2xl font-bold tracking-tight text-slate-900">Erased person</h1>
      <p role="status" className="mt-2 text-slate-700" data-erased>
        This person was erased on request. What remains of their leads shows only that they existed.
      </p>
      <Leads leads={leads} />
    </StaffShell>
  );
}
