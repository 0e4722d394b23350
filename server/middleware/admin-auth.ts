import { basicAuth } from 'hono/basic-auth';
import { createMiddleware } from 'hono/factory';
import { HTTPException } from 'hono/http-exception';
import { clientKey } from '../../lib/rate-limit.ts';
import type { AppContext, AppEnv } from '../deps.ts';
import { clientAddress } from './rate-limit.ts';

export const ADMIN_USER = 'admin';
const REALM = 'A/B test dashboard';

/**
 * When ADMIN_PASSWORD is set, the HTTP basic-auth challenge (401 with WWW-Authenticate) for a request
 * without the right credentials (user `admin`, compared in constant time); otherwise null. Unset, the
 * dashboard and its read APIs are open, as the spec says. Wrong credentials count against the client's
 * address: after RATE_RULES.adminFailures (5 in 15 minutes) the address gets 429 with Retry-After until
 * its window ends, whatever it sends, while other addresses are unaffected. Each failure is logged as a
 * security event (address and time; never what was typed).
 */
export async function adminChallenge(c: AppContext): Promise<HTTPException | null> {
  const { config, rateLimiters, log } = c.get('deps');
  const password = config.ADMIN_PASSWORD;
  if (!password) return null;
  const address = clientAddress(c);
  const failures = rateLimiters.adminFailures;
  const standing = failures.peek(clientKey(address));
  const securityEvent = (msg: string) => log.warn(msg, { event: 'security', requestId: c.get('requestId'), address });
  if (!standing.allowed) {
    securityEvent('admin sign-in refused: too many failed attempts');
    const retryAfter = String(Math.max(1, Math.ceil(standing.resetMs / 1000)));
    return new HTTPException(429, {
      message: 'Too many failed sign-in attempts. Please try again later.',
      res: new Response(null, { status: 429, headers: { 'Retry-After': retryAfter } }),
    });
  }
  try {
    await basicAuth({ username: ADMIN_USER, password, realm: REALM })(c, async () => {});
    return null;
  } catch (err) {
    if (!(err instanceof HTTPException && err.status === 401)) throw err;
    // A browser's first request carries no credentials: only a wrong answer is a failed attempt.
    if (c.req.header('authorization')) {
      failures.hit(clientKey(address));
      securityEvent('admin sign-in failed');
    }
    return err;
  }
}

/** Marks an admin read answer private: never indexed, never cached. */
export function privateHeaders(c: AppContext): void {
  c.header('X-Robots-Tag', 'noindex');
  c.header('Cache-Control', 'no-store');
}

/** For JSON APIs: private headers, and a JSON 401 (or 429) when the credentials are missing or wrong. */
export const adminOnly = createMiddleware<AppEnv>(async (c, next) => {
  privateHeaders(c);
  const challenge = await adminChallenge(c);
  if (challenge) {
    const headers = Object.fromEntries([...challenge.getResponse().headers].filter(([name]) => /^(www-authenticate|retry-after)$/i.test(name)));
    return c.json({ error: challenge.status === 429 ? challenge.message : 'Authentication required' }, challenge.status, headers);
  }
  await next();
});
