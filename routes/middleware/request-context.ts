import type { MiddlewareHandler } from 'hono';
import { SECURITY_MARKER, securityHeaders } from '../../lib/security-headers.ts';
import type { AppDeps, AppEnv } from '../app-env.ts';
import { accessLog } from './access-log.ts';

const INCOMING_ID = /^[\w\-=]{1,255}$/;

/**
 * Request ids only need to be unique: a random prefix per process and a counter, cheaper than a UUID
 * on every request and still unique across restarts and processes.
 */
const PROCESS_PREFIX = crypto.randomUUID().slice(0, 13);
let requestCount = 0;

/** A proxy's X-Request-Id when it is safe to log, else a new one. */
export const requestIdFrom = (incoming: string | null | undefined) =>
  incoming && INCOMING_ID.test(incoming) ? incoming : `${PROCESS_PREFIX}-${(++requestCount).toString(36)}`;

/**
 * First in the chain, around every request: the app's dependencies and a request id for the handlers
 * (a proxy's X-Request-Id is kept), the security headers on every response that does not already carry
 * them (cached pages are stored with them), and one access-log line: time, request id, method, matched
 * route pattern (never the URL, so nothing a visitor typed is logged), status, duration.
 */
export function requestContext(deps: AppDeps): MiddlewareHandler<AppEnv> {
  const headers = securityHeaders(deps.config.isProduction);
  const logAccess = accessLog(deps.log);
  return async (c, next) => {
    const started = performance.now();
    const requestId = requestIdFrom(c.req.header('x-request-id'));
    c.set('deps', deps);
    c.set('requestId', requestId);
    await next();
    const res = c.res;
    if (!res.headers.has(SECURITY_MARKER)) {
      for (const [name, value] of headers) res.headers.set(name, value);
      res.headers.set('X-Request-Id', requestId);
    }
    logAccess(requestId, c.req.method, res.status === 404 ? '(not found)' : c.req.routePath, res.status, started);
  };
}
