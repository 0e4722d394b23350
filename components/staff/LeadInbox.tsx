import { formatCount } from '../../lib/ab/format.ts';
import { sessionLabel } from '../../lib/booking/display.ts';
import {
  budgetLabel,
  failedDeliveriesHeadline,
  INBOX_PAGE_SIZE,
  type InboxRow,
  isOverdue,
  LEAD_KINDS,
  LEAD_STATUSES,
  type LeadKind,
  type LeadRow,
  leadKindLabel,
  leadPath,
  leadStatusLabel,
  overdueHeadline,
  sourceLabel,
  tierLabel,
} from '../../lib/leads/pipeline.ts';
import { filtersQuery, type InboxFilters } from '../../lib/leads/schema.ts';
import { agency } from '../../lib/site.ts';
import { formatDateTime } from '../../lib/time/display.ts';
import { Island } from '../../server/islands/Island.tsx';
import { inputClass } from '../ui/form.tsx';
import { buttonClass } from '../ui/styles.ts';
import { type StaffPageProps, StaffShell } from './StaffShell.tsx';

export type LeadInboxProps = StaffPageProps & {
  filters: InboxFilters;
  rows: InboxRow[];
  total: number;
  overdue: number;
  /** Leads with a notification that failed for good. */
  failed: number;
  owners: { id: string; email: string }[];
  sources: { source: string; count: number }[];
  now: Date;
};

/** What a lead is worth at a glance: the audit's score and tier, or the intake's budget band (a booking alone says neither). */
export function leadSummary(lead: Pick<LeadRow, 'kind' | 'score' | 'tier' | 'budget'>): string {
  if (lead.kind === 'audit') return `${lead.score ?? '–'}/100 · ${tierLabel(lead.tier)}`;
  if (lead.kind === 'booking') return '';
  return budgetLabel(lead.budget);
}

const kindTone: Record<LeadKind, string> = {
  audit: 'bg-blue-50 text-blue-800',
  intake: 'bg-amber-50 text-amber-800',
  booking: 'bg-violet-50 text-violet-800',
};

