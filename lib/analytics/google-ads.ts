import { parseStoredTouch, type Touch } from '../leads/attribution.ts';
import { agency } from '../site.ts';
import { type CsvValue, csvRow } from '../text/csv.ts';
import { formatStampSeconds } from '../time/display.ts';

// The file staff upload to Google Ads (Goals → Conversions → Uploads) so its bidding learns which clicks
// became leads, booked sessions and won clients, with no Google script on the site. Google's template
// for conversions from clicks: a first line stating the time zone of every time below it, then the
// header, then one row per conversion. Pure: db/queries/conversions.ts reads the conversions and
// routes/admin/api/conversions/google-ads.csv.ts sends the file.
//
// Only a gclid goes in the file. On iPhones and iPads a Google Ads click often brings a gbraid or wbraid
// instead; Google's API takes those in fields of their own, never beside a gclid, and its file template
// names no column for them that we could check, so a conversion whose only Google click id is one of
// them is left out rather than uploaded under the wrong column (the lead still shows as google / cpc).

/** The time zone the file states: the one every time in it is written in. */
export const GOOGLE_ADS_TIME_ZONE = agency.timeZone;

/** The file's first line: Google reads the time zone of every Conversion Time from it. */
export const GOOGLE_ADS_PARAMETERS = `Parameters:TimeZone=${GOOGLE_ADS_TIME_ZONE}`;

/** The columns of Google's template, in its order and spelling (a misspelt header fails the whole upload). */
export const GOOGLE_ADS_COLUMNS = ['Google Click ID', 'Conversion Name', 'Conversion Time', 'Conversion Value', 'Conversion Currency'] as const;

/** The three steps reported, each under the name of a conversion action staff create in Google Ads ("Import from clicks"). */
export const CONVERSION_NAMES = { lead: 'Lead', booked: 'Booked session', won: 'Won client' } as const;
export type ConversionStep = keyof typeof CONVERSION_NAMES;

/** Every value is in Canadian dollars: the pipeline value and the won client's monthly retainer. */
export const GOOGLE_ADS_CURRENCY = 'CAD';

/** One conversion as the database gives it: the step, when it happened, the lead's stored touches, and what it is worth (null: unknown). */
export type Conversion = { step: ConversionStep; at: Date; firstTouch: string | null; lastTouch: string | null; value: number | string | null };

/**
 * The Google click id a conversion is reported under: the last touch's (the latest ad click before it),
 * else the first touch's; null when neither came from a click with a gclid.
 */
export function googleClickIdOf(first: Touch | null, last: Touch | null): string | null {
  return last?.gclid ?? first?.gclid ?? null;
}

/**
 * A value as the file writes it: dollars and cents ("1750.00"). Blank when it is unknown or nothing
 * (a booking without an audit, a win whose retainer was not entered): Google then counts the conversion
 * at the value set on its conversion action, rather than at zero.
 */
export function googleAdsValue(value: number | string | null): string {
  const amount = typeof value === 'string' ? Number(value) : value;
  return amount !== null && Number.isFinite(amount) && amount > 0 ? amount.toFixed(2) : '';
}

const STEP_ORDER: Record<ConversionStep, number> = { lead: 0, booked: 1, won: 2 };

/** One conversion's cells, in GOOGLE_ADS_COLUMNS' order; null when it has no Google click id. */
export function googleAdsRow(conversion: Conversion): CsvValue[] | null {
  const clickId = googleClickIdOf(parseStoredTouch(conversion.firstTouch), parseStoredTouch(conversion.lastTouch));
  if (clickId === null) return null;
  return [clickId, CONVERSION_NAMES[conversion.step], formatStampSeconds(conversion.at), googleAdsValue(conversion.value), GOOGLE_ADS_CURRENCY];
}

/**
 * The whole file: the parameters line, the header, then one row per conversion with a Google click id,
 * oldest first. Each cell goes through lib/text/csv.ts (a click id is whatever a landing's address
 * said, so one that looks like a formula is made text). No byte order mark: the file is for Google's
 * importer, which reads its first line as the parameters, not for a spreadsheet.
 */
export function googleAdsCsv(conversions: readonly Conversion[]): string {
  const rows = conversions
    .map((conversion) => ({ conversion, cells: googleAdsRow(conversion) }))
    .filter((row): row is { conversion: Conversion; cells: CsvValue[] } => row.cells !== null)
    .sort(
      (a, b) =>
        a.conversion.at.getTime() - b.conversion.at.getTime() ||
        STEP_ORDER[a.conversion.step] - STEP_ORDER[b.conversion.step] ||
        String(a.cells[0]).localeCompare(String(b.cells[0])),
    );
  return csvRow([GOOGLE_ADS_PARAMETERS]) + csvRow(GOOGLE_ADS_COLUMNS) + rows.map((row) => csvRow(row.cells)).join('');
}
