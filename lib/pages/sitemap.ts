import { absoluteUrl } from './meta.ts';

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** What crawlers are asked to leave alone (robots.txt), so the sitemap never lists it either. */
const DISALLOWED = ['/admin/', '/api/'] as const;

/**
 * Whether robots.txt lets crawlers in: the route table lists no other path as indexable, so the sitemap
 * never names one (a page whose meta depends on its data, as /admin/ab-tests, cannot say noindex until it is rendered).
 */
export const crawlable = (path: string) => !DISALLOWED.some((prefix) => path.startsWith(prefix) || `${path}/` === prefix);

/** The XML sitemap of the given site paths, with absolute URLs. */
export function sitemapXml(siteUrl: string, paths: readonly string[]): string {
  const urls = paths.map((p) => `  <url><loc>${escapeXml(absoluteUrl(siteUrl, p))}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export function robotsTxt(siteUrl: string): string {
  const rules = DISALLOWED.map((prefix) => `Disallow: ${prefix}`).join('\n');
  return `User-agent: *\n${rules}\n\nSitemap: ${absoluteUrl(siteUrl, '/sitemap.xml')}\n`;
}
