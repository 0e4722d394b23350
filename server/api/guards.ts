import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../deps.ts';
import { answerError } from '../middleware/errors.ts';
import { BODY_TYPES, type BodyType } from './body-type.ts';

export const FORM_BODY_LIMIT = 16 * 1024;
export const STORY_BODY_LIMIT = 32 * 1024;

/**
 * Guards a write endpoint: same-origin only (403), one body type only (415), body capped (413) before
 * the handler reads it. The site is same-origin, so there is no CORS. Every write puts this first,
 * then validation (400), then its rate limits, so a request refused for what it is never uses up an
 * allowance (a third-party page's no-cors posts cannot lock a prospect out of the forms). A refusal is
 * answered as every error is (server/middleware/errors.ts): JSON to a program, a page to a form post.
 */
function writeGuard(kinds: readonly BodyType[], maxBytes: number) {
  const limit = bodyLimit({ maxSize: maxBytes, onError: (c) => answerError(c, 413, `Request body too large: the limit is ${maxBytes} bytes`) });
  const accepted = kinds.map((kind) => BODY_TYPES[kind]);
  return createMiddleware<AppEnv>(async (c, next) => {
    const fetchSite = c.req.header('sec-fetch-site');
    const origin = c.req.header('origin');
    if (
      (fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none') ||
      (origin && !isOwnOrigin(origin, c.req.header('host'), c.get('deps').config.PUBLIC_SITE_URL))
    ) {
      return answerError(c, 403, 'Cross-site requests are not allowed');
    }
    const type = c.req.header('content-type') ?? '';
    if (!accepted.some((a) => a.pattern.test(type))) return answerError(c, 415, `Content-Type must be ${accepted.map((a) => a.name).join(' or ')}`);
    return limit(c, next);
  });
}

/** A JSON write API. */
export const jsonWrite = (maxBytes: number = FORM_BODY_LIMIT) => writeGuard(['json'], maxBytes);

/** A plain HTML form's POST (works without JavaScript). */
export const formWrite = (maxBytes: number = FORM_BODY_LIMIT) => writeGuard(['form'], maxBytes);

/** A submission the site's own island sends as JSON, and the same form sends as a plain post without JavaScript. */
export const submissionWrite = (maxBytes: number = FORM_BODY_LIMIT) => writeGuard(['json', 'form'], maxBytes);

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
export const SUBMISSION_CONFLICT = 'This submission id belongs to another submission. Please refresh the page and send the form again.';
