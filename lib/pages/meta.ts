// What every page declares about itself: the layout turns it into <head> tags.

export type OgImage = { path: string; width: number; height: number; alt: string };

export type PageMeta = {
  title: string;
  description: string;
  /** Path on this site; the canonical link is PUBLIC_SITE_URL + path. */
  path: string;
  /** Pages that should stay out of search results. */
  noindex?: boolean;
  keywords?: readonly string[];
  ogType?: 'website' | 'article';
  ogImage?: OgImage;
  jsonLd?: readonly object[];
  /** `staff`: a back-office page, which brings its own header (components/staff) instead of the site's. */
  chrome?: 'site' | 'staff';
  /** True on the home page: in-page anchors (#contact) need no path prefix. */
  isHome?: boolean;
};

export const defaultOgImage: OgImage = {
  path: '/static/images/og-default.png',
  width: 1200,
  height: 630,
  alt: 'Northline Digital, a Toronto digital marketing agency for local businesses',
};

export function absoluteUrl(siteUrl: string, path: string): string {
  return new URL(path, siteUrl.endsWith('/') ? siteUrl : `${siteUrl}/`).toString();
}
