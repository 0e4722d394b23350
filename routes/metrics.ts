import { createHash, timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import { getConnInfo } from 'hono/bun';
import type { AppContext, AppEnv } from '../server/deps.ts';

/**
 * GET /metrics: the Prometheus text format (server/site-metrics.ts), never kept by any cache.
 * With METRICS_TOKEN set: only `Authorization: Bearer <token>`, else 401 with WWW-Authenticate.
 * Without it: only a client on this machine, judged by the socket's address (never X-Forwarded-For),
 * and nobody when TRUST_PROXY says a proxy is in front (a proxy on this machine would make every
 * visitor look local). Anyone else gets the site's ordinary 404: without a token the endpoint is not
 * there for the outside world, and a 403 would tell a scanner that it is.
 */
export default new Hono<AppEnv>().get('/', async (c) => {
  c.header('Cache-Control', 'no-store');
  const { config, metrics: site } = c.get('deps');
  if (config.METRICS_TOKEN) {
    if (!bearerMatches(c.req.header('authorization'), config.METRICS_TOKEN)) {
      c.header('WWW-Authenticate', 'Bearer realm="metrics"');
      return c.text('A bearer token is needed (METRICS_TOKEN).', 401);
    }
  } else if (config.TRUST_PROXY > 0 || !isLoopback(socketAddress(c))) return c.notFound();
  return c.body(await site.registry.render(), 200, { 'Content-Type': 'text/plain; version=0.0.4; charset=utf-8' });
});

/** Compares digests, so the comparison takes the same time whatever the token's length or first difference. */
function bearerMatches(header: string | undefined, token: string): boolean {
  const given = header?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
  if (!given) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(token));
}

function socketAddress(c: AppContext): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}

const isLoopback = (address: string | undefined) =>
  address !== undefined && /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/i.test(address);
