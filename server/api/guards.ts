import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../deps.ts';

export const FORM_BODY_LIMIT = 16 * 1024;
export const STORY_BODY_LIMIT = 32 * 1024;

/**
 * Guards a JSON write endpoint: same-origin only (403), JSON only (415), body capped (413) before
 * the handler reads it. The site is same-origin, so there is no CORS. Every write API puts this first,
 * then validation (400), then its rate limits, so a request refused for what it is never uses up an
 * allowance (a third-party page's no-cors posts cannot lock a prospect out of the forms).
 */
export function jsonWrite(maxBytes: number = FORM_BODY_LIMIT) {
  const limit = bodyLimit({
    maxSize: maxBytes,
    onError: (c) => c.json({ error: `Request body too large: the limit is ${maxBytes} bytes` }, 413),
  });
  return createMiddleware<AppEnv>(async (c, next) => {
    const fetchSite = c.req.header('sec-fetch-site');
    if (fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none') {
      return c.json({ error: 'Cross-site requests are not allowed' }, 403);
    }
    const origin = c.req.header('origin');
    if (origin && !isOwnOrigin(origin, c.req.header('host'), c.get('deps').config.PUBLIC_SITE_URL)) {
      return c.json({ error: 'Cross-site requests are not allowed' }, 403);
    }
    const type = c.req.header('content-type') ?? '';
    if (!/^application\/json\s*(;|$)/i.test(type)) {
      return c.json({ error: 'Content-Type must be application/json' }, 415);
    }
    return limit(c, next);
  });
}

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
