import { describe, expect, setDefaultTimeout, test } from 'bun:test';
import type { Sql } from 'postgres';
import { AB_TEST_IDS, type VariantResult } from '../../lib/ab/definitions.ts';
import { RESULTS_CSV_COLUMNS } from '../../lib/ab/results-csv.ts';
import { createTest, uid } from '../helpers/ab-tests.ts';
import { testApp } from '../helpers/app.ts';
import { createStaff, signedIn } from '../helpers/staff.ts';

// Real servers, browsers and databases: a test may take longer than Bun's 5 s default.
setDefaultTimeout(60_000);

// GET /api/ab-test/results/{testId}/csv (and /admin/api/ab-test/… for staff): each test's results as a
// spreadsheet, under the dashboard's access rule. Runs on PGlite and on PostgreSQL.

const csvPath = (id: string, base = '/api/ab-test') => `${base}/results/${id}/csv`;

/**
 * Stores `n` visitors of a variant, the first `clicked` of them clicking, the first `converted` converting
 * and the last `booked` booking a session.
 */
async function visitors(sql: Sql, testId: string, variantId: string, n: number, clicked: number, converted: number, booked = 0) {
  const rows = [];
  for (let i = 0; i < n; i++) {
    const user = uid('csv');
    rows.push({ test_id: testId, variant_id: variantId, user_id: user, event_type: 'view' });
    if (i < clicked) rows.push({ test_id: testId, variant_id: variantId, user_id: user, event_type: 'click' });
    if (i < converted) rows.push({ test_id: testId, variant_id: variantId, user_id: user, event_type: 'conversion' });
    if (i >= n - booked) rows.push({ test_id: testId, variant_id: variantId, user_id: user, event_type: 'booked' });
  }
  await sql`insert into ab_test_events ${sql(rows, 'test_id', 'variant_id', 'user_id', 'event_type')}`;
}

const rowsOf = (csv: string) =>
  csv
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean);

