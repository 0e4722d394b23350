import { zValidator } from '@hono/zod-validator';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import { type FieldErrors, findUnstorableText, formValues, UNSTORABLE_TEXT_MESSAGE, validationErrorBody } from '../../lib/forms/validation.ts';
import type { AppEnv } from '../deps.ts';
import { isFormBody } from './guards.ts';

type Outcome = { success: true; data: unknown } | { success: false; error: z.core.$ZodError };

/**
 * 400 naming each field the schema refuses, and also any accepted string no database column can
 * hold (NUL characters, lone surrogates), so such input never reaches a query as a 500.
 */
function invalidBody(result: Outcome): { error: string; fields: FieldErrors } | null {
  if (!result.success) return validationErrorBody(result.error);
  const field = findUnstorableText(result.data);
  return field === null ? null : { error: `Invalid fields: ${field}`, fields: { [field]: UNSTORABLE_TEXT_MESSAGE } };
}

function answerInvalid(result: Outcome, c: Context) {
  const invalid = invalidBody(result);
  if (invalid) return c.json(invalid, 400);
}

/** Validates the JSON body with a shared schema. Handlers read c.req.valid('json'). */
export const validJson = <S extends z.core.$ZodType>(schema: S) => zValidator('json', schema, (result, c) => answerInvalid(result as Outcome, c));

/** The same for the query string. */
export const validQuery = <S extends z.core.$ZodType>(schema: S) => zValidator('query', schema, (result, c) => answerInvalid(result as Outcome, c));

/** The same for path parameters: a NUL or a lone surrogate in one answers 400 naming it, never a 500. */
export const validParam = <S extends z.core.$ZodType>(schema: S) => zValidator('param', schema, (result, c) => answerInvalid(result as Outcome, c));

/**
 * Validates a submission sent as JSON (the island) or as a plain form post (no JavaScript) with the
 * same schema; handlers read c.req.valid('json') either way. Invalid JSON gets the 400 body naming
 * each field; an invalid form gets `invalidForm`, the page again with the answers kept and each
 * message under its field. `lists` names the checkbox groups, which a form sends once per ticked box, and
 * `flags` the single boxes, which it sends only when ticked.
 */
export function validSubmission<S extends z.core.$ZodType>(
  schema: S,
  {
    lists = [],
    flags = [],
    invalidForm,
  }: {
    lists?: readonly string[];
    flags?: readonly string[];
    invalidForm: (c: Context<AppEnv>, values: Record<string, unknown>, fields: FieldErrors) => Response | Promise<Response>;
  },
) {
  return createMiddleware<AppEnv, string, { in: { json: z.input<S> }; out: { json: z.output<S> } }>(async (c, next) => {
    const form = isFormBody(c);
    let raw: unknown;
    if (form) raw = formValues(await c.req.parseBody({ all: true }), lists, flags);
    else {
      try {
        raw = await c.req.json();
      } catch {
        return c.json({ error: 'Malformed JSON in request body' }, 400);
      }
    }
    const checked = z.safeParse(schema, raw) as Outcome;
    const invalid = invalidBody(checked);
    if (invalid) return form ? invalidForm(c, raw as Record<string, unknown>, invalid.fields) : c.json(invalid, 400);
    c.req.addValidatedData('json', (checked as { data: object }).data);
    await next();
  });
}
