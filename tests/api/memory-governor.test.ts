import { expect, test } from 'bun:test';
import { startMemoryGovernor } from '../../server/memory.ts';

// The memory governor against a made-up resident size: nothing below the soft limit, a collection above
// it, and no collection after collection when what the server holds is simply above the limit.

const MB = 1024 * 1024;

test('below the soft limit nothing is collected; above it, one collection brings the size back', async () => {
  let size = 150 * MB;
  let collections = 0;
  const governor = startMemoryGovernor({ softLimitMb: 200, rss: () => size, collect: () => ((collections += 1), (size = 160 * MB)) });
  try {
    await Bun.sleep(600);
    expect(collections).toBe(0);
    size = 260 * MB;
    await Bun.sleep(400);
    expect(collections).toBe(1);
    expect(size).toBe(160 * MB);
    const text = governor.metrics().map((f) => `${f.name} ${f.samples[0].value}`);
    expect(text).toContain(`memory_soft_limit_bytes ${200 * MB}`);
    expect(text).toContain('memory_collections_total 1');
  } finally {
    governor.stop();
  }
});

test('when the live size stays above the limit, the next collection waits for 16 MB of growth beyond it', async () => {
  let size = 230 * MB;
  let collections = 0;
  const governor = startMemoryGovernor({ softLimitMb: 200, rss: () => size, collect: () => (collections += 1) });
  try {
    await Bun.sleep(400);
    expect(collections).toBe(1);
    await Bun.sleep(600);
    expect(collections).toBe(1);
    size = 250 * MB;
    await Bun.sleep(400);
    expect(collections).toBe(2);
  } finally {
    governor.stop();
  }
});

test('a limit of 0 turns it off', async () => {
  let collections = 0;
  const governor = startMemoryGovernor({ softLimitMb: 0, rss: () => 4096 * MB, collect: () => (collections += 1) });
  await Bun.sleep(400);
  governor.stop();
  expect(collections).toBe(0);
});
