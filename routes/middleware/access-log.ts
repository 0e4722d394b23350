import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env.ts';

/**
 * One JSON line per request: time, request id, method, matched route pattern, status, duration.
 * The route pattern (not the URL) keeps anything a visitor typed out of the log.
 */
export const accessLog = createMiddleware<AppEnv>(async (c, next) => {
  const started = performance.now();
  await next();
  const log = c.var.deps.log ?? defaultLog;
  log({
    time: new Date().toISOString(),
    requestId: c.var.requestId,
    method: c.req.method,
    route: c.res.status === 404 ? '(not found)' : c.req.routePath,
    status: c.res.status,
    ms: Math.round((performance.now() - started) * 100) / 100,
  });
});

export function defaultLog(entry: Record<string, unknown>): void {
  process.stdout.write(`${JSON.stringify(entry)}\n`);
}
