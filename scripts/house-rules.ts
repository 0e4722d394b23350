// "One of each" (docs/ARCHITECTURE.md), checked on the code as it is by tests/house-rules.test.ts: each
// function below takes the source files (path → text) and returns what breaks its rule, one line each,
// empty when the house is in order. Imports and cycles are scripts/dependency-rules.ts's.

export type SourceFiles = ReadonlyMap<string, string>;

/** The text without comments (so a comment may name what the code must not do). Strings stay. */
function code(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' ')).replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

/** Each match of `pattern` (a global RegExp) in the code of `source`, with its line number. */
function* matches(source: string, pattern: RegExp): Generator<{ line: number; match: RegExpExecArray }> {
  const text = code(source);
  for (const match of text.matchAll(pattern)) yield { line: text.slice(0, match.index).split('\n').length, match };
}

const inFolder = (file: string, folders: readonly string[]) => folders.some((folder) => file.startsWith(folder));
/** Tests beside the code may do what the code may not (print, set the environment, read the real clock). */
const isTest = (file: string) => /\.test\.tsx?$/.test(file);

/**
 * Who may write with `console` instead of the one logger (server/log.ts), and why: the command-line
 * tools a person runs (they answer in plain sentences, not the server's JSON lines) and the code that
 * runs in the browser (the browser's console is its only log).
 */
const CONSOLE_ALLOWED: ReadonlyMap<string, string> = new Map([
  ['scripts/staff.ts', 'staff accounts, for a person at a terminal'],
  ['scripts/backup.ts', 'a backup now, for a person or a cron job’s mail'],
  ['scripts/restore.ts', 'a restore, for a person at a terminal'],
  ['scripts/test.ts', 'the test runner, for a person at a terminal'],
  ['db/seed-demo.ts', 'demo data, seeded by hand'],
]);
const BROWSER_FOLDERS = ['client/', 'islands/', 'components/'];

/**
 * Every process writes its lines through server/log.ts: `console` only where CONSOLE_ALLOWED says, and
 * no second logger type (a `{ info(msg: string …) }` of its own) beside its `Logger`.
 */
