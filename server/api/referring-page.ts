import { hasValidHost } from '../../lib/http/request-address.ts';
import type { AppContext } from '../deps.ts';

/**
 * The page of this site a submission was sent from: the path of a same-origin Referer (this request's
 * host or PUBLIC_SITE_URL's origin, behind a proxy), at most 200 characters; else `fallback` (a direct
 * call, or a browser that sends no Referer). Nothing from another site is kept.
 */
export function referringPage(c: AppContext, fallback: string): string {
  const referer = c.req.header('referer');
  if (!referer) return fallback;
  try {
    const url = new URL(referer);
    // A request without a valid Host has a bare target and no host of its own: only PUBLIC_SITE_URL's counts.
    const ownHost = hasValidHost(c.req.url) ? new URL(c.req.url).host : null;
    const sameSite = url.host === ownHost || url.origin === new URL(c.get('deps').config.PUBLIC_SITE_URL).origin;
    return sameSite ? url.pathname.slice(0, 200) : fallback;
  } catch {
    return fallback;
  }
}
