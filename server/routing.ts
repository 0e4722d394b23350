import { Hono, type MiddlewareHandler } from 'hono';
import { fillPath, paramNames } from '../lib/pages/route-files.ts';
import { crawlable } from '../lib/pages/sitemap.ts';
import type { AppEnv } from './deps.ts';
import type { PageCacheRule, PageDefinition, Params } from './page.tsx';

// What the files of routes/ make of the site (their convention: lib/pages/route-files.ts). Each file's
// default export says what it is:
// - a page (definePage, server/page.tsx): routed for GET at its address, or, for a file with [segments],
//   at the address of each of its `paths`; its own `cache` rule and `middleware` come with it;
// - a Hono app (an API, the back office's forms, a text file such as robots.txt): mounted at its address,
//   answering there and below; `export const cache` gives the page cache's rule for its address;
// - in a _middleware.ts: a middleware (or a list), run before everything at its folder's address and below.

/** One file of routes/ as the generated list names it (site/routes.generated.ts, written by site/route-list.ts). */
export type RouteFile = { file: string; path: string; kind: 'route' | 'middleware'; module: object };

/** A page of any data, as the app holds it. */
type AnyPage = PageDefinition<object, Params>;

export type Route = { file: string; path: string } & ({ page: AnyPage; params: Params } | { app: Hono<AppEnv> });

export type SiteRoutes = {
  /** The folders' middleware, outer folders first. */
  middleware: { path: string; handlers: MiddlewareHandler<AppEnv>[] }[];
  /** Pages (one per address) and apps, in the list's order: fixed segments before [params]. */
  routes: Route[];
  /** Every page's address. */
  pagePaths: string[];
  /** The pages search engines should list (the sitemap): all but those robots.txt disallows or whose meta says noindex. */
  indexablePaths: string[];
  /** The page cache's table: the rule of every address that is kept. */
  cacheRules: [string, PageCacheRule<never>][];
};

/** Reads the route list: what each file is, each page's addresses, and the page cache's table. Throws, naming the file, for a file that is none of the above. */
export function readRoutes(files: readonly RouteFile[]): SiteRoutes {
  const site: SiteRoutes = { middleware: [], routes: [], pagePaths: [], indexablePaths: [], cacheRules: [] };
  for (const { file, path, kind, module } of files) {
    const exported = module as { default?: unknown; cache?: PageCacheRule<never> | null };
    const value = exported.default;
    if (kind === 'middleware') {
      const handlers = Array.isArray(value) ? value : [value];
      if (handlers.length === 0 || !handlers.every((h) => typeof h === 'function'))
        throw new Error(`${file}: its default export must be a middleware or a list of them`);
      site.middleware.push({ path, handlers });
    } else if (value instanceof Hono) {
      site.routes.push({ file, path, app: value });
      if (exported.cache) site.cacheRules.push([path, exported.cache]);
    } else if (isPage(value)) {
      for (const params of pageParams(file, path, value)) {
        const address = fillPath(path, params);
        site.routes.push({ file, path: address, page: value, params });
        site.pagePaths.push(address);
        if (crawlable(address) && (typeof value.meta === 'function' || !value.meta.noindex)) site.indexablePaths.push(address);
        if (value.cache) site.cacheRules.push([address, value.cache as PageCacheRule<never>]);
      }
    } else throw new Error(`${file}: its default export must be a page (definePage) or a Hono app`);
  }
  return site;
}

const isPage = (value: unknown): value is AnyPage => typeof value === 'object' && value !== null && 'Component' in value && 'meta' in value;

/** The params of each page a file makes: one page without params, or one per entry of `paths` for a file with [segments]. */
function pageParams(file: string, path: string, page: AnyPage): readonly Params[] {
  const names = paramNames(path);
  if (names.length === 0) {
    if (page.paths) throw new Error(`${file}: \`paths\` is for a file with [segments] in its name`);
    return [{}];
  }
  // Every address of a page is known, so each is routed, kept and listed in the sitemap on its own.
  if (!page.paths?.length) throw new Error(`${file}: a page with [${names.join('], [')}] in its name lists its params in \`paths\``);
  return page.paths;
}
