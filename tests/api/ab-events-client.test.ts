import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { sendViewOnce, TRACK_EVENT_ERROR, trackEvent } from '../../client/ab-events.ts';
import { AB_TEST_NAMES, type Assignment } from '../../lib/ab/definitions.ts';
import { testApp } from '../helpers/app.ts';

// Real servers, browsers and databases: a test may take longer than Bun's 5 s default.
setDefaultTimeout(60_000);

// The browser's A/B event beacon (client/ab-events.ts), with the browser's fetch answered by the real
// app on the real database.

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

/** The visitor's assignment, as the server gives it. */
const assign = async (user: string) => (await (await t.request(`/api/ab-test/assignment?testName=${AB_TEST_NAMES.hero}&userId=${user}`)).json()) as Assignment;

describe('A/B event beacon', () => {
  test('one view per page view, however often it is asked for', async () => {
    const user = `client-${crypto.randomUUID()}`;
    const assignment = await assign(user);
    expect(await sendViewOnce(assignment, user)).toBe(true);
    expect(await sendViewOnce(assignment, user)).toBe(false);
    expect([...(await eventsOf(user))]).toEqual([{ eventType: 'view', variantId: assignment.variantId }]);
  });

  test("trackEvent records a click, and raises 'Failed to track event' on a non-OK answer", async () => {
    const user = `client-${crypto.randomUUID()}`;
    const assignment = await assign(user);
    await trackEvent({ testId: assignment.testId, variantId: assignment.variantId, eventType: 'click', userId: user });
    expect((await eventsOf(user)).map((r) => r.eventType)).toEqual(['click']);
    await expect(trackEvent({ testId: assignment.testId, variantId: 'nope', eventType: 'click', userId: user })).rejects.toThrow(TRACK_EVENT_ERROR);
    failNext = true;
    await expect(trackEvent({ testId: assignment.testId, variantId: assignment.variantId, eventType: 'click', userId: user })).rejects.toThrow(
      TRACK_EVENT_ERROR,
    );
    expect(await eventsOf(user)).toHaveLength(1);
  });
});
