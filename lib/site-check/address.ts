// Which addresses the site check may connect to (issue 32). The URL comes from a stranger, so the check
// refuses every address that is not public unicast: it must never reach the server itself, its network,
// or a cloud's metadata service. The rules are an allow list for IPv6 (global unicast, 2000::/3, less its
// special blocks) and a deny list for IPv4 (RFC 6890's special-purpose registry). Pure: no DNS here.

import type { RefusalReason } from './types.ts';

/** IPv4 blocks that are not public unicast (RFC 6890, RFC 6598, RFC 5737, RFC 3068, RFC 2544, RFC 5771, RFC 1112). */
const IPV4_REFUSED: readonly [string, number][] = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and 255.255.255.255 broadcast
];

/** The four numbers of a dotted IPv4 address as WHATWG URL and DNS write it, or null. */
export function ipv4Parts(text: string): number[] | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  const numbers = parts.map((p) => (/^\d{1,3}$/.test(p) ? Number(p) : Number.NaN));
  return numbers.every((n) => n >= 0 && n <= 255) ? numbers : null;
}

const ipv4Number = (parts: readonly number[]) => ((parts[0] << 24) | (parts[1] << 16) | (parts[2] << 8) | parts[3]) >>> 0;

function inBlock(value: number, [base, bits]: readonly [string, number]): boolean {
  const mask = bits === 0 ? 0 : (~0 << (32 - bits)) >>> 0;
  return (value & mask) >>> 0 === (ipv4Number(ipv4Parts(base) as number[]) & mask) >>> 0;
}

function isPublicIpv4(parts: readonly number[]): boolean {
  const value = ipv4Number(parts);
  return !IPV4_REFUSED.some((block) => inBlock(value, block));
}

/** The eight 16-bit groups of an IPv6 address (brackets allowed; an embedded dotted IPv4 tail too), or null. */
export function ipv6Groups(text: string): number[] | null {
  let address = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  if (!address.includes(':') || address.includes('%')) return null;
  const tail = address.match(/:(\d+\.\d+\.\d+\.\d+)$/);
  if (tail) {
    const v4 = ipv4Parts(tail[1]);
    if (!v4) return null;
    address = `${address.slice(0, -tail[1].length)}${((v4[0] << 8) | v4[1]).toString(16)}:${((v4[2] << 8) | v4[3]).toString(16)}`;
  }
  const halves = address.split('::');
  if (halves.length > 2) return null;
  const groupsOf = (part: string) => (part === '' ? [] : part.split(':'));
  const head = groupsOf(halves[0]);
  const rest = halves.length === 2 ? groupsOf(halves[1]) : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...rest];
  if (!groups.every((g) => /^[0-9a-f]{1,4}$/i.test(g))) return null;
  return groups.map((g) => Number.parseInt(g, 16));
}

/**
 * Public IPv6: global unicast (2000::/3) only, less its special blocks: 2001::/23 (IETF protocol
 * assignments, Teredo among them), 2001:db8::/32 and 3fff::/20 (documentation) and 2002::/16 (6to4, which embeds an
 * IPv4 address). Everything else — loopback, unspecified, IPv4-mapped and -compatible (::ffff:0:0/96,
 * ::/96), NAT64 (64:ff9b::/96), unique local (fc00::/7), link-local (fe80::/10), multicast (ff00::/8) —
 * lies outside 2000::/3 and is refused with it.
 */
function isPublicIpv6(groups: readonly number[]): boolean {
  const [first, second] = groups;
  if ((first & 0xe000) !== 0x2000) return false;
  if (first === 0x2001 && second < 0x200) return false;
  if (first === 0x2001 && second === 0xdb8) return false;
  // 3fff::/20: documentation too (RFC 9637, 2024).
  if (first === 0x3fff && second < 0x1000) return false;
  return first !== 0x2002;
}

/** Whether `ip` (an IPv4 or IPv6 literal, as DNS answers it or as it stands in a URL) is public unicast. */
export function isPublicAddress(ip: string): boolean {
  const v4 = ipv4Parts(ip);
  if (v4) return isPublicIpv4(v4);
  const v6 = ipv6Groups(ip);
  return v6 !== null && isPublicIpv6(v6);
}

/** Whether a URL's hostname is an IP literal (dotted IPv4, as WHATWG URL writes every numeric form, or [IPv6]). */
export const isIpLiteral = (hostname: string) => ipv4Parts(hostname) !== null || ipv6Groups(hostname) !== null;

/** One entry of SITE_CHECK_ALLOW_HOSTS: a host, and the one port it is allowed on (none: 80 and 443). */
export type AllowedHost = { host: string; port?: number };

/**
 * SITE_CHECK_ALLOW_HOSTS: comma-separated `host` or `host:port` (`[::1]:8080` for IPv6), for tests and
 * intranets. Exactly those hosts are let through even when their address is private, and only at that
 * port. Null when an entry is not a host (the config names the variable).
 */
export function parseAllowHosts(text: string): AllowedHost[] | null {
  const entries = text
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  const hosts: AllowedHost[] = [];
  for (const entry of entries) {
    let url: URL;
    try {
      url = new URL(`http://${entry}`);
    } catch {
      return null;
    }
    if (url.username || url.password || url.pathname !== '/' || url.search || url.hash || `${url.host}` !== entry.toLowerCase().replace(/:80$/, ''))
      return null;
    const port = /:(\d+)$/.test(entry) ? Number(entry.match(/:(\d+)$/)?.[1]) : undefined;
    hosts.push({ host: url.hostname, ...(port === undefined ? {} : { port }) });
  }
  return hosts;
}

/** Where a vetted URL goes: its scheme, host (as in the URL), port, and whether the allow list let it through. */
export type Target = { url: URL; hostname: string; port: number; allowed: boolean };

const DEFAULT_PORT = { 'http:': 80, 'https:': 443 } as const;

/**
 * Whether the site check may fetch `address`: http or https, no credentials, port 80 or 443 (or the
 * port an allowed host names), and a host that is not an IP literal of a refused address, nor
 * `localhost`. A name still has to resolve to public addresses: the fetch checks what DNS answers.
 */
export function vetTarget(address: string | URL, allow: readonly AllowedHost[]): { target: Target } | { refused: RefusalReason } {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return { refused: 'bad-address' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { refused: 'not-http' };
  if (url.username || url.password) return { refused: 'bad-address' };
  const port = url.port ? Number(url.port) : DEFAULT_PORT[url.protocol];
  const hostname = url.hostname;
  const allowed = allow.some((a) => a.host === hostname && (a.port === undefined ? port === 80 || port === 443 : a.port === port));
  if (allowed) return { target: { url, hostname, port, allowed } };
  if (port !== 80 && port !== 443) return { refused: 'bad-address' };
  if (hostname === 'localhost' || hostname.endsWith('.localhost') || !hostname.includes('.') || hostname.endsWith('.')) {
    if (!isIpLiteral(hostname)) return { refused: 'not-public' };
  }
  if (isIpLiteral(hostname) && !isPublicAddress(hostname)) return { refused: 'not-public' };
  return { target: { url, hostname, port, allowed } };
}
