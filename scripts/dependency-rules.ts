import { dirname, join, normalize } from 'node:path';

// The rules of the house, checked by tests/architecture.test.ts: which folder may import what, which
// globals pure and browser code may not touch, and no import cycles (type imports included).
// docs/ARCHITECTURE.md explains each rule. Each rule has a name, which its breaches carry.

/** Packages pure code may use: no I/O, no runtime of its own. */
export const PURE_PACKAGES = new Set([
  'zod',
  'zod/mini',
  'lru-cache',
  'hono/utils/url',
  'hono/utils/accept',
  'entities/decode',
  '@zxcvbn-ts/language-common',
  'otpauth',
  // iCalendar text: written by `ics`, read and recurrences expanded by ical.js (the booking's invites and busy times).
  'ics',
  'ical.js',
  // Crawlers and link previews by their user agent (lib/http/crawlers.ts): a list of patterns.
  'isbot',
  // HTML parsed into a tree and walked (the site check's findings, lib/site-check/checks.ts).
  'htmlparser2',
  'domutils',
]);
/**
 * The packages browser code may import: what the island bundles are made of. Every other dependency in
 * package.json is the server's (nodemailer, PGlite, postgres, openai, rss-parser, …), and so is every
 * node:* and bun:* module. tests/architecture.test.ts checks that this is exactly what the browser code
 * imports, and that each is a dependency.
 */
export const BROWSER_PACKAGES = new Set(['react', 'react-dom', 'jotai', 'zod']);
/** Folders whose code runs in the browser (components/ also renders on the server, and for islands). */
const BROWSER_FOLDERS = ['client/', 'components/', 'islands/'];
/** Folders that hold server code: never part of what runs in the browser. */
const SERVER_FOLDERS = ['server/', 'routes/', 'features/', 'db/', 'site/'];
/** The server's process: what server.ts and worker.ts start and wire up. No page, API or domain code reaches into it. */
const SERVER_PROCESS = [
  'site/main.ts',
  'site/app.ts',
  'server/supervisor.ts',
  'server/app.ts',
  'server/control-socket.ts',
  'server/memory.ts',
  'server/process-errors.ts',
];
/** Programs of their own: nothing imports them but their tests (scripts/ and the root entry points). */
const ENTRY_POINTS = ['server.ts', 'worker.ts', 'build.ts'];
/** The one way a page places an island: its server half, which renders it and names its bundle. */
const ISLAND_PLACEMENT = 'server/islands/Island.tsx';

/** An import rule: files in `folder` may import only what `allows` accepts. */
type ImportRule = { name: string; folder: string; why: string; allows: (target: string) => boolean };
/** A code rule: files in `folder` may not use any of `forbidden` (matched in the code, not in comments or strings). */
type CodeRule = { name: string; folder: string; why: string; forbidden: { pattern: RegExp; what?: string }[] };

const inFolder = (target: string, folders: string[]) => folders.some((f) => target.startsWith(f));
const REPOSITORY_PATH =
  /^(\.\.\/|[\w.-]+\.(tsx?|json|css|sql)$|(lib|client|components|islands|server|routes|features|db|site|scripts|tests|bench|types|static)\/)/;

/** The package an import names (`react-dom` for `react-dom/client`, `node:fs` for `node:fs/promises`), or null for a file of this repository. */
export function packageOf(target: string): string | null {
  if (REPOSITORY_PATH.test(target)) return null;
  const parts = target.split('/');
  return target.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}
const isPackage = (target: string) => packageOf(target) !== null;

