import { describe, expect, test } from 'bun:test';
import { bucket, chooseVariant, decideAssignment, hash53, inTraffic } from './assign.ts';

const SEED = 'a8b7c6d5-0000-4000-8000-000000000002';
const users = Array.from({ length: 30_000 }, (_, i) => `visitor-${i}`);
const threeWay = [
  { id: 'control', weight: 1, isControl: true },
  { id: 'a', weight: 1, isControl: false },
  { id: 'b', weight: 1, isControl: false },
];

function shares(counts: Record<string, number>, total: number) {
  return Object.fromEntries(Object.entries(counts).map(([k, v]) => [k, v / total]));
}

describe('bucket', () => {
  test('is deterministic and in [0, 1)', () => {
    for (const u of users.slice(0, 1000)) {
      const b = bucket(SEED, u);
      expect(b).toBeGreaterThanOrEqual(0);
      expect(b).toBeLessThan(1);
      expect(bucket(SEED, u)).toBe(b);
    }
  });

  test('depends on the seed: the same visitor is placed independently in two tests', () => {
    const other = 'a8b7c6d5-0000-4000-8000-000000000001';
    const same = users.slice(0, 1000).filter((u) => Math.floor(bucket(SEED, u) * 3) === Math.floor(bucket(other, u) * 3)).length;
    // Independent placement agrees about a third of the time.
    expect(same / 1000).toBeGreaterThan(0.28);
    expect(same / 1000).toBeLessThan(0.39);
  });

  test('hash53 gives the same value for the same text and spreads near texts apart', () => {
    expect(hash53('abc')).toBe(hash53('abc'));
    expect(hash53('abc')).not.toBe(hash53('abd'));
    expect(Number.isSafeInteger(hash53('x'.repeat(300)))).toBe(true);
  });
});

describe('distribution over 30 000 synthetic visitors', () => {
  test('equal weights split within 1.5 points of a third each', () => {
    const counts: Record<string, number> = { control: 0, a: 0, b: 0 };
    for (const u of users) counts[decideAssignment({ seed: SEED, userId: u, trafficAllocation: 100, variants: threeWay })!.variant.id]++;
    for (const share of Object.values(shares(counts, users.length))) expect(Math.abs(share - 1 / 3)).toBeLessThan(0.015);
  });

  test('unequal weights 1:3 split within 1.5 points of 25% / 75%', () => {
    const variants = [
      { id: 'control', weight: 1, isControl: true },
      { id: 'challenger', weight: 3, isControl: false },
    ];
    const counts: Record<string, number> = { control: 0, challenger: 0 };
    for (const u of users) counts[decideAssignment({ seed: SEED, userId: u, trafficAllocation: 100, variants })!.variant.id]++;
    const s = shares(counts, users.length);
    expect(Math.abs(s.control - 0.25)).toBeLessThan(0.015);
    expect(Math.abs(s.challenger - 0.75)).toBeLessThan(0.015);
  });

  test('a 40% traffic allocation puts 40% in the test, split evenly, and the rest outside on control', () => {
    const counts: Record<string, number> = { control: 0, a: 0, b: 0, outside: 0 };
    for (const u of users) {
      const d = decideAssignment({ seed: SEED, userId: u, trafficAllocation: 40, variants: threeWay })!;
      if (d.kind === 'outside') {
        expect(d.variant.id).toBe('control');
        counts.outside++;
      } else counts[d.variant.id]++;
    }
    const s = shares(counts, users.length);
    expect(Math.abs(s.outside - 0.6)).toBeLessThan(0.015);
    for (const id of ['control', 'a', 'b']) expect(Math.abs(s[id] - 0.4 / 3)).toBeLessThan(0.015);
  });
});

describe('chooseVariant', () => {
  test('walks the cumulative weights in order', () => {
    const v = [
      { id: 'x', weight: 1, isControl: true },
      { id: 'y', weight: 0, isControl: false },
      { id: 'z', weight: 3, isControl: false },
    ];
    expect(chooseVariant(v, 0)!.id).toBe('x');
    expect(chooseVariant(v, 0.2499)!.id).toBe('x');
    expect(chooseVariant(v, 0.25)!.id).toBe('z');
    expect(chooseVariant(v, 0.9999999)!.id).toBe('z');
  });

  test('all weights zero → the control', () => {
    expect(
      chooseVariant(
        [
          { id: 'c', weight: 0, isControl: false },
          { id: 'k', weight: 0, isControl: true },
        ],
        0.7,
      )!.id,
    ).toBe('k');
  });

  test('no variants → undefined', () => {
    expect(chooseVariant([], 0.5)).toBeUndefined();
    expect(decideAssignment({ seed: SEED, userId: 'u', trafficAllocation: 100, variants: [] })).toBeUndefined();
  });
});

describe('decideAssignment', () => {
  test("a visitor's stored variant is unchanged when the weights change after assignment", () => {
    const first = users.map((u) => decideAssignment({ seed: SEED, userId: u, trafficAllocation: 100, variants: threeWay })!.variant.id);
    const reweighted = [
      { id: 'control', weight: 1, isControl: true },
      { id: 'a', weight: 8, isControl: false },
      { id: 'b', weight: 1, isControl: false },
    ];
    // Recomputed from the hash, many visitors would move...
    const moved = users.filter((u, i) => decideAssignment({ seed: SEED, userId: u, trafficAllocation: 100, variants: reweighted })!.variant.id !== first[i]);
    expect(moved.length).toBeGreaterThan(1000);
    // ...but with their stored row, none does.
    users.forEach((u, i) => {
      const d = decideAssignment({ seed: SEED, userId: u, trafficAllocation: 100, variants: reweighted, storedVariantId: first[i] })!;
      expect(d).toEqual({ kind: 'stored', variant: reweighted.find((v) => v.id === first[i])! });
    });
  });

  test('a stored variant that no longer exists is decided afresh', () => {
    const d = decideAssignment({ seed: SEED, userId: 'u1', trafficAllocation: 100, variants: threeWay, storedVariantId: 'gone' })!;
    expect(d.kind).toBe('new');
  });

  test('no visitor id (a crawler) → control, outside the test', () => {
    expect(decideAssignment({ seed: SEED, userId: null, trafficAllocation: 100, variants: threeWay })).toEqual({ kind: 'outside', variant: threeWay[0] });
  });

  test('traffic allocation bounds', () => {
    expect(inTraffic(0, 0)).toBe(false);
    expect(inTraffic(0.999999, 100)).toBe(true);
    expect(inTraffic(0.5, 50)).toBe(false);
    expect(inTraffic(0.4999, 50)).toBe(true);
  });
});
