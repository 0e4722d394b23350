import { robotsTxt, sitemapXml } from '../lib/pages/sitemap.ts';
import type { AppContext } from '../server/deps.ts';

export function sitemap(indexablePaths: readonly string[]) {
  return (c: AppContext) => {
    c.header('Content-Type', 'application/xml; charset=UTF-8');
    c.header('Cache-Control', 'public, max-age=3600');
    return c.body(sitemapXml(c.get('deps').config.PUBLIC_SITE_URL, indexablePaths));
  };
}

export function robots(c: AppContext) {
  c.header('Cache-Control', 'public, max-age=3600');
  return c.text(robotsTxt(c.get('deps').config.PUBLIC_SITE_URL));
}
