import { expect, test } from 'bun:test';
import { TtlCache } from './ttl-cache.ts';

test('entries expire, and the oldest goes when the cache is full', () => {
  const cache = new TtlCache<number>(2);
  cache.set('a', 1, 100, 0);
  cache.set('b', 2, 100, 0);
  expect(cache.get('a', 99)).toBe(1);
  expect(cache.get('a', 100)).toBeUndefined();
  cache.set('c', 3, 100, 0);
  cache.set('d', 4, 100, 0);
  expect([cache.get('b', 1), cache.get('c', 1), cache.get('d', 1)]).toEqual([undefined, 3, 4]);
  cache.set('c', 30, 100, 0); // replacing a key evicts nothing
  expect([cache.get('c', 1), cache.get('d', 1)]).toEqual([30, 4]);
});

test('a deleted entry is gone before it expires', () => {
  const cache = new TtlCache<string>(5);
  cache.set('a', 'x', 100, 0);
  cache.delete('a');
  cache.delete('never-set');
  expect(cache.get('a', 1)).toBeUndefined();
});
