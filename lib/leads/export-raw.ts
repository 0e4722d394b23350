import { formatStamp } from '../time/display.ts';
import { parseErasedTouch, parseStoredTouch, sourceOf } from './attribution.ts';
import { budgetLabel, isOverdue, type LeadRow, leadKindLabel, leadStatusLabel } from './pipeline.ts';

// The machine-named columns of the lead export (GET /admin/leads.csv?format=raw), unchanged since scripts
// began to read them: stable names, one row per lead, attribution in full. A column added later goes at
// the end (the iOS click ids), so a script that reads by position finds the others where they were. The
// staff export, in words, is lib/leads/export.ts. Pure: no I/O.

/** A lead as the raw export writes it: the inbox row, both touches (stored JSON) and each notification's state. */
export type RawExportLead = LeadRow & { firstTouch: string | null; lastTouch: string | null; deliveries: string | null };

export const RAW_EXPORT_COLUMNS: readonly string[] = [
  'type',
  'id',
  'received_toronto',
  'name',
  'business',
  'email',
  'score',
  'tier',
  'budget',
  'status',
  'owner',
  'reply_by_toronto',
  'overdue',
  'spam',
  'erased',
  'marketing_consent',
  'source',
  'medium',
  'campaign',
  'term',
  'content',
  'gclid',
  'fbclid',
  'referrer',
  'landing_page',
  'first_touch_toronto',
  'last_touch_source',
  'last_touch_medium',
  'last_touch_campaign',
  'last_touch_referrer',
  'last_touch_landing_page',
  'last_touch_toronto',
  'notifications',
  'gbraid',
  'wbraid',
];

/**
 * A touch's CSV cells: source, medium, campaign … (lib/leads/attribution.ts), blank when there was none. An
 * erased lead's touch is its source and medium alone (lib/leads/attribution.ts erasedTouch).
 */
function touchCells(stored: string | null, { full }: { full: boolean }): string[] {
  const erased = parseErasedTouch(stored);
  if (erased) return [erased.source, erased.medium, ...Array<string>(full ? 8 : 4).fill('')];
  const touch = parseStoredTouch(stored);
  const { source, medium } = sourceOf(touch);
  const at = touch ? formatStamp(touch.at) : '';
  if (!full) return touch ? [source, medium, touch.utm_campaign ?? '', touch.referrer ?? '', touch.landing, at] : ['', '', '', '', '', ''];
  return [
    source,
    medium,
    touch?.utm_campaign ?? '',
    touch?.utm_term ?? '',
    touch?.utm_content ?? '',
    touch?.gclid ?? '',
    touch?.fbclid ?? '',
    touch?.referrer ?? '',
    touch?.landing ?? '',
    at,
  ];
}

/**
 * The first touch's iOS Google Ads click ids (gbraid, wbraid), blank without them: for an erased lead,
 * a lead from before attribution, or a click that brought a gclid.
 */
function iosClickCells(l: RawExportLead): string[] {
  const touch = l.source === null ? null : parseStoredTouch(l.firstTouch);
  return [touch?.gbraid ?? '', touch?.wbraid ?? ''];
}

/** One lead's cells, in RAW_EXPORT_COLUMNS' order; `now` decides whether it is overdue. */
export function rawExportRow(l: RawExportLead, now: Date): string[] {
  return [
    leadKindLabel[l.kind],
    l.id,
    formatStamp(l.createdAt),
    l.name ?? '',
    l.business ?? '',
    l.email ?? '',
    l.score === null ? '' : String(l.score),
    l.tier ?? '',
    l.kind === 'intake' ? budgetLabel(l.budget) : '',
    leadStatusLabel[l.status],
    l.ownerEmail ?? '',
    formatStamp(l.replyBy),
    isOverdue(l, now) ? 'yes' : 'no',
    l.isSpam ? 'yes' : 'no',
    l.erasedAt ? 'yes' : 'no',
    l.marketingConsent ? 'yes' : 'no',
    // Leads from before attribution was recorded have no source at all.
    ...(l.source === null ? Array<string>(10).fill('') : touchCells(l.firstTouch, { full: true })),
    ...touchCells(l.lastTouch, { full: false }),
    l.deliveries ?? '',
    ...iosClickCells(l),
  ];
}
