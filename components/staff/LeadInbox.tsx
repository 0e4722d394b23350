import { formatCount } from '../../lib/ab/format.ts';
import { sessionLabel } from '../../lib/booking/display.ts';
import { DAYS_ASKED } from '../../lib/forms/day.ts';
import {
  budgetLabel,
  failedDeliveriesHeadline,
  INBOX_PAGE_SIZE,
  LEAD_KINDS,
  LEAD_STATUSES,
  type LeadKind,
  type LeadRow,
  leadKindLabel,
  leadPath,
  leadStatusLabel,
  sourceLabel,
  tierLabel,
} from '../../lib/leads/pipeline.ts';
import { BULK_MAX, DUE_FILTERS, INBOX_SORTS, inboxSortLabel, type PeopleInboxQuery, peopleQuery } from '../../lib/leads/schema.ts';
import { telHref } from '../../lib/people/identity.ts';
import { bulkNotice, nextActionView, type PersonRow, personPath } from '../../lib/people/inbox.ts';
import { leadCountsText } from '../../lib/people/next-action.ts';
import { currentView, savedViews } from '../../lib/people/views.ts';
import { agency } from '../../lib/site.ts';
import { formatDateTime } from '../../lib/time/display.ts';
import { Island } from '../../server/islands/Island.tsx';
import { EmailAddress } from '../ui/EmailAddress.tsx';
import { inputClass } from '../ui/form.tsx';
import { buttonClass } from '../ui/styles.ts';
import { AlertLink } from './AlertLink.tsx';
import { CsrfField, type StaffPageProps, StaffShell } from './StaffShell.tsx';

export type LeadInboxProps = StaffPageProps & {
  query: PeopleInboxQuery;
  rows: PersonRow[];
  total: number;
  /** Leads past the 2-business-day promise. */
  overdue: number;
  /** Leads with a notification that failed for good. */
  failed: number;
  /** Whether anyone takes bookings with hours set (false: /book offers visitors no time). */
  takingBookings: boolean;
  owners: { id: string; email: string }[];
  sources: { source: string; count: number }[];
  now: Date;
  timeZone: string;
};

/** What a lead is worth at a glance: the audit's score and tier, or the intake's budget band (a booking alone says neither). */
export function leadSummary(lead: Pick<LeadRow, 'kind' | 'score' | 'tier' | 'budget'>): string {
  if (lead.kind === 'audit') return `${lead.score ?? '–'}/100 · ${tierLabel(lead.tier)}`;
  if (lead.kind === 'booking') return '';
  return budgetLabel(lead.budget);
}

export const kindTone: Record<LeadKind, string> = {
  audit: 'bg-blue-50 text-blue-800',
  intake: 'bg-amber-50 text-amber-800',
  booking: 'bg-violet-50 text-violet-800',
};

/**
 * The inbox: one row per person (their newest lead that matches the filters, what else they sent, their
 * next action), the saved views, the filters behind one button, bulk actions on the people ticked, and
 * the way to the other pages. Works without JavaScript; each row's status is the LeadStatus island.
 */
