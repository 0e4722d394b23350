import { cachedResponse, type SharedPage } from '../lib/response-cache.ts';
import type { AppDeps } from './app-env.ts';
import { accessLog } from './middleware/access-log.ts';
import { requestIdFrom } from './middleware/request-context.ts';
import { addressOf, type PageDefinition, pageCacheKey } from './page.tsx';

type AnyPage = PageDefinition<any>;

/** Bounds the cache keys remembered per address (one per A/B variant combination in practice). */
const MAX_KEYS_PER_ADDRESS = 1000;

/**
 * Answers a GET from memory before Hono routes anything, when the page is already cached and nothing
 * about the request needs the app: an address whose page is the same for everyone (page.tsx shares it
 * on the first request), or a page whose `keyFromMemory` knows this request's variant (a returning
 * visitor of `/`). The stored bytes and headers, security headers included, and the same access-log
 * line as every other request. Anything else (undefined) goes through the app.
 */
export function fastLane(deps: AppDeps, pages: readonly (readonly [string, AnyPage])[]): (request: Request) => Response | undefined {
  const { responseCache, now } = deps;
  const logAccess = accessLog(deps.log);
  const keyed = new Map(pages.filter(([, page]) => page.keyFromMemory).map(([path, page]) => [path, page.keyFromMemory!]));
  // Each (address, key) pair's cache key is built once: the same string every time hashes once.
  const cacheKeys = new Map<string, Map<string, string>>();
  const cacheKeyOf = (address: string, key: string) => {
    let byKey = cacheKeys.get(address);
    if (!byKey) cacheKeys.set(address, (byKey = new Map()));
    let cacheKey = byKey.get(key);
    if (cacheKey === undefined) {
      if (byKey.size >= MAX_KEYS_PER_ADDRESS) byKey.clear();
      byKey.set(key, (cacheKey = pageCacheKey(address, key)));
    }
    return cacheKey;
  };
  const find = (request: Request, address: string, time: number): SharedPage | undefined => {
    const keyOf = keyed.get(address);
    // A page that varies per visitor is never shared; its own key says which copy this request gets.
    if (!keyOf) return responseCache!.sharedAt(address, time);
    const key = keyOf(request, deps, time);
    const page = key === undefined ? undefined : responseCache!.get(cacheKeyOf(address, key), time);
    return page && { page, route: address };
  };
  return (request) => {
    if (!responseCache || request.method !== 'GET') return undefined;
    const started = performance.now();
    const found = find(request, addressOf(request), now ? now().getTime() : Date.now());
    if (!found) return undefined;
    const { headers } = request;
    const response = cachedResponse(found.page, { acceptEncoding: headers.get('accept-encoding'), ifNoneMatch: headers.get('if-none-match') });
    logAccess(requestIdFrom(headers.get('x-request-id')), 'GET', found.route, response.status, started);
    return response;
  };
}
