import type { ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { RegExpRouter } from 'hono/router/reg-exp-router';
import { SmartRouter } from 'hono/router/smart-router';
import { TrieRouter } from 'hono/router/trie-router';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { DatabaseUnavailable, isConnectionError, isRetryableDatabaseError } from '../../db/errors.ts';
import { type FieldErrors, fieldLines } from '../../lib/forms/validation.ts';
import type { SignedInStaff } from '../../lib/staff/session.ts';
import { isFormBody } from '../api/body-type.ts';
import type { AppContext, AppEnv } from '../deps.ts';
import { renderPage } from '../page.tsx';
import { copyOf, staffProblemPage, statusPage } from '../status-pages.tsx';

// Every answer that is not what was asked for, in one shape per kind of client: a program (the JSON
// APIs) gets {error, fields?, requestId}; a person gets a page: the status page (server/status-pages.tsx),
// or, signed in to the back office, the staff problem page. Neither ever shows a stack trace.

/** The JSON APIs: the site's, and the back office's (under /admin/api/). */
const isApiPath = (path: string) => path.startsWith('/api/') || path.startsWith('/admin/api/');
const RETRY_AFTER_SECONDS = '5';

/** The one JSON body of every API error. */
export type ApiErrorBody = { error: string; fields?: FieldErrors; requestId: string };

/**
 * Whether a program reads this answer (JSON) rather than a person (a page): an API's, unless it is a
 * plain form post, which a browser sent and shows.
 */
export const readsJson = (c: AppContext) => isApiPath(c.req.path) && !isFormBody(c);

type ErrorOptions = {
  /** Each refused field's message (a 400): in the JSON, and listed on the staff problem page. */
  fields?: FieldErrors;
  /** Headers that say what to do next (Allow, Retry-After, WWW-Authenticate). */
  headers?: Record<string, string>;
};

/**
 * The answer to a request that cannot be done, with `status`. `message` is the JSON's `error` (and what
 * the staff problem page lists); a person on a public page reads the status page's own words instead,
 * which say what to do without the details meant for programs.
 */
export function answerError(
  c: AppContext,
  status: ContentfulStatusCode,
  message: string,
  { fields, headers }: ErrorOptions = {},
): Response | Promise<Response> {
  const requestId = c.get('requestId');
  if (readsJson(c)) {
    const body: ApiErrorBody = fields ? { error: message, fields, requestId } : { error: message, requestId };
    return c.json(body, status, headers);
  }
  if (c.get('staff') && c.req.path.startsWith('/admin/')) {
    for (const [name, value] of Object.entries(headers ?? {})) c.header(name, value);
    const copy = copyOf(status);
    const problems = fields ? fieldLines(fields) : status >= 500 ? [copy.text, `Reference: ${requestId}`] : [message];
    // A page an owner-only rule keeps from this account was only asked for: nothing was sent.
    const reading = c.req.method === 'GET' || c.req.method === 'HEAD';
    return staffProblem(c, status, status === 403 && reading ? 'Not open to your account' : copy.heading, problems);
  }
  return answerStatusPage(c, status, headers);
}

/** A staff request refused with `status`, in the back office's frame: what was wrong and the way back. */
export function staffProblem(c: AppContext, status: ContentfulStatusCode, heading: string, problems: string[], back = '/admin/leads'): Promise<Response> {
  const staff = c.get('staff');
  if (!staff) throw new Error('staffProblem() on a route without requireStaff');
  return renderPage(c, staffProblemPage, { staff, heading, problems, back }, status);
}

/**
 * The status page for `status`: the kept copy (page cache: one per status) with this response's own
 * headers; a server error's page is rendered for its request instead, naming its id as the reference.
 */
function answerStatusPage(c: AppContext, status: ContentfulStatusCode, headers?: Record<string, string>): Promise<Response> {
  const copy = copyOf(status);
  if (status >= 500 && status !== 503) {
    for (const [name, value] of Object.entries({ ...headers, 'Cache-Control': 'no-store' })) c.header(name, value);
    return renderPage(c, statusPage, { ...copy, reference: c.get('requestId') }, status);
  }
  return c.get('deps').pageCache.answerStatus(c.req.raw, status, async () => (await renderPage(c, statusPage, copy, status)).text(), headers);
}

/**
 * HTTP exceptions keep their own status and message (504 ...); a database that is unreachable, missed
 * the deadline or gave up on a statement (a timeout, a lock, a deadlock) is 503 with Retry-After;
 * anything else is a generic 500 that names only the request id. Stacks go to the log, never to the client.
 */
export const onError: ErrorHandler<AppEnv> = async (err, c) => {
  const requestId = c.get('requestId');
  const { log } = c.get('deps');
  if (err instanceof HTTPException) {
    const res = err.getResponse();
    // Only the headers that say what to do next (WWW-Authenticate, Retry-After): the body is ours.
    const headers = Object.fromEntries([...res.headers].filter(([name]) => !/^content-/i.test(name)));
    return answerError(c, err.status, err.message || res.statusText || 'Request failed', { headers });
  }
  if (err instanceof DatabaseUnavailable || isConnectionError(err) || isRetryableDatabaseError(err)) {
    log.warn('database unavailable', {
      requestId,
      route: c.req.routePath,
      error: err instanceof DatabaseUnavailable ? 'deadline' : String((err as { code?: unknown }).code),
    });
    return answerError(c, 503, 'Service temporarily unavailable, please try again shortly', { headers: { 'Retry-After': RETRY_AFTER_SECONDS } });
  }
  log.error('request failed', {
    requestId,
    method: c.req.method,
    route: c.req.routePath,
    error: String((err as Error)?.name ?? 'Error'),
    stack: (err as Error)?.stack,
  });
  return answerError(c, 500, 'Internal Server Error');
};

/**
 * The app's own route table, asked two things: the methods a path answers (what a 405's Allow header
 * lists) and, on the fast lane's every 404, only whether any route matches it.
 */
export type RouteTable = { allowedMethods(path: string): string[]; isRouted(path: string): boolean };

export function routeTableOf(routes: readonly { method: string; path: string }[]): RouteTable {
  // As Hono's own default: RegExpRouter, or the trie where it cannot take the table (a fixed segment beside a
  // parameter of a longer path: /admin/leads/bulk and /admin/leads/{type}/{id}).
  const router = new SmartRouter<string>({ routers: [new RegExpRouter(), new TrieRouter()] });
  for (const { method, path } of routes) if (method !== 'ALL') router.add('ALL', path, method);
  return {
    allowedMethods(path) {
      const methods = new Set(router.match('GET', path)[0].map(([method]) => method));
      // Hono answers HEAD with the GET handler.
      if (methods.has('GET')) methods.add('HEAD');
      return [...methods];
    },
    isRouted: (path) => router.match('GET', path)[0].length > 0,
  };
}

/** Who is signed in on a request (`currentStaff`, server/staff-auth.ts), handed in: that module answers through this one. */
export type StaffOf = (c: AppContext) => Promise<SignedInStaff | null>;

/**
 * No handler answered: a known route asked with another method is 405 with Allow (a form posted to a
 * page changes nothing and is never kept); anything else is 404 — the 404 page, or JSON under /api/.
 * Under /admin/ nothing is kept, and a signed-in staff member gets the back office's frame: a form's
 * address opened as a page (the address bar still holds it after the form answered, and Enter asks
 * for it again) leads back to the page above it, where the form is.
 */
export function notFound({ allowedMethods }: RouteTable, staffOf?: StaffOf): NotFoundHandler<AppEnv> {
  return async (c) => {
    const path = c.req.path;
    const allowed = allowedMethods(path);
    const inBackOffice = path.startsWith('/admin/') && !readsJson(c);
    const staff = inBackOffice && staffOf ? await staffOf(c) : null;
    if (staff) {
      c.set('staff', staff);
      c.header('Cache-Control', 'no-store');
    }
    // A handler of this very method may also call notFound() (a missing static file): that is a 404.
    if (allowed.length > 0 && !allowed.includes(c.req.method)) {
      const headers = { Allow: allowed.join(', '), 'Cache-Control': 'no-store' };
      if (!staff) return answerError(c, 405, `Method Not Allowed: use ${allowed.join(' or ')}`, { headers });
      c.header('Allow', headers.Allow);
      return staffProblem(
        c,
        405,
        'This is the address of a form, not a page',
        ['It only takes what its form sends, so nothing was sent or saved. The page with the form is one step back.'],
        pageAbove(path, allowedMethods) ?? '/admin/leads',
      );
    }
    // A missing file is answered in the file's own terms: no page, no JSON.
    if (path.startsWith('/static/')) return c.text('Not Found', 404);
    if (staff) return staffProblem(c, 404, 'No such page in the back office', ['The address may be mistyped, or the page has moved.']);
    return answerError(c, 404, 'Not Found', inBackOffice ? { headers: { 'Cache-Control': 'no-store' } } : {});
  };
}

/** The nearest address above `path` that answers GET (the page a form's address belongs to), or null. */
function pageAbove(path: string, allowedMethods: RouteTable['allowedMethods']): string | null {
  for (let cut = path.lastIndexOf('/'); cut > 0; cut = path.lastIndexOf('/', cut - 1)) {
    const above = path.slice(0, cut);
    if (allowedMethods(above).includes('GET')) return above;
  }
  return null;
}

/**
 * Whether GET of `path` gets the kept 404 page: no route of any method matches it, and it is not an API,
 * a file, or the back office's (answered for its staff member, never kept).
 */
export const getsNotFoundPage =
  ({ isRouted }: RouteTable) =>
  (path: string) =>
    !isApiPath(path) && !path.startsWith('/static/') && !path.startsWith('/admin/') && !isRouted(path);
