import { describe, expect, test } from 'bun:test';
import { clientKey, forwardedClient } from '../lib/http/client-address.ts';
import { decisionOf } from '../lib/http/rate-rules.ts';
import { dayIn, secondsUntilNextDay } from '../lib/time/zoned.ts';
import { RateLimiter } from './rate-limiter.ts';

test('allows up to the limit in a window, then refuses until the window resets', () => {
  let now = 1_000;
  const limiter = new RateLimiter({ limit: 3, windowMs: 60_000 }, () => new Date(now));
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
  const limiter = new RateLimiter({ limit: 2, windowMs: 1000 }, () => new Date(0));
  expect(limiter.hit('x').remaining).toBe(1);
  expect(limiter.hit('x').remaining).toBe(0);
});

test('peek says whether the next request would pass, without counting it', () => {
  let now = 0;
  const limiter = new RateLimiter({ limit: 2, windowMs: 1000 }, () => new Date(now));
  expect(limiter.peek('x')).toEqual({ allowed: true, limit: 2, remaining: 2, resetMs: 1000 });
  limiter.hit('x');
  limiter.hit('x');
  expect(limiter.peek('x').allowed).toBe(false);
  expect(limiter.peek('x').allowed).toBe(false);
  now = 1000;
  expect(limiter.peek('x').allowed).toBe(true);
});

test('a count kept elsewhere gives the same answers as the memory limiter', () => {
  let now = 5_000;
  const rule = { limit: 3, windowMs: 60_000 };
  const limiter = new RateLimiter(rule, () => new Date(now));
  // The shared store's count includes the request and stops at limit + 1; its window opened at 5 s.
  const shared = (hits: number) => decisionOf(rule, hits, 65_000, now);
  for (const hits of [1, 2, 3, 4, 4]) expect(shared(hits)).toEqual(limiter.hit('a'));
  now = 64_999;
  expect(shared(4)).toEqual(limiter.hit('a'));
  expect(decisionOf(rule, 4, 65_000, 70_000).resetMs).toBe(0);
});

test('a flood of new keys keeps memory bounded and leaves recent clients their counts', () => {
  const limiter = new RateLimiter({ limit: 1, windowMs: 60_000 }, () => new Date(0));
  limiter.hit('regular');
  for (let i = 0; i < 50_000; i++) limiter.hit(`flood-${i}`);
  expect(limiter.hit('regular').allowed).toBe(false);
});

describe('forwardedClient', () => {
  test.each([
    ['198.51.100.7', 1, '198.51.100.7'],
    ['203.0.113.9, 198.51.100.7', 1, '198.51.100.7'],
    // Behind a CDN and a load balancer: the client as the CDN saw it, whatever the client wrote before.
    ['forged, 203.0.113.9, 198.51.100.7', 2, '203.0.113.9'],
    ['203.0.113.9, 198.51.100.7', 2, '203.0.113.9'],
    // Shorter than the chain: it did not come through the proxies.
    ['198.51.100.7', 2, null],
    ['198.51.100.7', 0, null],
    [null, 1, null],
    ['', 1, null],
    ['a, ,b', 2, null],
  ])('%p with %p trusted hops → %p', (header, hops, expected) => {
    expect(forwardedClient(header as string | null, hops as number)).toBe(expected as string | null);
  });
});

describe('clientKey', () => {
  test.each([
    ['203.0.113.9', '203.0.113.9'],
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2:ffff::1', '2001:db8:1:2::/64'],
    ['2001:0DB8:0001:0002::abcd', '2001:db8:1:2::/64'],
    ['[2001:db8::1]', '2001:db8:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['unknown', 'unknown'],
    ['1:2:3', '1:2:3'],
    // A port written by the proxy is not part of who the client is.
    ['203.0.113.9:51234', '203.0.113.9'],
    ['203.0.113.9:1', '203.0.113.9'],
    ['[2001:db8:1:2::1]:443', '2001:db8:1:2::/64'],
    ['[::ffff:203.0.113.9]:8080', '203.0.113.9'],
  ])('%p → %p', (address, key) => expect(clientKey(address)).toBe(key));
});

describe('daily budgets are counted by the Toronto calendar day', () => {
  test('the day and the seconds left in it', () => {
    // 03:30 UTC on 24 November is 22:30 on the 23rd in Toronto (EST, UTC-5).
    const late = new Date('2026-11-24T03:30:00Z');
    expect(dayIn(late, 'America/Toronto')).toBe('2026-11-23');
    expect(secondsUntilNextDay(late, 'America/Toronto')).toBe(90 * 60);
    expect(dayIn(new Date('2026-11-24T05:00:00Z'), 'America/Toronto')).toBe('2026-11-24');
    expect(secondsUntilNextDay(new Date('2026-11-24T04:59:59Z'), 'America/Toronto')).toBe(1);
  });
});
