import { describe, expect, test } from 'bun:test';
import { forwardedClient, forwardedReaches } from './client-address.ts';

describe('forwardedReaches', () => {
  test('says whether forwardedClient can read the client from the header', () => {
    for (const [header, hops] of [
      [null, 1],
      ['', 1],
      ['203.0.113.7', 0],
      ['203.0.113.7', 1],
      ['203.0.113.7', 2],
      ['198.51.100.1, 203.0.113.7', 2],
      ['198.51.100.1, 203.0.113.7', 3],
      ['10.0.0.1, 198.51.100.1, 203.0.113.7', 2],
    ] as const) {
      expect(forwardedReaches(header, hops)).toBe(forwardedClient(header, hops) !== null);
    }
  });
});
