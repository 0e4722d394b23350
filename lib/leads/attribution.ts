// Where a visitor came from. Their first landing from a campaign or another site sets their first touch
// (kept from then on); a later one sets their last touch; a visitor who never brings one is direct. Each touch holds the
// allow-listed campaign parameters, the other site's host, the landing path and the time, every value
// at most TOUCH_VALUE_MAX characters. Pure: server/attribution.ts reads and writes the cookies, and a
// submission stores both touches with the lead.
//
// The ad platforms' click ids ride along, so a lead can be reported back to the ad that brought it
// (lib/analytics/google-ads.ts): Google's gclid, and on iOS its gbraid or wbraid instead (Apple's
// tracking rules keep the gclid off many of those clicks); Meta's fbclid.

const ATTRIBUTION_PARAMS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content', 'gclid', 'gbraid', 'wbraid', 'fbclid'] as const;
export type AttributionParam = (typeof ATTRIBUTION_PARAMS)[number];

export const TOUCH_VALUE_MAX = 200;

export type Touch = Partial<Record<AttributionParam, string>> & {
  /** The host of the other site the visitor came from (never its path or query). */
  referrer?: string;
  /** The path of the page they landed on (no query). */
  landing: string;
  /** When (ISO 8601). */
  at: string;
};

export const FIRST_TOUCH_COOKIE = 'first_touch';
export const LAST_TOUCH_COOKIE = 'last_touch';
/** How long a touch is remembered: a typical consideration window for a local service. */
export const TOUCH_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;

/** Control characters are dropped (a value ends up in a cookie, a CSV cell and an email). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const UNSAFE = /[\u0000-\u001f\u007f-\u009f]/g;
const clean = (value: string): string => value.replace(UNSAFE, '').trim().slice(0, TOUCH_VALUE_MAX);

const absoluteUrl = (text: string | null | undefined): URL | null => {
  if (!text) return null;
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
};

/**
 * Where a landing came from, as far as its request tells: a touch without its time, the same for every
 * request to one address from one place (the server works it out once per pair).
 */
export type Landing = Omit<Touch, 'at'>;

/**
 * The landing a page request makes: its campaign parameters (the first value of each), the other site
 * it came from (a Referer on none of `ownHosts`), and its path. `url` is the request's absolute URL.
 */
export function landingOf(url: string, referer: string | null, ownHosts: readonly string[]): Landing {
  const address = absoluteUrl(url);
  const landing: Landing = { landing: clean(address?.pathname ?? '/') || '/' };
  if (address) {
    for (const name of ATTRIBUTION_PARAMS) {
      const value = address.searchParams.get(name);
      const cleaned = value === null ? '' : clean(value);
      if (cleaned) landing[name] = cleaned;
    }
  }
  const from = absoluteUrl(referer);
  if (from && !ownHosts.includes(from.hostname.toLowerCase())) landing.referrer = clean(from.hostname.toLowerCase());
  return landing;
}

/** The touch a page request makes at `at`: its landing (landingOf) and the time. */
export const touchOf = (url: string, referer: string | null, ownHosts: readonly string[], at: Date): Touch => ({
  ...landingOf(url, referer, ownHosts),
  at: at.toISOString(),
});

/** Whether a touch says where the visitor came from (a campaign parameter or another site). */
export const hasOrigin = (touch: Landing): boolean => touch.referrer !== undefined || ATTRIBUTION_PARAMS.some((name) => touch[name] !== undefined);

/** Whether a Referer is a page of this site (an internal navigation, not a landing). */
export function isInternalReferer(referer: string | null, ownHosts: readonly string[]): boolean {
  const from = absoluteUrl(referer);
  return from !== null && ownHosts.includes(from.hostname.toLowerCase());
}

/**
 * What a page request changes: a landing that says where it came from (a campaign parameter, another
 * site) sets the first touch when the visitor has none, else the last touch. An internal navigation, or
 * a landing that says nothing of its origin (a bookmark, a typed address), changes nothing: its answer
 * stays the shared copy every visitor gets, and a visitor who never brings an origin is direct.
 */
export function touchUpdate<T extends Landing>({ first, touch, internal }: { first: Touch | null; touch: T; internal: boolean }): { first?: T; last?: T } {
  if (internal || !hasOrigin(touch)) return {};
  return first ? { last: touch } : { first: touch };
}

/** The fields of a cookie value, in order; the time, last, is written apart (touchTimeField). */
const LANDING_FIELDS = [...ATTRIBUTION_PARAMS, 'referrer', 'landing'] as const;

