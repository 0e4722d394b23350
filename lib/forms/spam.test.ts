import { expect, test } from 'bun:test';
import { isLikelySpam, MIN_FILL_MS } from './spam.ts';

test('a filled honeypot or a too-fast submission is spam; missing signals are not', () => {
  expect(isLikelySpam({})).toBe(false);
  expect(isLikelySpam({ fax: '', fillMs: 45_000 })).toBe(false);
  expect(isLikelySpam({ fax: '   ' })).toBe(false);
  expect(isLikelySpam({ fax: '416-555-0000' })).toBe(true);
  expect(isLikelySpam({ fillMs: MIN_FILL_MS - 1 })).toBe(true);
  expect(isLikelySpam({ fillMs: MIN_FILL_MS })).toBe(false);
});
