import type { ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { DatabaseUnavailable, isConnectionError } from '../../db/deadline.ts';
import type { AppEnv } from '../app-env.ts';
import notFoundPage from '../not-found.tsx';
import { pageHandler } from '../page.tsx';

const isApi = (path: string) => path.startsWith('/api/');
const RETRY_AFTER_SECONDS = '5';
const logToStderr = (entry: object) => console.error(JSON.stringify(entry));

/**
 * HTTP exceptions keep their own status (400, 403, 413, 415, 429, 504 ...); an unreachable database
 * is 503 with Retry-After; anything else is a generic 500 whose body names only the request id.
 * Stacks go to the log, never to the client.
 */
export const onError: ErrorHandler<AppEnv> = (err, c) => {
  const requestId = c.get('requestId');
  if (err instanceof HTTPException) {
    if (!isApi(c.req.path)) return err.getResponse();
    const res = err.getResponse();
    const body = { error: err.message || res.statusText || 'Request failed' };
    return c.json(body, err.status, Object.fromEntries(res.headers));
  }
  if (err instanceof DatabaseUnavailable || isConnectionError(err)) {
    const log = c.get('deps')?.log ?? logToStderr;
    log({
      level: 'warn',
      time: new Date().toISOString(),
      requestId,
      route: c.req.routePath,
      msg: 'database unavailable',
      error: err instanceof DatabaseUnavailable ? 'deadline' : String((err as { code?: unknown }).code),
    });
    c.header('Retry-After', RETRY_AFTER_SECONDS);
    return c.json({ error: 'Service temporarily unavailable, please try again shortly', requestId }, 503);
  }
  const log = c.get('deps')?.log ?? logToStderr;
  log({
    level: 'error',
    time: new Date().toISOString(),
    requestId,
    method: c.req.method,
    route: c.req.routePath,
    error: String((err as Error)?.name ?? 'Error'),
    stack: (err as Error)?.stack,
  });
  return isApi(c.req.path)
    ? c.json({ error: 'Internal Server Error', requestId }, 500)
    : c.html(
        `<!DOCTYPE html><html lang="en-CA"><head><meta charset="utf-8"><title>Something went wrong</title></head><body><h1>Something went wrong</h1><p>Please try again in a moment. Reference: ${requestId}</p></body></html>`,
        500,
      );
};

const renderNotFound = pageHandler(notFoundPage, { path: '(not found)', status: 404 });

export const notFound: NotFoundHandler<AppEnv> = (c) => {
  if (isApi(c.req.path)) return c.json({ error: 'Not Found' }, 404);
  if (c.req.path.startsWith('/static/')) return c.text('Not Found', 404);
  return renderNotFound(c);
};
