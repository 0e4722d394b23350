import { stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import type { AppContext } from './app-env.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const SHORT = 'public, max-age=3600';
const COMPRESSIBLE = new Set(['.js', '.css', '.svg', '.json', '.xml', '.txt', '.html']);

/**
 * Serves files under `root` at /static/*. Built files carry a content hash in their name, so they are
 * cached forever; a pre-compressed .br or .gz twin is sent when the client accepts it.
 */
export function staticFiles(root: string) {
  const base = resolve(root);
  return async (c: AppContext) => {
    let rel: string;
    try {
      rel = decodeURIComponent(c.req.path.replace(/^\/static\//, ''));
    } catch {
      return c.notFound();
    }
    const path = resolve(join(base, rel));
    if (!path.startsWith(base + sep) || rel.includes('\0')) return c.notFound();
    if (!(await isFile(path))) return c.notFound();

    const immutable = rel.startsWith('build/') && rel !== 'build/manifest.json';
    c.header('Cache-Control', immutable ? IMMUTABLE : SHORT);
    const type = Bun.file(path).type;
    const ext = extname(path);
    if (COMPRESSIBLE.has(ext)) {
      c.header('Vary', 'Accept-Encoding');
      const accepts = c.req.header('accept-encoding') ?? '';
      for (const [encoding, suffix] of [['br', '.br'], ['gzip', '.gz']] as const) {
        if (accepts.includes(encoding) && (await isFile(path + suffix))) {
          c.header('Content-Encoding', encoding);
          c.header('Content-Type', type);
          return c.body(Bun.file(path + suffix).stream());
        }
      }
    }
    c.header('Content-Type', type);
    return c.body(Bun.file(path).stream());
  };
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}
