// The convention of routes/: a file's path is its address, as in Deno Fresh and HonoX.
//   routes/index.tsx                  → /
//   routes/blog.tsx                   → /blog
//   routes/q4-intake/index.tsx        → /q4-intake
//   routes/q4-intake/thank-you.tsx    → /q4-intake/thank-you
//   routes/services/[slug].tsx        → /services/:slug (a page lists its params: `paths`)
//   routes/admin/leads.csv.ts         → /admin/leads.csv (only .ts/.tsx is dropped)
//   routes/admin/_middleware.ts       → middleware for /admin and everything under it
//   routes/admin/_staff-pages.tsx     → not a route: a file or folder whose name starts with _ is private
// Test files (*.test.ts) are not routes either. Pure: site/route-list.ts reads the folder and writes the list.

/** A file of routes/ that the app routes: a route at `path`, or the middleware of the folder at `path`. */
export type RouteEntry = { file: string; path: string; kind: 'route' | 'middleware' };

const SOURCE = /\.tsx?$/;
const PARAM = /^\[([A-Za-z_][A-Za-z0-9_]*)\]$/;
/** What a fixed segment may hold: letters, digits, dot, dash, underscore (no brackets, colons, spaces or percent signs). */
const FIXED = /^[A-Za-z0-9._~-]+$/;

/** What `file` (relative to routes/, with / between folders) is: a route, a folder's middleware, or null for a file that is not routed. */
export function routeEntryOf(file: string): RouteEntry | null {
  if (!SOURCE.test(file) || /\.(test|d)\.tsx?$/.test(file)) return null;
  const segments = file.replace(SOURCE, '').split('/');
  const name = segments.pop() as string;
  if (segments.some((folder) => folder.startsWith('_'))) return null;
  if (name === '_middleware') return { file, path: pathOf(file, segments), kind: 'middleware' };
  if (name.startsWith('_')) return null;
  return { file, path: pathOf(file, name === 'index' ? segments : [...segments, name]), kind: 'route' };
}

function pathOf(file: string, segments: string[]): string {
  const parts = segments.map((segment) => {
    const param = PARAM.exec(segment);
    if (param) return `:${param[1]}`;
    if (!FIXED.test(segment)) throw new Error(`routes/${file}: "${segment}" is neither a plain name nor a [param]`);
    return segment;
  });
  return `/${parts.join('/')}`;
}

/** The routed files among `files`, middleware first (outer folders before inner ones), then routes with fixed segments before [params]. */
export function routeEntries(files: readonly string[]): RouteEntry[] {
  const entries = files.map(routeEntryOf).filter((entry) => entry !== null);
  const seen = new Map<string, string>();
  for (const entry of entries) {
    // /services/:slug and /services/:id are the same address.
    const key = `${entry.kind} ${entry.path.replace(/:[^/]+/g, ':')}`;
    const other = seen.get(key);
    if (other) throw new Error(`routes/${other} and routes/${entry.file} both answer ${entry.path}`);
    seen.set(key, entry.file);
  }
  return entries.sort(compareEntries);
}

function compareEntries(a: RouteEntry, b: RouteEntry): number {
  if (a.kind !== b.kind) return a.kind === 'middleware' ? -1 : 1;
  const [as, bs] = [a.path.split('/'), b.path.split('/')];
  if (a.kind === 'middleware' && as.length !== bs.length) return as.length - bs.length;
  for (let i = 0; i < Math.min(as.length, bs.length); i++) {
    if (as[i] === bs[i]) continue;
    const [aParam, bParam] = [as[i].startsWith(':'), bs[i].startsWith(':')];
    if (aParam !== bParam) return aParam ? 1 : -1;
    return as[i] < bs[i] ? -1 : 1;
  }
  return as.length - bs.length;
}

/** The names of a path's params (`/admin/leads/:kind/:id` → kind, id). */
export const paramNames = (path: string): string[] => [...path.matchAll(/:([^/]+)/g)].map((m) => m[1]);

/** A path with its params filled in (`/services/:slug`, {slug: 'seo-services'} → /services/seo-services). */
export function fillPath(path: string, params: Readonly<Record<string, string>>): string {
  return path.replace(/:([^/]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || !FIXED.test(value)) throw new Error(`${path}: the param ${name} is ${JSON.stringify(value)}, not a plain name`);
    return value;
  });
}

/**
 * The text of the generated route list (site/routes.generated.ts): one import per routed file, each
 * entry naming its file, its path and its kind. `specifier` is how the list imports the file;
 * `routing` how it imports server/routing.ts, for the entries' type.
 */
export function routeListSource(entries: readonly (RouteEntry & { specifier: string })[], { routing }: { routing: string }): string {
  // Quoted apart, so that no import scanner (scripts/dependency-rules.ts) reads this template as an import.
  const quoted = (text: string) => `'${text}'`;
  const imports = entries.map((entry, i) => `import * as route${i} from ${quoted(entry.specifier)};`);
  const items = entries.map((entry, i) => `  { file: 'routes/${entry.file}', path: '${entry.path}', kind: '${entry.kind}', module: route${i} },`);
  return [
    '// Generated from the files in routes/ by site/route-list.ts (bun start, bun run build and bun test',
    '// write it when routes/ changes). Do not edit: add, rename or remove a file in routes/ instead.',
    `import type { RouteFile } from ${quoted(routing)};`,
    ...imports,
    '',
    'export const routeFiles: readonly RouteFile[] = [',
    ...items,
    '];',
    '',
  ].join('\n');
}