describe('the results as CSV', () => {
  test('a download named for the test: a header and a row per variant with the same figures as the JSON, privately', async () => {
    const { request, sql } = await testApp();
    const t = await createTest(sql, { weights: [1, 1], startDaysAgo: 10 });
    await visitors(sql, t.id, t.variantIds[0], 120, 30, 10, 3);
    await visitors(sql, t.id, t.variantIds[1], 110, 40, 5);
    const res = await request(csvPath(t.id));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      new RegExp(`^attachment; filename="northline-ab-${t.name.toLowerCase()}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`),
    );
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-robots-tag')).toBe('noindex');
    const bytes = new Uint8Array(await res.arrayBuffer());
    // A byte order mark, so Excel reads UTF-8 (Response.text() would drop it).
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = new TextDecoder().decode(bytes);
    const [header, control, challenger, ...rest] = rowsOf(csv);
    expect(header).toBe(RESULTS_CSV_COLUMNS.join(','));
    expect(rest).toEqual([]);
    const json = (await (await request(`/api/ab-test/results/${t.id}`)).json()) as VariantResult[];
    const col = (row: string, name: (typeof RESULTS_CSV_COLUMNS)[number]) => row.split(',')[RESULTS_CSV_COLUMNS.indexOf(name)];
    expect([col(control, 'variant'), col(control, 'viewers'), col(control, 'clicks'), col(control, 'conversions')]).toEqual(['Control', '120', '30', '10']);
    expect([col(challenger, 'variant'), col(challenger, 'viewers'), col(challenger, 'conversions')]).toEqual(['Variant 1', '110', '5']);
    expect(Number(col(challenger, 'lift_vs_control_pct'))).toBe(json[1].stats.lift!.estimate);
    expect(Number(col(challenger, 'lift_vs_control_pct'))).toBeLessThan(0);
    expect(Number(col(challenger, 'chance_to_beat_control_pct'))).toBeCloseTo(json[1].stats.chanceToBeatControl! * 100, 6);
    expect(col(challenger, 'chance_needed_pct')).toBe('95');
    expect(col(challenger, 'verdict')).toBe(json[0].stats.test.verdict);
    // The second goal, last: booked sessions and their share of viewers.
    expect([col(control, 'booked'), col(control, 'booked_rate_pct')]).toEqual(['3', '2.5']);
    expect([col(challenger, 'booked'), col(challenger, 'booked_rate_pct')]).toEqual(['0', '0']);
    expect(json[0].metrics).toMatchObject({ booked: 3, bookedRate: 2.5 });
    // HEAD answers the same headers without the body.
    const head = await request(csvPath(t.id), { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(await head.text()).toBe('');
  });

  test('the seeded tests say what each variant shows: the form’s own title and button, the hero’s headline from the site’s constants', async () => {
    const { request } = await testApp();
    const form = await (await request(csvPath(AB_TEST_IDS.contactForm))).text();
    expect(form).toContain('Form title: See Where Your Next 20 Customers Are Hiding | Button: Show Me My Growth Plan | Optional fields: Website only');
    const hero = await (await request(csvPath(AB_TEST_IDS.hero))).text();
    expect(hero).toContain('Headline: Your competitors are booking your customers right now | Button: Claim Your Free Audit Today');
    expect(rowsOf(hero)).toHaveLength(4);
  });

  test('names that a spreadsheet would run as formulas arrive as text', async () => {
    const { request, sql } = await testApp();
    const t = await createTest(sql, { weights: [1, 1] });
    const name = `=HYPERLINK("http://evil.example","${uid('x').slice(0, 12)}")`;
    await sql`update ab_tests set name = ${name} where id = ${t.id}`;
    await sql`update ab_test_variants set name = '@SUM(A1:A9)' where id = ${t.variantIds[1]}`;
    const res = await request(csvPath(t.id));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="northline-ab-hyperlink-http-evil-example-x-[0-9a-f-]+-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const csv = await res.text();
    expect(csv).toContain(`,"'=HYPERLINK(""http://evil.example""`);
    expect(csv).toContain(",'@SUM(A1:A9),");
    expect(csv).not.toMatch(/(^|,)[=@]/m);
  });

  test('an unknown or impossible test id is a JSON 404, a NUL a 400 naming testId; never a 500', async () => {
    const { request } = await testApp();
    for (const id of [crypto.randomUUID(), 'x'.repeat(37), 'x'.repeat(5000), 'a%2Fb', '%ED%A0%80', '%FF', "1'%20or%20'1'%3D'1", '%20', 'csv']) {
      const res = await request(csvPath(id));
      expect(res.status, id).toBe(404);
      expect(res.headers.get('content-type'), id).toContain('application/json');
      expect((await res.json()).error, id).toBe('No A/B test has this id');
    }
    for (const id of ['%00', 'abc%00def']) {
      const res = await request(csvPath(id));
      expect(res.status).toBe(400);
      expect((await res.json()).fields).toHaveProperty('testId');
    }
    // Paths beside the route are not it: no id, a deeper path, another extension.
    for (const path of ['/api/ab-test/results//csv', `/api/ab-test/results/${AB_TEST_IDS.hero}/csv/x`, `/api/ab-test/results/${AB_TEST_IDS.hero}/xlsx`]) {
      expect((await request(path)).status, path).toBe(404);
    }
  });

  test('other methods are 405 naming GET and HEAD; a query string changes nothing', async () => {
    const { request, postJson } = await testApp();
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      const res = await request(csvPath(AB_TEST_IDS.hero), { method });
      expect(res.status, method).toBe(405);
      expect(res.headers.get('allow')).toBe('GET, HEAD');
    }
    expect((await postJson(csvPath(AB_TEST_IDS.hero), { name: 'x' })).status).toBe(405);
    const plain = await (await request(csvPath(AB_TEST_IDS.hero))).text();
    const queried = await request(`${csvPath(AB_TEST_IDS.hero)}?format=xlsx&testId=other&${'a'.repeat(2000)}=1`);
    expect(queried.status).toBe(200);
    expect(
      rowsOf(await queried.text())
        .slice(0, -1)
        .join(),
    ).toBe(rowsOf(plain).slice(0, -1).join());
  });

  test('staff-only dashboard: the public CSV answers 401, the staff one needs a session', async () => {
    const t = await testApp({}, { AB_DASHBOARD_ACCESS: 'staff' });
    for (const path of [csvPath(AB_TEST_IDS.hero), csvPath(AB_TEST_IDS.hero, '/admin/api/ab-test'), csvPath('unknown', '/admin/api/ab-test')]) {
      const denied = await t.request(path);
      expect(denied.status, path).toBe(401);
      expect(denied.headers.get('content-type')).toContain('application/json');
      expect(denied.headers.get('cache-control')).toBe('no-store');
    }
    const { cookie } = await signedIn(t, await createStaff(t.sql));
    const ok = await t.request(csvPath(AB_TEST_IDS.hero, '/admin/api/ab-test'), { headers: { cookie } });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(ok.headers.get('cache-control')).toBe('no-store');
    expect(rowsOf(await ok.text())[0]).toBe(RESULTS_CSV_COLUMNS.join(','));
    expect((await t.request(csvPath('unknown', '/admin/api/ab-test'), { headers: { cookie } })).status).toBe(404);
    // The cookie is scoped to /admin: the public CSV stays closed whatever is sent.
    expect((await t.request(csvPath(AB_TEST_IDS.hero), { headers: { cookie } })).status).toBe(401);
    // The dashboard links to the CSV it can read.
    const page = await (await t.request('/admin/ab-tests', { headers: { cookie } })).text();
    expect(page).toContain(`href="${csvPath(AB_TEST_IDS.hero, '/admin/api/ab-test')}"`);
  });

  test('open (the default): the public CSV answers anyone, and the staff path still needs a session', async () => {
    const { request } = await testApp();
    expect((await request(csvPath(AB_TEST_IDS.contactForm))).status).toBe(200);
    expect((await request(csvPath(AB_TEST_IDS.contactForm, '/admin/api/ab-test'))).status).toBe(401);
    const page = await (await request('/admin/ab-tests')).text();
    expect(page).toContain(`href="${csvPath(AB_TEST_IDS.contactForm)}"`);
  });
});
