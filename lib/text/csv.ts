// CSV for staff exports (RFC 4180: comma-separated, CRLF line ends, quotes doubled), made safe to open
// in a spreadsheet whatever separator it is set to: a field holding a comma, a semicolon (the separator
// of French Canadian Excel), a tab, a quote or a line break is quoted, so `Acme;=1+1` stays one cell. A
// cell that begins with = + - @, a tab or a carriage return would be read as a formula (CSV injection),
// so it is prefixed with an apostrophe, which spreadsheets show as text; the same goes for a formula
// character right after any separator or line break inside the cell, for an import that ignores quotes.
// Files start with a byte order mark so Excel reads UTF-8 (accented names) correctly.

export const CSV_BOM = '\uFEFF';

export type CsvValue = string | number | boolean | Date | null | undefined | readonly string[];

const FORMULA_START = /^[=+\-@\t\r]/;
/** A separator (comma, semicolon, tab, pipe) or line break, then spaces, then a character that starts a formula. */
const FORMULA_AFTER_SEPARATOR = /([,;\t|\r\n]\s*)(?=[=+\-@])/g;
const NEEDS_QUOTES = /[",;\t\r\n]|^\s|\s$/;

/**
 * One field, escaped. Lists are joined with "; ", dates written as ISO 8601, nothing as empty. A finite
 * number is written as it is, minus sign and all: its digits can never be a formula, and a spreadsheet
 * must read −8.5 as a number.
 */
export function csvCell(value: CsvValue): string {
  // Nothing, or an empty text (most cells of a wide export: the answers of the other form): no checks to run.
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  let text = value instanceof Date ? value.toISOString() : Array.isArray(value) ? value.join('; ') : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  text = text.replace(FORMULA_AFTER_SEPARATOR, "$1'");
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, with its line end. */
export const csvRow = (values: readonly CsvValue[]) => `${values.map(csvCell).join(',')}\r\n`;
