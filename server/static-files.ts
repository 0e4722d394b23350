import { stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import { chooseEncoding } from '../lib/http/negotiation.ts';
import { type Assets, MANIFEST_PATH } from '../lib/pages/assets.ts';
import type { AppContext } from './deps.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const SHORT = 'public, max-age=3600';
const COMPRESSIBLE = new Set(['.js', '.css', '.svg', '.json', '.xml', '.txt', '.html']);

/** Finds a file under static/ by its relative path ("build/x.js"), or null. */
export type StaticSource = (relPath: string) => Promise<Blob | null>;

/** Files on disk under root; paths cannot escape it. */
export function diskSource(root: string): StaticSource {
  const base = resolve(root);
  return async (rel) => {
    const path = resolve(join(base, rel));
    if (!path.startsWith(base + sep) || rel.includes('\0')) return null;
    try {
      return (await stat(path)).isFile() ? Bun.file(path) : null;
    } catch {
      return null;
    }
  };
}

/** Files embedded in a compiled binary: relative path → embedded file path. */
export function embeddedSource(files: Record<string, string>): StaticSource {
  return async (rel) => (Object.hasOwn(files, rel) ? Bun.file(files[rel]) : null);
}

/**
 * Serves static files at /static/*. Built files carry a content hash in their name, so they are
 * cached forever; a pre-compressed .br or .gz twin is sent when the client accepts it (the same
 * negotiation as every other answer: q-values, q=0 means never). Files go out as Blobs, so a HEAD
 * states their real length.
 */
export function staticFiles(source: StaticSource) {
  return async (c: AppContext) => {
    let rel: string;
    try {
      rel = decodeURIComponent(c.req.path.replace(/^\/static\//, ''));
    } catch {
      return c.notFound();
    }
    if (rel.split('/').some((part) => part === '..' || part === '')) return c.notFound();
    const file = await source(rel);
    if (!file) return c.notFound();

    const immutable = rel.startsWith('build/') && rel !== 'build/manifest.json';
    const headers: Record<string, string> = { 'Cache-Control': immutable ? IMMUTABLE : SHORT, 'Content-Type': Bun.file(rel).type };
    if (!COMPRESSIBLE.has(extname(rel))) return new Response(file, { headers });
    headers.Vary = 'Accept-Encoding';
    const twins = { br: await source(`${rel}.br`), gzip: await source(`${rel}.gz`) };
    const available = (['br', 'gzip'] as const).filter((encoding) => twins[encoding]);
    const encoding = chooseEncoding(c.req.header('accept-encoding'), [...available, 'identity']);
    if (encoding === null) return c.text('Not Acceptable: this file is available as br, gzip or identity', 406, { Vary: 'Accept-Encoding' });
    if (encoding === 'identity') return new Response(file, { headers });
    headers['Content-Encoding'] = encoding;
    return new Response(twins[encoding], { headers });
  };
}

/** The build manifest plus the stylesheet's text (inlined into pages). */
export async function loadAssets(source: StaticSource = diskSource('static')): Promise<Assets> {
  const manifest = await source(MANIFEST_PATH.slice('static/'.length));
  if (!manifest) throw new Error('No build found: run bun run build');
  const assets: Assets = JSON.parse(await manifest.text());
  const css = await source(assets.css.slice('/static/'.length));
  return { ...assets, cssText: await css?.text() };
}