export const IMPORT_RULES: ImportRule[] = [
  {
    name: 'lib-imports',
    folder: 'lib/',
    why: 'lib/ is pure: it imports only lib/ and pure packages (no I/O, no Node or Bun APIs, no React, no global state)',
    allows: (t) => t.startsWith('lib/') || PURE_PACKAGES.has(t),
  },
  ...BROWSER_FOLDERS.map((folder) => ({
    name: 'browser-code',
    folder,
    why: `${folder} runs in the browser (or renders for it): it never imports server code or an entry point${folder === 'components/' ? ' (but server/islands/, where a page places an island)' : ''}`,
    allows: (t: string) => (!inFolder(t, SERVER_FOLDERS) || (folder === 'components/' && t.startsWith('server/islands/'))) && !ENTRY_POINTS.includes(t),
  })),
  ...BROWSER_FOLDERS.map((folder) => ({
    name: 'browser-packages',
    folder,
    why: `${folder} runs in the browser (or renders for it): of the packages it imports only those the island bundles are made of (${[...BROWSER_PACKAGES].join(', ')}); pure ones come through lib/, and package.json's other dependencies and node:/bun: modules are the server's`,
    allows: (t: string) => !isPackage(t) || BROWSER_PACKAGES.has(packageOf(t) ?? ''),
  })),
  {
    name: 'island-alone',
    folder: 'islands/',
    why: 'an island never imports another island: each is a bundle of its own, hydrated on its own (what two share goes in components/ or client/)',
    allows: (t) => !t.startsWith('islands/'),
  },
  {
    name: 'routes-imports',
    folder: 'routes/',
    why: `routes/ holds pages and APIs: they place an island only through ${ISLAND_PLACEMENT}, and never import islands/ or client/ themselves, the server's process (${SERVER_PROCESS.join(', ')}) or an entry point (${ENTRY_POINTS.join(', ')}, scripts/)`,
    allows: (t) =>
      isPackage(t) ||
      inFolder(t, ['routes/', 'components/', 'lib/', 'db/queries/', 'features/']) ||
      t === ISLAND_PLACEMENT ||
      (t.startsWith('server/') && !t.startsWith('server/islands/') && !SERVER_PROCESS.includes(t)),
  },
  {
    name: 'db-imports',
    folder: 'db/',
    why: 'db/ is the data layer: it imports only lib/, db/, packages and the server’s one logger',
    allows: (t) => t.startsWith('db/') || t.startsWith('lib/') || isPackage(t) || t === 'server/log.ts',
  },
  {
    name: 'server-imports',
    folder: 'server/',
    why: 'server/ is the framework: it never imports the site it runs (features/, routes/, site/); site/app.ts hands it the routes and the features',
    allows: (t) => !inFolder(t, ['features/', 'routes/', 'site/']),
  },
  {
    name: 'features-imports',
    folder: 'features/',
    why: 'features/ is domain logic: it uses lib/, db/ and the server’s logger, deadline helper, clock and capped reader, never routes, pages or the framework',
    allows: (t) =>
      !inFolder(t, ['routes/', 'components/', 'islands/', 'client/']) &&
      (!t.startsWith('server/') || ['server/log.ts', 'server/deadline.ts', 'server/clock.ts', 'server/read-capped.ts'].includes(t)),
  },
];

/** A global reached for as such: not a property (`x.fetch`), not part of a longer name, not an object key (`fetch: …`). */
const globalNamed = (name: string) => new RegExp(`(?<![\\w$.])${name}\\b(?!\\s*:)`);

