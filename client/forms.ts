import { formValues } from '../lib/forms/validation.ts';

// What the forms' islands share: reading a form as the server reads its plain post, and the id that
// makes a retried submission one submission.

/**
 * A form's fields as its plain post sends them (a repeated name as a list), then as the island's JSON,
 * exactly as the server reads a plain post (lib/forms/validation.ts formValues): the island checks what the
 * server will check, with the same schema and the same messages.
 */
export function readForm(form: HTMLFormElement, lists: readonly string[] = [], flags: readonly string[] = []): Record<string, unknown> {
  const body: Record<string, string | string[]> = {};
  for (const [name, value] of new FormData(form)) {
    if (typeof value !== 'string') continue;
    const seen = body[name];
    body[name] = seen === undefined ? value : Array.isArray(seen) ? [...seen, value] : [seen, value];
  }
  return formValues(body, lists, flags);
}

/** A v4 UUID for a submission; crypto.randomUUID exists only in secure contexts. */
export function newSubmissionId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
