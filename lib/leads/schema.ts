import * as z from 'zod/mini';
import { daySchema } from '../forms/day.ts';
import { plainParagraphs } from '../forms/plain-text.ts';
import { rowIdSchema } from '../forms/row-id.ts';
import { findUnstorableText, UNSTORABLE_TEXT_MESSAGE } from '../forms/validation.ts';
import { CHANNELS } from './notifications.ts';
import { LEAD_KINDS, LEAD_STATUSES, type LeadStatus, NOTE_MAX } from './pipeline.ts';

// What staff send about leads, checked by the server (server/api/validate.ts) and, for the status,
// by its island: the lead a path names, the inbox's filters and every change to a lead. Pure: no I/O.

const MAX_PAGE = 10_000;
const SEARCH_MAX = 100;

/** The lead a path names (`/admin/leads/{type}/{id}`); anything else names no lead. */
export const leadParamsSchema = z.object({
  kind: z.enum(LEAD_KINDS),
  id: rowIdSchema(),
});

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optional = <T extends z.core.SomeType>(schema: T) => z.pipe(z.transform(blankToUndefined), z.optional(schema));
const flag = z.pipe(
  z.enum(['1', 'on', 'true']),
  z.transform(() => true as const),
);

/**
 * The inbox's filters, as the query string carries them (the filter form is a plain GET form, so every
 * filtered view is a link). Blank fields mean "any". `owner` is a staff id, `me` or `none`.
 */
export const inboxFiltersSchema = z.object({
  type: optional(z.enum(LEAD_KINDS, { error: 'Choose audit or intake' })),
  status: optional(z.enum(LEAD_STATUSES, { error: `Choose one of: ${LEAD_STATUSES.join(', ')}` })),
  owner: optional(z.string().check(z.regex(/^(me|none|[0-9a-f-]{36})$/, { error: 'Choose a staff member, me or none' }))),
  overdue: optional(flag),
  spam: optional(flag),
  from: optional(daySchema),
  to: optional(daySchema),
  q: optional(z.string().check(z.trim(), z.maxLength(SEARCH_MAX, { error: `Search for at most ${SEARCH_MAX} characters` }))),
  /** A first-touch source, as stored (lower case): google, facebook, direct, a referring host… */
  source: optional(z.string().check(z.trim(), z.toLowerCase(), z.maxLength(200, { error: 'A source has at most 200 characters' }))),
  /** Only leads with a notification that failed for good. */
  failed: optional(flag),
  page: optional(
    z.pipe(
      z.string().check(z.regex(/^\d{1,5}$/, { error: 'A page is a whole number' })),
      z.pipe(z.transform(Number), z.number().check(z.minimum(1, { error: 'Pages start at 1' }), z.maximum(MAX_PAGE, { error: `At most page ${MAX_PAGE}` }))),
    ),
  ),
});
export type InboxFilters = z.output<typeof inboxFiltersSchema>;

/** The formats of the lead export: for staff (the default) or `raw`, the machine-named columns scripts read since before (routes/admin/leads.csv.ts). */
export const EXPORT_FORMATS = ['raw'] as const;

/** GET /admin/leads.csv's query: the inbox's filters and the format. */
export const leadExportQuerySchema = z.extend(inboxFiltersSchema, {
  format: optional(z.enum(EXPORT_FORMATS, { error: 'Leave the format out for the staff export, or use raw for the machine-named columns' })),
});

