// `bun run test`: the type check, lint and format check, the asset build, then every test. With
// TEST_SCOPE=database only the tests whose outcome depends on the database run (`.ci/run` runs the
// whole suite on the embedded database, then this scope again on PostgreSQL): pure code, the browser,
// the binary and the dependency rule do not change with the database, so they run once.
//
// The test files are shared among TEST_PROCESSES `bun test` processes that run side by side (much of a
// test's time is spent waiting on servers, browsers and timers), each file in one of them. Each process
// has its own embedded database, as one `bun test` always had; on PostgreSQL they would share one, so
// there the default is one process. Each file's time is kept (in the system's temporary folder) so the
// next run deals the files out evenly (scripts/test-shards.ts); a clean clone starts from the times
// kept in tests/file-seconds.json. A process's output is printed when it
// ends; the totals of all of them come last, in `bun test`'s words.

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { addTotals, fileSeconds, guessSeconds, planShards, readTotals, summaryLines } from './test-shards.ts';

const ONCE = [
  'lib/',
  'client/',
  'server/',
  'features/',
  'tests/browser/',
  'tests/components/',
  'tests/site-check/',
  'tests/architecture.test.ts',
  'tests/test-shards.test.ts',
  'tests/api/access-log.test.ts',
  'tests/api/backup-server.test.ts',
  'tests/api/binary.test.ts',
  'tests/api/build-carry.test.ts',
  'tests/api/booking-calendar.test.ts',
  'tests/api/first-start-memory.test.ts',
  'tests/api/js-budget.test.ts',
  'tests/api/packaging.test.ts',
  'tests/hostile/barrage.test.ts',
  'tests/helpers/binomial.test.ts',
];

/**
 * The tests that load the machine themselves (floods of requests, hundreds of submissions at once) and
 * assert what a server does under that load: run after the others, apart from them (beside the three
 * test processes and their browsers, their servers were starved past their deadlines into 503s).
 */
const LOAD = ['tests/hostile/', 'tests/api/no-loss.test.ts'];

/**
 * Each test file's seconds in a full run on the embedded database, kept in the repository so a clean
 * clone deals its files as evenly as a machine that has run them before (a guess from a file's text
 * was 10% off the even split). Refresh it from a full run's record: `cp "$(bun -e
 * 'console.log(require("os").tmpdir())')/tlm-test-seconds-embedded.json" tests/file-seconds.json`.
 */
const KEPT_SECONDS_FILE = 'tests/file-seconds.json';

const scope = process.env.TEST_SCOPE ?? 'all';
if (scope !== 'all' && scope !== 'database') throw new Error(`TEST_SCOPE must be all or database, not ${scope}`);
const processes = Number(process.env.TEST_PROCESSES ?? (process.env.DATABASE_URL ? 1 : availableParallelism() + 1));
if (!Number.isInteger(processes) || processes < 1) throw new Error(`TEST_PROCESSES must be a whole number from 1, not ${process.env.TEST_PROCESSES}`);
/**
 * How many processes share the load tests (TEST_LOAD_PROCESSES): two where the other tests run several
 * (the embedded database, a process each), one on a shared PostgreSQL. Most load tests drive one
 * single-threaded server, so alone in one process they kept the machine about half busy (109 s of wall
 * time for 117 CPU-seconds); two side by side took 75-80 s, with no failure in four runs.
 */
const loadProcesses = Number(process.env.TEST_LOAD_PROCESSES ?? Math.min(2, processes));
if (!Number.isInteger(loadProcesses) || loadProcesses < 1)
  throw new Error(`TEST_LOAD_PROCESSES must be a whole number from 1, not ${process.env.TEST_LOAD_PROCESSES}`);

const decoder = new TextDecoder();

