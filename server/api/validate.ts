import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import * as z from 'zod/mini';
import { type FieldErrors, findUnstorableText, formValues, UNSTORABLE_TEXT_MESSAGE, validationErrorBody } from '../../lib/forms/validation.ts';
import type { AppContext, AppEnv } from '../deps.ts';
import { answerError } from '../middleware/errors.ts';
import { isFormBody } from './body-type.ts';

// The one way the server checks what a request brings: a shared schema (lib/<domain>/schema.ts, the
// same one the forms check with in the browser) parsed here, before the handler, which reads the
// result with c.req.valid(target). What the schema refuses is a 400 naming each field: the JSON
// {error, fields, requestId} for a program (server/middleware/errors.ts), and for a person's form post
// the page given as `invalid`, which shows each message under its field.

/** Where the checked input came from, and where the handler reads it. */
type Target = 'json' | 'form' | 'query' | 'param';

/** A page that shows the refused answers again, each message under its field (or says what was wrong). */
export type InvalidPage = (c: AppContext, values: Record<string, unknown>, fields: FieldErrors) => Response | Promise<Response>;

type Refused = { values: Record<string, unknown>; error: string; fields: FieldErrors };
type Refusal = (c: AppContext, refused: Refused) => Response | Promise<Response>;

/** The 400 every refusal is unless a page says otherwise: {error, fields, requestId} to a program, the status page to a person. */
const badRequest: Refusal = (c, { error, fields }) => answerError(c, 400, error, { fields });
const onPage = (invalid?: InvalidPage): Refusal => (invalid ? (c, { values, fields }) => invalid(c, values, fields) : badRequest);

/** The checkbox groups (a plain post sends one value per ticked box) and single boxes (sent only when ticked) of a form. */
type FormShape = { lists?: readonly string[]; flags?: readonly string[] };

const MALFORMED = Symbol('malformed');

/**
 * The schema's fields it refuses, and also any accepted string no database column can hold (NUL
 * characters, lone surrogates), so such input never reaches a query as a 500.
 */
function check<S extends z.ZodMiniType>(schema: S, input: unknown): { data: z.output<S> } | { error: string; fields: FieldErrors } {
  const result = z.safeParse(schema, input);
  if (!result.success) return validationErrorBody(result.error);
  const field = findUnstorableText(result.data);
  return field === null ? { data: result.data } : { error: `Invalid fields: ${field}`, fields: { [field]: UNSTORABLE_TEXT_MESSAGE } };
}

/** The one validating middleware: `read` the input, check it with `schema`, answer what it refuses with `refuse`. */
function validated<T extends Target, S extends z.ZodMiniType>(target: T, schema: S, read: (c: Context<AppEnv>) => Promise<unknown>, refuse: Refusal) {
  return createMiddleware<AppEnv, string, { in: { [K in T]: z.input<S> }; out: { [K in T]: z.output<S> } }>(async (c, next) => {
    const input = await read(c);
    if (input === MALFORMED) return answerError(c, 400, 'Malformed JSON in request body');
    const checked = check(schema, input);
    if ('fields' in checked) return refuse(c, { values: (input ?? {}) as Record<string, unknown>, ...checked });
    c.req.addValidatedData(target, checked.data as object);
    await next();
  });
}

const readJson = (c: Context) => c.req.json().catch(() => MALFORMED);
const readForm = (c: Context, { lists = [], flags = [] }: FormShape) => c.req.parseBody({ all: true }).then((body) => formValues(body, lists, flags));
/** A repeated query parameter is a list, as Hono's own validator reads it. */
const readQuery = async (c: Context) =>
  Object.fromEntries(Object.entries(c.req.queries()).map(([name, values]) => [name, values.length === 1 ? values[0] : values]));
const readParams = async (c: Context) => c.req.param();

/** The JSON body. */
export const validJson = <S extends z.ZodMiniType>(schema: S) => validated('json', schema, readJson, badRequest);

/** A plain form post (the back office's forms); `invalid` is the page that shows what was wrong. */
export const validForm = <S extends z.ZodMiniType>(schema: S, { invalid, ...shape }: FormShape & { invalid: InvalidPage }) =>
  validated('form', schema, (c) => readForm(c, shape), onPage(invalid));

/** The query string; a page passes `invalid` to show the problem its own way. */
export const validQuery = <S extends z.ZodMiniType>(schema: S, invalid?: InvalidPage) => validated('query', schema, readQuery, onPage(invalid));

/** The path parameters (a NUL or a lone surrogate in one is refused by name, never a 500); `invalid` as for the query. */
export const validParam = <S extends z.ZodMiniType>(schema: S, invalid?: InvalidPage) => validated('param', schema, readParams, onPage(invalid));

/**
 * A submission the site's island sends as JSON and the same form sends as a plain post without
 * JavaScript, checked with the same schema; the handler reads c.req.valid('json') either way. An invalid
 * plain post gets `invalid`: the form's page again, the answers kept and each message under its field.
 */
export const validSubmission = <S extends z.ZodMiniType>(schema: S, { invalid, ...shape }: FormShape & { invalid: InvalidPage }) =>
  validated(
    'json',
    schema,
    (c) => (isFormBody(c) ? readForm(c, shape) : readJson(c)),
    (c, refused) => (isFormBody(c) ? invalid(c, refused.values, refused.fields) : badRequest(c, refused)),
  );
