import { basicAuth } from 'hono/basic-auth';
import { createMiddleware } from 'hono/factory';
import { HTTPException } from 'hono/http-exception';
import type { AppContext, AppEnv } from '../app-env.ts';

export const ADMIN_USER = 'admin';
const REALM = 'A/B test dashboard';

/**
 * When ADMIN_PASSWORD is set, the HTTP basic-auth challenge (401 with WWW-Authenticate) for a request
 * without the right credentials (user `admin`, compared in constant time); otherwise null. Unset, the
 * dashboard and its read APIs are open, as the spec says.
 */
export async function adminChallenge(c: AppContext): Promise<HTTPException | null> {
  const password = c.get('deps').config.ADMIN_PASSWORD;
  if (!password) return null;
  try {
    await basicAuth({ username: ADMIN_USER, password, realm: REALM })(c, async () => {});
    return null;
  } catch (err) {
    if (err instanceof HTTPException && err.status === 401) return err;
    throw err;
  }
}

/** Marks an admin read answer private: never indexed, never cached. */
export function privateHeaders(c: AppContext): void {
  c.header('X-Robots-Tag', 'noindex');
  c.header('Cache-Control', 'no-store');
}

/** For JSON APIs: private headers, and a JSON 401 when the credentials are missing or wrong. */
export const adminOnly = createMiddleware<AppEnv>(async (c, next) => {
  privateHeaders(c);
  const challenge = await adminChallenge(c);
  if (challenge) {
    return c.json({ error: 'Authentication required' }, 401, { 'WWW-Authenticate': challenge.getResponse().headers.get('WWW-Authenticate') ?? 'Basic' });
  }
  await next();
});