export const CODE_RULES: CodeRule[] = [
  {
    name: 'lib-no-effects',
    folder: 'lib/',
    why: 'lib/ is pure: the caller passes in the time, randomness and whatever the environment says; no clock, timers, process, runtime, network or random source of its own',
    forbidden: [
      { pattern: /(?<![\w$.])Date\.now\b/, what: 'Date.now()' },
      { pattern: /(?<![\w$.])new Date\b(?!\s*\(\s*[^\s)])/, what: 'new Date() without a time' },
      { pattern: /(?<![\w$.]|new\s+)Date\s*\(/, what: 'Date()' },
      { pattern: globalNamed('performance') },
      { pattern: globalNamed('(setTimeout|setInterval|setImmediate|queueMicrotask)') },
      { pattern: globalNamed('process') },
      { pattern: globalNamed('Bun') },
      { pattern: globalNamed('fetch') },
      { pattern: /(?<![\w$.])Math\.random\b/, what: 'Math.random()' },
      { pattern: globalNamed('crypto') },
      { pattern: globalNamed('globalThis') },
    ],
  },
  ...BROWSER_FOLDERS.map((folder) => ({
    name: 'browser-globals',
    folder,
    why: `${folder} runs in the browser (or renders for it), where there is no process and no Bun: the server passes what it needs as props`,
    forbidden: [{ pattern: globalNamed('process') }, { pattern: globalNamed('Bun') }],
  })),
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

const transpilers = {
  ts: new Bun.Transpiler({ loader: 'ts', define: { 'process.env.NODE_ENV': 'process.env.NODE_ENV' } }),
  tsx: new Bun.Transpiler({ loader: 'tsx', define: { 'process.env.NODE_ENV': 'process.env.NODE_ENV' } }),
};

/**
 * The code of a file as it runs: comments and types gone (Bun's transpiler, told not to inline
 * process.env.NODE_ENV) and the text of every string, template and regular expression blanked, so that a
 * word in a comment, a sentence or a pattern matches no rule.
 */
export function codeOf(file: string, source: string): string {
  return blankLiterals(transpilers[file.endsWith('.tsx') ? 'tsx' : 'ts'].transformSync(source));
}

/** `js` with the insides of its string, template and regular expression literals removed (the delimiters and `${…}` code stay). */
function blankLiterals(js: string): string {
  let out = '';
  /** For each template whose `${` is open: the brace depth at which its `}` closes it. */
  const templates: number[] = [];
  let depth = 0;
  let i = 0;
  const skipTemplateText = () => {
    // From inside a template's text to its end (`) or to its next ${.
    while (i < js.length && js[i] !== '`' && !(js[i] === '$' && js[i + 1] === '{')) i += js[i] === '\\' ? 2 : 1;
    if (js[i] === '`') {
      out += '`';
      i++;
    } else {
      out += '${';
      i += 2;
      templates.push(++depth);
    }
  };
  const regexMayStart = () => {
    const before = out.trimEnd();
    const last = before.at(-1);
    if (last === undefined) return true;
    if (/[\w$]/.test(last)) return /(?:^|[^\w$.])(return|typeof|case|do|else|in|of|new|delete|void|throw|yield|await|instanceof)$/.test(before);
    return !/[)\]}]/.test(last);
  };
  while (i < js.length) {
    const c = js[i];
    if (c === '/' && js[i + 1] === '/') {
      while (i < js.length && js[i] !== '\n') i++;
    } else if (c === '/' && js[i + 1] === '*') {
      const end = js.indexOf('*/', i + 2);
      i = end === -1 ? js.length : end + 2;
      out += ' ';
    } else if (c === '"' || c === "'") {
      for (i++; i < js.length && js[i] !== c && js[i] !== '\n'; ) i += js[i] === '\\' ? 2 : 1;
      i++;
      out += c + c;
    } else if (c === '`') {
      out += '`';
      i++;
      skipTemplateText();
    } else if (c === '}' && templates.at(-1) === depth) {
      templates.pop();
      depth--;
      out += '}';
      i++;
      skipTemplateText();
    } else if (c === '/' && regexMayStart()) {
      let inClass = false;
      for (i++; i < js.length && (inClass || js[i] !== '/') && js[i] !== '\n'; i++) {
        if (js[i] === '\\') i++;
        else if (js[i] === '[') inClass = true;
        else if (js[i] === ']') inClass = false;
      }
      for (i++; /[a-z]/.test(js[i] ?? ''); ) i++;
      out += '/ /';
    } else {
      if (c === '{') depth++;
      else if (c === '}') depth--;
      out += c;
      i++;
    }
  }
  return out;
}

const isTest = (file: string) => /\.test\.tsx?$/.test(file);

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
    if (isTest(file)) continue;
    for (const rule of IMPORT_RULES.filter((r) => file.startsWith(r.folder))) {
      for (const target of targets) if (!rule.allows(target)) breaches.push(`${file} imports ${target} [${rule.name}]: ${rule.why}`);
    }
    const codeRules = CODE_RULES.filter((r) => file.startsWith(r.folder));
    if (codeRules.length === 0) continue;
    const code = codeOf(file, source);
    for (const rule of codeRules) {
      for (const { pattern, what } of rule.forbidden) {
        const match = code.match(pattern);
        if (match) breaches.push(`${file} uses ${what ?? match[0]} [${rule.name}]: ${rule.why}`);
      }
    }
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
