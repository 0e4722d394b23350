import { readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { routeEntries, routeListSource } from '../lib/pages/route-files.ts';

// Writes the route list (site/routes.generated.ts) from the files in routes/: `bun start` (server.ts),
// `bun run build` (build.ts) and `bun test` (tests/preload.ts) call it, so a new file in routes/ is
// routed with no other change. It is committed, so a fresh checkout type-checks and runs as it is.

const ROOT = join(import.meta.dir, '..');

/** Rewrites the list when the files in `routesDir` no longer match it; true when it did. */
export async function writeRouteList({ routesDir = join(ROOT, 'routes'), outFile = join(ROOT, 'site/routes.generated.ts') } = {}): Promise<boolean> {
  const files: string[] = [];
  for (const entry of await readdir(routesDir, { recursive: true, withFileTypes: true }))
    if (entry.isFile()) files.push(relative(routesDir, join(entry.parentPath, entry.name)).split(sep).join('/'));
  const specifier = (path: string) => {
    const from = relative(dirname(outFile), path).split(sep).join('/');
    return from.startsWith('.') ? from : `./${from}`;
  };
  const source = routeListSource(
    routeEntries(files).map((entry) => ({ ...entry, specifier: specifier(join(routesDir, entry.file)) })),
    { routing: specifier(join(ROOT, 'server/routing.ts')) },
  );
  if ((await readFile(outFile, 'utf8').catch(() => null)) === source) return false;
  await writeFile(outFile, source);
  return true;
}
