import { expect, test } from 'bun:test';
import { intakePathFor, isResultsLinkExpired, isResultsToken, resultsLinkExpiresAt, resultsPath } from './results-link.ts';

test('a token is 43 base64url characters; anything else is not looked up', () => {
  const token = `${'a'.repeat(21)}-_${'Z9'.repeat(10)}`;
  expect(token).toHaveLength(43);
  expect(isResultsToken(token)).toBe(true);
  expect(resultsPath(token)).toBe(`/audit/results/${token}`);
  for (const bad of ['', 'a'.repeat(42), 'a'.repeat(44), `${'a'.repeat(42)}=`, `${'a'.repeat(42)}/`, `${'a'.repeat(42)}%`, `${'a'.repeat(42)}\n`]) {
    expect(isResultsToken(bad)).toBe(false);
  }
});

test('the link works for 90 days to the millisecond', () => {
  const createdAt = new Date('2026-11-24T15:00:00Z');
  const expiresAt = resultsLinkExpiresAt(createdAt);
  expect(expiresAt.toISOString()).toBe('2027-02-22T15:00:00.000Z');
  expect(isResultsLinkExpired(createdAt, new Date(expiresAt.getTime() - 1))).toBe(false);
  expect(isResultsLinkExpired(createdAt, expiresAt)).toBe(true);
});

test("the results' intake link carries the token, so the intake is prefilled from the audit", () => {
  const token = `${'a'.repeat(21)}-_${'Z9'.repeat(10)}`;
  expect(intakePathFor(token)).toBe(`/q4-intake?results=${token}`);
  expect(intakePathFor(null)).toBe('/q4-intake');
  expect(intakePathFor('')).toBe('/q4-intake');
});
