import { describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { clockShapes, consoleOutsideLogger, datesOutsideTime, environmentOutsideConfig, handBoundedMaps } from '../scripts/house-rules.ts';

// "One of each" in docs/ARCHITECTURE.md, checked on the code as it is (scripts/house-rules.ts). Each
// rule is first shown to catch what it is for.

const sourceFiles = () => {
  const files = new Map<string, string>();
  for (const file of new Bun.Glob('{server,routes,features,lib,client,components,islands,db,scripts}/**/*.{ts,tsx}').scanSync('.')) {
    files.set(file, readFileSync(file, 'utf8'));
  }
  for (const file of ['server.ts', 'worker.ts', 'build.ts']) files.set(file, readFileSync(file, 'utf8'));
  return files;
};
const files = sourceFiles();

test('the files read are the code', () => {
  expect(files.size).toBeGreaterThan(100);
});

describe('one logger', () => {
  test('catches console outside the logger and the people-facing tools, and a second logger type', () => {
    const breaches = consoleOutsideLogger(
      new Map([
        ['server/main.ts', "// console.error is not used here\nconst a = 1;\nconsole.error('no');"],
        ['features/f.ts', 'console.log(1)'],
        ['scripts/staff.ts', 'console.log("for a person")'],
        ['client/islands/loader.ts', 'console.error("the browser’s console")'],
        ['server/x.test.ts', 'console.log("a test")'],
        ['db/client.ts', 'type StartupLog = {\n  info(msg: string): void;\n};'],
      ]),
    );
    expect(breaches.map((b) => b.split(' ')[0])).toEqual(['server/main.ts:3', 'features/f.ts:1', 'db/client.ts:2']);
  });

  test('holds for the code as it is', () => {
    expect(consoleOutsideLogger(files)).toEqual([]);
  });
});

describe('one config reader', () => {
  test('catches the environment read outside loadConfig', () => {
    const breaches = environmentOutsideConfig(
      new Map([
        ['server/main.ts', 'const config = loadConfig(process.env);\nconst n = Number(process.env.WEB_PROCESS ?? 0);'],
        ['scripts/staff.ts', 'if (process.env["STAFF_PASSWORD"]) ask();'],
        ['features/f.ts', 'const x = Bun.env.X;'],
        ['server/supervisor.ts', 'Bun.spawn(cmd, { env: { ...process.env, WEB_PROCESS: "1" } });'],
        ['build.ts', "define: { 'process.env.NODE_ENV': '\"production\"' }"],
        ['server/x.test.ts', 'process.env.X = "1";'],
      ]),
    );
    expect(breaches.map((b) => b.split(' ')[0])).toEqual(['server/main.ts:2', 'scripts/staff.ts:1', 'features/f.ts:1']);
  });

  test('holds for the code as it is', () => {
    expect(environmentOutsideConfig(files)).toEqual([]);
  });
});

describe('one clock shape', () => {
  test('catches a clock of another shape, and features reading the real time', () => {
    const breaches = clockShapes(
      new Map([
        ['server/rate-limiter.ts', 'constructor(private readonly now: () => number = Date.now) {}'],
        ['server/deps.ts', 'type AppDeps = { now: () => Date };'],
        ['features/leads/delivery/worker.ts', 'const due = now();\nif (Date.now() - housekeptAt < leaseMs / 3) return;'],
        ['features/operations/retention/schedule.ts', 'const now = options.now ?? (() => new Date());'],
        ['server/main.ts', 'const worker = startWorker({ now: systemClock });\nconst startedAt = Date.now();'],
      ]),
    );
    expect(breaches.map((b) => b.split(' ')[0])).toEqual([
      'server/rate-limiter.ts:1',
      'server/deps.ts:1',
      'features/leads/delivery/worker.ts:2',
      'features/operations/retention/schedule.ts:1',
    ]);
  });

  test('holds for the code as it is', () => {
    expect(clockShapes(files)).toEqual([]);
  });
});

describe('one date formatter, one place for day arithmetic', () => {
  test('catches dates formatted or days counted outside lib/time/', () => {
    const breaches = datesOutsideTime(
      new Map([
        ['lib/feed/posts.ts', "new Intl.DateTimeFormat('en-US', { month: 'long' }).format(date);"],
        ['components/x.tsx', 'const label = at.toLocaleDateString();'],
        ['lib/ab/daily.ts', 'const next = new Date(Date.UTC(year, month - 1, date + 1));'],
        ['lib/time/zoned.ts', "new Intl.DateTimeFormat('en-CA', { timeZone });"],
        ['lib/leads/pipeline.ts', "count.toLocaleString('en-CA');"],
      ]),
    );
    expect(breaches.map((b) => b.split(' ')[0])).toEqual(['lib/feed/posts.ts:1', 'components/x.tsx:1', 'lib/ab/daily.ts:1']);
  });

  test('holds for the code as it is', () => {
    expect(datesOutsideTime(files)).toEqual([]);
  });
});

describe('lru-cache for every bounded map', () => {
  test('catches a map emptied when full or trimmed by hand', () => {
    const breaches = handBoundedMaps(
      new Map([
        ['lib/http/memo.ts', 'answer = fn(key);\nif (answers.size >= maxEntries) answers.clear();'],
        ['server/page-cache.ts', 'if (byVariant.size >= MAX_KEYS_PER_ROUTE) {\n  byVariant.clear();\n}'],
        ['server/x.ts', 'if (this.seen.size > MAX) this.seen.delete(this.seen.keys().next().value);'],
        ['lib/stories/templates.ts', 'if (size() > budget && chosen.size > 1) chosen.delete(block);'],
      ]),
    );
    expect(breaches.map((b) => b.split(' ')[0])).toEqual(['lib/http/memo.ts:2', 'server/page-cache.ts:1', 'server/x.ts:1']);
  });

  test('holds for the code as it is', () => {
    expect(handBoundedMaps(files)).toEqual([]);
  });
});
