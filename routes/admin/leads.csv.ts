import { Hono } from 'hono';
import { leadsForExport } from '../../db/queries/leads.ts';
import { parseErasedTouch, parseStoredTouch, sourceOf } from '../../lib/leads/attribution.ts';
import { budgetLabel, isOverdue, leadKindLabel, leadStatusLabel } from '../../lib/leads/pipeline.ts';
import { CSV_BOM, csvRow } from '../../lib/text/csv.ts';
import { formatStamp } from '../../lib/time/display.ts';
import { withDatabaseDeadline } from '../../server/deadline.ts';
import type { AppEnv } from '../../server/deps.ts';
import { streamedResponse } from '../../server/middleware/compress.ts';
import { requireStaff } from '../../server/staff-auth.ts';
import { inboxContext, validFilters } from './_inbox-filters.ts';

/** The CSV's columns: stable names, one row per lead. */
const CSV_COLUMNS = [
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

/** GET /admin/leads.csv: every lead the inbox's filters choose (routes/admin/leads/index.tsx), streamed as CSV. Staff only. */
export default new Hono<AppEnv>().get('/', requireStaff('page'), validFilters, async (c) => {
  const filters = c.req.valid('query');
  const ctx = inboxContext(c);
  const { sql, log } = c.get('deps');
  const batches = leadsForExport(sql, { ...filters, page: undefined }, ctx);
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(CSV_BOM + csvRow(CSV_COLUMNS)));
    },
    // One batch per pull: the stream asks for more only as fast as the client reads.
    async pull(controller) {
      try {
        const next = await withDatabaseDeadline(sql, () => batches.next());
        if (next.done) return controller.close();
        const lines = next.value.map((l) =>
          csvRow([
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
            isOverdue(l, ctx.now) ? 'yes' : 'no',
            l.isSpam ? 'yes' : 'no',
            l.erasedAt ? 'yes' : 'no',
            l.marketingConsent ? 'yes' : 'no',
            // Leads from before attribution was recorded have no source at all.
            ...(l.source === null ? Array<string>(10).fill('') : touchCells(l.firstTouch, { full: true })),
            ...touchCells(l.lastTouch, { full: false }),
            l.deliveries ?? '',
          ]),
        );
        controller.enqueue(encoder.encode(lines.join('')));
      } catch (error) {
        log.error('lead export failed', { requestId: c.get('requestId'), error: (error as Error)?.name ?? 'Error' });
        controller.error(error);
      }
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
  const day = formatStamp(ctx.now).slice(0, 10);
  c.header('Content-Type', 'text/csv; charset=utf-8');
  c.header('Content-Disposition', `attachment; filename="northline-leads-${day}.csv"`);
  return streamedResponse(c.req.header('accept-encoding'), body, new Headers(c.res.headers));
});