/** The lead inbox: the overdue count, the filters, one page of leads and the way to the others. */
export function LeadInbox({ staff, filters, rows, total, overdue, failed, owners, sources, now }: LeadInboxProps) {
  const page = filters.page ?? 1;
  const pages = Math.max(1, Math.ceil(total / INBOX_PAGE_SIZE));
  const here = `/admin/leads${filtersQuery(filters)}`;
  const first = (page - 1) * INBOX_PAGE_SIZE + 1;
  return (
    <StaffShell staff={staff} current="/admin/leads">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{filters.spam ? 'Spam-flagged leads' : 'Leads'}</h1>
          <p className="mt-1 text-sm text-slate-600">Every free audit, Q4 application and session booked on the site, newest first. Times are Toronto time.</p>
        </div>
        <a href={`/admin/leads.csv${filtersQuery({ ...filters, page: undefined })}`} className={`${buttonClass.secondary} px-4 py-2 text-sm`} download>
          Export CSV
        </a>
      </div>

      {overdue > 0 ? (
        <AlertLink href={`/admin/leads${filtersQuery({ overdue: true })}`} tone="red" data={{ 'data-overdue-count': overdue }}>
          {overdueHeadline(overdue)}
        </AlertLink>
      ) : (
        <p data-overdue-count={0} className="mt-5 rounded-xl border border-green-200 bg-green-50 px-4 py-3 text-sm font-medium text-green-800">
          Every new lead is inside the 2-business-day promise.
        </p>
      )}

      {failed > 0 ? (
        <AlertLink href={`/admin/leads${filtersQuery({ failed: true })}`} tone="amber" data={{ 'data-failed-count': failed }}>
          {failedDeliveriesHeadline(failed)}
        </AlertLink>
      ) : null}

      <Filters filters={filters} owners={owners} sources={sources} />

      <p className="mt-6 text-sm text-slate-600" aria-live="polite">
        {total === 0
          ? 'No leads match these filters.'
          : `Showing ${formatCount(first)}–${formatCount(first + rows.length - 1)} of ${formatCount(total)} ${total === 1 ? 'lead' : 'leads'}`}
      </p>

      {rows.length > 0 ? (
        <div className="mt-3 overflow-hidden rounded-xl border border-slate-200 bg-white">
          <table className="w-full text-left text-sm">
            <thead className="hidden bg-slate-50 text-xs uppercase tracking-wide text-slate-500 lg:table-header-group">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Lead
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Type
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Score or budget
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Received
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Owner
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Status
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {rows.map((lead) => (
                <LeadRowView key={`${lead.kind}/${lead.id}`} lead={lead} now={now} csrfToken={staff.csrfToken} back={here} />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}

      {pages > 1 ? <Pagination filters={filters} page={page} pages={pages} /> : null}
    </StaffShell>
  );
}

const alertTones = {
  red: { box: 'border-red-200 bg-red-50 text-red-800 hover:bg-red-100', dot: 'bg-red-600' },
  amber: { box: 'border-amber-300 bg-amber-50 text-amber-900 hover:bg-amber-100', dot: 'bg-amber-500' },
};

/** A headline that needs attention, linking to the leads it counts. */
function AlertLink({ href, tone, data, children }: { href: string; tone: keyof typeof alertTones; data: Record<string, number>; children: string }) {
  return (
    <a href={href} {...data} className={`mt-4 flex items-center gap-2 rounded-xl border px-4 py-3 text-sm font-semibold ${alertTones[tone].box}`}>
      <span aria-hidden="true" className={`inline-block h-2.5 w-2.5 shrink-0 rounded-full ${alertTones[tone].dot}`} />
      {children}
      <span className="ml-auto font-medium underline">Show them</span>
    </a>
  );
}

function LeadRowView({ lead, now, csrfToken, back }: { lead: InboxRow; now: Date; csrfToken: string; back: string }) {
  const overdue = isOverdue(lead, now);
  const name = lead.erasedAt ? 'Erased lead' : (lead.name ?? '');
  return (
    <tr
      data-lead={`${lead.kind}/${lead.id}`}
      data-overdue={overdue || undefined}
      className={`block px-4 py-3 lg:table-row lg:p-0 ${overdue ? 'bg-red-50' : ''}`}
    >
      <td className="block lg:table-cell lg:px-4 lg:py-3">
        <a href={leadPath(lead.kind, lead.id)} className="font-semibold text-blue-800 hover:underline">
          {name}
        </a>
        <div className="text-slate-700">{lead.business}</div>
        <div className="break-words text-slate-500">{lead.email}</div>
        <div className="mt-1 flex flex-wrap gap-1.5 text-xs">
          <span className="rounded-full bg-slate-100 px-2 py-0.5 text-slate-700" title="Where they came from (first touch)">
            {`From ${sourceLabel(lead.source)}`}
          </span>
          {lead.marketingConsent ? <span className="rounded-full bg-green-50 px-2 py-0.5 text-green-800">Marketing OK</span> : null}
          {lead.deliveryFailed ? <span className="rounded-full bg-amber-100 px-2 py-0.5 font-semibold text-amber-900">Notification failed</span> : null}
          {lead.nextSessionAt ? (
            <span data-next-session className="rounded-full bg-green-50 px-2 py-0.5 font-semibold text-green-800">
              {`Session ${sessionLabel(lead.nextSessionAt, agency.timeZone)}`}
            </span>
          ) : null}
        </div>
      </td>
      <td className="inline-block pr-3 pt-2 lg:table-cell lg:px-4 lg:py-3">
        <span className={`whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ${kindTone[lead.kind]}`}>{leadKindLabel[lead.kind]}</span>
      </td>
      <td className="inline-block pr-3 pt-2 text-slate-800 lg:table-cell lg:px-4 lg:py-3">{leadSummary(lead)}</td>
      <td className="block whitespace-nowrap pt-1 text-slate-600 lg:table-cell lg:px-4 lg:py-3">
        <span className="lg:hidden">Received </span>
        {formatDateTime(lead.createdAt)}
        {overdue ? (
          <div className="whitespace-nowrap font-semibold text-red-700">{`Overdue since ${formatDateTime(lead.replyBy)}`}</div>
        ) : lead.status === 'new' && !lead.isSpam && !lead.erasedAt ? (
          <div className="whitespace-nowrap text-xs text-slate-500">{`Reply by ${formatDateTime(lead.replyBy)}`}</div>
        ) : null}
      </td>
      <td className="block pt-1 text-slate-700 lg:table-cell lg:px-4 lg:py-3">
        <span className="lg:hidden">Owner: </span>
        {lead.ownerEmail ?? <span className="text-slate-400">Unassigned</span>}
      </td>
      <td className="block pt-2 lg:table-cell lg:px-4 lg:py-3">
        {lead.erasedAt ? (
          <span className="text-slate-500">{leadStatusLabel[lead.status]}</span>
        ) : (
          <Island name="LeadStatus" props={{ kind: lead.kind, id: lead.id, status: lead.status, csrfToken, label: `Status of ${name}`, back }} />
        )}
      </td>
    </tr>
  );
}

const selectClass = `${inputClass} py-2 text-sm`;

function Filters({
  filters,
  owners,
  sources,
}: {
  filters: InboxFilters;
  owners: { id: string; email: string }[];
  sources: { source: string; count: number }[];
}) {
  // A source in the address that no lead has (yet) still shows as chosen.
  const choices = filters.source && !sources.some((s) => s.source === filters.source) ? [{ source: filters.source, count: 0 }, ...sources] : sources;
  return (
    <form method="get" action="/admin/leads" className="mt-6 rounded-xl border border-slate-200 bg-white p-4" aria-label="Filter leads">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-6">
        <label className="col-span-2 block text-sm font-medium text-slate-800">
          Search
          <input type="search" name="q" defaultValue={filters.q ?? ''} placeholder="Name, business or email" className={`${selectClass} mt-1`} />
        </label>
        <label className="block text-sm font-medium text-slate-800">
          Type
          <select name="type" defaultValue={filters.type ?? ''} className={`${selectClass} mt-1`}>
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
          <select name="status" defaultValue={filters.status ?? ''} className={`${selectClass} mt-1`}>
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
          <select name="owner" defaultValue={filters.owner ?? ''} className={`${selectClass} mt-1`}>
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
          <select name="source" defaultValue={filters.source ?? ''} className={`${selectClass} mt-1`}>
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
          <input type="date" name="from" defaultValue={filters.from ?? ''} className={`${selectClass} mt-1`} />
        </label>
        <label className="block text-sm font-medium text-slate-800">
          To
          <input type="date" name="to" defaultValue={filters.to ?? ''} className={`${selectClass} mt-1`} />
        </label>
        <div className="col-span-2 flex flex-col justify-end gap-2 text-sm text-slate-800">
          <label className="inline-flex items-center gap-2">
            <input type="checkbox" name="overdue" value="1" defaultChecked={filters.overdue === true} className="h-4 w-4 rounded border-slate-300" />
            Overdue only
          </label>
          <label className="inline-flex items-center gap-2">
            <input type="checkbox" name="failed" value="1" defaultChecked={filters.failed === true} className="h-4 w-4 rounded border-slate-300" />
            Failed notifications only
          </label>
          <label className="inline-flex items-center gap-2">
            <input type="checkbox" name="spam" value="1" defaultChecked={filters.spam === true} className="h-4 w-4 rounded border-slate-300" />
            Show spam-flagged instead
          </label>
        </div>
        <div className="col-span-2 flex items-end gap-2">
          <button type="submit" className={`${buttonClass.primary} px-4 py-2 text-sm`}>
            Apply filters
          </button>
          <a href="/admin/leads" className={`${buttonClass.ghost} text-sm`}>
            Clear
          </a>
        </div>
      </div>
    </form>
  );
}

function Pagination({ filters, page, pages }: { filters: InboxFilters; page: number; pages: number }) {
  const link = (n: number) => `/admin/leads${filtersQuery(filters, { page: n })}`;
  const button = `${buttonClass.secondary} px-4 py-2 text-sm`;
  return (
    <nav aria-label="Pages" className="mt-6 flex items-center justify-between gap-3">
      {page > 1 ? (
        <a href={link(page - 1)} rel="prev" className={button}>
          Newer
        </a>
      ) : (
        <span />
      )}
      <span className="text-sm text-slate-600">{`Page ${formatCount(page)} of ${formatCount(pages)}`}</span>
      {page < pages ? (
        <a href={link(page + 1)} rel="next" className={button}>
          Older
        </a>
      ) : (
        <span />
      )}
    </nav>
  );
}
