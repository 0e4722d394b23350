import { budgetOptions } from '../intake/schema.ts';

// The back office's leads: every audit and every Q4 application, with a pipeline status, an owner and
// a reply-by time. The option lists and labels live here once, for the server's pages and APIs and for
// the status island; what staff may send is checked by lib/leads/schema.ts. Pure: no I/O.

/** An audit, a Q4 application, or a visitor who booked a strategy session without either. */
export const LEAD_KINDS = ['audit', 'intake', 'booking'] as const;
export type LeadKind = (typeof LEAD_KINDS)[number];
export const leadKindLabel: Record<LeadKind, string> = { audit: 'Audit', intake: 'Q4 application', booking: 'Session booking' };

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
  /** When staff first reached the person (a call, an email, the status moved on from new): the promise is kept then. */
  firstReachedAt: Date | null;
  name: string | null;
  business: string | null;
  email: string | null;
  phone: string | null;
  /** The person the lead belongs to (db/queries/people.ts; null only for leads made before people existed and erased). */
  personId: string | null;
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

/** A lead as the inbox lists it: with the start of its next booked session, when it has one coming. */
export type InboxRow = LeadRow & { nextSessionAt: Date | null };

/** A lead with what its detail page adds (touches as stored JSON: lib/leads/attribution.ts parseStoredTouch). */
export type Lead = LeadRow & {
  visitorId: string | null;
  page: string | null;
  firstTouch: string | null;
  lastTouch: string | null;
  /** The monthly retainer in CAD staff entered when they marked it won (kept if it moves on from won). */
  wonValue: number | null;
};

/** One thing that happened to a lead, for its timeline. */
export type LeadEvent = {
  id: string;
  kind: 'submitted' | 'resubmitted' | 'viewed' | 'status' | 'owner' | 'note' | 'spam' | 'erased' | 'delivery' | 'booking' | 'won value';
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
export const NOTE_MAX = 5000;

/** Where a lead lives in the back office. */
export const leadPath = (kind: LeadKind, id: string) => `/admin/leads/${kind}/${encodeURIComponent(id)}`;

/** Overdue: nobody has reached the person (still `new`, no call or email) after its reply-by time; spam and erased leads never are. */
export function isOverdue(lead: { status: string; replyBy: Date; firstReachedAt: Date | null; isSpam: boolean; erasedAt: Date | null }, now: Date): boolean {
  return lead.status === 'new' && lead.firstReachedAt === null && !lead.isSpam && lead.erasedAt === null && lead.replyBy.getTime() < now.getTime();
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

/** A LIKE pattern matching `text` anywhere, with LIKE's own wildcards taken literally. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}
