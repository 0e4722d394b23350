import { dirname, join, normalize } from 'node:path';

// The rules of the house, checked by tests/architecture.test.ts: which folder may import what, and no
// import cycles (type imports included). docs/ARCHITECTURE.md explains each rule.

/** Packages pure code may use: no I/O, no runtime of its own. */
const PURE_PACKAGES = new Set([
  'zod',
  'zod/mini',
  'lru-cache',
  'hono/utils/url',
  'hono/utils/accept',
  'entities/decode',
  '@zxcvbn-ts/language-common',
  'otpauth',
]);
/** Folders that hold server code: never part of what runs in the browser. */
const SERVER_FOLDERS = ['server/', 'routes/', 'features/', 'db/'];

type Rule = { folder: string; why: string; allows: (target: string) => boolean };

const isPackage = (target: string) => !target.includes('/') || !/^(lib|client|components|islands|server|routes|features|db|scripts|tests|bench)\//.test(target);
const inFolder = (target: string, folders: string[]) => folders.some((f) => target.startsWith(f));

const RULES: Rule[] = [
  {
    folder: 'lib/',
    why: 'lib/ is pure: it imports only lib/ and pure packages (no I/O, no Node or Bun APIs, no React, no global state)',
    allows: (t) => t.startsWith('lib/') || PURE_PACKAGES.has(t),
  },
  ...['client/', 'components/', 'islands/'].map((folder) => ({
    folder,
    why: `${folder} runs in the browser (or renders for it): it never imports server code${folder === 'components/' ? ' (but server/islands/, where a page places an island)' : ''}`,
    allows: (t: string) =>
      (!inFolder(t, SERVER_FOLDERS) || (folder === 'components/' && t.startsWith('server/islands/'))) &&
      !/^(node|bun):/.test(t) &&
      !['postgres', 'openai', 'rss-parser'].includes(t),
  })),
  {
    folder: 'db/',
    why: 'db/ is the data layer: it imports only lib/, db/, packages and the server’s one logger',
    allows: (t) => t.startsWith('db/') || t.startsWith('lib/') || isPackage(t) || t === 'server/log.ts',
  },
  {
    folder: 'features/',
    why: 'features/ is domain logic: it uses lib/, db/ and the server’s logger and deadline helper, never routes, pages or the framework',
    allows: (t) =>
      !inFolder(t, ['routes/', 'components/', 'islands/', 'client/']) && (!t.startsWith('server/') || t === 'server/log.ts' || t === 'server/deadline.ts'),
  },
];

export type ImportEdge = { from: string; to: string };

/** Every import of a file: relative ones resolved to repository paths, packages as written. */
export function importsOf(file: string, source: string): string[] {
  const found: string[] = [];
  const pattern = /(?:^|[;\s])(?:import|export)\s*(?:type\s+)?(?:[^'";]*?\sfrom\s*)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/gm;
  for (const match of source.matchAll(pattern)) {
    const spec = match[1] ?? match[2];
    if (!spec) continue;
    found.push(spec.startsWith('.') ? normalize(join(dirname(file), spec)) : spec);
  }
  return found;
}

/** The rule breaches and the import cycles among `files` (path → source). Empty when the house is in order. */
export function checkDependencies(files: Map<string, string>): { breaches: string[]; cycles: string[][] } {
  const edges = new Map<string, string[]>();
  const breaches: string[] = [];
  for (const [file, source] of files) {
    const targets = importsOf(file, source);
    edges.set(
      file,
      targets.filter((t) => files.has(t)),
    );
    const rule = RULES.find((r) => file.startsWith(r.folder));
    if (!rule || /\.test\.tsx?$/.test(file)) continue;
    for (const target of targets) if (!rule.allows(target)) breaches.push(`${file} imports ${target}: ${rule.why}`);
  }
  return { breaches, cycles: findCycles(edges) };
}

/** Each import cycle once (Tarjan's strongly connected components of more than one file, or a file importing itself). */
function findCycles(edges: Map<string, string[]>): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const lowlinks = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string) => {
    indices.set(node, index);
    lowlinks.set(node, index);
    index++;
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!indices.has(next)) {
        visit(next);
        lowlinks.set(node, Math.min(lowlinks.get(node) ?? 0, lowlinks.get(next) ?? 0));
      } else if (onStack.has(next)) lowlinks.set(node, Math.min(lowlinks.get(node) ?? 0, indices.get(next) ?? 0));
    }
    if (lowlinks.get(node) !== indices.get(node)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || (edges.get(node) ?? []).includes(node)) cycles.push(component.sort());
  };
  for (const node of edges.keys()) if (!indices.has(node)) visit(node);
  return cycles;
}
