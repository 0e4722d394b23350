import { describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { BROWSER_PACKAGES, CODE_RULES, checkDependencies, IMPORT_RULES, importsOf, PURE_PACKAGES, packageOf } from '../scripts/dependency-rules.ts';

// The dependency rules of docs/ARCHITECTURE.md, checked on the code as it is: which folder may import
// what, which globals pure and browser code may not touch, and no import cycles. Each rule is first
// shown to catch what it is for, on made-up files, with the message it gives (printed, one line each).

const sourceFiles = () => {
  const files = new Map<string, string>();
  for (const file of new Bun.Glob('{server,routes,features,site,lib,client,components,islands,db,scripts}/**/*.{ts,tsx}').scanSync('.')) {
    files.set(file, readFileSync(file, 'utf8'));
  }
  for (const file of ['server.ts', 'worker.ts', 'build.ts']) files.set(file, readFileSync(file, 'utf8'));
  return files;
};

/** The breaches of made-up files, each printed as the lead engineer would quote it. */
function breachesOf(files: Record<string, string>): string[] {
  const { breaches } = checkDependencies(new Map(Object.entries(files)));
  for (const breach of breaches) console.log(`rule: ${breach}`);
  return breaches;
}

// What each rule says when it is broken, word for word.
const SERVER_IMPORTS =
  'server/ is the framework: it never imports the site it runs (features/, routes/, site/); site/app.ts hands it the routes and the features';
const LIB_IMPORTS = 'lib/ is pure: it imports only lib/ and pure packages (no I/O, no Node or Bun APIs, no React, no global state)';
const LIB_NO_EFFECTS =
  'lib/ is pure: the caller passes in the time, randomness and whatever the environment says; no clock, timers, process, runtime, network or random source of its own';
const browserCode = (folder: string) =>
  `${folder} runs in the browser (or renders for it): it never imports server code or an entry point${folder === 'components/' ? ' (but server/islands/, where a page places an island)' : ''}`;
const browserPackages = (folder: string) =>
  `${folder} runs in the browser (or renders for it): of the packages it imports only those the island bundles are made of (react, react-dom, jotai, zod); pure ones come through lib/, and package.json's other dependencies and node:/bun: modules are the server's`;
const browserGlobals = (folder: string) =>
  `${folder} runs in the browser (or renders for it), where there is no process and no Bun: the server passes what it needs as props`;
const ISLAND_ALONE = 'an island never imports another island: each is a bundle of its own, hydrated on its own (what two share goes in components/ or client/)';
const ROUTES_IMPORTS =
  "routes/ holds pages and APIs: they place an island only through server/islands/Island.tsx, and never import islands/ or client/ themselves, the server's process (site/main.ts, site/app.ts, server/supervisor.ts, server/app.ts, server/control-socket.ts, server/memory.ts, server/process-errors.ts) or an entry point (server.ts, worker.ts, build.ts, scripts/)";
const DB_IMPORTS = 'db/ is the data layer: it imports only lib/, db/, packages and the server’s one logger';
const FEATURES_IMPORTS =
  'features/ is domain logic: it uses lib/, db/ and the server’s logger, deadline helper, clock and capped reader, never routes, pages or the framework';

/** One made-up breach of each rule (and what the rule lets pass beside it), with the messages it must give. */
const CASES: { rule: string; files: Record<string, string>; breaches: string[] }[] = [
  {
    rule: 'lib-imports',
    files: {
      'lib/a.ts': "import { readFileSync } from 'node:fs';\nimport { z } from 'zod/mini';\nimport { b } from './b.ts';",
      'lib/b.ts': "import { useState } from 'react';",
    },
    breaches: [`lib/a.ts imports node:fs [lib-imports]: ${LIB_IMPORTS}`, `lib/b.ts imports react [lib-imports]: ${LIB_IMPORTS}`],
  },
  {
    rule: 'lib-no-effects',
    files: {
      'lib/clock.ts': 'export const stamp = () => Date.now();',
      'lib/today.ts': 'export const today = () => new Date().toISOString();',
      'lib/today-text.ts': 'export const today = () => Date();',
      'lib/timing.ts': 'export const started = performance.now();',
      'lib/later.ts': 'export const later = (f: () => void) => setTimeout(f, 10);',
      'lib/env.ts': 'export const port = Number(process.env.PORT);',
      'lib/file.ts': "export const read = () => Bun.file('x').text();",
      'lib/network.ts': "export const get = () => fetch('https://example.com');",
      'lib/dice.ts': 'export const roll = () => Math.random();',
      'lib/id.ts': 'export const id = () => crypto.randomUUID();',
      'lib/sneaky.ts': 'export const now = () => (globalThis as { Date: DateConstructor }).Date;',
      // Pure code that names them only in comments, strings, templates and patterns, or takes the time in.
      'lib/pure.tsx': [
        '// Date.now() is passed in: the server reads process.env and calls fetch(), not us.',
        '/* new Date() */',
        "export const words = 'our process. Bun.file(x), Math.random() and setTimeout(f)';",
        'export const at = (ms: number) => new Date(ms);',
        'export const later = (now: Date) => new Date(now.getTime() + 1);',
        'export const isFetch = /fetch\\(|process\\.env/;',
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the made-up file's own template literal
        'export const line = (n: number) => `crypto.randomUUID() ${n / 2} performance.now()`;',
        "export const options = { process: 'text', fetch: 'lazy' };",
        'export const Row = () => <p>Our process. We fetch it by Date.now(), don&apos;t we?</p>;',
        'export const read = (source: { fetch(): string }) => source.fetch();',
      ].join('\n'),
      'lib/clock.test.ts': 'const now = Date.now();',
    },
    breaches: [
      `lib/clock.ts uses Date.now() [lib-no-effects]: ${LIB_NO_EFFECTS}`,
      `lib/today.ts uses new Date() without a time [lib-no-effects]: ${LIB_NO_EFFECTS}`,
      `lib/today-text.ts uses Date() [lib-no-effects]: ${LIB_NO_EFFECTS}`,
      `lib/timing.ts uses performance [lib-no-effects]: ${LIB_NO_EFFECTS}`,
      `lib/later.ts uses setTimeout [lib-no-effects]: ${LIB_NO_EFFECTS}`,
      `lib/env.ts uses process [lib-no-effects]: ${LIB_NO_EFFECTS}`,
      `lib/file.ts uses Bun [lib-no-effects]: ${LIB_NO_EFFECTS}`,
      `lib/network.ts uses fetch [lib-no-effects]: ${LIB_NO_EFFECTS}`,
      `lib/dice.ts uses Math.random() [lib-no-effects]: ${LIB_NO_EFFECTS}`,
      `lib/id.ts uses crypto [lib-no-effects]: ${LIB_NO_EFFECTS}`,
      `lib/sneaky.ts uses globalThis [lib-no-effects]: ${LIB_NO_EFFECTS}`,
    ],
  },
  {
    rule: 'browser-code',
    files: {
      'islands/X.tsx': "import { sql } from '../db/client.ts';",
      'client/y.ts': "export { page } from '../server/page.tsx';",
      'client/z.ts': "import '../worker.ts';",
      'components/C.tsx': "import { Island } from '../server/islands/Island.tsx';\nimport { main } from '../server/main.ts';",
    },
    breaches: [
      `islands/X.tsx imports db/client.ts [browser-code]: ${browserCode('islands/')}`,
      `client/y.ts imports server/page.tsx [browser-code]: ${browserCode('client/')}`,
      `client/z.ts imports worker.ts [browser-code]: ${browserCode('client/')}`,
      `components/C.tsx imports server/main.ts [browser-code]: ${browserCode('components/')}`,
    ],
  },
  {
    rule: 'browser-packages',
    files: {
      'client/mail.ts': "import nodemailer from 'nodemailer';\nimport { hydrateRoot } from 'react-dom/client';\nimport { z } from 'zod/mini';",
      'islands/Db.tsx': "import { PGlite } from '@electric-sql/pglite';\nimport { atom } from 'jotai';",
      'components/Hash.tsx': "import { createHash } from 'node:crypto';\nimport { useState } from 'react';",
      'client/sql.ts': "import postgres from 'postgres';",
    },
    breaches: [
      `client/mail.ts imports nodemailer [browser-packages]: ${browserPackages('client/')}`,
      `islands/Db.tsx imports @electric-sql/pglite [browser-packages]: ${browserPackages('islands/')}`,
      `components/Hash.tsx imports node:crypto [browser-packages]: ${browserPackages('components/')}`,
      `client/sql.ts imports postgres [browser-packages]: ${browserPackages('client/')}`,
    ],
  },
  {
    rule: 'browser-globals',
    files: {
      'components/Env.tsx': 'export const Env = () => <p>{process.env.SITE_NAME}</p>;',
      'islands/Password.tsx': "export default function Password() { void Bun.password.hash('x'); return null; }",
      'components/Process.tsx': "export const Process = () => <p title='Bun.file'>Our process. Bun and process are words here.</p>;",
    },
    breaches: [
      `components/Env.tsx uses process [browser-globals]: ${browserGlobals('components/')}`,
      `islands/Password.tsx uses Bun [browser-globals]: ${browserGlobals('islands/')}`,
    ],
  },
  {
    rule: 'island-alone',
    files: { 'islands/A.tsx': "import B from './B.tsx';\nimport { Field } from '../components/ui/form.tsx';", 'islands/B.tsx': '' },
    breaches: [`islands/A.tsx imports islands/B.tsx [island-alone]: ${ISLAND_ALONE}`],
  },
  {
    rule: 'routes-imports',
    files: {
      'routes/page.tsx': [
        "import type { IntakeFormProps } from '../islands/IntakeForm.tsx';",
        "import { islands } from '../client/islands/registry.ts';",
        "import { usePageRender } from '../server/islands/render-context.ts';",
        "import { main } from '../site/main.ts';",
        "import { supervise } from '../server/supervisor.ts';",
        "import { createApp } from '../server/app.ts';",
        "import '../server.ts';",
        "import { run } from '../scripts/staff.ts';",
        "import { openDatabase } from '../db/client.ts';",
        // What a page may use.
        "import { Island } from '../server/islands/Island.tsx';",
        "import { definePage } from '../server/page.tsx';",
        "import { withDatabaseDeadline } from '../server/deadline.ts';",
        "import { insertLead } from '../db/queries/leads.ts';",
        "import { Faq } from '../components/ui/Faq.tsx';",
        "import { site } from '../lib/site.ts';",
        "import { backupStatus } from '../features/operations/backup/status.ts';",
        "import { Hono } from 'hono';",
      ].join('\n'),
    },
    breaches: [
      'islands/IntakeForm.tsx',
      'client/islands/registry.ts',
      'server/islands/render-context.ts',
      'site/main.ts',
      'server/supervisor.ts',
      'server/app.ts',
      'server.ts',
      'scripts/staff.ts',
      'db/client.ts',
    ].map((target) => `routes/page.tsx imports ${target} [routes-imports]: ${ROUTES_IMPORTS}`),
  },
  {
    rule: 'db-imports',
    files: { 'db/client.ts': "import x from '../features/f.ts';\nimport '../server.ts';\nimport postgres from 'postgres';" },
    breaches: [`db/client.ts imports features/f.ts [db-imports]: ${DB_IMPORTS}`, `db/client.ts imports server.ts [db-imports]: ${DB_IMPORTS}`],
  },
  {
    rule: 'server-imports',
    files: {
      'server/app.ts':
        "import { createFeedReader } from '../features/feed/feed-reader.ts';\nimport home from '../routes/index.tsx';\nimport { createSite } from '../site/app.ts';",
    },
    breaches: [
      `server/app.ts imports features/feed/feed-reader.ts [server-imports]: ${SERVER_IMPORTS}`,
      `server/app.ts imports routes/index.tsx [server-imports]: ${SERVER_IMPORTS}`,
      `server/app.ts imports site/app.ts [server-imports]: ${SERVER_IMPORTS}`,
    ],
  },
  {
    rule: 'features-imports',
    files: { 'features/f.ts': "import { createApp } from '../server/app.ts';\nimport { deadline } from '../server/deadline.ts';" },
    breaches: [`features/f.ts imports server/app.ts [features-imports]: ${FEATURES_IMPORTS}`],
  },
];

describe('the dependency rules', () => {
  test.each(CASES.map((c) => [c.rule, c]))('%s catches what it is for, and says so', (_, { files, breaches }) => {
    expect(breachesOf(files)).toEqual(breaches);
  });

  test('every rule is shown failing above', () => {
    const rules = new Set([...IMPORT_RULES, ...CODE_RULES].map((r) => r.name));
    expect(new Set(CASES.map((c) => c.rule))).toEqual(rules);
  });

  test('find import cycles, type imports included', () => {
    const { cycles } = checkDependencies(
      new Map([
        ['lib/a.ts', "import { b } from './b.ts';"],
        ['lib/b.ts', "import type { A } from './a.ts';"],
        ['lib/c.ts', "import { c } from './c.ts';"],
        ['lib/d.ts', "import { a } from './a.ts';"],
      ]),
    );
    expect(cycles).toEqual([['lib/a.ts', 'lib/b.ts'], ['lib/c.ts']]);
  });

  test('hold for the code as it is', () => {
    const files = sourceFiles();
    expect(files.size).toBeGreaterThan(100);
    const { breaches, cycles } = checkDependencies(files);
    expect(breaches).toEqual([]);
    expect(cycles).toEqual([]);
  });

  test("the browser's packages are exactly those the browser code imports, each a dependency; every other dependency but the pure ones is the server's", async () => {
    const imported = new Set<string>();
    for (const [file, source] of sourceFiles()) {
      if (!/^(client|components|islands)\//.test(file) || /\.test\.tsx?$/.test(file)) continue;
      for (const target of importsOf(file, source)) {
        const name = packageOf(target);
        if (name) imported.add(name);
      }
    }
    expect([...imported].sort()).toEqual([...BROWSER_PACKAGES].sort());
    const { dependencies } = (await Bun.file('package.json').json()) as { dependencies: Record<string, string> };
    for (const name of BROWSER_PACKAGES) expect(Object.keys(dependencies)).toContain(name);
    const pure = new Set([...PURE_PACKAGES].map(packageOf));
    const serverOnly = Object.keys(dependencies).filter((name) => !BROWSER_PACKAGES.has(name) && !pure.has(name));
    console.log(`rule: the server's packages, refused in browser code: ${serverOnly.join(', ')}`);
    for (const name of ['nodemailer', '@electric-sql/pglite', 'postgres', 'openai', 'rss-parser']) expect(serverOnly).toContain(name);
  });
});
