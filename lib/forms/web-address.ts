import * as z from 'zod/mini';

// Web addresses typed by visitors: one rule for every form that asks for one.

/** An absolute http(s) URL with a dotted host name and no credentials in it. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return /^https?:\/\//i.test(value) && url.hostname.includes('.') && !url.username && !url.password;
  } catch {
    return false;
  }
}

/**
 * A business's website as people type it: a full http(s) address as it is, or a bare domain
 * ("brightsmile.ca", "www.brightsmile.ca/book") with https:// put in front. Empty stays empty. Null
 * for anything else: another scheme (javascript:, mailto:, ftp:; "brightsmile.ca:8443" has a port, not
 * a scheme), a host without a dot, credentials.
 */
export function normalizeWebsite(typed: string): string | null {
  const text = typed.trim();
  const address = !text || /^https?:\/\//i.test(text) ? text : /^[a-z][\w+.-]*:(?!\d)/i.test(text) ? '-' : `https://${text}`;
  return !address || isHttpUrl(address) ? address : null;
}

export const WEBSITE_MESSAGE = 'Enter your website, like brightsmile.ca';

/** The checks a form's website field ends with (after trimming): valid by normalizeWebsite, and stored normalized. */
export const websiteChecks = () =>
  [z.refine<string>((v) => normalizeWebsite(v) !== null, WEBSITE_MESSAGE), z.overwrite((v: string) => normalizeWebsite(v) ?? v)] as const;
