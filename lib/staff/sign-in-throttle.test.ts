import { describe, expect, test } from 'bun:test';
import { countsToGiveBack, deviceStillKnown, SIGN_IN_RULES, type SignInCount, signInRuleKey, signInVerdict } from './sign-in-throttle.ts';

const now = Date.UTC(2026, 10, 23, 15);
const at = (hits: number, endInMs = 10 * 60_000): SignInCount => ({ hits, windowEndMs: now + endInMs });

describe('the figures', () => {
  test('an address: 10 per 15 minutes; strangers on an account: 5 per 15 minutes, then 1 per 30 s; a known device: 5 of its own', () => {
    expect(SIGN_IN_RULES).toEqual({
      address: { limit: 10, windowMs: 900_000 },
      strangers: { limit: 5, windowMs: 900_000 },
      strangersTrickle: { limit: 1, windowMs: 30_000 },
      device: { limit: 5, windowMs: 900_000 },
    });
    // Stored apart from the request limits' rules in the same table.
    expect(signInRuleKey('address')).toBe('sign-in:address');
  });
});

describe('the verdict', () => {
  test('within every limit: checked', () => {
    expect(signInVerdict({ address: at(1), strangers: at(1), strangersTrickle: at(1, 30_000) }, now)).toEqual({ allowed: true });
    expect(signInVerdict({ address: at(10), strangers: at(5), strangersTrickle: at(2, 30_000) }, now)).toEqual({ allowed: true });
    expect(signInVerdict({ address: at(3), device: at(5) }, now)).toEqual({ allowed: true });
  });

  test("past the address's limit: refused until its window ends, whatever the account's counts", () => {
    expect(signInVerdict({ address: at(11, 600_500), strangers: at(1), strangersTrickle: at(1) }, now)).toEqual({
      allowed: false,
      why: 'address',
      retryAfterSeconds: 601,
    });
    expect(signInVerdict({ address: at(11, 1), device: at(1) }, now)).toMatchObject({ why: 'address', retryAfterSeconds: 1 });
  });

  test("past the strangers' 5: one more per 30-second window, then refused until the sooner window ends", () => {
    expect(signInVerdict({ address: at(1), strangers: at(6), strangersTrickle: at(1, 30_000) }, now)).toEqual({ allowed: true });
    expect(signInVerdict({ address: at(1), strangers: at(6, 800_000), strangersTrickle: at(2, 12_300) }, now)).toEqual({
      allowed: false,
      why: 'account',
      retryAfterSeconds: 13,
    });
    // The trickle alone never refuses while the 15-minute allowance has room.
    expect(signInVerdict({ address: at(1), strangers: at(4), strangersTrickle: at(2) }, now)).toEqual({ allowed: true });
  });

  test("a known device is not held to the strangers' limit, until it has used up its own", () => {
    expect(deviceStillKnown(at(5))).toBe(true);
    expect(deviceStillKnown(at(6))).toBe(false);
    // Its attempts are counted without the strangers' pair: strangers hammering the account do not matter.
    expect(signInVerdict({ address: at(1), device: at(2) }, now)).toEqual({ allowed: true });
    // A device past its own limit is counted as a stranger again, and then their limit applies.
    expect(signInVerdict({ address: at(1), device: at(6), strangers: at(6), strangersTrickle: at(2) }, now)).toMatchObject({ allowed: false, why: 'account' });
  });

  test('every attempt is counted against its address', () => {
    expect(() => signInVerdict({ strangers: at(1) }, now)).toThrow();
  });
});

describe('what an attempt gives back', () => {
  test('the counts it really added to: not one already capped past its limit', () => {
    expect(countsToGiveBack({ address: at(3), strangers: at(5), strangersTrickle: at(2) }).sort()).toEqual(['address', 'strangers']);
    expect(countsToGiveBack({ address: at(11), device: at(6), strangers: at(6), strangersTrickle: at(1) }).sort()).toEqual(['strangersTrickle']);
    expect(countsToGiveBack({ address: at(1), device: at(1) }).sort()).toEqual(['address', 'device']);
  });
});
