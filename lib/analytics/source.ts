import { type Landing, landingOf, sourceOf } from '../leads/attribution.ts';

// Where a page view came from, named as a lead's first touch is named (lib/leads/attribution.ts), so the
// visits of a source and the leads of that source meet in one row of the reports: utm_source, else an ad
// click id (gclid → google, fbclid → facebook), else the other site's host, else direct.

export type ViewSource = {
  /** The other site's host (never its path), or null for none or this site. */
  referrerHost: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  /** As sourceOf names them (lower case); the campaign as given, '' without one. */
  source: string;
  medium: string;
  campaign: string;
};

/** The host a request's absolute URL names (lower case), or null. */
function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return null;
  }
}

/**
 * The source of a page view from its URL (with its query) and Referer: a Referer on `siteHost` or on the
 * host the request was made to is a move inside the site, not another site.
 */
export function viewSource(url: string, referer: string | null, siteHost: string): ViewSource {
  const host = hostOf(url);
  const landing: Landing = landingOf(url, referer, host && host !== siteHost ? [siteHost, host] : [siteHost]);
  const { source, medium } = sourceOf(landing);
  return {
    referrerHost: landing.referrer ?? null,
    utmSource: landing.utm_source ?? null,
    utmMedium: landing.utm_medium ?? null,
    utmCampaign: landing.utm_campaign ?? null,
    source,
    medium,
    campaign: landing.utm_campaign ?? '',
  };
}
