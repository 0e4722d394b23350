import { describe, expect, test } from 'bun:test';
import { createFeedCache, FeedUnavailable, FRESH_MS, MAX_STALE_MS, RETRY_MS } from './feed-cache.ts';

function setup() {
  let time = 1_000_000;
  let calls = 0;
  let behaviour: 'ok' | 'fail' = 'ok';
  let release: (() => void) | null = null;
  let gate: Promise<void> | null = null;
  const cache = createFeedCache({
    now: () => new Date(time),
    load: async () => {
      calls += 1;
      if (gate) await gate;
      if (behaviour === 'fail') throw new Error('upstream down');
      return `copy ${calls}`;
    },
  });
  return {
    cache,
    advance: (ms: number) => (time += ms),
    calls: () => calls,
    fail: () => (behaviour = 'fail'),
    recover: () => (behaviour = 'ok'),
    hold: () => {
      gate = new Promise((r) => (release = r));
    },
    release: () => {
      gate = null;
      release?.();
    },
  };
}

describe('feed cache', () => {
  test('serves a copy for 15 minutes, then refreshes', async () => {
    const t = setup();
    expect((await t.cache.get()).value).toBe('copy 1');
    t.advance(FRESH_MS - 1);
    expect((await t.cache.get()).value).toBe('copy 1');
    expect(t.calls()).toBe(1);
    t.advance(1);
    expect(await t.cache.get()).toMatchObject({ value: 'copy 2', stale: false });
  });

  test('concurrent requests share one refresh', async () => {
    const t = setup();
    t.hold();
    const pending = Array.from({ length: 20 }, () => t.cache.get());
    t.release();
    const results = await Promise.all(pending);
    expect(t.calls()).toBe(1);
    expect(new Set(results.map((r) => r.value))).toEqual(new Set(['copy 1']));
  });

  test('a failed refresh serves the last good copy, marked stale, for up to 24 hours', async () => {
    const t = setup();
    await t.cache.get();
    t.fail();
    t.advance(FRESH_MS);
    expect(await t.cache.get()).toMatchObject({ value: 'copy 1', stale: true });
    t.advance(MAX_STALE_MS - FRESH_MS - 1);
    expect(await t.cache.get()).toMatchObject({ value: 'copy 1', stale: true });
    t.advance(1);
    await expect(t.cache.get()).rejects.toBeInstanceOf(FeedUnavailable);
  });

  test('each answer says until when it stays the answer: a fresh copy until its freshness ends, a stale one until the next attempt', async () => {
    const t = setup();
    const start = 1_000_000;
    expect(await t.cache.get()).toMatchObject({ value: 'copy 1', expiresAt: start + FRESH_MS });
    t.advance(FRESH_MS - 10);
    expect((await t.cache.get()).expiresAt).toBe(start + FRESH_MS);
    t.fail();
    t.advance(10);
    // The refresh fails at start + FRESH_MS: the stale copy is the answer until the next attempt.
    expect(await t.cache.get()).toMatchObject({ value: 'copy 1', stale: true, expiresAt: start + FRESH_MS + RETRY_MS });
    t.advance(RETRY_MS - 1);
    expect((await t.cache.get()).expiresAt).toBe(start + FRESH_MS + RETRY_MS);
    expect(t.calls()).toBe(2);
    // Near the end of the 24 hours the stale copy expires when it may no longer be served.
    t.advance(MAX_STALE_MS - FRESH_MS - RETRY_MS - 5_000);
    expect(await t.cache.get()).toMatchObject({ stale: true, expiresAt: start + MAX_STALE_MS });
    t.recover();
    t.advance(RETRY_MS);
    const renewed = await t.cache.get();
    expect(renewed).toMatchObject({ stale: false });
    expect(renewed.expiresAt).toBe(renewed.fetchedAt + FRESH_MS);
  });

  test('with no copy, a failure is reported', async () => {
    const t = setup();
    t.fail();
    await expect(t.cache.get()).rejects.toThrow('Feed unavailable: upstream down');
  });

  test('after a failure it waits before trying again, then recovers', async () => {
    const t = setup();
    t.fail();
    await expect(t.cache.get()).rejects.toThrow();
    await expect(t.cache.get()).rejects.toThrow();
    expect(t.calls()).toBe(1);
    t.recover();
    t.advance(RETRY_MS);
    expect(await t.cache.get()).toMatchObject({ value: 'copy 2', stale: false });
  });

  test('a loader that throws synchronously does not wedge the cache', async () => {
    let n = 0;
    let time = 0;
    const cache = createFeedCache({
      now: () => new Date(time),
      load: (() => {
        n += 1;
        if (n === 1) throw new Error('sync');
        return Promise.resolve('ok');
      }) as () => Promise<string>,
    });
    await expect(cache.get()).rejects.toThrow('sync');
    time += RETRY_MS;
    expect((await cache.get()).value).toBe('ok');
  });
});
