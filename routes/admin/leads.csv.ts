import { Hono } from 'hono';
import { leadsForStaffExport } from '../../db/queries/lead-export.ts';
import { leadsForExport } from '../../db/queries/leads.ts';
import { fieldLines } from '../../lib/forms/validation.ts';
import { STAFF_EXPORT_COLUMNS, staffExportRow } from '../../lib/leads/export.ts';
import { RAW_EXPORT_COLUMNS, rawExportRow } from '../../lib/leads/export-raw.ts';
import { leadExportQuerySchema } from '../../lib/leads/schema.ts';
import { CSV_BOM, type CsvValue, csvRow } from '../../lib/text/csv.ts';
import { formatStamp } from '../../lib/time/display.ts';
import { validQuery } from '../../server/api/validate.ts';
import { withDatabaseDeadline } from '../../server/deadline.ts';
import type { AppEnv } from '../../server/deps.ts';
import { streamedResponse } from '../../server/middleware/compress.ts';
import { staffProblem } from '../../server/middleware/errors.ts';
import { requireStaff } from '../../server/staff-auth.ts';
import { inboxContext } from './_inbox-filters.ts';

/** The inbox's filters and the format; bad ones get the 400 page naming each (as the inbox's). */
const validExportQuery = validQuery(leadExportQuerySchema, (c, _values, fields) => staffProblem(c, 400, 'This export could not be made', fieldLines(fields)));

/** The text of an export: its header row, then each batch's rows until there are none (null), and how to stop early. */
type CsvSource = { header: string; next: () => Promise<string | null>; stop: () => Promise<unknown> };

function csvSource<T>(columns: readonly string[], batches: AsyncGenerator<T[]>, row: (lead: T) => CsvValue[]): CsvSource {
  return {
    header: csvRow(columns),
    next: async () => {
      const batch = await batches.next();
      return batch.done ? null : batch.value.map((lead) => csvRow(row(lead))).join('');
    },
    stop: () => batches.return(undefined),
  };
}

/**
 * GET /admin/leads.csv: every lead the inbox's filters choose (routes/admin/leads/index.tsx), streamed as
 * CSV. Staff only. By default the staff export, in words (lib/leads/export.ts); `?format=raw` the
 * machine-named columns scripts have read since before (lib/leads/export-raw.ts), each where it was.
 */
export default new Hono<AppEnv>().get('/', requireStaff('page'), validExportQuery, async (c) => {
  const { format, ...filters } = c.req.valid('query');
  const ctx = inboxContext(c);
  const { sql, log } = c.get('deps');
  const query = { ...filters, page: undefined };
  const csv =
    format === 'raw'
      ? csvSource(RAW_EXPORT_COLUMNS, leadsForExport(sql, query, ctx), (lead) => rawExportRow(lead, ctx.now))
      : csvSource(STAFF_EXPORT_COLUMNS, leadsForStaffExport(sql, query, ctx), staffExportRow);
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(CSV_BOM + csv.header));
    },
    // One batch per pull: the stream asks for more only as fast as the client reads.
    async pull(controller) {
      try {
        const rows = await withDatabaseDeadline(sql, () => csv.next());
        if (rows === null) return controller.close();
        controller.enqueue(encoder.encode(rows));
      } catch (error) {
        log.error('lead export failed', { requestId: c.get('requestId'), error: (error as Error)?.name ?? 'Error' });
        controller.error(error);
      }
    },
    async cancel() {
      await csv.stop();
    },
  });
  const day = formatStamp(ctx.now).slice(0, 10);
  c.header('Content-Type', 'text/csv; charset=utf-8');
  c.header('Content-Disposition', `attachment; filename="northline-leads-${day}.csv"`);
  return streamedResponse(c.req.header('accept-encoding'), body, new Headers(c.res.headers));
});
