import { expect, test } from 'bun:test';
import { startMemoryGovernor } from '../../server/memory.ts';

// The memory governor against a made-up resident size: nothing below the soft limit; above it, a full
// collection, then young collections while the size stays within 16 MB of where the full one left it,
// and the next full collection only beyond that. The checks are driven by hand (its timer only repeats
// them), so a loaded machine cannot change the outcome.

const MB = 1024 * 1024;

/** A governor whose collections are counted, and set the size to what each leaves. */
function governed(start: number, after: { young?: number; full?: number } = {}) {
  const state = { size: start, young: 0, full: 0, ms: 0 };
  const governor = startMemoryGovernor({
    softLimitMb: 200,
    rss: () => state.size,
    collect: {
      young: () => {
        state.young++;
        if (after.young !== undefined) state.size = after.young;
      },
      full: () => {
        state.full++;
        if (after.full !== undefined) state.size = after.full;
      },
    },
    timer: false,
    now: () => new Date(state.ms),
  });
  return { state, governor };
}

const exposition = (governor: ReturnType<typeof startMemoryGovernor>) =>
  governor.metrics().flatMap((f) => f.samples.map((s) => `${f.name}${s.labels ? `{kind="${s.labels.kind}"}` : ''} ${s.value}`));

test('below the soft limit nothing is collected; above it, one full collection brings the size back', () => {
  const { state, governor } = governed(150 * MB, { full: 160 * MB });
  for (let i = 0; i < 3; i++) governor.check();
  expect(state).toMatchObject({ size: 150 * MB, young: 0, full: 0 });
  state.size = 260 * MB;
  governor.check();
  governor.check();
  expect(state).toMatchObject({ size: 160 * MB, young: 0, full: 1 });
  const lines = exposition(governor);
  expect(lines).toContain(`memory_soft_limit_bytes ${200 * MB}`);
  expect(lines).toContain('memory_collections_total{kind="full"} 1');
  expect(lines).toContain('memory_collections_total{kind="young"} 0');
  governor.stop();
});

test('above the limit and within 16 MB of the last full collection, only the young generation is collected', () => {
  const { state, governor } = governed(230 * MB);
  governor.check();
  expect(state).toMatchObject({ young: 0, full: 1 });
  state.size = 245 * MB;
  governor.check();
  governor.check();
  expect(state).toMatchObject({ young: 2, full: 1 });
  state.size = 247 * MB;
  governor.check();
  expect(state).toMatchObject({ young: 2, full: 2 });
  // That full collection left 247 MB: the next waits for 263.
  state.size = 262 * MB;
  governor.check();
  expect(state).toMatchObject({ young: 3, full: 2 });
  state.size = 190 * MB;
  governor.check();
  expect(state).toMatchObject({ young: 3, full: 2 });
  expect(exposition(governor)).toContain('memory_collections_total{kind="young"} 3');
  governor.stop();
});

test('above the limit, a full collection at least every 10 s hands back what a burst left', () => {
  const { state, governor } = governed(230 * MB);
  governor.check();
  expect(state).toMatchObject({ young: 0, full: 1 });
  state.ms = 9_999;
  governor.check();
  expect(state).toMatchObject({ young: 1, full: 1 });
  state.ms = 10_000;
  governor.check();
  expect(state).toMatchObject({ young: 1, full: 2 });
  state.ms = 15_000;
  governor.check();
  expect(state).toMatchObject({ young: 2, full: 2 });
  // Below the limit, no time passing makes it collect.
  state.size = 150 * MB;
  state.ms = 60_000;
  governor.check();
  expect(state).toMatchObject({ young: 2, full: 2 });
  governor.stop();
});

test('the timer does the checking on its own', async () => {
  const state = { young: 0, full: 0 };
  const timed = startMemoryGovernor({
    softLimitMb: 200,
    rss: () => 4096 * MB,
    collect: { young: () => void state.young++, full: () => void state.full++ },
  });
  try {
    // Every 250 ms; waited for, not timed, so a slow machine only makes this take longer.
    for (let waited = 0; state.young === 0 && waited < 10_000; waited += 50) await Bun.sleep(50);
    expect(state.full).toBe(1);
    expect(state.young).toBeGreaterThan(0);
  } finally {
    timed.stop();
  }
});

test('the real collections run', () => {
  const governor = startMemoryGovernor({ softLimitMb: 1, timer: false });
  governor.check();
  governor.check();
  const lines = exposition(governor);
  expect(lines).toContain('memory_collections_total{kind="full"} 1');
  expect(lines).toContain('memory_collections_total{kind="young"} 1');
  governor.stop();
});

test('a limit of 0 turns it off', () => {
  const state = { young: 0, full: 0 };
  const off = startMemoryGovernor({
    softLimitMb: 0,
    rss: () => 4096 * MB,
    collect: { young: () => void state.young++, full: () => void state.full++ },
    timer: false,
  });
  off.check();
  off.stop();
  expect(state).toEqual({ young: 0, full: 0 });
});
