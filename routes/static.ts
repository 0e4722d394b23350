import { stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import type { AppContext } from './app-env.ts';

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
 * cached forever; a pre-compressed .br or .gz twin is sent when the client accepts it.
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
    c.header('Cache-Control', immutable ? IMMUTABLE : SHORT);
    const type = Bun.file(rel).type;
    c.header('Content-Type', type);
    if (COMPRESSIBLE.has(extname(rel))) {
      c.header('Vary', 'Accept-Encoding');
      const accepts = c.req.header('accept-encoding') ?? '';
      for (const [encoding, suffix] of [
        ['br', '.br'],
        ['gzip', '.gz'],
      ] as const) {
        if (!accepts.includes(encoding)) continue;
        const twin = await source(rel + suffix);
        if (twin) {
          c.header('Content-Encoding', encoding);
          return c.body(twin.stream());
        }
      }
    }
    return c.body(file.stream());
  };
}
