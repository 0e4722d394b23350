import type { Context } from 'hono';

/** The request body types the site's writes accept: JSON from its islands and APIs, and plain form posts. */
export const BODY_TYPES = {
  json: { pattern: /^application\/json\s*(;|$)/i, name: 'application/json' },
  form: { pattern: /^application\/x-www-form-urlencoded\s*(;|$)/i, name: 'application/x-www-form-urlencoded' },
} as const;

export type BodyType = keyof typeof BODY_TYPES;

/** Whether the request's body is a plain form post: a browser sent it, and a person reads the answer. */
export const isFormBody = (c: Context) => BODY_TYPES.form.pattern.test(c.req.header('content-type') ?? '');