export function consoleOutsideLogger(files: SourceFiles): string[] {
  const breaches: string[] = [];
  for (const [file, source] of files) {
    if (isTest(file) || file === 'server/log.ts') continue;
    if (!CONSOLE_ALLOWED.has(file) && !inFolder(file, BROWSER_FOLDERS))
      for (const { line, match } of matches(source, /\bconsole\.\w+/g))
        breaches.push(`${file}:${line} calls ${match[0]}: write through the one logger, server/log.ts`);
    for (const { line } of matches(source, /\b(info|warn|error)\??\s*(\(\s*msg\s*:\s*string|:\s*\(\s*msg\s*:\s*string)/g))
      breaches.push(`${file}:${line} declares a logger of its own: use Logger from server/log.ts`);
  }
  return [...new Set(breaches)];
}

/** Who may read the environment itself, and why (everyone else gets it from loadConfig). */
const ENVIRONMENT_ALLOWED: ReadonlyMap<string, string> = new Map([['scripts/test.ts', 'the test runner (TEST_SCOPE), test code']]);

/**
 * One config reader: the environment is read only by lib/config.ts's `loadConfig`, which each entry point
 * hands `process.env` (`loadConfig(process.env)`). Passing the whole environment on to a child process
 * (`{ ...process.env, … }`) reads no variable and is allowed; so is a string that merely names it.
 */
export function environmentOutsideConfig(files: SourceFiles): string[] {
  const breaches: string[] = [];
  for (const [file, source] of files) {
    if (isTest(file) || ENVIRONMENT_ALLOWED.has(file)) continue;
    for (const { line, match } of matches(source, /(['"`]?)(loadConfig\(\s*|\.\.\.)?\b(process\.env|Bun\.env|import\.meta\.env)\b/g)) {
      const [, quote, allowedUse, what] = match;
      if (!quote && !allowedUse) breaches.push(`${file}:${line} reads ${what}: add the variable to lib/config.ts and read it from the config`);
    }
  }
  return breaches;
}

/** Where a clock may still have another shape than `Clock`, and why. */
const CLOCK_SHAPE_ALLOWED: ReadonlyMap<string, string> = new Map([
  ['server/page-cache.ts', 'takes lru-cache’s clock in ms, millisecondsOf(deps.now) from resolveDeps, until its rework lands'],
]);
/** Where features/ may read the real time, and why. */
const REAL_TIME_ALLOWED: ReadonlyMap<string, string> = new Map([
  ['features/operations/backup/files.ts', 'compares file modification times, which are the system’s'],
]);

/**
 * One clock shape: a clock is declared as `Clock` (lib/time/clock.ts), never as its own `() => Date` or
 * `() => number`; and features/ (the worker, the retention sweep, the backups, the feed, the A/B memory)
 * take the time from the clock they are given, never from `Date.now()` or `new Date()`.
 */
export function clockShapes(files: SourceFiles): string[] {
  const breaches: string[] = [];
  for (const [file, source] of files) {
    if (isTest(file) || file === 'lib/time/clock.ts') continue;
    if (!CLOCK_SHAPE_ALLOWED.has(file))
      for (const { line, match } of matches(source, /\b(now|clock)\??\s*:\s*\(\)\s*=>\s*(Date|number)\b/g))
        breaches.push(`${file}:${line} declares a clock as ${match[0]}: use Clock from lib/time/clock.ts`);
    if (file.startsWith('features/') && !REAL_TIME_ALLOWED.has(file))
      for (const { line, match } of matches(source, /\bDate\.now\(\)|\bnew Date\(\s*\)/g))
        breaches.push(`${file}:${line} reads the real time (${match[0]}): take it from the Clock the feature is given`);
  }
  return breaches;
}

/**
 * The one place a time is written in the visitor's own zone, which only their browser knows: the island
 * loader, which may import nothing (build.ts), shows it under the booking pages' Toronto times.
 */
const VISITOR_CLOCK = 'client/islands/loader.ts';

/**
 * One date formatter for people and one place for day arithmetic: dates are written for a person only
 * by lib/time/display.ts (no Intl or locale formatting of a date elsewhere), and days are counted only
 * by lib/time/ (calendar.ts: no Date.UTC or UTC day fields elsewhere).
 */
export function datesOutsideTime(files: SourceFiles): string[] {
  const breaches: string[] = [];
  for (const [file, source] of files) {
    if (isTest(file) || file.startsWith('lib/time/') || file === VISITOR_CLOCK) continue;
    for (const { line, match } of matches(source, /\bIntl\.DateTimeFormat\b|\.toLocale(Date|Time)String\(/g))
      breaches.push(`${file}:${line} formats a date with ${match[0]}: use lib/time/display.ts`);
    for (const { line, match } of matches(source, /\bDate\.UTC\(|\.getUTC(Date|Day|Month|FullYear)\(/g))
      breaches.push(`${file}:${line} counts days with ${match[0]}: use lib/time/calendar.ts`);
  }
  return breaches;
}

/**
 * lru-cache for every bounded map: no map bounded by hand, emptied whole when full
 * (`if (m.size >= N) m.clear()`) or trimmed of its oldest key (`m.delete(m.keys().next().value)`).
 */
export function handBoundedMaps(files: SourceFiles): string[] {
  const breaches: string[] = [];
  for (const [file, source] of files) {
    if (isTest(file)) continue;
    for (const { line, match } of matches(source, /([\w.]+)\.size\s*>=?\s*[\w.]+\s*\)\s*\{?\s*\1\.(clear\(\)|delete\(\s*\1\.keys\(\)\.next\(\)\.value)/g))
      breaches.push(`${file}:${line} bounds ${match[1]} by hand: use an LRUCache from lru-cache`);
  }
  return breaches;
}