export function LeadInbox({ staff, query, rows, total, overdue, failed, takingBookings, owners, sources, now, timeZone }: LeadInboxProps) {
  const page = query.page ?? 1;
  const pages = Math.max(1, Math.ceil(total / INBOX_PAGE_SIZE));
  const here = `/admin/leads${peopleQuery(query)}`;
  const first = (page - 1) * INBOX_PAGE_SIZE + 1;
  const views = savedViews(now, timeZone);
  const view = currentView(query, views);
  const { page: _page, sort: _sort, ...leadFilters } = query;
  return (
    <StaffShell staff={staff} current="/admin/leads">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{query.spam ? 'Spam-flagged leads' : 'Leads'}</h1>
          <p className="mt-1 hidden text-sm text-slate-600 sm:block">
            One row per person who sent a free audit, a Q4 application or booked a session, with their newest lead. Times are Toronto time.
          </p>
        </div>
        <div className="flex gap-2">
          <a
            href={`/admin/board${query.q ? `?${new URLSearchParams({ q: query.q })}` : ''}`}
            className={`${buttonClass.secondary} px-3 py-1.5 text-sm sm:px-4 sm:py-2`}
          >
            Pipeline board
          </a>
          <a
            href={`/admin/leads.csv${peopleQuery({ ...leadFilters, sort: undefined, due: undefined })}`}
            className={`${buttonClass.secondary} px-3 py-1.5 text-sm sm:px-4 sm:py-2`}
            download
          >
            Export CSV
          </a>
        </div>
      </div>

      {query.done ? (
        <p role="status" data-bulk-done className="mt-4 rounded-xl border border-green-200 bg-green-50 px-4 py-3 text-sm font-medium text-green-800">
          {bulkNotice({ action: query.done, count: query.count ?? 0, skipped: query.skipped, to: query.value }, owners)}
        </p>
      ) : null}

      <Island name="OverdueHeadline" props={{ count: overdue, href: `/admin/leads${peopleQuery({ overdue: true })}` }} />

      {failed > 0 ? (
        <AlertLink href={`/admin/leads${peopleQuery({ failed: true })}`} tone="amber" data={{ 'data-failed-count': failed }}>
          {failedDeliveriesHeadline(failed)}
        </AlertLink>
      ) : null}

      {takingBookings ? null : (
        <AlertLink href="/admin/booking" tone="amber" data={{ 'data-no-bookings': '' }} action="Set your hours">
          Nobody is taking bookings: visitors who want a strategy session find no time to book
        </AlertLink>
      )}

      <nav aria-label="Saved views" className="mt-4">
        <ul className="flex flex-wrap gap-2">
          {views.map((v) => (
            <li key={v.id}>
              <a
                href={`/admin/leads${peopleQuery(v.query)}`}
                data-view={v.id}
                aria-current={view?.id === v.id ? 'page' : undefined}
                className="inline-flex whitespace-nowrap rounded-full border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 aria-[current=page]:border-blue-700 aria-[current=page]:bg-blue-700 aria-[current=page]:text-white"
              >
                {v.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      <Filters query={query} owners={owners} sources={sources} />

      <div className="mt-4 flex flex-wrap items-center justify-between gap-x-4 gap-y-2 sm:mt-6">
        <p className="text-sm text-slate-600" aria-live="polite">
          {total === 0
            ? 'No leads match these filters.'
            : `Showing ${formatCount(first)}–${formatCount(first + rows.length - 1)} of ${formatCount(total)} ${total === 1 ? 'person' : 'people'}`}
        </p>
        <nav aria-label="Sort" className="flex flex-wrap items-center gap-1 text-sm">
          <span className="text-slate-600">Sort by</span>
          {INBOX_SORTS.map((s) => (
            <a
              key={s}
              href={`/admin/leads${peopleQuery(query, { sort: s, page: undefined })}`}
              aria-current={(query.sort ?? 'due') === s ? 'true' : undefined}
              className="rounded-md px-2 py-1 font-medium text-blue-800 hover:underline aria-[current=true]:bg-slate-900 aria-[current=true]:text-white aria-[current=true]:no-underline"
            >
              {inboxSortLabel[s]}
            </a>
          ))}
        </nav>
      </div>

      {rows.length > 0 ? (
        // On a phone the people come first, the bulk form after them; from lg up it sits above the table.
        <div className="flex flex-col">
          <div className="order-2 lg:order-1">
            <BulkActions staff={staff} owners={owners} back={here} />
          </div>
          <div className="order-1 mt-3 rounded-xl border border-slate-200 bg-white lg:order-2">
            <table className="w-full table-fixed text-left text-sm" data-people-list>
              <caption className="sr-only">People and their newest lead</caption>
              <thead className="hidden bg-slate-50 text-xs uppercase tracking-wide text-slate-500 lg:table-header-group">
                <tr>
                  <th scope="col" className="w-10 px-3 py-3">
                    <span className="sr-only">Select</span>
                  </th>
                  <th scope="col" className="w-[30%] px-3 py-3 font-semibold">
                    Person
                  </th>
                  <th scope="col" className="w-[25%] px-3 py-3 font-semibold">
                    Newest lead
                  </th>
                  <th scope="col" className="w-[22%] px-3 py-3 font-semibold">
                    Next action
                  </th>
                  <th scope="col" className="hidden w-[14%] px-3 py-3 font-semibold min-[1400px]:table-cell">
                    Owner
                  </th>
                  <th scope="col" className="w-[19%] px-3 py-3 font-semibold">
                    Status
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {rows.map((person) => (
                  <PersonRowView key={person.id} person={person} now={now} csrfToken={staff.csrfToken} back={here} />
                ))}
              </tbody>
            </table>
          </div>
        </div>
      ) : null}

      {pages > 1 ? <Pagination query={query} page={page} pages={pages} /> : null}
    </StaffShell>
  );
}

function PersonRowView({ person, now, csrfToken, back }: { person: PersonRow; now: Date; csrfToken: string; back: string }) {
  const { lead } = person;
  const next = nextActionView(person, now);
  const { flag } = next;
  const name = person.erasedAt || lead.erasedAt ? 'Erased person' : (person.name ?? 'No name given');
  const tel = telHref(person.phone);
  const summary = leadSummary(lead);
  const cell = 'block lg:table-cell lg:px-3 lg:py-3 lg:align-top';
  return (
    <tr
      data-person={person.id}
      data-lead={`${lead.kind}/${lead.id}`}
      data-overdue={flag === 'overdue' || undefined}
      data-flag={flag ?? undefined}
      className={`relative block py-3 pl-11 pr-4 lg:table-row lg:p-0 ${flag === 'overdue' ? 'bg-red-50' : ''}`}
    >
      <td className="absolute left-3 top-3.5 lg:static lg:table-cell lg:px-3 lg:py-3 lg:align-top">
        <input
          type="checkbox"
          form="bulk"
          name="people"
          value={person.id}
          aria-label={`Select ${name}`}
          className="h-5 w-5 rounded border-slate-400 lg:h-4 lg:w-4"
        />
      </td>
      <td className={`${cell} break-words`}>
        <a href={personPath(person.id)} className="font-semibold text-blue-800 hover:underline">
          {name}
        </a>
        {lead.business ? <div className="text-slate-700">{lead.business}</div> : null}
        <div className="mt-1 flex flex-col gap-0.5">
          {tel ? (
            <a href={tel} className="w-fit font-medium text-blue-800 hover:underline" data-tel>
              {person.phone}
            </a>
          ) : null}
          {person.email ? (
            <a href={`mailto:${person.email}`} className="w-fit break-words text-slate-600 hover:underline">
              <EmailAddress email={person.email} />
            </a>
          ) : null}
        </div>
      </td>
      <td className={`${cell} pt-2`}>
        <div className="flex flex-wrap items-center gap-1.5">
          <a
            href={leadPath(lead.kind, lead.id)}
            className={`whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium underline-offset-2 hover:underline ${kindTone[lead.kind]}`}
            aria-label={`${leadKindLabel[lead.kind]} of ${formatDateTime(lead.createdAt)}`}
          >
            {leadKindLabel[lead.kind]}
          </a>
          {summary ? <span className="text-slate-800">{summary}</span> : null}
        </div>
        <div className="mt-1 text-slate-600">{formatDateTime(lead.createdAt)}</div>
        <div className="text-xs text-slate-600" data-counts>
          {leadCountsText(person.kinds)}
        </div>
        <div className="mt-1 flex flex-wrap gap-1.5 text-xs">
          <span className="rounded-full bg-slate-100 px-2 py-0.5 text-slate-700" title="Where they came from (first touch)">
            {lead.source === null ? 'Source not recorded' : `From ${sourceLabel(lead.source)}`}
          </span>
          {lead.marketingConsent ? <span className="rounded-full bg-green-50 px-2 py-0.5 text-green-800">Marketing OK</span> : null}
          {lead.deliveryFailed ? <span className="rounded-full bg-amber-100 px-2 py-0.5 font-semibold text-amber-900">Notification failed</span> : null}
          {person.nextSessionAt ? (
            <span data-next-session className="rounded-full bg-green-50 px-2 py-0.5 font-semibold text-green-800">
              {`Session ${sessionLabel(person.nextSessionAt, agency.timeZone)}`}
            </span>
          ) : null}
        </div>
      </td>
      <td className={`${cell} pt-2`} data-next-action>
        <Island name="NextAction" props={{ lead: `${lead.kind}/${lead.id}`, view: next }} />
      </td>
      {/* Under 1400 px the owner sits under the status (one column fewer), on a phone on a line of its own. */}
      <td className="block pt-1 text-slate-700 lg:hidden min-[1400px]:table-cell min-[1400px]:px-3 min-[1400px]:py-3 min-[1400px]:align-top">
        <span className="min-[1400px]:hidden">Owner: </span>
        {lead.ownerEmail ?? <span className="text-slate-600">Unassigned</span>}
      </td>
      <td className={`${cell} pt-2`}>
        {lead.erasedAt ? (
          <span className="text-slate-600">{leadStatusLabel[lead.status]}</span>
        ) : (
          <Island
            name="LeadStatus"
            props={{
              kind: lead.kind,
              id: lead.id,
              status: lead.status,
              csrfToken,
              label: `Status of ${name}`,
              valueLabel: `Monthly retainer of ${name}, CAD`,
              back,
            }}
          />
        )}
        <div className="mt-1 hidden text-xs text-slate-600 lg:block min-[1400px]:hidden">{lead.ownerEmail ? `Owner: ${lead.ownerEmail}` : 'Unassigned'}</div>
      </td>
    </tr>
  );
}

const selectClass = `${inputClass} py-2 text-sm`;

/** The action on the people ticked (the rows' boxes belong to this form by their `form` attribute: each row's status is a form of its own). */
function BulkActions({ staff, owners, back }: { staff: LeadInboxProps['staff']; owners: { id: string; email: string }[]; back: string }) {
  return (
    <form
      id="bulk"
      method="post"
      action="/admin/leads/bulk"
      aria-label="Change the people ticked"
      className="mt-3 flex flex-wrap items-end gap-2 rounded-xl border border-slate-200 bg-slate-50 p-3"
    >
      <CsrfField token={staff.csrfToken} />
      <input type="hidden" name="back" value={back} />
      <div className="text-sm font-medium text-slate-800">
        <label htmlFor="bulk-action">With the people ticked</label>
        <select id="bulk-action" name="action" className={`${selectClass} mt-1`} defaultValue="assign">
          <option value="assign">Assign to</option>
          <option value="status">Set status to</option>
          <option value="spam">Mark as spam</option>
        </select>
      </div>
      <div className="text-sm font-medium text-slate-800">
        <label htmlFor="bulk-value">To</label>
        <select id="bulk-value" name="value" className={`${selectClass} mt-1`} defaultValue={staff.id}>
          <optgroup label="Staff">
            <option value="none">Nobody</option>
            {owners.map((o) => (
              <option key={o.id} value={o.id}>
                {o.id === staff.id ? `Me (${o.email})` : o.email}
              </option>
            ))}
          </optgroup>
          <optgroup label="Status">
            {/* Won is set one lead at a time, with its monthly retainer (lib/leads/schema.ts bulkActionSchema). */}
            {LEAD_STATUSES.filter((s) => s !== 'won').map((s) => (
              <option key={s} value={s}>
                {leadStatusLabel[s]}
              </option>
            ))}
          </optgroup>
        </select>
      </div>
      <button type="submit" className={`${buttonClass.primary} px-4 py-2 text-sm`}>
        Apply to ticked
      </button>
      <p className="basis-full text-xs text-slate-600">{`Acts on every open lead of each person ticked (up to ${BULK_MAX}). Marking as spam needs no choice in "To".`}</p>
    </form>
  );
}

/** How many filters (beyond the search) are on, for the Filters button. */
const filtersOn = (q: PeopleInboxQuery) =>
  [q.type, q.status, q.owner, q.source, q.from, q.to, q.due, q.overdue, q.failed, q.spam].filter((v) => v !== undefined).length;

function Filters({
  query,
  owners,
  sources,
}: {
  query: PeopleInboxQuery;
  owners: { id: string; email: string }[];
  sources: { source: string; count: number }[];
}) {
  // A source in the address that no lead has (yet) still shows as chosen.
  const choices = query.source && !sources.some((s) => s.source === query.source) ? [{ source: query.source, count: 0 }, ...sources] : sources;
  const on = filtersOn(query);
  return (
    <form method="get" action="/admin/leads" className="mt-5 rounded-xl border border-slate-200 bg-white p-3 sm:p-4" aria-label="Filter leads">
      {query.sort && query.sort !== 'due' ? <input type="hidden" name="sort" value={query.sort} /> : null}
      <div className="flex flex-wrap items-end gap-2">
        <label className="block min-w-0 flex-1 basis-64 text-sm font-medium text-slate-800">
          Search
          {/* Wide enough for the whole hint (a phone number finds them too): on a phone the button goes under it. */}
          <input type="search" name="q" defaultValue={query.q ?? ''} placeholder="Name, business or email" className={`${selectClass} mt-1`} />
        </label>
        <button type="submit" className={`${buttonClass.primary} px-4 py-2 text-sm`}>
          Apply filters
        </button>
      </div>
      <details className="group mt-3" data-filters>
        <summary className="inline-flex cursor-pointer select-none items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50">
          {on > 0 ? `Filters (${on} on)` : 'Filters'}
        </summary>
        <div className="mt-3 grid grid-cols-2 gap-3 lg:grid-cols-6">
          <label className="block text-sm font-medium text-slate-800">
            Type
            <select name="type" defaultValue={query.type ?? ''} className={`${selectClass} mt-1`}>
              <option value="">All types</option>
              {LEAD_KINDS.map((k) => (
                <option key={k} value={k}>
                  {leadKindLabel[k]}
                </option>
              ))}
            </select>
          </label>
          <label className="block text-sm font-medium text-slate-800">
            Status
            <select name="status" defaultValue={query.status ?? ''} className={`${selectClass} mt-1`}>
              <option value="">Any status</option>
              {LEAD_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {leadStatusLabel[s]}
                </option>
              ))}
            </select>
          </label>
          <label className="col-span-2 block text-sm font-medium text-slate-800">
            Owner
            <select name="owner" defaultValue={query.owner ?? ''} className={`${selectClass} mt-1`}>
              <option value="">Anyone</option>
              <option value="me">Me</option>
              <option value="none">Unassigned</option>
              {owners.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.email}
                </option>
              ))}
            </select>
          </label>
          <label className="col-span-2 block text-sm font-medium text-slate-800">
            Came from
            <select name="source" defaultValue={query.source ?? ''} className={`${selectClass} mt-1`}>
              <option value="">Any source</option>
              {choices.map((s) => (
                <option key={s.source} value={s.source}>
                  {`${s.source} (${formatCount(s.count)})`}
                </option>
              ))}
            </select>
          </label>
          <label className="block text-sm font-medium text-slate-800">
            From
            <input type="date" name="from" defaultValue={query.from ?? ''} min={DAYS_ASKED.first} max={DAYS_ASKED.last} className={`${selectClass} mt-1`} />
          </label>
          <label className="block text-sm font-medium text-slate-800">
            To
            <input type="date" name="to" defaultValue={query.to ?? ''} min={DAYS_ASKED.first} max={DAYS_ASKED.last} className={`${selectClass} mt-1`} />
          </label>
          <label className="col-span-2 block text-sm font-medium text-slate-800">
            Next action
            <select name="due" defaultValue={query.due ?? ''} className={`${selectClass} mt-1`}>
              <option value="">Any</option>
              {DUE_FILTERS.map((d) => (
                <option key={d} value={d}>
                  {{ today: 'Due by end of today', overdue: 'Overdue', none: 'None set' }[d]}
                </option>
              ))}
            </select>
          </label>
          <div className="col-span-2 flex flex-col justify-end gap-2 text-sm text-slate-800">
            <label className="inline-flex items-center gap-2">
              <input type="checkbox" name="overdue" value="1" defaultChecked={query.overdue === true} className="h-4 w-4 rounded border-slate-300" />
              Past the reply promise only
            </label>
            <label className="inline-flex items-center gap-2">
              <input type="checkbox" name="failed" value="1" defaultChecked={query.failed === true} className="h-4 w-4 rounded border-slate-300" />
              Failed notifications only
            </label>
            <label className="inline-flex items-center gap-2">
              <input type="checkbox" name="spam" value="1" defaultChecked={query.spam === true} className="h-4 w-4 rounded border-slate-300" />
              Show spam-flagged instead
            </label>
          </div>
          <div className="col-span-2 flex items-end gap-2">
            <button type="submit" className={`${buttonClass.primary} px-4 py-2 text-sm`}>
              Apply
            </button>
            <a href="/admin/leads" className={`${buttonClass.ghost} text-sm`}>
              Clear
            </a>
          </div>
        </div>
      </details>
    </form>
  );
}

function Pagination({ query, page, pages }: { query: PeopleInboxQuery; page: number; pages: number }) {
  const link = (n: number) => `/admin/leads${peopleQuery(query, { page: n })}`;
  const button = `${buttonClass.secondary} px-4 py-2 text-sm`;
  return (
    <nav aria-label="Pages" className="mt-6 flex items-center justify-between gap-3">
      {page > 1 ? (
        <a href={link(page - 1)} rel="prev" className={button}>
          Previous
        </a>
      ) : (
        <span />
      )}
      <span className="text-sm text-slate-600">{`Page ${formatCount(page)} of ${formatCount(pages)}`}</span>
      {page < pages ? (
        <a href={link(page + 1)} rel="next" className={button}>
          Next
        </a>
      ) : (
        <span />
      )}
    </nav>
  );
}
