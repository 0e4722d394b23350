import { robotsTxt, sitemapXml } from '../lib/pages/sitemap.ts';
import type { AppContext } from './deps.ts';

// The sitemap and robots.txt: facts about the whole site (which pages it routes, and which of those are
// indexable: server/routing.ts), so the framework answers them, as it does the static files.

/** GET /sitemap.xml: every indexable page (its meta is not noindex), with absolute URLs. */
export function sitemap(indexablePaths: readonly string[]) {
  return (c: AppContext) => {
    c.header('Content-Type', 'application/xml; charset=UTF-8');
    c.header('Cache-Control', 'public, max-age=3600');
    return c.body(sitemapXml(c.get('deps').config.PUBLIC_SITE_URL, indexablePaths));
  };
}

/** GET /robots.txt: what crawlers leave alone, and where the sitemap is. */
export function robots(c: AppContext) {
  c.header('Cache-Control', 'public, max-age=3600');
  return c.text(robotsTxt(c.get('deps').config.PUBLIC_SITE_URL));
}
