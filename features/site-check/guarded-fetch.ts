// A GET that a stranger's URL cannot turn against the server or its network (issue 32). Every hop is
// vetted (lib/site-check/address.ts: http/https, ports 80/443, no credentials), its host resolved, and
// refused when any address DNS gives is not public unicast; the request then goes to the very address
// that was checked (the URL's host replaced by the IP literal, the name kept in Host and in TLS's server
// name, so certificates are still verified against it), so an answer that changes between the check and
// the connection (DNS rebinding) cannot reach inside. Redirects are followed by hand, at most three,
// each hop vetted the same way. Bodies are read up to a cap and decoded by their charset. No cookies are
// kept (Bun's fetch has no jar) and no credentials are sent. Bun's fetch ignores Node agents and undici
// dispatchers, so the guard cannot live in one of those: it is here, before each connection.

import { lookup } from 'node:dns/promises';
import { type AllowedHost, isIpLiteral, isPublicAddress, type Target, vetTarget } from '../../lib/site-check/address.ts';
import { decodePage } from '../../lib/site-check/charset.ts';
import type { RefusalReason } from '../../lib/site-check/types.ts';
import { readUpTo } from '../../server/read-capped.ts';

export const MAX_REDIRECTS = 3;
export const BODY_CAP_BYTES = 2 * 1024 * 1024;

/** A name's addresses, as DNS answers them (node:dns by default; tests hand in the answers they need). */
export type Resolve = (host: string) => Promise<string[]>;
export const systemResolve: Resolve = async (host) => (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

export type GuardOptions = {
  allowHosts: readonly AllowedHost[];
  userAgent: string;
  signal: AbortSignal;
  resolve?: Resolve;
  /** A certificate authority to trust instead of the system's (tests' https sites); the name is checked either way. */
  trustedCa?: string;
};

/** An answer from a vetted address: the last hop's response, where it was, and its time to first byte. */
export type GuardedAnswer = {
  response: Response;
  url: URL;
  ttfbMs: number;
  redirects: number;
  /** The first hop's answer: where plain http:// sent the visitor, when the address began with it. */
  first: { url: URL; status: number; location: URL | null };
};

export class Refused extends Error {
  constructor(readonly reason: RefusalReason) {
    super(`refused: ${reason}`);
  }
}

const stripBrackets = (host: string) => (host.startsWith('[') ? host.slice(1, -1) : host);

/**
 * The addresses to connect to for `target`, in the resolver's order, every address of its name having
 * been checked (Refused `not-public` otherwise). The booking calendars' guard
 * (features/booking/calendar/guard.ts) uses it too.
 */
export async function vettedAddresses(target: Target, signal: AbortSignal, resolve: Resolve = systemResolve): Promise<readonly string[]> {
  const host = stripBrackets(target.hostname);
  let addresses: string[];
  if (isIpLiteral(target.hostname)) addresses = [host];
  else {
    // DNS takes no signal: raced, so the deadline still holds.
    const answer = resolve(host);
    const aborted = new Promise<never>((_, reject) => {
      if (signal.aborted) reject(signal.reason);
      signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    });
    addresses = await Promise.race([answer, aborted]);
  }
  // One private address among public ones refuses the lot: a round-robin answer could hand out either.
  if (addresses.length === 0 || (!target.allowed && !addresses.every(isPublicAddress))) throw new Refused('not-public');
  return addresses;
}

/**
 * One request (`init`: its method, headers, body and signal) to the checked `addresses` for `url`, the
 * name kept for Host and TLS's server name; a redirect is answered, never followed. The addresses are
 * tried in turn while the connection fails (a name with an IPv6 address first, on a server with no IPv6
 * route, or one of a round robin down); the first answer, whatever its status, is the answer. The
 * booking calendars' guard sends its requests through it too (their writes are PUTs and DELETEs of one
 * event: sent again, they do the same).
 */
export async function fetchPinned(url: URL, addresses: readonly string[], init: RequestInit, trustedCa?: string): Promise<Response> {
  for (let i = 0; ; i++) {
    try {
      return await fetchAt(url, addresses[i], init, trustedCa);
    } catch (error) {
      if (i + 1 >= addresses.length || init.signal?.aborted) throw error;
    }
  }
}

function fetchAt(url: URL, address: string, init: RequestInit, trustedCa?: string): Promise<Response> {
  const pinned = new URL(url);
  pinned.hostname = address.includes(':') ? `[${address}]` : address;
  const headers = new Headers(init.headers);
  headers.set('host', url.host);
  return fetch(pinned, {
    ...init,
    redirect: 'manual',
    headers,
    tls: { serverName: stripBrackets(url.hostname), ...(trustedCa ? { ca: trustedCa } : {}) },
  } as RequestInit);
}

/** One GET to the checked addresses (the next while one refuses the connection), the name kept for Host and TLS. */
function requestPinned(url: URL, addresses: readonly string[], { userAgent, signal, trustedCa }: GuardOptions, accept: string): Promise<Response> {
  return fetchPinned(url, addresses, { signal, headers: { 'user-agent': userAgent, accept, 'accept-language': 'en-CA,en;q=0.8' } }, trustedCa);
}

/** The statuses that redirect (their Location says where). */
export const REDIRECTS: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

/**
 * GETs `address`, following at most MAX_REDIRECTS redirects (`follow: false`: none), each hop vetted
 * and pinned. Throws Refused (the address, a hop, or the fourth redirect), or what fetch throws.
 */
export async function guardedGet(address: string | URL, options: GuardOptions, { accept = '*/*', follow = true } = {}): Promise<GuardedAnswer> {
  let next: string | URL = address;
  let first: GuardedAnswer['first'] | undefined;
  for (let redirects = 0; ; redirects++) {
    const vetted = vetTarget(next, options.allowHosts);
    if ('refused' in vetted) throw new Refused(vetted.refused);
    const addresses = await vettedAddresses(vetted.target, options.signal, options.resolve);
    const started = performance.now();
    const response = await requestPinned(vetted.target.url, addresses, options, accept);
    const ttfbMs = performance.now() - started;
    const location = response.headers.get('location');
    let target: URL | null = null;
    try {
      target = location && REDIRECTS.has(response.status) ? new URL(location, vetted.target.url) : null;
    } catch {
      if (follow) throw new Refused('bad-address');
    }
    first ??= { url: vetted.target.url, status: response.status, location: target };
    if (!follow || !target) return { response, url: vetted.target.url, ttfbMs, redirects, first };
    await response.body?.cancel();
    if (redirects === MAX_REDIRECTS) throw new Refused('too-many-redirects');
    next = target;
  }
}

/** Up to `cap` bytes of a body, and whether there was more (the rest is not read: the connection is closed). */
export const readCapped = (response: Response, cap: number = BODY_CAP_BYTES): Promise<{ bytes: Uint8Array; truncated: boolean }> => readUpTo(response, cap);

/**
 * Bytes as text by their charset, as a browser picks it (lib/site-check/charset.ts): a byte order mark,
 * the Content-Type's, a `<meta charset>` or `http-equiv` in the first 1,024 bytes (read by the parser),
 * then UTF-8 if the bytes are valid UTF-8, else windows-1252.
 */
export const decodeText = (bytes: Uint8Array, contentType: string | null): string => decodePage(bytes, contentType).text;