/** A touch as a cookie value (a query string: only allow-listed keys, in a fixed order, the time last). */
export const encodeTouch = (touch: Touch): string => `${encodeLanding(touch)}&${touchTimeField(touch.at)}`;

/** The start of encodeTouch's value, all but the time: the same for every touch of one landing. */
export function encodeLanding(landing: Landing): string {
  const params = new URLSearchParams();
  for (const name of LANDING_FIELDS) {
    const value = landing[name];
    if (value !== undefined) params.set(name, value);
  }
  return params.toString();
}

/** The end of encodeTouch's value: the time, as its own field. */
export const touchTimeField = (at: string): string => new URLSearchParams({ at }).toString();

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;

/**
 * A touch from stored or received fields, or null when they are not one we wrote: a cookie is whatever
 * the browser sends, so every key is allow-listed and every value checked again.
 */
function touchFromRecord(record: Record<string, unknown> | null | undefined): Touch | null {
  if (!record || typeof record !== 'object') return null;
  const { landing, at } = record;
  if (typeof landing !== 'string' || !landing.startsWith('/') || landing.length > TOUCH_VALUE_MAX) return null;
  if (typeof at !== 'string' || !ISO_INSTANT.test(at) || Number.isNaN(Date.parse(at))) return null;
  const touch: Touch = { landing: clean(landing), at };
  for (const name of [...ATTRIBUTION_PARAMS, 'referrer'] as const) {
    const raw = record[name];
    const cleaned = typeof raw === 'string' ? clean(raw) : '';
    if (cleaned) touch[name] = cleaned;
  }
  return touch;
}

/** A touch from a cookie value (see touchFromRecord), or null. */
export function decodeTouch(value: string | undefined | null): Touch | null {
  if (!value || value.length > 4096) return null;
  return touchFromRecord(Object.fromEntries(new URLSearchParams(value)));
}

/** A touch stored as JSON text (the leads table's jsonb, read as text), or null. */
export function parseStoredTouch(json: string | null | undefined): Touch | null {
  if (!json) return null;
  try {
    return touchFromRecord(JSON.parse(json));
  } catch {
    return null;
  }
}

/** Whether a touch came from a Google Ads click: a gclid, or on iOS a gbraid or wbraid in its place. */
export const isGoogleAdsClick = (touch: Landing): boolean => Boolean(touch.gclid || touch.gbraid || touch.wbraid);

/**
 * A touch's source and medium as the agency reads them (the conventions analytics tools use): the
 * campaign's own utm_source/utm_medium; a Google or Meta ad click id without them is google or
 * facebook / cpc; another site is its host / referral; no touch at all is direct / none.
 */
export function sourceOf(touch: Touch | Landing | null): { source: string; medium: string } {
  if (!touch) return { source: 'direct', medium: 'none' };
  const paid = isGoogleAdsClick(touch) ? 'google' : touch.fbclid ? 'facebook' : undefined;
  const source = (touch.utm_source ?? paid ?? touch.referrer ?? 'direct').toLowerCase();
  const medium = (touch.utm_medium ?? (paid ? 'cpc' : touch.utm_source ? '(not set)' : touch.referrer ? 'referral' : 'none')).toLowerCase();
  return { source, medium };
}

/** "google / cpc · spring-promo", for a line in the inbox. */
export function describeTouch(touch: Touch | null): string {
  if (!touch) return 'direct / none';
  const { source, medium } = sourceOf(touch);
  return [`${source} / ${medium}`, touch.utm_campaign].filter(Boolean).join(' · ');
}

/**
 * What erasure keeps of a touch: its source and medium, which every visitor a campaign or site sent
 * shares, so they name no one and the lead still counts where it came from. The campaign, term,
 * content, click ids, the other site, the landing page and the time are dropped: a term or content
 * can hold an email address or a subscriber id, and a click id points back to one ad click.
 */
export type ErasedTouch = { source: string; medium: string };

export const erasedTouch = (touch: Touch | null): ErasedTouch | null => (touch ? sourceOf(touch) : null);

/** A touch as stored after erasure (the leads table's jsonb, read as text), or null when it is not one. */
export function parseErasedTouch(json: string | null | undefined): ErasedTouch | null {
  if (!json) return null;
  try {
    const { source, medium, landing } = JSON.parse(json) as Record<string, unknown>;
    if (landing !== undefined || typeof source !== 'string' || typeof medium !== 'string') return null;
    return { source: clean(source), medium: clean(medium) };
  } catch {
    return null;
  }
}
