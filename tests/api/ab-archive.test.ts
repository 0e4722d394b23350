import { expect, setDefaultTimeout, test } from 'bun:test';
import { recordConversions } from '../../db/queries/ab-tests.ts';
import { sweepRetention } from '../../features/operations/retention/sweep.ts';
import { encodeTouch } from '../../lib/leads/attribution.ts';
import { DAY_MS } from '../../lib/time/calendar.ts';
import { createTest } from '../helpers/ab-tests.ts';
import { TEST_SITE_URL, testApp } from '../helpers/app.ts';
import { validAudit } from '../helpers/audit.ts';
import { VISITOR_USER_AGENT } from '../helpers/browser.ts';
import { scratchDatabase } from '../helpers/isolated-db.ts';

// A database of its own, many requests: longer than Bun's 5 s default.
setDefaultTimeout(120_000);

// Raw A/B rows are deleted a year after their test ended, and its figures stay (issue 26), booked
// sessions too (issue 28): the dashboard (every test, each source), the results API and its CSV answer
// byte for byte the same after the sweep as before it, for a test past its end date, one switched off
// since its last change, one ended too recently to archive, and the running ones.

test('after the sweep the dashboard, the results API and the CSV show the same numbers, from the archive', async () => {
  const scratch = await scratchDatabase();
  try {
    const db = await scratch.open();
    // The dashboard's clock: a year and a bit after the tests below end.
    const now = new Date(Date.now() + 370 * DAY_MS);
    const t = await testApp({ sql: db.sql, now: () => now }, { RATE_LIMITS: 'off' });
    const ended = await createTest(db.sql, { startDaysAgo: 40, weights: [1, 1] });
    const switchedOff = await createTest(db.sql, { startDaysAgo: 60, weights: [1, 1, 1] });
    const recent = await createTest(db.sql, { startDaysAgo: 10, weights: [1, 1] });

    const cookieOf = (visitor: string, source: string | null) =>
      `vid=${visitor}${source ? `; first_touch=${encodeURIComponent(encodeTouch({ utm_source: source, utm_medium: 'email', landing: '/', at: '2026-11-01T12:00:00.000Z' }))}` : ''}`;
    const visit = async (testName: string, cookie: string, events: ('view' | 'click')[]) => {
      const assigned = await t.request(`/api/ab-test/assignment?testName=${testName}`, { headers: { 'user-agent': VISITOR_USER_AGENT, cookie } });
      const { testId, variantId } = (await assigned.json()) as { testId: string; variantId: string };
      for (const eventType of events) {
        const res = await t.postJson('/api/ab-test/event', { testId, variantId, eventType }, { 'user-agent': VISITOR_USER_AGENT, cookie });
        expect(res.status).toBe(201);
      }
    };
    const convert = async (cookie: string) => {
      const res = await t.postJson(
        '/api/business-audit',
        { ...validAudit(), fillMs: 60_000 },
        { 'user-agent': VISITOR_USER_AGENT, cookie, referer: `${TEST_SITE_URL}/` },
      );
      expect(res.status).toBe(201);
    };
    // A booked session, as the booking's transaction writes it (db/queries/bookings.ts).
    const book = (visitor: string) => db.sql.begin((tx) => recordConversions(tx, visitor, { goal: 'booked' }, { eventType: 'booked' }));
    const sources = ['newsletter', 'google', 'facebook', null];
    for (let i = 0; i < 36; i++) {
      const visitor = crypto.randomUUID();
      const cookie = cookieOf(visitor, sources[i % sources.length]);
      await visit(ended.name, cookie, i % 5 === 0 ? ['view', 'click', 'view'] : ['view']);
      if (i % 3 === 0) await visit(switchedOff.name, cookie, ['view', 'click']);
      // Some visitors are in a test whose rows stay: the source filter still counts each of them once.
      if (i % 4 === 1) await visit(recent.name, cookie, ['view']);
      if (i % 4 === 0) await convert(cookie);
      // Some book a session too, most of them without sending the audit.
      if (i % 3 === 0) await book(visitor);
    }
    for (let i = 0; i < 12; i++) await visit(switchedOff.name, cookieOf(crypto.randomUUID(), 'google'), ['view']);
    // The first ended a day ago; the second was switched off two days ago; the third ends in 100 days
    // (270 days before the dashboard's clock: not a year yet).
    await db.sql`update ab_tests set end_date = now() - interval '1 day' where id = ${ended.id}`;
    await db.sql`update ab_tests set is_active = false, updated_at = now() - interval '2 days' where id = ${switchedOff.id}`;
    await db.sql`update ab_tests set end_date = now() + interval '100 days' where id = ${recent.id}`;

    const pages = [
      '/admin/ab-tests',
      '/admin/ab-tests?source=newsletter',
      '/admin/ab-tests?source=google',
      '/admin/ab-tests?source=nobody',
      ...[ended, switchedOff, recent].flatMap((x) => [
        `/api/ab-test/results/${x.id}`,
        `/api/ab-test/results/${x.id}/csv`,
        `/api/ab-test/results/${x.id}/csv?source=newsletter`,
      ]),
      '/api/ab-test/tests',
    ];
    const answers = async () => Promise.all(pages.map(async (path) => `${path}\n${await (await t.request(path)).text()}`));
    const rawRows = async (testId: string) => {
      const [row] = await db.sql`
        select (select count(*)::int from ab_test_events where test_id = ${testId}) as events,
               (select count(*)::int from ab_test_assignments where test_id = ${testId}) as assignments`;
      return row as { events: number; assignments: number };
    };
    const before = await answers();
    const endedRows = await rawRows(ended.id);
    const switchedOffRows = await rawRows(switchedOff.id);
    const recentRows = await rawRows(recent.id);
    expect(before[0]).toContain(ended.name);
    expect(endedRows.events).toBeGreaterThan(40);
    const booked = async (testId: string) => {
      const results = (await (await t.request(`/api/ab-test/results/${testId}`)).json()) as { metrics: { booked: number } }[];
      return results.reduce((sum, r) => sum + r.metrics.booked, 0);
    };
    const bookedBefore = [await booked(ended.id), await booked(switchedOff.id)];
    expect(bookedBefore).toEqual([12, 12]);

    const result = await sweepRetention({ sql: db.sql, now, retentionDays: 730, notifyReceiver: false });
    expect(result).toEqual({ leadsErased: 0, abTestsArchived: 2, abEventsDeleted: endedRows.events + switchedOffRows.events });
    expect(await rawRows(ended.id)).toEqual({ events: 0, assignments: 0 });
    expect(await rawRows(switchedOff.id)).toEqual({ events: 0, assignments: 0 });
    expect(await rawRows(recent.id)).toEqual(recentRows);
    const after = await answers();
    for (const [i, page] of pages.entries()) expect([page, after[i]]).toEqual([page, before[i]]);
    // The booked sessions come from the archive now, as the other figures do.
    expect([await booked(ended.id), await booked(switchedOff.id)]).toEqual(bookedBefore);
    console.log(
      'ab-archive:',
      `${endedRows.events + switchedOffRows.events} raw events and ${endedRows.assignments + switchedOffRows.assignments} assignments deleted from 2 tests; ${pages.length} answers identical before and after`,
    );

    // Nothing left to archive: a second sweep does nothing.
    expect(await sweepRetention({ sql: db.sql, now, retentionDays: 730, notifyReceiver: false })).toEqual({
      leadsErased: 0,
      abTestsArchived: 0,
      abEventsDeleted: 0,
    });

    // Run again after its archive: new visitors add to the archived figures, and a later archive keeps both.
    await db.sql`update ab_tests set is_active = true, end_date = null where id = ${switchedOff.id}`;
    const views = async () => {
      const results = (await (await t.request(`/api/ab-test/results/${switchedOff.id}`)).json()) as { metrics: { views: number } }[];
      return results.reduce((sum, r) => sum + r.metrics.views, 0);
    };
    const archivedViews = await views();
    for (let i = 0; i < 3; i++) await visit(switchedOff.name, cookieOf(crypto.randomUUID(), 'newsletter'), ['view']);
    expect(await views()).toBe(archivedViews + 3);
    await db.sql`update ab_tests set is_active = false, updated_at = now() - interval '1 day' where id = ${switchedOff.id}`;
    const again = await sweepRetention({ sql: db.sql, now: new Date(now.getTime() + DAY_MS), retentionDays: 730, notifyReceiver: false });
    expect(again).toEqual({ leadsErased: 0, abTestsArchived: 1, abEventsDeleted: 3 });
    expect(await views()).toBe(archivedViews + 3);
  } finally {
    await scratch.drop();
  }
});
