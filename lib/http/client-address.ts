// Who a request comes from, as the rate limits count it. Pure.

/**
 * The client address a proxy chain vouches for: each of the `trustedHops` proxies in front of the site
 * appends the address it received from, so the `trustedHops`-th entry from the end of X-Forwarded-For
 * is the last one written by a trusted proxy; anything before it came from the client and proves
 * nothing. Null when there is no trusted proxy, or the header is shorter than the chain (the request did
 * not come through it): then the socket address is the client.
 */
export function forwardedClient(forwardedFor: string | null | undefined, trustedHops: number): string | null {
  if (trustedHops < 1 || !forwardedFor) return null;
  const entries = forwardedFor.split(',').map((entry) => entry.trim());
  const vouched = entries[entries.length - trustedHops];
  return vouched ? vouched : null;
}

/**
 * Whether X-Forwarded-For is long enough for `forwardedClient` to read the client from it (at least
 * `trustedHops` entries), told by counting commas, with nothing made: for the page-view counter, which
 * reads the socket address only when the proxies do not name the client.
 */
export function forwardedReaches(forwardedFor: string | null, trustedHops: number): boolean {
  if (trustedHops < 1 || !forwardedFor) return false;
  let entries = 1;
  for (let at = forwardedFor.indexOf(','); at !== -1 && entries < trustedHops; at = forwardedFor.indexOf(',', at + 1)) entries++;
  return entries >= trustedHops;
}

/**
 * The key a client's requests are counted under: an IPv4 address as it is; an IPv6 address by its /64
 * network (one household or server gets a whole /64, and could otherwise rotate through it for fresh
 * allowances); an IPv4-mapped IPv6 address as the IPv4 address it is. Some proxies write the client's
 * port too (`203.0.113.9:51234`, `[2001:db8::1]:443`): it is dropped, or every new connection would be
 * a fresh allowance.
 */
export function clientKey(forwarded: string): string {
  const address = withoutPort(forwarded);
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1];
  if (!address.includes(':')) return address;
  const groups = expandIpv6(address.replace(/%.*$/, ''));
  return groups ? `${groups.slice(0, 4).join(':')}::/64` : address;
}

/** An address without the port a proxy may have written after it, and an IPv6 address without its brackets. */
function withoutPort(address: string): string {
  const bracketed = /^\[([^\]]*)\](?::\d{1,5})?$/.exec(address);
  if (bracketed) return bracketed[1];
  const v4 = /^(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}$/.exec(address);
  return v4 ? v4[1] : address;
}

/** The eight groups of an IPv6 address (lower-case, no leading zeros), or null when it is not one. */
function expandIpv6(address: string): string[] | null {
  const halves = address.toLowerCase().split('::');
  if (halves.length > 2) return null;
  const part = (text: string) => (text === '' ? [] : text.split(':'));
  const head = part(halves[0]);
  const tail = halves.length === 2 ? part(halves[1]) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  if (!groups.every((g) => /^[\da-f]{1,4}$/.test(g))) return null;
  return groups.map((g) => g.replace(/^0+(?=.)/, ''));
}
