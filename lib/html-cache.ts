import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { TtlCache } from './ttl-cache.ts';

// Rendered pages kept as bytes, pre-compressed once, with a strong ETag per encoding. Pure apart from
// compression: time comes from the caller.

export type Encoding = 'br' | 'gzip' | 'identity';

export type CachedPage = {
  status: number;
  hash: string;
  bodies: Record<Encoding, Uint8Array<ArrayBuffer>>;
};

const MAX_ENTRIES = 500;

export class HtmlCache {
  private entries = new TtlCache<CachedPage>(MAX_ENTRIES);

  get(key: string, now: number): CachedPage | undefined {
    return this.entries.get(key, now);
  }

  put(key: string, html: string, status: number, ttlMs: number, now: number): CachedPage {
    const identity = new TextEncoder().encode(html);
    const page: CachedPage = {
      status,
      hash: new Bun.CryptoHasher('sha1').update(identity).digest('base64url').slice(0, 22),
      bodies: {
        identity,
        gzip: new Uint8Array(gzipSync(identity, { level: 9 })),
        br: new Uint8Array(brotliCompressSync(identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length } })),
      },
    };
    return this.entries.set(key, page, ttlMs, now);
  }
}

/** Picks brotli, then gzip, then none, from an Accept-Encoding header. */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding {
  const accepted = (acceptEncoding ?? '').toLowerCase();
  if (/(^|[\s,])br(\s*;\s*q=(1|0\.\d*[1-9]))?\s*(,|$)/.test(accepted)) return 'br';
  if (/(^|[\s,])gzip(\s*;\s*q=(1|0\.\d*[1-9]))?\s*(,|$)/.test(accepted)) return 'gzip';
  return 'identity';
}

/** The strong ETag of one encoding of a page. */
export const etagFor = (page: CachedPage, encoding: Encoding) => `"${page.hash}-${encoding}"`;
