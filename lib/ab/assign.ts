// Deterministic A/B assignment (DESIGN.md §4). Pure: no clock, no randomness, no I/O.
//
// A visitor's position u in [0, 1) is a hash of the test's seed (its id) and the visitor id, so the same
// visitor always lands in the same place, and different tests place the same visitor independently.
// The first `trafficAllocation` percent of [0, 1) is in the test; inside it, u is rescaled to [0, 1) and
// walked along the variants' cumulative weights. The database stores the first answer, so later weight
// changes never move a visitor who was already assigned (see `decideAssignment`).

/**
 * 53-bit string hash: two 32-bit multiply-xor lanes over the UTF-16 code units, each finished with an
 * avalanche step and mixed into the other (the construction of bryc's public-domain "cyrb53").
 */
export function hash53(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

const TWO_TO_53 = 2 ** 53;

/** The visitor's position in [0, 1) for one test. */
export function bucket(seed: string, userId: string): number {
  return hash53(`${seed}:${userId}`) / TWO_TO_53;
}

/** Whether position u falls inside the test's traffic allocation (a percentage, 0–100). */
export function inTraffic(u: number, trafficAllocation: number): boolean {
  return u < Math.min(100, Math.max(0, trafficAllocation)) / 100;
}

export type WeightedVariant = { id: string; weight: number; isControl: boolean };

/**
 * The variant at position v in [0, 1) along the cumulative weights, in the order given (callers pass a
 * stable order). Zero-weight variants are never chosen; when every weight is zero, the control is.
 */
export function chooseVariant<V extends WeightedVariant>(variants: readonly V[], v: number): V | undefined {
  const total = variants.reduce((sum, x) => sum + Math.max(0, x.weight), 0);
  if (total <= 0) return controlOf(variants);
  const target = v * total;
  let cumulative = 0;
  for (const variant of variants) {
    const w = Math.max(0, variant.weight);
    if (w === 0) continue;
    cumulative += w;
    if (target < cumulative) return variant;
  }
  // v < 1 makes this unreachable except for floating-point rounding at the very end.
  return [...variants].reverse().find((x) => x.weight > 0);
}

function controlOf<V extends WeightedVariant>(variants: readonly V[]): V | undefined {
  return variants.find((x) => x.isControl) ?? variants[0];
}

export type AssignmentDecision<V> =
  /** The visitor already has a stored variant: keep it, whatever the weights say now. */
  | { kind: 'stored'; variant: V }
  /** A new member of the test: store this variant. */
  | { kind: 'new'; variant: V }
  /** Outside the traffic allocation (or a crawler): show the control, store nothing. */
  | { kind: 'outside'; variant: V };

/**
 * Decides what a visitor sees. `storedVariantId` is the row already in ab_test_assignments, if any.
 * Returns undefined only when the test has no variants at all.
 */
export function decideAssignment<V extends WeightedVariant>(input: {
  seed: string;
  userId: string | null;
  trafficAllocation: number;
  variants: readonly V[];
  storedVariantId?: string | null;
}): AssignmentDecision<V> | undefined {
  const { seed, userId, trafficAllocation, variants, storedVariantId } = input;
  const control = controlOf(variants);
  if (!control) return undefined;
  if (storedVariantId) {
    const stored = variants.find((x) => x.id === storedVariantId);
    if (stored) return { kind: 'stored', variant: stored };
  }
  if (userId === null) return { kind: 'outside', variant: control };
  const u = bucket(seed, userId);
  const allocation = Math.min(100, Math.max(0, trafficAllocation)) / 100;
  if (!inTraffic(u, trafficAllocation)) return { kind: 'outside', variant: control };
  const variant = chooseVariant(variants, u / allocation) ?? control;
  return { kind: 'new', variant };
}
