import type { ReactNode } from 'react';
import { formatCad } from '../../lib/analytics/money.ts';
import type { CategoryScore } from '../../lib/audit/scoring.ts';
import { formatDollars } from '../../lib/audit/scoring.ts';
import { sessionLabel } from '../../lib/booking/display.ts';
import type { AnswerRow } from '../../lib/leads/answers.ts';
import { describeTouch, type ErasedTouch, parseErasedTouch, parseStoredTouch, type Touch } from '../../lib/leads/attribution.ts';
import { deliveryWords } from '../../lib/leads/delivery-words.ts';
import { CHANNELS, type Channel, channelLabel, type Delivery, ERASED_CHANNEL, isEmailChannel } from '../../lib/leads/notifications.ts';
import {
  LEAD_STATUSES,
  type Lead,
  type LeadEvent,
  type LeadStatus,
  leadKindLabel,
  leadPath,
  leadStatusLabel,
  NOTE_MAX,
  type SeenVariant,
  tierLabel,
} from '../../lib/leads/pipeline.ts';
import { tierMeaning } from '../../lib/leads/tier.ts';
import { telHref } from '../../lib/people/identity.ts';
import { replyBadge } from '../../lib/people/next-action.ts';
import { agency } from '../../lib/site.ts';
import type { SiteCheck } from '../../lib/site-check/types.ts';
import { hasOwnerPowers } from '../../lib/staff/roles.ts';
import { formatDateTime } from '../../lib/time/display.ts';
import { SiteCheckFindings } from '../site-check/SiteCheckFindings.tsx';
import { EmailAddress } from '../ui/EmailAddress.tsx';
import { inputClass, SelectField, TextAreaField } from '../ui/form.tsx';
import { buttonClass } from '../ui/styles.ts';
import { leadSummary } from './LeadInbox.tsx';
import { SavedNotice } from './SavedNotice.tsx';
import { CsrfField, OwnerOnlyNote, type StaffPageProps, StaffShell } from './StaffShell.tsx';
import { WonValueField } from './WonValueField.tsx';

export type AuditOutcome = {
  score: number;
  message: string;
  tier: string;
  estimatedValue: string;
  breakdown: CategoryScore[];
  recommended: { title: string; href: string }[];
};

export type ConsentRecord = { title: string; wording: string; version: string | null; page: string | null; at: Date; variants: string | null };

export type LeadDetailProps = StaffPageProps & {
  lead: Lead;
  /** What a form just saved (`?saved=`: status, owner, notes or spam), said beside that form. */
  saved?: string | null;
  answers: AnswerRow[];
  outcome: AuditOutcome | null;
  /** The check of the audit's website (issue 32); null when it gave none (or was erased). */
  siteCheck?: SiteCheck | null;
  /** The CASL consents the person gave: the intake's required one (and its marketing box when ticked), or the audit's marketing box when ticked. */
  consents: ConsentRecord[];
  deliveries: Delivery[];
  variants: SeenVariant[];
  timeline: LeadEvent[];
  owners: { id: string; email: string }[];
  /** Its strategy sessions, latest first (db/queries/bookings.ts bookingsOfLead). */
  sessions: LeadSession[];
  /** The address staff send it to book a session with (/book?lead={token}), once made. */
  bookingLink: string | null;
  /** The site has a mail server (SMTP_URL): an email not sent can be sent now. */
  canEmail: boolean;
  now: Date;
};

/** A strategy session of the lead, as its page lists it. */
export type LeadSession = {
  id: string;
  startsAt: Date;
  endsAt: Date;
  status: 'booked' | 'cancelled' | 'held' | 'no-show';
  staffName: string | null;
  previousStartsAt: Date | null;
};

const card = 'rounded-xl border border-slate-200 bg-white p-5';
const statusOptions = LEAD_STATUSES.map((status) => ({ value: status, label: leadStatusLabel[status] }));
const smallButton = `${buttonClass.secondary} px-3 py-2 text-sm`;

