// CSV for staff exports (RFC 4180: comma-separated, CRLF line ends, fields with a comma, quote or line
// break quoted, quotes doubled), made safe to open in a spreadsheet: a cell that begins with = + - @,
// a tab or a carriage return would be read as a formula (CSV injection), so it is prefixed with an
// apostrophe, which spreadsheets show as text. Files start with a byte order mark so Excel reads
// UTF-8 (accented names) correctly.

export const CSV_BOM = '\uFEFF';

export type CsvValue = string | number | boolean | Date | null | undefined | readonly string[];

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

/**
 * One field, escaped. Lists are joined with "; ", dates written as ISO 8601, nothing as empty. A finite
 * number is written as it is, minus sign and all: its digits can never be a formula, and a spreadsheet
 * must read −8.5 as a number.
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  let text = value instanceof Date ? value.toISOString() : Array.isArray(value) ? value.join('; ') : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, with its line end. */
export const csvRow = (values: readonly CsvValue[]) => `${values.map(csvCell).join(',')}\r\n`;