/** The filters back as query parameters (for links: pagination, CSV export, a lead's way back). */
export function filtersQuery(filters: InboxFilters, overrides: Partial<InboxFilters> = {}): string {
  const merged: Record<string, unknown> = { ...filters, ...overrides };
  const params = new URLSearchParams();
  for (const key of Object.keys(inboxFiltersSchema.shape)) {
    const value = merged[key];
    if (value === undefined || value === false || (key === 'page' && value === 1)) continue;
    params.set(key, value === true ? '1' : String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

const storable = z.string().check(z.refine((v) => findUnstorableText(v) === null, UNSTORABLE_TEXT_MESSAGE));
const note = z.pipe(
  storable,
  z.string().check(
    z.trim(),
    z.maxLength(NOTE_MAX, { error: `A note has at most ${NOTE_MAX.toLocaleString('en-CA')} characters` }),
    // Line breaks are fine; a bidirectional override would reorder what the next reader sees.
    plainParagraphs(),
  ),
);

/** The most a won client's monthly retainer may be, in CAD (a typo's extra zeros would swamp every report). */
export const WON_VALUE_MAX = 1_000_000;
const WON_VALUE_MESSAGE = `Enter the monthly retainer in CAD, from 0 to ${WON_VALUE_MAX.toLocaleString('en-CA')} (like 2500 or 2,500.50)`;

/** "$2,500.50", "2500" or a JSON number as a number; text that is not an amount is NaN, which z.number() refuses. */
function amountOf(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim().replace(/^\$\s*/, '');
  return /^(\d{1,3}(,\d{3})+|\d+)(\.\d{1,2})?$/.test(text) ? Number(text.replaceAll(',', '')) : Number.NaN;
}
const wholeCents = (n: number) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;

/** A won client's monthly retainer in CAD: 0 to WON_VALUE_MAX, at most cents. */
export const wonValueSchema = z.pipe(
  z.transform(amountOf),
  z
    .number({ error: WON_VALUE_MESSAGE })
    .check(
      z.minimum(0, { error: WON_VALUE_MESSAGE }),
      z.maximum(WON_VALUE_MAX, { error: WON_VALUE_MESSAGE }),
      z.refine(wholeCents, { error: WON_VALUE_MESSAGE }),
    ),
);

/**
 * What staff change on a lead: a form field or a JSON body, the same rules. Marking a lead won takes its
 * monthly retainer (`wonValue`, CAD), which the reports count as won value; with another status it is ignored.
 */
export const statusChangeSchema = z.pipe(
  z.object({
    status: z.enum(LEAD_STATUSES, { error: `Choose one of: ${LEAD_STATUSES.join(', ')}` }),
    note: optional(note),
    // Read only for won (the lead page's form carries the field, hidden, whatever the status).
    wonValue: z.optional(z.unknown()),
  }),
  z.transform(({ wonValue, ...change }, ctx): { status: LeadStatus; note?: string; wonValue?: number } => {
    if (change.status !== 'won') return change;
    const amount = z.safeParse(wonValueSchema, blankToUndefined(wonValue) ?? Number.NaN);
    if (amount.success) return { ...change, wonValue: amount.data };
    const missing = blankToUndefined(wonValue) === undefined;
    ctx.issues.push({
      code: 'custom',
      path: ['wonValue'],
      input: wonValue,
      message: missing ? 'Enter the monthly retainer in CAD to mark the lead won' : (amount.error.issues[0]?.message ?? WON_VALUE_MESSAGE),
    });
    return z.NEVER;
  }),
);
export const ownerChangeSchema = z.object({
  owner: z.pipe(z.string({ error: 'Choose a staff member' }), z.string().check(z.regex(/^(none|[0-9a-f-]{36})$/, { error: 'Choose a staff member' }))),
});
export const noteSchema = z.object({
  note: z.pipe(note, z.string().check(z.minLength(1, { error: 'Write a note first' }))),
});
export const spamChangeSchema = z.object({ spam: z.enum(['true', 'false'], { error: 'Say true or false' }) });
export const eraseSchema = z.object({ confirm: z.literal('erase', { error: 'Tick the box to confirm the erasure' }) });

/** Checking an audit's website again (routes/admin/_lead-changes.ts 'site-check'): nothing to say but the CSRF token. */
export const siteCheckRerunSchema = z.object({});

/** Staff retry one of a lead's notifications (a form field). */

export const retryDeliverySchema = z.object({ channel: z.enum(CHANNELS, { error: `Choose one of: ${CHANNELS.join(', ')}` }) });

/** How the people inbox orders its rows, each on its own index of `people` (db/migrations/0012_people.sql). */
export const INBOX_SORTS = ['due', 'score', 'newest'] as const;
export type InboxSort = (typeof INBOX_SORTS)[number];
export const inboxSortLabel: Record<InboxSort, string> = { due: 'Next action due', score: 'Best score', newest: 'Newest lead' };

/** A person's next action: due by the end of today (Toronto; overdue ones too), past due, or none set while a lead is open. */
export const DUE_FILTERS = ['today', 'overdue', 'none'] as const;
export type DueFilter = (typeof DUE_FILTERS)[number];

/** What a bulk action did, carried by the 303 back to the inbox so the page can say it (never free text: a link cannot make the page say anything else). */
export const BULK_ACTIONS = ['assign', 'status', 'spam'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

const count = z.pipe(z.string().check(z.regex(/^\d{1,4}$/, { error: 'A count is a whole number' })), z.transform(Number));

/**
 * The people inbox's query (/admin/leads): the lead filters above, which choose a person when any of
 * their leads matches, plus the order, the next-action filter, and what the last bulk action did.
 */
export const peopleInboxSchema = z.extend(inboxFiltersSchema, {
  sort: optional(z.enum(INBOX_SORTS, { error: `Choose one of: ${INBOX_SORTS.join(', ')}` })),
  due: optional(z.enum(DUE_FILTERS, { error: `Choose one of: ${DUE_FILTERS.join(', ')}` })),
  done: optional(z.enum(BULK_ACTIONS, { error: `Choose one of: ${BULK_ACTIONS.join(', ')}` })),
  count: optional(count),
  skipped: optional(count),
  /** The bulk action's choice: the staff member (or `none`) assigned to, or the status moved to. */
  value: optional(z.string().check(z.regex(/^(none|[0-9a-f-]{36}|new|contacted|session booked|won|lost|not a fit)$/, { error: 'Not a result' }))),
});
export type PeopleInboxQuery = z.output<typeof peopleInboxSchema>;

/** The people inbox's filters and order back as query parameters (links: views, pages, the board); never the bulk result. */
export function peopleQuery(query: PeopleInboxQuery, overrides: Partial<PeopleInboxQuery> = {}): string {
  const merged: Record<string, unknown> = { ...query, ...overrides };
  const params = new URLSearchParams();
  for (const key of Object.keys(peopleInboxSchema.shape)) {
    const value = merged[key];
    if (['done', 'count', 'skipped', 'value'].includes(key)) continue;
    if (value === undefined || value === false || (key === 'page' && value === 1) || (key === 'sort' && value === 'due')) continue;
    params.set(key, value === true ? '1' : String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The most people one bulk action takes (a page is 50; four pages' worth is room to spare, and a form body well under its cap). */
export const BULK_MAX = 200;

const personId = z.string().check(z.regex(/^[0-9a-f-]{36}$/, { error: 'A person is named by their id' }));

/**
 * A bulk action on the people ticked in the inbox (`POST /admin/leads/bulk`): assign their open leads
 * to a staff member (`value`: an id or `none`), move them to a status (but won), or mark them as spam.
 */
export const bulkActionSchema = z
  .object({
    people: z
      .array(personId)
      .check(z.minLength(1, { error: 'Tick at least one person' }), z.maxLength(BULK_MAX, { error: `At most ${BULK_MAX} people at a time` })),
    action: z.enum(BULK_ACTIONS, { error: `Choose one of: ${BULK_ACTIONS.join(', ')}` }),
    value: z.optional(z.string().check(z.maxLength(40, { error: 'Not a choice' }))),
    back: z.optional(z.string().check(z.maxLength(2000))),
  })
  .check(
    z.refine((b) => b.action !== 'assign' || /^(none|[0-9a-f-]{36})$/.test(b.value ?? ''), { path: ['value'], error: 'Choose a staff member or nobody' }),
    z.refine((b) => b.action !== 'status' || (LEAD_STATUSES as readonly string[]).includes(b.value ?? ''), {
      path: ['value'],
      error: `Choose one of: ${LEAD_STATUSES.join(', ')}`,
    }),
    // A won client has a retainer of its own, entered on its lead's page: never one figure for many.
    z.refine((b) => b.action !== 'status' || b.value !== 'won', { path: ['value'], error: 'Mark a lead won on its own page, with its monthly retainer' }),
  );
export type BulkActionForm = z.output<typeof bulkActionSchema>;