/** One lead: who and what they asked, how it scored, the pipeline controls, and everything that happened. */
export function LeadDetail(props: LeadDetailProps) {
  const { staff, lead, answers, outcome, siteCheck, consents, deliveries, variants, timeline, owners, sessions, bookingLink, now, saved } = props;
  const firstTouch = parseStoredTouch(lead.firstTouch);
  const lastTouch = parseStoredTouch(lead.lastTouch);
  const failed = deliveries.filter((d) => d.state === 'dead');
  const badge = replyBadge(lead, now);
  const erased = lead.erasedAt !== null;
  const byRetention = timeline.some((e) => e.kind === 'erased' && e.toValue === 'retention');
  const erasureNotice = deliveries.filter((d) => d.channel === ERASED_CHANNEL);
  const action = (what: string) => `${leadPath(lead.kind, lead.id)}/${what}`;
  return (
    <StaffShell staff={staff} current="/admin/leads">
      <a href="/admin/leads" className="text-sm font-medium text-blue-800 hover:underline">
        ← All leads
      </a>
      <div className="mt-3 flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{erased ? 'Erased lead' : lead.name}</h1>
          {erased ? null : <ContactLinks lead={lead} />}
          <p className="mt-1 text-slate-700">
            {[
              erased ? (byRetention ? 'Personal details erased at the end of their retention time' : 'Personal details erased on request') : lead.business,
              leadKindLabel[lead.kind],
              leadSummary(lead),
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
          <p className="mt-1 text-sm text-slate-600">
            Received {formatDateTime(lead.createdAt)} Toronto time
            {lead.isSpam ? <span className="ml-2 rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-700">Flagged as spam</span> : null}
          </p>
        </div>
        {badge ? (
          <div
            data-reply-by
            data-tone={badge.tone}
            className={`rounded-xl px-4 py-3 text-sm ${badge.tone === 'overdue' ? 'border border-red-200 bg-red-50 text-red-800' : 'border border-slate-200 bg-white text-slate-700'}`}
          >
            <div className="font-semibold">{badge.tone === 'overdue' ? 'Past the 2-business-day promise' : 'Reply-by promise'}</div>
            <div>{badge.text}</div>
          </div>
        ) : null}
      </div>

      {failed.length > 0 && !erased ? (
        <div role="alert" data-delivery-failed className="mt-5 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {failed.map((d) => (
            <p key={d.channel}>
              <strong>{`${channelLabel(d.channel, lead.kind)} could not be sent.`}</strong>
              {` ${deliveryWords(d).text}. See Notifications to retry it.`}
            </p>
          ))}
        </div>
      ) : null}

      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          {erased ? null : (
            <section className={card} aria-labelledby="answers-heading">
              <h2 id="answers-heading" className="text-lg font-semibold text-slate-900">
                {lead.kind === 'audit' ? 'Audit answers' : lead.kind === 'intake' ? 'Application' : 'What they told us when booking'}
              </h2>
              <dl className="mt-3 divide-y divide-slate-100">
                {answers.map((row) => (
                  <div key={row.field} className="grid gap-1 py-2 sm:grid-cols-5 sm:gap-4">
                    <dt className="text-sm text-slate-500 sm:col-span-2">{row.question}</dt>
                    <dd className="whitespace-pre-line break-words text-sm text-slate-900 sm:col-span-3">
                      {row.field === 'email' || row.field === 'workEmail' ? (
                        <a href={`mailto:${row.answer}`} className="text-blue-800 hover:underline">
                          {row.answer}
                        </a>
                      ) : (
                        row.answer
                      )}
                    </dd>
                  </div>
                ))}
              </dl>
            </section>
          )}

          {outcome ? <Outcome outcome={outcome} /> : null}

          {siteCheck && !erased ? <WebsiteCheck check={siteCheck} action={action('site-check')} csrfToken={staff.csrfToken} /> : null}

          <section className={card} aria-labelledby="submission-heading">
            <h2 id="submission-heading" className="text-lg font-semibold text-slate-900">
              Submission
            </h2>
            <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-2">
              <Fact label="Sent from">{lead.page ? pageName(lead.page) : erased ? 'Erased' : 'Not recorded'}</Fact>
              <Fact label="At">{formatDateTime(lead.createdAt)}</Fact>
              <Fact label="Came from (first touch)">
                {lead.source === null ? (
                  'Not recorded'
                ) : erased ? (
                  <ErasedTouchFacts touch={parseErasedTouch(lead.firstTouch)} />
                ) : (
                  <TouchFacts touch={firstTouch} />
                )}
              </Fact>
              <Fact label="Latest campaign or referral (last touch)">
                {erased ? (
                  <ErasedTouchFacts touch={parseErasedTouch(lead.lastTouch)} />
                ) : lastTouch && lastTouch.at !== firstTouch?.at ? (
                  <TouchFacts touch={lastTouch} />
                ) : (
                  'The same as the first touch'
                )}
              </Fact>
              <Fact label="Marketing emails">
                {lead.marketingConsent ? 'Yes: they agreed to receive them (record below)' : 'No: write only about this request'}
              </Fact>
              <Fact label="A/B variants seen">
                {variants.length === 0
                  ? 'None recorded'
                  : variants.map((v) => (
                      <div key={v.testName}>
                        {v.testName}: <strong>{v.variantName}</strong>
                      </div>
                    ))}
              </Fact>
            </dl>
            {consents.map((consent) => (
              <div key={consent.title} className="mt-4 rounded-lg bg-slate-50 p-3 text-sm" data-consent-record>
                <h3 className="font-semibold text-slate-900">{consent.title}</h3>
                <p className="mt-1 text-slate-700">“{consent.wording}”</p>
                <p className="mt-1 text-slate-500">
                  {`Version ${consent.version ?? 'not recorded'}, given on ${consent.page ?? 'an unrecorded page'} at ${formatDateTime(consent.at)}`}
                  {consent.variants ? `, having seen ${consent.variants}` : ''}
                </p>
              </div>
            ))}
          </section>

          <Timeline events={timeline} kind={lead.kind} />
        </div>

        <aside className="order-first space-y-6 lg:order-last" aria-label="Pipeline">
          {erased ? (
            <section className={card}>
              <h2 className="text-lg font-semibold text-slate-900">Pipeline</h2>
              <p className="mt-2 text-sm text-slate-700">
                Status: {leadStatusLabel[lead.status]}. An erased lead cannot be changed; this record only shows that it existed and who erased it.
              </p>
            </section>
          ) : null}
          {erased && sessions.length > 0 ? <Sessions sessions={sessions} bookingLink={null} action={null} csrfToken={staff.csrfToken} /> : null}
          {erased && erasureNotice.length > 0 ? (
            <Notifications deliveries={erasureNotice} kind={lead.kind} action={action('retry')} csrfToken={staff.csrfToken} canEmail={props.canEmail} />
          ) : null}
          {erased ? null : (
            <>
              <section id="status" tabIndex={-1} className={card} aria-labelledby="status-heading">
                <h2 id="status-heading" className="text-lg font-semibold text-slate-900">
                  Status
                </h2>
                <form method="post" action={action('status')} className="mt-3 space-y-3">
                  <CsrfField token={staff.csrfToken} />
                  {lead.status === 'won' && lead.wonValue !== null ? (
                    <p className="text-sm text-slate-700" data-won-value-shown>
                      {`Won: ${formatCad(lead.wonValue)} a month`}
                    </p>
                  ) : null}
                  <SelectField
                    id="lead-status"
                    name="status"
                    label="Move to"
                    defaultValue={lead.status}
                    options={statusOptions}
                    className={`${inputClass} py-2 text-sm`}
                  />
                  <WonValueField id="lead-won-value" defaultValue={lead.wonValue} />
                  <TextAreaField
                    id="lead-status-note"
                    name="note"
                    label="Note (optional)"
                    rows={2}
                    maxLength={NOTE_MAX}
                    className={`${inputClass} text-sm`}
                    placeholder="Left a voicemail, booked Tuesday 10:00…"
                  />
                  <button type="submit" className={smallButton}>
                    Save status
                  </button>
                </form>
                {saved === 'status' ? (
                  <SavedNotice
                    saved={saved}
                    message={`Saved: ${leadStatusLabel[lead.status]}${lead.status === 'won' && lead.wonValue !== null ? `, ${formatCad(lead.wonValue)} a month` : ''}.`}
                  />
                ) : null}
              </section>

              <Sessions sessions={sessions} bookingLink={bookingLink} action={action('booking-link')} csrfToken={staff.csrfToken} />

              <section id="owner" tabIndex={-1} className={card} aria-labelledby="owner-heading">
                <h2 id="owner-heading" className="text-lg font-semibold text-slate-900">
                  Owner
                </h2>
                <form method="post" action={action('owner')} className="mt-3 flex flex-wrap items-end gap-2">
                  <CsrfField token={staff.csrfToken} />
                  <div className="grow">
                    <SelectField
                      id="lead-owner"
                      name="owner"
                      label="Assigned to"
                      defaultValue={lead.ownerId ?? 'none'}
                      options={[
                        { value: 'none', label: 'Nobody yet' },
                        { value: staff.id, label: 'Me' },
                        ...owners.filter((o) => o.id !== staff.id).map((o) => ({ value: o.id, label: o.email })),
                      ]}
                      className={`${inputClass} py-2 text-sm`}
                    />
                  </div>
                  <button type="submit" className={smallButton}>
                    Assign
                  </button>
                </form>
                {saved === 'owner' ? <SavedNotice saved={saved} message={lead.ownerEmail ? `Assigned to ${lead.ownerEmail}.` : 'Assigned to nobody.'} /> : null}
              </section>

              <Notifications deliveries={deliveries} kind={lead.kind} action={action('retry')} csrfToken={staff.csrfToken} canEmail={props.canEmail} />

              <section id="notes" tabIndex={-1} className={card} aria-labelledby="note-heading">
                <h2 id="note-heading" className="text-lg font-semibold text-slate-900">
                  Add a note
                </h2>
                <form method="post" action={action('notes')} className="mt-3 space-y-3">
                  <CsrfField token={staff.csrfToken} />
                  <TextAreaField id="lead-note" name="note" label="Note" hideLabel required rows={3} maxLength={NOTE_MAX} className={`${inputClass} text-sm`} />
                  <button type="submit" className={smallButton}>
                    Add note
                  </button>
                </form>
                {saved === 'notes' ? <SavedNotice saved={saved} message="Note added: it is on the timeline below." /> : null}
              </section>

              <section id="spam" tabIndex={-1} className={card} aria-labelledby="care-heading">
                <h2 id="care-heading" className="text-lg font-semibold text-slate-900">
                  Spam and privacy
                </h2>
                <form method="post" action={action('spam')} className="mt-3">
                  <CsrfField token={staff.csrfToken} />
                  <input type="hidden" name="spam" value={lead.isSpam ? 'false' : 'true'} />
                  <button type="submit" className={smallButton}>
                    {lead.isSpam ? 'Mark as not spam' : 'Mark as spam'}
                  </button>
                </form>
                {saved === 'spam' ? (
                  <SavedNotice
                    saved={saved}
                    message={lead.isSpam ? 'Marked as spam: it is out of the inbox.' : 'Marked as not spam: its notifications are queued.'}
                  />
                ) : null}
                <details className="mt-4 rounded-lg border border-red-200 p-3">
                  <summary className="cursor-pointer text-sm font-semibold text-red-800">Erase this lead</summary>
                  <p className="mt-2 text-sm text-slate-700">
                    For a person who asks us to delete their information (PIPEDA). Their answers, name, business, email, phone, notes and campaign details are
                    removed for good, and their A/B test visits are no longer tied to them. What stays: that a lead arrived, its source and medium, and who
                    erased it, when. A connected webhook is told to delete its copy.
                  </p>
                  {hasOwnerPowers(staff) ? null : <OwnerOnlyNote what="erase a lead" staff={staff} />}
                  <form method="post" action={action('erase')} className="mt-3">
                    <CsrfField token={staff.csrfToken} />
                    {/* A staff account sees the form greyed out (the route refuses it with 403 all the same). */}
                    <fieldset disabled={!hasOwnerPowers(staff)} className="space-y-3 disabled:opacity-60">
                      <label className="flex items-start gap-2 text-sm text-slate-800">
                        <input type="checkbox" name="confirm" value="erase" required className="mt-0.5 h-4 w-4 rounded border-slate-300" />I confirm this person
                        asked to be erased. This cannot be undone.
                      </label>
                      <button
                        type="submit"
                        className="rounded-lg bg-red-700 px-3 py-2 text-sm font-semibold text-white hover:bg-red-800 disabled:cursor-not-allowed disabled:bg-slate-400"
                      >
                        Erase
                      </button>
                    </fieldset>
                  </form>
                </details>
              </section>
            </>
          )}
        </aside>
      </div>
    </StaffShell>
  );
}

