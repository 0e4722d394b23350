import { describe, expect, test } from 'bun:test';
import { addTotals, fileSeconds, guessSeconds, planShards, readTotals, summaryLines } from '../scripts/test-shards.ts';

describe('how bun run test shares the files among processes', () => {
  test('longest first, each to the least loaded process: the loads come out even and every file runs once', () => {
    const seconds: Record<string, number> = { 'a.test.ts': 60, 'b.test.ts': 40, 'c.test.ts': 30, 'd.test.ts': 20, 'e.test.ts': 10, 'f.test.ts': 0.1 };
    const shards = planShards(Object.keys(seconds), 2, (f) => seconds[f]);
    expect(shards.flat().sort()).toEqual(Object.keys(seconds).sort());
    const loads = shards.map((s) => s.reduce((sum, f) => sum + seconds[f], 0));
    expect(Math.abs(loads[0] - loads[1])).toBeLessThanOrEqual(10.1);
    for (const shard of shards) expect(shard).toEqual([...shard].sort());
  });

  test('the files that load the machine go to one process together, and the others balance around them', () => {
    const seconds: Record<string, number> = { 'load-a.test.ts': 30, 'load-b.test.ts': 30, 'c.test.ts': 40, 'd.test.ts': 10, 'e.test.ts': 10 };
    const shards = planShards(
      Object.keys(seconds),
      2,
      (f) => seconds[f],
      (f) => f.startsWith('load-'),
    );
    expect(shards).toContainEqual(['load-a.test.ts', 'load-b.test.ts']);
    expect(shards).toContainEqual(['c.test.ts', 'd.test.ts', 'e.test.ts']);
  });

  test('more processes than files leaves no empty process; one process takes them all', () => {
    expect(planShards(['a.test.ts'], 3, () => 1)).toEqual([['a.test.ts']]);
    expect(planShards(['b.test.ts', 'a.test.ts'], 1, () => 1)).toEqual([['a.test.ts', 'b.test.ts']]);
  });

  test('without an earlier time, a file is guessed from what it starts: browser tests and servers weigh, pure tests hardly', () => {
    const browser = (tests: number) => guessSeconds('tests/browser/a.test.ts', "test('a', …);".repeat(tests));
    const servers = guessSeconds('tests/api/b.test.ts', "test('a', async () => { await startServer(); await startServer(); Bun.spawn(['bun']); });");
    const inProcess = guessSeconds('tests/api/c.test.ts', "test('a', …); test('b', …);");
    const pure = guessSeconds('lib/d.test.ts', "test('a', …);");
    expect(browser(10)).toBeGreaterThan(browser(2));
    expect(browser(2)).toBeGreaterThan(inProcess);
    expect(servers).toBeGreaterThan(inProcess);
    expect(inProcess).toBeGreaterThan(pure);
  });

  test("each process's totals are read from its last lines, colours and all, and added up", () => {
    const one = readTotals(
      '(pass) x [1ms]\n\n\x1b[32m 10 pass\x1b[0m\n 1 skip\n\x1b[31m 2 fail\x1b[0m\n 40 expect() calls\nRan 13 tests across 4 files. [5.00s]\n',
    );
    expect(one).toEqual({ pass: 10, fail: 2, skip: 1, todo: 0, expects: 40, tests: 13, files: 4 });
    const two = readTotals(' 5 pass\n 0 fail\n 9 expect() calls\nRan 5 tests across 1 file. [1.00s]');
    expect(two).toEqual({ pass: 5, fail: 0, skip: 0, todo: 0, expects: 9, tests: 5, files: 1 });
    expect(readTotals('error: could not load')).toEqual({ pass: 0, fail: 0, skip: 0, todo: 0, expects: 0, tests: 0, files: 0 });
    const sum = addTotals([one, two]);
    expect(sum).toEqual({ pass: 15, fail: 2, skip: 1, todo: 0, expects: 49, tests: 18, files: 5 });
    // The form .ci/run looks for: `^ *[0-9]+ pass$` and `^ *[0-9]+ fail$`.
    const lines = summaryLines(sum, 2, 61.5);
    expect(lines.filter((l) => /^ *[0-9]+ pass$/.test(l))).toEqual([' 15 pass']);
    expect(lines.filter((l) => /^ *[0-9]+ fail$/.test(l))).toEqual([' 2 fail']);
    expect(lines.at(-1)).toBe('Ran 18 tests across 5 files in 2 processes. [61.50s]');
  });

  test("a file's time runs from its heading to the next one, the last to the end", () => {
    const lines = [
      { atMs: 0, text: 'bun test v1.4.5' },
      { atMs: 100, text: 'tests/api/a.test.ts:' },
      { atMs: 900, text: '(pass) a [800ms]' },
      { atMs: 1100, text: '\x1b[0mlib/b.test.ts:\x1b[0m' },
      { atMs: 1200, text: 'tests/api/not-a-heading.ts:' },
    ];
    expect(Object.fromEntries(fileSeconds(lines, 3100))).toEqual({ 'tests/api/a.test.ts': 1, 'lib/b.test.ts': 2 });
  });
});
