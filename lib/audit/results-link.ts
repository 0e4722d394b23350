// The audit's private results link: /audit/results/{token}, where the token is 256 random bits
// (base64url, 43 characters) made when the audit is stored. Anyone with the link sees the results, so
// it is sent only to the person (the API answer, their email), never listed, and works for 90 days.

import { DAY_MS } from '../time/calendar.ts';

const RESULTS_PATH_PREFIX = '/audit/results/';
export const RESULTS_LINK_DAYS = 90;

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export const resultsPath = (token: string) => `${RESULTS_PATH_PREFIX}${token}`;

/** Where the results' booking buttons lead: the booking page, which joins the session to this audit. */
export const bookingPathFor = (token: string | null | undefined) => (token ? `/book?results=${encodeURIComponent(token)}` : '/book');

/**
 * Where the results' Q4 intake link leads: the intake, prefilled with what the audit already told us
 * (routes/q4-intake/index.tsx reads the token; the page is then private, like the results).
 */
export const intakePathFor = (token: string | null | undefined) => (token ? `/q4-intake?results=${encodeURIComponent(token)}` : '/q4-intake');

/** The token at the end of a results link (the audit API's resultsUrl), or null. */
export const tokenOfResultsUrl = (url: string): string | null => {
  const token = url.slice(url.lastIndexOf('/') + 1);
  return isResultsToken(token) ? token : null;
};

/** Whether text can be a results token at all (anything else is not looked up). */
export const isResultsToken = (text: string): boolean => TOKEN.test(text);

/** When the link of an audit stored at `createdAt` stops working. */
export const resultsLinkExpiresAt = (createdAt: Date): Date => new Date(createdAt.getTime() + RESULTS_LINK_DAYS * DAY_MS);

export const isResultsLinkExpired = (createdAt: Date, now: Date): boolean => now.getTime() >= resultsLinkExpiresAt(createdAt).getTime();

/** The title of the results link's page, which the home page takes on too once its audit's results show there (the address is that link then). */
export const RESULTS_TITLE = 'Your business growth audit results | Northline Digital';
