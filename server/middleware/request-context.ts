import type { MiddlewareHandler } from 'hono';
import { answerIsPageView } from '../../lib/analytics/page-view.ts';
import { SECURITY_MARKER, securityHeaders } from '../../lib/http/security-headers.ts';
import type { AppDeps, AppEnv } from '../deps.ts';
import { serverOf } from '../page-views.ts';
import { requestIdFrom } from '../request-id.ts';

/**
 * First in the chain, around every request: the app's dependencies and a request id for the handlers
 * (a proxy's X-Request-Id is kept), the security headers on every response that does not already carry
 * them (cached pages are stored with them; a route may set a stricter one), and one access-log line: time, request id, method, matched
 * route pattern (never the URL, so nothing a visitor typed is logged), status, duration. A public page
 * answered 200 to a GET is handed to the page-view counter beside it (server/page-views.ts).
 */
export function requestContext(deps: AppDeps): MiddlewareHandler<AppEnv> {
  const headers = securityHeaders(deps.config.isProduction);
  const view = deps.pageViews.view;
  return async (c, next) => {
    const started = performance.now();
    const requestId = requestIdFrom(c.req.header('x-request-id'));
    c.set('deps', deps);
    c.set('requestId', requestId);
    await next();
    const res = c.res;
    if (!res.headers.has(SECURITY_MARKER)) {
      // A route that sets one of these itself (a private page's stricter Referrer-Policy) keeps its own.
      for (const [name, value] of headers) if (!res.headers.has(name)) res.headers.set(name, value);
      res.headers.set('X-Request-Id', requestId);
    }
    // Hono answers HEAD with the GET answer's headers and no body, so the length is stated here.
    if (c.req.method === 'HEAD' && res.body && !res.headers.has('Content-Length'))
      res.headers.set('Content-Length', String((await res.clone().arrayBuffer()).byteLength));
    const route = routeLabel(res.status, c.req.routePath);
    deps.log.access(requestId, c.req.method, route, res.status, started);
    deps.metrics.request(route, res.status, started);
    // The status first: most answers that are not 200 need no header read to know they are no page view.
    if (
      view !== undefined &&
      res.status === 200 &&
      answerIsPageView({ method: c.req.method, status: res.status, contentType: res.headers.get('content-type'), route })
    ) {
      const request = c.req.raw;
      view(request, request.headers, request.url, route, started, serverOf(c.env));
    }
  };
}

/** The route a log line names: the matched pattern, never the URL (nothing a visitor typed is logged). */
const routeLabel = (status: number, routePath: string) => (status === 404 ? '(not found)' : status === 405 ? '(method not allowed)' : routePath);
