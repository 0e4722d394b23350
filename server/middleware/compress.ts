import { gzipSync } from 'node:zlib';
import { createMiddleware } from 'hono/factory';
import { chooseEncoding } from '../../lib/http/negotiation.ts';
import type { AppEnv } from '../deps.ts';

/** Below this, compression saves less than it costs. */
const THRESHOLD_BYTES = 1024;
const COMPRESSIBLE = /^\s*(?:text\/|application\/(?:json|xml|javascript|manifest\+json)|image\/svg\+xml)/i;

/**
 * Gzips answers made for one request (live pages, JSON) when the client accepts gzip, by the same
 * negotiation as kept answers and static files (lib/http/negotiation.ts). Answers that already chose
 * their coding (kept pages, static twins) pass untouched. A HEAD is compressed like its GET, so the
 * length it states is the one a GET would get. The body is compressed whole, not streamed: every live
 * answer is rendered to a string anyway, and a stream's output depends on how its chunks arrive, so two
 * answers with the same bytes could differ in length.
 */
export const compressLive = createMiddleware<AppEnv>(async (c, next) => {
  // Streams (a CSV export) chose their coding in streamedResponse: compressing them whole here would
  // hold the entire body in memory.
  await next();
  const res = c.res;
  if (!res.body || res.status === 204 || res.status === 304 || res.status === 206) return;
  if (res.headers.has('Content-Encoding') || res.headers.get('Vary')?.toLowerCase().includes('accept-encoding')) return;
  const length = res.headers.get('Content-Length');
  if ((length !== null && Number(length) < THRESHOLD_BYTES) || !COMPRESSIBLE.test(res.headers.get('Content-Type') ?? '')) return;
  res.headers.set('Vary', res.headers.has('Vary') ? `${res.headers.get('Vary')}, Accept-Encoding` : 'Accept-Encoding');
  if (chooseEncoding(c.req.header('accept-encoding'), ['gzip', 'identity']) !== 'gzip') return;
  const gzipped = gzipSync(await res.arrayBuffer());
  c.res = new Response(gzipped, res);
  c.res.headers.set('Content-Length', String(gzipped.byteLength));
  c.res.headers.set('Content-Encoding', 'gzip');
});

/**
 * An answer streamed as it is made (an export of any size): gzipped as a stream when the client accepts
 * gzip (by the same negotiation), so no more than a chunk is held in memory; it has no Content-Length,
 * so no HEAD has to match it.
 */
export function streamedResponse(acceptEncoding: string | undefined, body: ReadableStream<Uint8Array>, headers: Headers): Response {
  headers.set('Vary', 'Accept-Encoding');
  if (chooseEncoding(acceptEncoding, ['gzip', 'identity']) !== 'gzip') return new Response(body, { headers });
  headers.set('Content-Encoding', 'gzip');
  const gzip = new CompressionStream('gzip') as unknown as ReadableWritablePair<Uint8Array, Uint8Array>;
  return new Response(body.pipeThrough(gzip), { headers });
}
