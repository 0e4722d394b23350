import * as z from 'zod/mini';
import { findUnstorableText, UNSTORABLE_TEXT_MESSAGE } from '../forms/validation.ts';
import { budgetOptions } from '../intake/schema.ts';

// The back office's leads: every audit and every Q4 application, with a pipeline status, an owner and
// a reply-by time. The option lists, the inbox's filters and the bodies of staff changes live here once,
// for the server's pages and APIs and for the status island. Pure: no I/O.

export const LEAD_KINDS = ['audit', 'intake'] as const;
export type LeadKind = (typeof LEAD_KINDS)[number];
export const leadKindLabel: Record<LeadKind, string> = { audit: 'Audit', intake: 'Q4 application' };

/** The pipeline, in order: a lead starts `new` and ends won, lost or not a fit. */
export const LEAD_STATUSES = ['new', 'contacted', 'session booked', 'won', 'lost', 'not a fit'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
export const leadStatusLabel: Record<LeadStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  'session booked': 'Session booked',
  won: 'Won',
  lost: 'Lost',
  'not a fit': 'Not a fit',
};

/** A lead as the inbox lists it (db/queries/leads.ts). */
export type LeadRow = {
  kind: LeadKind;
  id: string;
  createdAt: Date;
  replyBy: Date;
  name: string | null;
  business: string | null;
  email: string | null;
  score: number | null;
  tier: string | null;
  budget: string | null;
  status: LeadStatus;
  ownerId: string | null;
  ownerEmail: string | null;
  isSpam: boolean;
  erasedAt: Date | null;
  /** Where the visitor came from (their first touch's source: lib/leads/attribution.ts); null before it was recorded. */
  source: string | null;
  /** Whether the person may be sent marketing email. */
  marketingConsent: boolean;
  /** Whether one of its notifications failed for good (dead: staff can retry it on the lead). */
  deliveryFailed: boolean;
};

/** A lead with what its detail page adds (touches as stored JSON: lib/leads/attribution.ts parseStoredTouch). */
export type Lead = LeadRow & { visitorId: string | null; page: string | null; firstTouch: string | null; lastTouch: string | null };

/** One thing that happened to a lead, for its timeline. */
export type LeadEvent = {
  id: string;
  kind: 'submitted' | 'viewed' | 'status' | 'owner' | 'note' | 'spam' | 'erased' | 'delivery';
  actorEmail: string | null;
  fromValue: string | null;
  toValue: string | null;
  note: string | null;
  at: Date;
};

/** Why a lead was erased: the person asked (staff erased it), or its retention time ran out (the daily sweep). */
export type ErasureReason = 'request' | 'retention';

/** A member of staff doing something to a lead. */
export type Actor = { id: string; email: string };

/** An A/B variant the person behind a lead was shown. */
export type SeenVariant = { testName: string; variantName: string; assignedAt: Date };

/** The A/B variants a person saw, as one line for a consent record: "hero-variant: Variant A; …". */
export const describeVariants = (variants: readonly SeenVariant[]): string | null =>
  variants.length > 0 ? variants.map((v) => `${v.testName}: ${v.variantName}`).join('; ') : null;

export const INBOX_PAGE_SIZE = 50;
const MAX_PAGE = 10_000;
export const NOTE_MAX = 5000;
const SEARCH_MAX = 100;

/** Where a lead lives in the back office. */
export const leadPath = (kind: LeadKind, id: string) => `/admin/leads/${kind}/${encodeURIComponent(id)}`;

/** Overdue: still `new` (nobody has replied) after its reply-by time; spam and erased leads never are. */
export function isOverdue(lead: { status: string; replyBy: Date; isSpam: boolean; erasedAt: Date | null }, now: Date): boolean {
  return lead.status === 'new' && !lead.isSpam && lead.erasedAt === null && lead.replyBy.getTime() < now.getTime();
}

/** The inbox headline: "3 leads past the 2-business-day promise". */
export function overdueHeadline(count: number): string {
  return `${count.toLocaleString('en-CA')} ${count === 1 ? 'lead' : 'leads'} past the 2-business-day promise`;
}

/** The inbox headline for failed notifications: "2 leads with a notification that failed". */
export function failedDeliveriesHeadline(count: number): string {
  return `${count.toLocaleString('en-CA')} ${count === 1 ? 'lead has a notification' : 'leads have a notification'} that could not be sent`;
}

/** How the inbox shows where a lead came from. */
export const sourceLabel = (source: string | null): string => source ?? 'Not recorded';

/** The audit's package tier as a person reads it. */
export const tierLabel = (tier: string | null): string => ({ starter: 'Starter', growth: 'Growth', enterprise: 'Enterprise' })[tier ?? ''] ?? tier ?? '';

/** The intake's budget band as a person reads it. */
export const budgetLabel = (value: string | null): string => budgetOptions.find((o) => o.value === value)?.label ?? value ?? '';

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

/** A LIKE pattern matching `text` anywhere, with LIKE's own wildcards taken literally. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
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
