import { zValidator } from '@hono/zod-validator';
import type { Context } from 'hono';
import type { z } from 'zod';
import { findUnstorableText, UNSTORABLE_TEXT_MESSAGE, validationErrorBody } from '../../lib/validation.ts';

type Outcome = { success: true; data: unknown } | { success: false; error: z.core.$ZodError };

/**
 * 400 naming each field the schema refuses, and also any accepted string no database column can
 * hold (NUL characters, lone surrogates), so such input never reaches a query as a 500.
 */
function answerInvalid(result: Outcome, c: Context) {
  if (!result.success) return c.json(validationErrorBody(result.error), 400);
  const field = findUnstorableText(result.data);
  if (field !== null) return c.json({ error: `Invalid fields: ${field}`, fields: { [field]: UNSTORABLE_TEXT_MESSAGE } }, 400);
}

/** Validates the JSON body with a shared schema. Handlers read c.req.valid('json'). */
export const validJson = <S extends z.core.$ZodType>(schema: S) => zValidator('json', schema, (result, c) => answerInvalid(result as Outcome, c));

/** The same for the query string. */
export const validQuery = <S extends z.core.$ZodType>(schema: S) => zValidator('query', schema, (result, c) => answerInvalid(result as Outcome, c));

/** The same for path parameters: a NUL or a lone surrogate in one answers 400 naming it, never a 500. */
export const validParam = <S extends z.core.$ZodType>(schema: S) => zValidator('param', schema, (result, c) => answerInvalid(result as Outcome, c));