/** How to reach the person, first thing on a phone: their number to tap, their email, and everything else of theirs. */
function ContactLinks({ lead }: { lead: Lead }) {
  const tel = telHref(lead.phone);
  const link =
    'inline-flex min-h-11 items-center gap-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-blue-800 hover:bg-slate-50';
  return (
    <ul className="mt-2 flex flex-wrap gap-2" data-lead-contact>
      {lead.phone && tel ? (
        <li>
          <a href={tel} className={link} data-tel>
            Call {lead.phone}
          </a>
        </li>
      ) : null}
      {lead.email ? (
        <li className="min-w-0 max-w-full">
          <a href={`mailto:${lead.email}`} className={`${link} max-w-full break-words`} data-mailto>
            <span className="min-w-0">
              Email <EmailAddress email={lead.email} />
            </span>
          </a>
        </li>
      ) : null}
      {lead.personId ? (
        <li>
          <a href={`/admin/people/${encodeURIComponent(lead.personId)}`} className={link} data-person-link>
            {lead.name ? `All of ${lead.name}’s leads and calls` : 'All of their leads and calls'}
          </a>
        </li>
      ) : null}
    </ul>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-slate-500">{label}</dt>
      <dd className="text-slate-900">{children}</dd>
    </div>
  );
}

/** What the check of the audit's website found, and a button to check it again (a plain form post). */
function WebsiteCheck({ check, action, csrfToken }: { check: SiteCheck; action: string; csrfToken: string }) {
  return (
    <section className={card} aria-labelledby="site-check-heading" data-lead-site-check={check.status} id="site-check">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="site-check-heading" className="text-lg font-semibold text-slate-900">
          Website check
        </h2>
        {check.status === 'pending' ? null : (
          <form method="post" action={action}>
            <CsrfField token={csrfToken} />
            <button type="submit" className={smallButton}>
              Check the website again
            </button>
          </form>
        )}
      </div>
      <SiteCheckFindings check={check} audience="staff" checkedAtText={check.checkedAt ? formatDateTime(check.checkedAt) : null} />
    </section>
  );
}

