import { sessionLabel, slotTime } from '../../lib/booking/display.ts';
import type { DayGroup } from '../../lib/booking/session-list.ts';
import { type LeadKind, leadPath } from '../../lib/leads/pipeline.ts';
import { agency } from '../../lib/site.ts';
import { EmailAddress } from '../ui/EmailAddress.tsx';
import { buttonClass } from '../ui/styles.ts';
import { CsrfField, type StaffPageProps, StaffShell } from './StaffShell.tsx';

/** A session as the list shows it (db/queries/bookings.ts sessionsAround gives these and more). */
export type ListedSession = {
  id: string;
  leadKind: LeadKind;
  leadId: string;
  staffName: string | null;
  startsAt: Date;
  endsAt: Date;
  status: 'booked' | 'cancelled' | 'held' | 'no-show';
  name: string | null;
  business: string | null;
  email: string | null;
  phone: string | null;
  note: string | null;
};

export type SessionsPageProps = StaffPageProps & {
  /** Started and still booked: to be marked held or a no-show. */
  toMark: ListedSession[];
  upcoming: DayGroup<ListedSession>[];
  /** Marked in the last two weeks, newest day first. */
  marked: DayGroup<ListedSession>[];
  notice?: string;
};

const outcomeBadge = {
  held: { label: 'Held', tone: 'bg-green-50 text-green-800' },
  'no-show': { label: 'No-show', tone: 'bg-amber-100 text-amber-900' },
} as const;

/** The coming strategy sessions by day, and the ones that happened, to mark held or a no-show. A list, not a table: it reads on a phone. */
export function SessionsPage({ staff, toMark, upcoming, marked, notice }: SessionsPageProps) {
  return (
    <StaffShell staff={staff} current="/admin/sessions">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Sessions</h1>
      <p className="mt-1 max-w-2xl text-slate-700">
        Free strategy sessions booked on the site, everyone’s. After each, mark whether it was held: a no-show is sent a friendly email with a link to book
        again. Times are Toronto time.
      </p>
      {notice ? (
        <p role="status" className="mt-4 max-w-3xl rounded-lg bg-green-50 px-4 py-3 text-sm text-green-800">
          {notice}
        </p>
      ) : null}

      <div className="mt-6 max-w-3xl space-y-8">
        {toMark.length > 0 ? (
          <section aria-labelledby="to-mark-title" data-to-mark>
            <h2 id="to-mark-title" className="text-lg font-semibold text-slate-900">
              How did they go?
            </h2>
            <ol className="mt-3 space-y-3">
              {toMark.map((s) => (
                <SessionItem key={s.id} session={s} csrfToken={staff.csrfToken} showDate markable />
              ))}
            </ol>
          </section>
        ) : null}

        <section aria-labelledby="upcoming-title" data-upcoming>
          <h2 id="upcoming-title" className="text-lg font-semibold text-slate-900">
            Coming up
          </h2>
          {upcoming.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600">No sessions booked yet. They appear here as soon as a visitor books one.</p>
          ) : (
            <DayList groups={upcoming} csrfToken={staff.csrfToken} />
          )}
        </section>

        {marked.length > 0 ? (
          <section aria-labelledby="marked-title" data-marked>
            <h2 id="marked-title" className="text-lg font-semibold text-slate-900">
              The last two weeks
            </h2>
            <DayList groups={marked} csrfToken={staff.csrfToken} markable />
          </section>
        ) : null}
      </div>
    </StaffShell>
  );
}

function DayList({ groups, csrfToken, markable = false }: { groups: DayGroup<ListedSession>[]; csrfToken: string; markable?: boolean }) {
  return (
    <ol className="mt-3 space-y-5">
      {groups.map((g) => (
        <li key={g.day} data-day={g.day}>
          <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-500">{g.heading}</h3>
          <ol className="mt-2 space-y-3">
            {g.sessions.map((s) => (
              <SessionItem key={s.id} session={s} csrfToken={csrfToken} markable={markable} />
            ))}
          </ol>
        </li>
      ))}
    </ol>
  );
}

/** One session: when, who, with whom, their note, the lead, and (once it started) how it went. */
function SessionItem({
  session: s,
  csrfToken,
  showDate = false,
  markable,
}: {
  session: ListedSession;
  csrfToken: string;
  showDate?: boolean;
  markable: boolean;
}) {
  const when = showDate ? sessionLabel(s.startsAt, agency.timeZone) : slotTime(s.startsAt, agency.timeZone);
  const outcome = s.status === 'held' || s.status === 'no-show' ? outcomeBadge[s.status] : null;
  return (
    <li id={`session-${s.id}`} data-session={s.id} data-status={s.status} className="rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="font-semibold text-slate-900">
          <time dateTime={s.startsAt.toISOString()} className="tabular-nums">
            {when}
          </time>
          <span className="font-normal text-slate-500">{`–${slotTime(s.endsAt, agency.timeZone)}`}</span>
          <span className="font-normal text-slate-700">{` with ${s.staffName ?? 'a former staff member'}`}</span>
        </p>
        {outcome ? <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${outcome.tone}`}>{outcome.label}</span> : null}
      </div>
      <div className="mt-2 text-sm">
        <a href={leadPath(s.leadKind, s.leadId)} className="font-semibold text-blue-800 hover:underline">
          {s.name ?? 'Erased lead'}
        </a>
        {s.business ? <span className="text-slate-700">{` · ${s.business}`}</span> : null}
        <div className="mt-0.5 flex flex-wrap gap-x-4 gap-y-0.5 text-slate-600">
          {s.email ? (
            <a href={`mailto:${s.email}`} className="break-words hover:underline">
              <EmailAddress email={s.email} />
            </a>
          ) : null}
          {s.phone ? (
            <a href={`tel:${s.phone.replace(/[^\d+]/g, '')}`} className="whitespace-nowrap hover:underline">
              {s.phone}
            </a>
          ) : null}
        </div>
      </div>
      {s.note ? <p className="mt-2 whitespace-pre-line break-words rounded-lg bg-slate-50 p-2 text-sm text-slate-800">{s.note}</p> : null}
      {markable ? <OutcomeButtons session={s} csrfToken={csrfToken} /> : null}
    </li>
  );
}

/** Held / No-show for a session still booked; for one already marked, the other choice (a slip of the finger). */
function OutcomeButtons({ session: s, csrfToken }: { session: ListedSession; csrfToken: string }) {
  const action = `/admin/sessions/${encodeURIComponent(s.id)}/outcome`;
  // Named for a screen reader, which meets many "Held" buttons on the page.
  const label = `How the session with ${s.name ?? 'them'} on ${sessionLabel(s.startsAt, agency.timeZone)} went`;
  if (s.status === 'booked')
    return (
      <form method="post" action={action} aria-label={label} className="mt-3 flex flex-wrap gap-2">
        <CsrfField token={csrfToken} />
        <button type="submit" name="outcome" value="held" className={`${buttonClass.primary} px-4 py-2 text-sm`}>
          Held
        </button>
        <button type="submit" name="outcome" value="no-show" className={`${buttonClass.secondary} px-4 py-2 text-sm`}>
          No-show
        </button>
      </form>
    );
  const other = s.status === 'held' ? 'no-show' : 'held';
  return (
    <form method="post" action={action} aria-label={label} className="mt-2">
      <CsrfField token={csrfToken} />
      <button type="submit" name="outcome" value={other} className="text-sm font-medium text-blue-800 hover:underline">
        {other === 'held' ? 'It was held after all' : 'Mark as a no-show instead'}
      </button>
    </form>
  );
}
