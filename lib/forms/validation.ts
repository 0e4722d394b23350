export type FieldErrors = Record<string, string>;

/** The 400 body every API answers for invalid input: a message naming each bad field, and per-field messages. */
type IssueList = { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> };

export function validationErrorBody(error: IssueList): { error: string; fields: FieldErrors } {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : '(body)';
    fields[key] ??= issue.message;
  }
  return { error: `Invalid fields: ${Object.keys(fields).join(', ')}`, fields };
}

/**
 * Each refused field as one line, `field: message`, for a staff page that lists what was wrong; a
 * field's code name in words ("wonValue" → "won value"), as people read it. APIs name fields as sent.
 */
export const fieldLines = (fields: FieldErrors): string[] =>
  Object.entries(fields).map(([field, message]) => `${field.replace(/([a-z])([A-Z])/g, (_, a: string, b: string) => `${a} ${b.toLowerCase()}`)}: ${message}`);

/**
 * The path of the first string (value or key) that PostgreSQL text cannot hold: one with a NUL
 * character or a lone UTF-16 surrogate. Null when every string is storable.
 */
export function findUnstorableText(value: unknown, path: string[] = []): string | null {
  const bad = (s: string) => s.includes('\u0000') || !s.isWellFormed();
  if (typeof value === 'string') return bad(value) ? path.join('.') || '(body)' : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [key, child] of Object.entries(value)) {
    if (bad(key)) return [...path, '(key)'].join('.');
    const found = findUnstorableText(child, [...path, key]);
    if (found !== null) return found;
  }
  return null;
}

export const UNSTORABLE_TEXT_MESSAGE = 'Contains characters that cannot be stored';

/**
 * A plain form's fields as the JSON the same form's island would send: the `lists` fields (checkbox
 * groups) as arrays whatever their count, the `flags` (single checkboxes) as true when ticked ('true' or
 * the browser's 'on') and false when absent, every other field as its one text value (the first, when a
 * crafted post repeats it); anything that is not text (a file) is left out, and a flag with any other
 * text stays text, for the schema to refuse by name.
 */
export function formValues(body: Record<string, unknown>, lists: readonly string[] = [], flags: readonly string[] = []): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(body)) {
    const texts = (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string');
    if (lists.includes(name)) values[name] = texts;
    else if (flags.includes(name)) values[name] = texts[0] === 'true' || texts[0] === 'on' ? true : (texts[0] ?? false);
    else if (texts.length > 0) values[name] = texts[0];
  }
  for (const name of lists) values[name] ??= [];
  for (const name of flags) values[name] ??= false;
  return values;
}
