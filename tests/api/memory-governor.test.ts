import { expect, test } from 'bun:test';
import { startMemoryGovernor } from '../../server/memory.ts';

// The memory governor against a made-up resident size: nothing below the soft limit, a collection above
// it, and no collection after collection when what the server holds is simply above the limit. The
// checks are driven by hand (its timer only repeats them), so a loaded machine cannot change the outcome.

const MB = 1024 * 1024;

test('below the soft limit nothing is collected; above it, one collection brings the size back', () => {
  let size = 150 * MB;
  let collections = 0;
  const collect = () => {
    collections += 1;
    size = 160 * MB;
  };
  const governor = startMemoryGovernor({ softLimitMb: 200, rss: () => size, collect, timer: false });
  for (let i = 0; i < 3; i++) governor.check();
  expect(collections).toBe(0);
  size = 260 * MB;
  governor.check();
  governor.check();
  expect(collections).toBe(1);
  expect(size).toBe(160 * MB);
  const text = governor.metrics().map((f) => `${f.name} ${f.samples[0].value}`);
  expect(text).toContain(`memory_soft_limit_bytes ${200 * MB}`);
  expect(text).toContain('memory_collections_total 1');
  governor.stop();
});

test('when the live size stays above the limit, the next collection waits for 16 MB of growth beyond it', () => {
  let size = 230 * MB;
  let collections = 0;
  const governor = startMemoryGovernor({ softLimitMb: 200, rss: () => size, collect: () => void collections++, timer: false });
  governor.check();
  expect(collections).toBe(1);
  size = 245 * MB;
  governor.check();
  expect(collections).toBe(1);
  size = 250 * MB;
  governor.check();
  expect(collections).toBe(2);
  governor.stop();
});

test('the timer does the checking on its own', async () => {
  let collections = 0;
  const governor = startMemoryGovernor({ softLimitMb: 200, rss: () => 4096 * MB, collect: () => void collections++ });
  try {
    // Every 250 ms; waited for, not timed, so a slow machine only makes this take longer.
    for (let waited = 0; collections === 0 && waited < 10_000; waited += 50) await Bun.sleep(50);
    expect(collections).toBeGreaterThan(0);
  } finally {
    governor.stop();
  }
});

test('a limit of 0 turns it off', () => {
  let collections = 0;
  const governor = startMemoryGovernor({ softLimitMb: 0, rss: () => 4096 * MB, collect: () => void collections++, timer: false });
  governor.check();
  governor.stop();
  expect(collections).toBe(0);
});
