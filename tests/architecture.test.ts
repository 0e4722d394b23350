import { describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { checkDependencies } from '../scripts/dependency-rules.ts';

// The dependency rules of docs/ARCHITECTURE.md, checked on the code as it is: which folder may import
// what, and no import cycles. The rules are first shown to catch what they are for.

const sourceFiles = () => {
  const files = new Map<string, string>();
  for (const file of new Bun.Glob('{server,routes,features,site,lib,client,components,islands,db,scripts}/**/*.{ts,tsx}').scanSync('.')) {
    files.set(file, readFileSync(file, 'utf8'));
  }
  for (const file of ['server.ts', 'worker.ts', 'build.ts']) files.set(file, readFileSync(file, 'utf8'));
  return files;
};

describe('the dependency rules', () => {
  test('catch what they are for: impure lib code, server code in the browser, features reaching into the framework, the framework reaching into the site, cycles', () => {
    const { breaches, cycles } = checkDependencies(
      new Map([
        ['lib/a.ts', "import { readFileSync } from 'node:fs';\nimport { b } from './b.ts';"],
        ['lib/b.ts', "import type { A } from './a.ts';\nimport { useState } from 'react';"],
        ['islands/X.tsx', "import { sql } from '../db/client.ts';"],
        ['client/y.ts', "export { page } from '../server/page.tsx';"],
        ['features/f.ts', "import { createApp } from '../server/app.ts';\nimport { deadline } from '../server/deadline.ts';"],
        ['db/client.ts', "import x from '../features/f.ts';"],
        ['server/page.tsx', ''],
        ['server/app.ts', "import { createFeedReader } from '../features/feed/feed-reader.ts';\nimport home from '../routes/index.tsx';"],
        ['features/feed/feed-reader.ts', ''],
        ['routes/index.tsx', ''],
        ['server/deadline.ts', ''],
      ]),
    );
    expect(breaches.map((b) => b.split(':')[0])).toEqual([
      'lib/a.ts imports node',
      'lib/b.ts imports react',
      'islands/X.tsx imports db/client.ts',
      'client/y.ts imports server/page.tsx',
      'features/f.ts imports server/app.ts',
      'db/client.ts imports features/f.ts',
      'server/app.ts imports features/feed/feed-reader.ts',
      'server/app.ts imports routes/index.tsx',
    ]);
    expect(cycles).toEqual([['lib/a.ts', 'lib/b.ts']]);
  });

  test('hold for the code as it is', () => {
    const files = sourceFiles();
    expect(files.size).toBeGreaterThan(100);
    const { breaches, cycles } = checkDependencies(files);
    expect(breaches).toEqual([]);
    expect(cycles).toEqual([]);
  });
});