function Outcome({ outcome }: { outcome: AuditOutcome }) {
  return (
    <section className={card} aria-labelledby="outcome-heading">
      <h2 id="outcome-heading" className="text-lg font-semibold text-slate-900">
        Results the visitor saw
      </h2>
      <p className="mt-2 text-sm text-slate-700">
        <strong className="text-2xl text-slate-900">{outcome.score}</strong>/100 · {outcome.message}
      </p>
      <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-2">
        <Fact label="Package tier">
          {tierLabel(outcome.tier)}
          {/* What the tier means, in words on the page (a title tooltip reaches neither touch nor screen readers). */}
          <span className="mt-1 block text-xs text-slate-600">{tierMeaning(outcome.tier).replace(/^\w+: /, '')}</span>
        </Fact>
        <Fact label="Estimated monthly value">{formatDollars(outcome.estimatedValue)}</Fact>
      </dl>
      <ul className="mt-4 space-y-2">
        {outcome.breakdown.map((c) => (
          <li key={c.key} className="text-sm">
            <div className="flex justify-between font-medium text-slate-800">
              <span>{c.label}</span>
              <span>
                {c.points}/{c.max}
              </span>
            </div>
            <div className="mt-1 h-1.5 rounded-full bg-slate-100">
              <div className="h-1.5 rounded-full bg-blue-600" style={{ width: `${Math.round((c.points / c.max) * 100)}%` }} />
            </div>
            <p className="mt-1 text-slate-500">{c.why}</p>
          </li>
        ))}
      </ul>
      <h3 className="mt-4 text-sm font-semibold text-slate-900">Recommended services</h3>
      <ul className="mt-1 list-inside list-disc text-sm text-slate-700">
        {outcome.recommended.map((s) => (
          <li key={s.href}>
            <a href={s.href} className="text-blue-800 hover:underline">
              {s.title}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A page of the site as staff read it: the home page by name, any other by its path. */
/**
 * A form sent again without JavaScript, from the page that showed what to correct, names the form's own
 * address (the page the person first filled it in on is not known then): said as the form.
 */
const FORM_ADDRESSES: Record<string, string> = { '/api/business-audit': 'the audit form', '/api/q4-intake': 'the Q4 intake form' };
const pageName = (path: string) => (path === '/' ? 'the home page (/)' : (FORM_ADDRESSES[path] ?? path));

/** One event of a lead's timeline, as a sentence (the person's page shows them too: components/staff/PersonPage.tsx). */
export function describeLeadEvent(event: LeadEvent, kind: Lead['kind']): string {
  const who = event.actorEmail ?? 'Someone';
  const status = (v: string | null) => leadStatusLabel[(v ?? 'new') as LeadStatus] ?? v;
  switch (event.kind) {
    case 'submitted':
      return event.toValue ? `Submitted from ${pageName(event.toValue)}` : 'Submitted';
    case 'resubmitted':
      return `Applied again${event.toValue ? ` from ${pageName(event.toValue)}` : ''}: the application was updated with the new answers`;
    case 'viewed':
      return `${who} opened it`;
    case 'status':
      if (event.fromValue === event.toValue) return `${who} added a note at ${status(event.toValue)}`;
      // No one on staff: the person's own booking on the site moved it (db/queries/bookings.ts).
      if (!event.actorEmail && event.toValue === 'session booked')
        return `They booked a strategy session on the site: moved from ${status(event.fromValue)} to ${status(event.toValue)}`;
      // Their cancelling put it back where their booking found it (New, or Contacted: db/queries/bookings.ts cancelBooking).
      if (!event.actorEmail && event.fromValue === 'session booked' && (event.toValue === 'new' || event.toValue === 'contacted'))
        return `They cancelled their strategy session: moved back to ${status(event.toValue)}`;
      return `${who} moved it from ${status(event.fromValue)} to ${status(event.toValue)}`;
    case 'owner':
      return event.toValue ? `${who} assigned it to ${event.toValue}` : `${who} unassigned it${event.fromValue ? ` from ${event.fromValue}` : ''}`;
    case 'note':
      return `${who} added a note`;
    case 'spam':
      return event.toValue === 'true' ? `${who} marked it as spam` : `${who} marked it as not spam`;
    case 'erased':
      return event.toValue === 'retention'
        ? 'The personal details were erased automatically at the end of their retention time'
        : `${who} erased the personal details on request`;
    case 'delivery': {
      if (event.fromValue === 'site-check') {
        // Delivered: the check ran, whatever it found (an unreachable site is a finding too).
        if (event.toValue === 'delivered') return 'Website check: finished (what it found is under Website check)';
        if (event.toValue === 'skipped') return 'Website check: not run';
        if (event.toValue === 'dead') return 'Website check: failed for good';
        return `${who} checked the website again`;
      }
      const what = CHANNELS.includes(event.fromValue as Channel) ? channelLabel(event.fromValue as Channel, kind) : (event.fromValue ?? 'A notification');
      if (event.toValue === 'delivered') return `${what}: sent`;
      if (event.toValue === 'skipped') return `${what}: not sent`;
      if (event.toValue === 'dead') return `${what}: failed for good`;
      return `${who} asked to send the ${what.charAt(0).toLowerCase()}${what.slice(1)} again`;
    }
    case 'booking':
      return describeBooking(event, who);
    case 'won value': {
      const amount = (v: string | null) => (v === null || Number.isNaN(Number(v)) ? '' : `${formatCad(Number(v))} a month`);
      return event.fromValue === null
        ? `${who} set the monthly retainer to ${amount(event.toValue)}`
        : `${who} changed the monthly retainer from ${amount(event.fromValue)} to ${amount(event.toValue)}`;
    }
  }
}

/** A session on the timeline: booked, moved, cancelled, held or missed (the note holds its times, ISO 8601). */
function describeBooking(event: LeadEvent, who: string): string {
  const times = (event.note ?? '').split(' → ').map((t) => (Number.isNaN(Date.parse(t)) ? t : sessionLabel(new Date(t), agency.timeZone)));
  switch (event.toValue) {
    case 'booked':
      return `Booked a strategy session: ${times[0]}`;
    case 'moved':
      return `Moved the session from ${times[0]} to ${times[1] ?? '?'}`;
    case 'cancelled':
      return event.actorEmail ? `${who} cancelled the session of ${times[0]}` : `Cancelled the session of ${times[0]}`;
    case 'held':
      return `${who} marked the session of ${times[0]} as held`;
    case 'no-show':
      return `${who} marked the session of ${times[0]} as missed (no-show)`;
    default:
      return `Session: ${event.toValue ?? ''}`;
  }
}

/** A touch as staff read it: source / medium · campaign, then the rest of what was recorded. */
function TouchFacts({ touch }: { touch: Touch | null }) {
  if (!touch) return <>direct / none (no campaign or referring site)</>;
  const extra = [
    touch.utm_term ? `term “${touch.utm_term}”` : null,
    touch.utm_content ? `content “${touch.utm_content}”` : null,
    touch.gclid ? 'Google Ads click' : touch.gbraid || touch.wbraid ? 'Google Ads click (iPhone or iPad)' : null,
    touch.fbclid ? 'Meta ads click' : null,
    touch.referrer ? `from ${touch.referrer}` : null,
    `landed on ${touch.landing}`,
    formatDateTime(touch.at),
  ].filter(Boolean);
  return (
    <>
      <div className="font-medium">{describeTouch(touch)}</div>
      <div className="break-words text-slate-500">{extra.join(' · ')}</div>
    </>
  );
}

/** What erasure kept of a touch: its source and medium. */
function ErasedTouchFacts({ touch }: { touch: ErasedTouch | null }) {
  if (!touch) return <>direct / none (no campaign or referring site)</>;
  return (
    <>
      <div className="font-medium">{`${touch.source} / ${touch.medium}`}</div>
      <div className="text-slate-500">The rest was erased with the personal details.</div>
    </>
  );
}

const sessionState: Record<LeadSession['status'], { label: string; tone: string }> = {
  booked: { label: 'Booked', tone: 'bg-blue-50 text-blue-800' },
  held: { label: 'Held', tone: 'bg-green-50 text-green-800' },
  'no-show': { label: 'No-show', tone: 'bg-amber-100 text-amber-900' },
  cancelled: { label: 'Cancelled', tone: 'bg-slate-100 text-slate-700' },
};

/**
 * The lead's strategy sessions with their state, and the link staff send it to book one: made by a
 * plain form (once; the same link after), then shown in a read-only field to copy. `action` null: no
 * link can be made (an erased lead).
 */
function Sessions({
  sessions,
  bookingLink,
  action,
  csrfToken,
}: {
  sessions: LeadSession[];
  bookingLink: string | null;
  action: string | null;
  csrfToken: string;
}) {
  return (
    <section className={card} aria-labelledby="sessions-heading" data-sessions>
      <h2 id="sessions-heading" className="text-lg font-semibold text-slate-900">
        Strategy sessions
      </h2>
      {sessions.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">None booked yet.</p>
      ) : (
        <ul className="mt-3 space-y-2">
          {sessions.map((s) => (
            <li key={s.id} data-session={s.id} data-status={s.status} className="flex flex-wrap items-center justify-between gap-2 text-sm">
              <span className={s.status === 'cancelled' ? 'text-slate-500 line-through' : 'text-slate-900'}>
                <time dateTime={s.startsAt.toISOString()} className="font-medium">
                  {sessionLabel(s.startsAt, agency.timeZone)}
                </time>
                {s.staffName ? <span className="text-slate-600">{` with ${s.staffName}`}</span> : null}
              </span>
              <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${sessionState[s.status].tone}`}>{sessionState[s.status].label}</span>
            </li>
          ))}
        </ul>
      )}
      {action ? (
        <div id="booking-link" className="mt-4 border-t border-slate-100 pt-4">
          <h3 className="text-sm font-semibold text-slate-900">Booking link</h3>
          {bookingLink ? (
            <>
              <label htmlFor="lead-booking-link" className="mt-1 block text-sm text-slate-600">
                Send it to them: it opens the booking page with their name and email filled in, and the session joins this lead.
              </label>
              <input id="lead-booking-link" type="text" readOnly value={bookingLink} data-booking-link className={`${inputClass} mt-2 font-mono text-sm`} />
            </>
          ) : (
            <form method="post" action={action} className="mt-2">
              <CsrfField token={csrfToken} />
              <p className="text-sm text-slate-600">A private link to send them, so they can book a time themselves.</p>
              <button type="submit" className={`${smallButton} mt-2`}>
                Make a booking link
              </button>
            </form>
          )}
        </div>
      ) : null}
    </section>
  );
}

const deliveryState: Record<Delivery['state'], { label: string; tone: string }> = {
  queued: { label: 'Waiting to send', tone: 'bg-slate-100 text-slate-700' },
  running: { label: 'Sending', tone: 'bg-blue-50 text-blue-800' },
  delivered: { label: 'Sent', tone: 'bg-green-50 text-green-800' },
  skipped: { label: 'Not sent', tone: 'bg-slate-100 text-slate-700' },
  dead: { label: 'Failed', tone: 'bg-red-100 text-red-800' },
};

/** The lead's notifications: each channel's state, what it said, and Retry for one that failed or was not sent. */
function Notifications({
  deliveries,
  kind,
  action,
  csrfToken,
  canEmail,
}: {
  deliveries: Delivery[];
  kind: Lead['kind'];
  action: string;
  csrfToken: string;
  canEmail: boolean;
}) {
  return (
    <section className={card} aria-labelledby="notifications-heading" data-notifications>
      <h2 id="notifications-heading" className="text-lg font-semibold text-slate-900">
        Notifications
      </h2>
      {deliveries.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">
          {kind === 'booking'
            ? 'None of its own: its sessions’ emails, invitations and reminders are sent with each session.'
            : 'None: it arrived before notifications existed, or it is flagged as spam (marking it as not spam sends them).'}
        </p>
      ) : (
        <ul className="mt-3 space-y-3">
          {deliveries.map((d) => (
            <li key={d.channel} data-delivery={d.channel} data-state={d.state} className="text-sm">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-medium text-slate-900">{channelLabel(d.channel, kind)}</span>
                <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${deliveryState[d.state].tone}`}>{deliveryState[d.state].label}</span>
              </div>
              <p className={`mt-1 break-words ${d.state === 'dead' ? 'text-red-700' : 'text-slate-600'}`} data-delivery-words>
                {deliveryWords(d).text}
                {d.state === 'queued' && d.attempts > 0
                  ? `. Tried ${d.attempts} ${d.attempts === 1 ? 'time' : 'times'}; next try ${formatDateTime(d.runAt)}.`
                  : ''}
              </p>
              {d.lastError && d.state !== 'delivered' ? (
                <details className="mt-1 text-xs text-slate-600">
                  <summary className="cursor-pointer">What the server said</summary>
                  <p className="break-words">{`Last error: ${d.lastError}`}</p>
                </details>
              ) : null}
              {(d.state === 'dead' || d.state === 'skipped') && !canEmail && isEmailChannel(d.channel) ? (
                // Sending it now would only skip it again: say why instead of offering a button that does nothing.
                <p className="mt-2 text-xs text-slate-600" data-send-now-off>
                  It can be sent once whoever runs the site sets up a mail server (SMTP_URL).
                </p>
              ) : d.state === 'dead' || d.state === 'skipped' ? (
                <form method="post" action={action} className="mt-2">
                  <CsrfField token={csrfToken} />
                  <input type="hidden" name="channel" value={d.channel} />
                  <button type="submit" className={smallButton}>
                    {d.state === 'dead' ? 'Retry' : 'Send now'}
                  </button>
                </form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Timeline({ events, kind }: { events: LeadEvent[]; kind: Lead['kind'] }) {
  const views = events.filter((e) => e.kind === 'viewed');
  const shown = events.filter((e) => e.kind !== 'viewed');
  return (
    <section className={card} aria-labelledby="timeline-heading">
      <h2 id="timeline-heading" className="text-lg font-semibold text-slate-900">
        Timeline
      </h2>
      <ol className="mt-3 space-y-3 border-l-2 border-slate-200 pl-4" data-timeline>
        {shown.map((e) => (
          <li key={e.id} data-event={e.kind} className="text-sm">
            <div className="text-slate-900">{describeLeadEvent(e, kind)}</div>
            {e.note && e.kind !== 'booking' ? <p className="mt-1 whitespace-pre-line break-words rounded-lg bg-slate-50 p-2 text-slate-800">{e.note}</p> : null}
            <div className="text-xs text-slate-500">{formatDateTime(e.at)}</div>
          </li>
        ))}
      </ol>
      {views.length > 0 ? (
        <details className="mt-4 text-sm">
          <summary className="cursor-pointer text-slate-600">
            Opened {views.length} {views.length === 1 ? 'time' : 'times'} by staff (access log)
          </summary>
          <ul className="mt-2 space-y-1 text-slate-600">
            {views.map((e) => (
              <li key={e.id}>
                {e.actorEmail ?? 'Removed account'} · {formatDateTime(e.at)}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </section>
  );
}
