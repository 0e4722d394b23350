import * as z from 'zod/mini';
import { findUnstorableText, UNSTORABLE_TEXT_MESSAGE } from '../forms/validation.ts';
import { CHANNELS } from './notifications.ts';
import { LEAD_KINDS, LEAD_STATUSES, NOTE_MAX } from './pipeline.ts';

// What staff send about leads, checked by the server (server/api/validate.ts) and, for the status,
// by its island: the lead a path names, the inbox's filters and every change to a lead. Pure: no I/O.

const MAX_PAGE = 10_000;
const SEARCH_MAX = 100;

/** The lead a path names (`/admin/leads/{type}/{id}`); anything else names no lead. */
export const leadParamsSchema = z.object({
  kind: z.enum(LEAD_KINDS),
  id: z.string().check(z.regex(/^[\w-]{1,36}$/)),
});

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optional = <T extends z.core.SomeType>(schema: T) => z.pipe(z.transform(blankToUndefined), z.optional(schema));
const isoDate = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Use a date like 2026-11-23' }));
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
  from: optional(isoDate),
  to: optional(isoDate),
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
  z.string().check(z.trim(), z.maxLength(NOTE_MAX, { error: `A note has at most ${NOTE_MAX.toLocaleString('en-CA')} characters` })),
);

/** What staff change on a lead: a form field or a JSON body, the same rules. */
export const statusChangeSchema = z.object({
  status: z.enum(LEAD_STATUSES, { error: `Choose one of: ${LEAD_STATUSES.join(', ')}` }),
  note: optional(note),
});
export const ownerChangeSchema = z.object({
  owner: z.pipe(z.string({ error: 'Choose a staff member' }), z.string().check(z.regex(/^(none|[0-9a-f-]{36})$/, { error: 'Choose a staff member' }))),
});
export const noteSchema = z.object({
  note: z.pipe(note, z.string().check(z.minLength(1, { error: 'Write a note first' }))),
});
export const spamChangeSchema = z.object({ spam: z.enum(['true', 'false'], { error: 'Say true or false' }) });
export const eraseSchema = z.object({ confirm: z.literal('erase', { error: 'Tick the box to confirm the erasure' }) });

/** Staff retry one of a lead's notifications (a form field). */
export const retryDeliverySchema = z.object({ channel: z.enum(CHANNELS, { error: `Choose one of: ${CHANNELS.join(', ')}` }) });
