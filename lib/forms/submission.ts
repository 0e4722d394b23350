import * as z from 'zod/mini';

/**
 * The id a form makes once per submission (crypto.randomUUID()), so a retry stores nothing twice: a
 * version 4 UUID, nothing else (the all-zero UUID and other versions are refused).
 */
const ID_MESSAGE = 'id must be a version 4 UUID';
export const submissionIdSchema = z
  .string({ error: ID_MESSAGE })
  .check(z.regex(/^[\da-f]{8}-[\da-f]{4}-4[\da-f]{3}-[89ab][\da-f]{3}-[\da-f]{12}$/i, ID_MESSAGE));

/**
 * Whether a stored row holds the same answers as a submission, field by field (an empty answer, null
 * and a missing one are alike; lists compare in order): a repeat of one submission, which is answered
 * as the first time, rather than another submission reusing its id, which is refused.
 */
export function sameAnswers(stored: Record<string, unknown>, submitted: Record<string, unknown>, fields: readonly string[]): boolean {
  const normal = (value: unknown) => (value === undefined || value === null || value === '' ? null : JSON.stringify(value));
  return fields.every((field) => normal(stored[field]) === normal(submitted[field]));
}
