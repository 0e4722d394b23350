// How `bun run test` (scripts/test.ts) splits the test files over processes that run side by side, and
// how it reads their output back. Pure: the runner does the spawning, the clock and the files.

/** What one `bun test` process reported at its end (its summary lines), or null where it said nothing. */
export type Totals = { pass: number; fail: number; skip: number; todo: number; expects: number; tests: number; files: number };

const EMPTY: Totals = { pass: 0, fail: 0, skip: 0, todo: 0, expects: 0, tests: 0, files: 0 };

/**
 * A rough guess at a file's seconds when no earlier run measured it, from its source: a browser test
 * costs a couple of seconds of Chromium each, and elsewhere each server, browser, command or scratch
 * database a file starts costs a few seconds; pure tests take almost nothing.
 */
export function guessSeconds(file: string, source: string): number {
  const tests = source.match(/\btest\(/g)?.length ?? 0;
  if (file.startsWith('tests/browser/')) return 5 + 2 * tests;
  const started = source.match(/startServer\(|serverAndBrowser\(|launchBrowser\(|scratchDatabase\(|Bun\.spawn/g)?.length ?? 0;
  if (file.startsWith('tests/')) return 1 + 3 * started + 0.3 * tests;
  return 0.2;
}

/**
 * Deals the files to `count` shards so that they finish together: longest first, each to the shard
 * with the least work so far (a file's seconds are the last run's, or a guess). The files `together`
 * picks go to one shard as one block, so they never run at the same time as each other. Each shard
 * keeps the files' sorted order; shards with nothing are dropped.
 */
export function planShards(files: string[], count: number, seconds: (file: string) => number, together: (file: string) => boolean = () => false): string[][] {
  const shards = Array.from({ length: Math.max(1, count) }, () => ({ files: [] as string[], load: 0 }));
  const block = files.filter(together);
  const units = [...(block.length > 0 ? [block] : []), ...files.filter((file) => !together(file)).map((file) => [file])];
  const secondsOf = (unit: string[]) => unit.reduce((sum, file) => sum + seconds(file), 0);
  const longestFirst = units.sort((a, b) => secondsOf(b) - secondsOf(a) || a[0].localeCompare(b[0]));
  for (const unit of longestFirst) {
    const lightest = shards.reduce((min, shard) => (shard.load < min.load ? shard : min));
    lightest.files.push(...unit);
    lightest.load += secondsOf(unit);
  }
  return shards.map((shard) => shard.files.sort()).filter((shard) => shard.length > 0);
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: colour codes are what is stripped
const COLOUR = /\x1b\[[0-9;]*m/g;

/** The totals at the end of one `bun test` output. */
export function readTotals(output: string): Totals {
  const text = output.replace(COLOUR, '');
  const last = (pattern: RegExp) => Number([...text.matchAll(pattern)].at(-1)?.[1] ?? 0);
  const ran = [...text.matchAll(/^Ran (\d+) tests? across (\d+) files?\./gm)].at(-1);
  return {
    pass: last(/^ *(\d+) pass$/gm),
    fail: last(/^ *(\d+) fail$/gm),
    skip: last(/^ *(\d+) skip$/gm),
    todo: last(/^ *(\d+) todo$/gm),
    expects: last(/^ *(\d+) expect\(\) calls$/gm),
    tests: Number(ran?.[1] ?? 0),
    files: Number(ran?.[2] ?? 0),
  };
}

export function addTotals(all: Totals[]): Totals {
  return all.reduce(
    (sum, t) => ({
      pass: sum.pass + t.pass,
      fail: sum.fail + t.fail,
      skip: sum.skip + t.skip,
      todo: sum.todo + t.todo,
      expects: sum.expects + t.expects,
      tests: sum.tests + t.tests,
      files: sum.files + t.files,
    }),
    EMPTY,
  );
}

/** The summary printed last, in `bun test`'s own words (what .ci/run reads: ` N pass`, ` N fail`). */
export function summaryLines(totals: Totals, shards: number, seconds: number): string[] {
  return [
    ` ${totals.pass} pass`,
    ...(totals.skip ? [` ${totals.skip} skip`] : []),
    ...(totals.todo ? [` ${totals.todo} todo`] : []),
    ` ${totals.fail} fail`,
    ` ${totals.expects} expect() calls`,
    `Ran ${totals.tests} tests across ${totals.files} files in ${shards} processes. [${seconds.toFixed(2)}s]`,
  ];
}

/**
 * How long each file of one `bun test` output took: from its heading (`path:`, printed as its results
 * begin) to the next heading, or to `endMs` for the last; `lines` are the output's lines with the
 * moment each arrived.
 */
export function fileSeconds(lines: { atMs: number; text: string }[], endMs: number): Map<string, number> {
  const headings = lines
    .map(({ atMs, text }) => ({ atMs, file: text.replace(COLOUR, '').match(/^((?:lib|client|server|features|tests)\/\S+\.test\.tsx?):$/)?.[1] }))
    .filter((h): h is { atMs: number; file: string } => Boolean(h.file));
  return new Map(headings.map((h, i) => [h.file, ((headings[i + 1]?.atMs ?? endMs) - h.atMs) / 1000]));
}
