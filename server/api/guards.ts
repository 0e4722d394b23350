import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../deps.ts';

export const FORM_BODY_LIMIT = 16 * 1024;
export const STORY_BODY_LIMIT = 32 * 1024;

type BodyKind = 'json' | 'form';

const ACCEPTED_TYPE: Record<BodyKind, { pattern: RegExp; name: string }> = {
  json: { pattern: /^application\/json\s*(;|$)/i, name: 'application/json' },
  form: { pattern: /^application\/x-www-form-urlencoded\s*(;|$)/i, name: 'application/x-www-form-urlencoded' },
};

/**
 * Guards a write endpoint: same-origin only (403), one body type only (415), body capped (413) before
 * the handler reads it. The site is same-origin, so there is no CORS. Every write puts this first,
 * then validation (400), then its rate limits, so a request refused for what it is never uses up an
 * allowance (a third-party page's no-cors posts cannot lock a prospect out of the forms). JSON
 * endpoints answer JSON; form endpoints, which a browser shows, answer plain text.
 */
function writeGuard(kinds: readonly BodyKind[], maxBytes: number) {
  // A form post is answered in words a browser shows; everything else in JSON.
  const refuse = (c: Context, message: string, status: 403 | 413 | 415) => (isFormBody(c) ? c.text(message, status) : c.json({ error: message }, status));
  const limit = bodyLimit({ maxSize: maxBytes, onError: (c) => refuse(c, `Request body too large: the limit is ${maxBytes} bytes`, 413) });
  const accepted = kinds.map((kind) => ACCEPTED_TYPE[kind]);
  return createMiddleware<AppEnv>(async (c, next) => {
    const fetchSite = c.req.header('sec-fetch-site');
    const origin = c.req.header('origin');
    if (
      (fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none') ||
      (origin && !isOwnOrigin(origin, c.req.header('host'), c.get('deps').config.PUBLIC_SITE_URL))
    ) {
      return refuse(c, 'Cross-site requests are not allowed', 403);
    }
    const type = c.req.header('content-type') ?? '';
    if (!accepted.some((a) => a.pattern.test(type))) return refuse(c, `Content-Type must be ${accepted.map((a) => a.name).join(' or ')}`, 415);
    return limit(c, next);
  });
}

/** A JSON write API. */
export const jsonWrite = (maxBytes: number = FORM_BODY_LIMIT) => writeGuard(['json'], maxBytes);

/** A plain HTML form's POST (works without JavaScript). */
export const formWrite = (maxBytes: number = FORM_BODY_LIMIT) => writeGuard(['form'], maxBytes);

/** A submission the site's own island sends as JSON, and the same form sends as a plain post without JavaScript. */
export const submissionWrite = (maxBytes: number = FORM_BODY_LIMIT) => writeGuard(['json', 'form'], maxBytes);

/** Whether the request's body is a plain form post. */
export const isFormBody = (c: Context) => ACCEPTED_TYPE.form.pattern.test(c.req.header('content-type') ?? '');

function isOwnOrigin(origin: string, host: string | undefined, siteUrl: string): boolean {
  try {
    const originHost = new URL(origin).host;
    return originHost === host || originHost === new URL(siteUrl).host;
  } catch {
    return false;
  }
}

/**
 * A form's body reused a stored submission's id with other answers: refused, and nothing of the stored
 * row is shown. The forms make a new id for every new submission, so a person never sees this.
 */
export const SUBMISSION_CONFLICT = { error: 'This submission id belongs to another submission. Please refresh the page and send the form again.' };
