import { expect, test } from 'bun:test';
import { RateLimiter } from './rate-limit.ts';

test('allows up to the limit in a window, then refuses until the window resets', () => {
  let now = 1_000;
  const limiter = new RateLimiter({ limit: 3, windowMs: 60_000 }, () => now);
  expect([1, 2, 3].map(() => limiter.hit('a').allowed)).toEqual([true, true, true]);
  const refused = limiter.hit('a');
  expect(refused).toEqual({ allowed: false, limit: 3, remaining: 0, resetMs: 60_000 });
  expect(limiter.hit('b').allowed).toBe(true);
  now += 30_000;
  expect(limiter.hit('a').resetMs).toBe(30_000);
  now += 30_000;
  expect(limiter.hit('a')).toEqual({ allowed: true, limit: 3, remaining: 2, resetMs: 60_000 });
});

test('counts remaining requests', () => {
  const limiter = new RateLimiter({ limit: 2, windowMs: 1000 }, () => 0);
  expect(limiter.hit('x').remaining).toBe(1);
  expect(limiter.hit('x').remaining).toBe(0);
});
