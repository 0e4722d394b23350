import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { AB_TEST_NAMES, DEFAULT_CONFIGURATIONS } from '../../lib/ab-tests.ts';
import { loadSplitTest, sendViewOnce, TRACK_EVENT_ERROR, trackEvent } from '../../lib/use-split-test.ts';
import { testApp } from '../helpers/app.ts';

// The client side of the split test, with the browser's fetch answered by the real app on the real
// database (the hook itself is exercised in the browser tests of the pages that use it).

const realFetch = globalThis.fetch;
let t: Awaited<ReturnType<typeof testApp>>;
let failNext = false;

beforeAll(async () => {
  t = await testApp({}, { RATE_LIMITS: 'off' });
  globalThis.fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    if (failNext) {
      failNext = false;
      return new Response('upstream down', { status: 502 });
    }
    return t.request(String(input), init);
  }) as typeof fetch;
});

afterAll(() => {
  globalThis.fetch = realFetch;
});

const eventsOf = async (userId: string) => t.sql`select event_type, variant_id from ab_test_events where user_id = ${userId}`;

describe('split-test client', () => {
  test('loads an assignment for a running test', async () => {
    const user = `client-${crypto.randomUUID()}`;
    const { assignment, variant } = await loadSplitTest(AB_TEST_NAMES.hero, user);
    expect(assignment).not.toBeNull();
    expect(variant).toEqual(assignment!.variant);
  });

  test('falls back to the default configuration, name default and control on a 404 or an error', async () => {
    expect(await loadSplitTest('no-such-test', 'u1')).toEqual({ assignment: null, variant: { configuration: {}, name: 'default', isControl: true } });
    failNext = true;
    const fallback = await loadSplitTest(AB_TEST_NAMES.contactForm, 'u1');
    expect(fallback).toEqual({
      assignment: null,
      variant: { configuration: DEFAULT_CONFIGURATIONS[AB_TEST_NAMES.contactForm], name: 'default', isControl: true },
    });
    expect(fallback.variant.configuration.formTitle).toBe('Get Your Free Business Audit');
  });

  test('one view per page view, however often it is asked for', async () => {
    const user = `client-${crypto.randomUUID()}`;
    const { assignment } = await loadSplitTest(AB_TEST_NAMES.hero, user);
    expect(await sendViewOnce(assignment!, user)).toBe(true);
    expect(await sendViewOnce(assignment!, user)).toBe(false);
    expect([...(await eventsOf(user))]).toEqual([{ eventType: 'view', variantId: assignment!.variantId }]);
  });

  test("trackEvent records a click, and raises 'Failed to track event' on a non-OK answer", async () => {
    const user = `client-${crypto.randomUUID()}`;
    const { assignment } = await loadSplitTest(AB_TEST_NAMES.hero, user);
    await trackEvent({ testId: assignment!.testId, variantId: assignment!.variantId, eventType: 'click', userId: user });
    expect((await eventsOf(user)).map((r) => r.eventType)).toEqual(['click']);
    await expect(trackEvent({ testId: assignment!.testId, variantId: 'nope', eventType: 'click', userId: user })).rejects.toThrow(TRACK_EVENT_ERROR);
    failNext = true;
    await expect(trackEvent({ testId: assignment!.testId, variantId: assignment!.variantId, eventType: 'click', userId: user })).rejects.toThrow(
      TRACK_EVENT_ERROR,
    );
    expect(await eventsOf(user)).toHaveLength(1);
  });
});