/** Runs a command to its end; its output (both streams, line by line as they come) is handed back. */
async function capture(cmd: string[], onLine: (text: string, atMs: number) => void = () => {}): Promise<number> {
  const proc = Bun.spawn(cmd, { stdout: 'pipe', stderr: 'pipe', env: process.env });
  const read = async (stream: ReadableStream<Uint8Array>) => {
    let pending = '';
    for await (const chunk of stream) {
      const lines = (pending + decoder.decode(chunk, { stream: true })).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) onLine(line, performance.now());
    }
    if (pending) onLine(pending, performance.now());
  };
  await Promise.all([read(proc.stdout), read(proc.stderr)]);
  return proc.exited;
}

/** Runs the commands side by side; prints each one's output as it ends; stops on the first that failed. */
async function checks(cmds: string[][]): Promise<void> {
  const results = await Promise.all(
    cmds.map(async (cmd) => {
      const lines: string[] = [];
      const code = await capture(cmd, (text) => lines.push(text));
      return { cmd, code, lines };
    }),
  );
  for (const { cmd, lines } of results) console.log([`$ ${cmd.join(' ')}`, ...lines].join('\n'));
  const failed = results.find((r) => r.code !== 0);
  if (failed) process.exit(failed.code || 1);
}

const files = [...new Bun.Glob('{lib,client,server,features,tests}/**/*.test.{ts,tsx}').scanSync('.')].sort();
const chosen = scope === 'all' ? files : files.filter((file) => !ONCE.some((prefix) => file.startsWith(prefix)));

await checks([
  ['bunx', 'tsc', '--noEmit'],
  ['bunx', 'biome', 'ci', '.'],
  ['bun', 'build.ts'],
]);

const timesFile = join(tmpdir(), `tlm-test-seconds-${process.env.DATABASE_URL ? 'postgres' : 'embedded'}.json`);
const readTimes = (path: string): Record<string, number> => (existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : {});
// This machine's last run where there was one; else the times kept in the repository (a clean clone, CI);
// a file in neither is guessed.
const lastTimes: Record<string, number> = { ...readTimes(KEPT_SECONDS_FILE), ...readTimes(timesFile) };
const loads = (file: string) => LOAD.some((prefix) => file.startsWith(prefix));
const secondsOf = (file: string) => lastTimes[file] ?? guessSeconds(file, readFileSync(file, 'utf8'));
const shards = planShards(
  chosen.filter((file) => !loads(file)),
  processes,
  secondsOf,
);
const loadShards = planShards(chosen.filter(loads), loadProcesses, secondsOf);

/** One `bun test` process over `files`: its output printed when it ends, its totals and each file's time. */
async function testProcess(files: string[], label: string) {
  const cmd = ['bun', 'test', ...files.map((file) => `./${file}`)];
  const lines: { text: string; atMs: number }[] = [];
  const code = await capture(cmd, (text, atMs) => lines.push({ text, atMs }));
  const output = lines.map((l) => l.text).join('\n');
  console.log(`$ bun test (${label}: ${files.length} files)\n${output}`);
  const totals = readTotals(output);
  // A process that failed without saying so (it crashed, or a file could not load) is one failure.
  if (code !== 0 && totals.fail === 0) totals.fail = 1;
  return { code, totals, seconds: fileSeconds(lines, performance.now()) };
}

const started = performance.now();
const outcomes = await Promise.all(shards.map((shard, i) => testProcess(shard, `process ${i + 1} of ${shards.length}`)));
outcomes.push(...(await Promise.all(loadShards.map((shard, i) => testProcess(shard, `the load tests, ${i + 1} of ${loadShards.length}`)))));

const measured = Object.fromEntries(outcomes.flatMap((o) => [...o.seconds].map(([file, s]) => [file, Math.round(s * 10) / 10])));
writeFileSync(timesFile, JSON.stringify({ ...lastTimes, ...measured }, null, 1));
console.log(summaryLines(addTotals(outcomes.map((o) => o.totals)), shards.length, (performance.now() - started) / 1000).join('\n'));
process.exit(outcomes.some((o) => o.code !== 0) ? 1 : 0);
