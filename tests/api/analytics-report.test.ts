import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import type { Database } from '../../db/client.ts';
import { analyticsReport } from '../../db/queries/analytics-report.ts';
import { agency } from '../../lib/site.ts';
import { CSV_BOM } from '../../lib/text/csv.ts';
import { rollUpDay, seedVisit } from '../helpers/analytics.ts';
import { testApp } from '../helpers/app.ts';
import { validAudit } from '../helpers/audit.ts';
import { type ScratchDatabase, scratchDatabase } from '../helpers/isolated-db.ts';
import { createStaff, formBody, signedIn } from '../helpers/staff.ts';

// The analytics reports on the real database, a scratch one of this file's own (the figures are sums over
// every row): the JSON API's shape and range checks, a campaign visitor followed from landing to won client
// into the right source row, spam and erased leads left out, finished days read from the roll-ups and today
// from the raw rows without counting a day twice, the A/B variants, and the dashboard's CSVs.

setDefaultTimeout(60_000);

// Tuesday November 24, 2026, 12:00 in Toronto: the default range is October 28 to November 24.
const NOW = new Date('2026-11-24T17:00:00Z');
const CAMPAIGN = '=HYPERLINK("http://evil.example","fall")';

let scratch: ScratchDatabase;
let db: Database;
let t: Awaited<ReturnType<typeof testApp>>;
let session: { cookie: string; csrf: string };
let ids: { won: string; booked: string; statusBooked: string; cancelled: string; spam: string; erased: string; intake: string; visitorId: string };

const get = (path: string, cookie = session.cookie) => t.request(path, { headers: { cookie }, redirect: 'manual' });
const api = async (query = '') => {
  const res = await get(`/admin/api/analytics${query}`);
  return { res, body: (await res.json()) as Record<string, unknown> & Report };
};
type Row = Record<string, unknown>;
type Report = {
  visitors: number;
  pageviews: number;
  days: Row[];
  pages: Row[];
  sources: Row[];
  funnel: Row[];
  landings: Row[];
  variants: Row[];
  speed: Row[];
  previous: Row;
};

/** An audit sent as the visitor's browser sends it, with its cookies; the lead's id. */
async function audit(cookie: string, overrides: Record<string, unknown> = {}) {
  const answers = validAudit({ email: `owner+${crypto.randomUUID().slice(0, 6)}@example.com`, ...overrides });
  const res = await t.postJson('/api/business-audit', { ...answers, fillMs: 60_000 }, { referer: 'http://localhost:3000/', cookie });
  expect(res.status).toBe(201);
  return answers.id;
}

async function staffPost(path: string, fields: Record<string, string>) {
  const form = formBody({ _csrf: session.csrf, ...fields });
  const res = await t.request(path, { method: 'POST', redirect: 'manual', headers: { ...form.headers, cookie: session.cookie }, body: form.body });
  expect(res.status).toBe(303);
}

beforeAll(async () => {
  scratch = await scratchDatabase();
  db = await scratch.open();
  t = await testApp({ sql: db.sql, now: () => NOW }, { RATE_LIMITS: 'off' });
  const staff = await createStaff(db.sql, 'analytics', 'owner', { twoFactor: true });
  session = await signedIn(t, staff);

  // Traffic. November 20 and 21 are finished and rolled up (their raw rows stay, as they do for 90 days:
  // read twice, they would double); November 23 is finished but not rolled up yet; the 24th is today.
  for (const day of ['2026-11-20', '2026-11-21']) {
    await seedVisit(db.sql, { day, routes: ['/', '/services/seo-services'] });
    await seedVisit(db.sql, { day, source: 'google', medium: 'cpc', campaign: CAMPAIGN, routes: ['/services/google-ads'], auditStarted: true });
    await rollUpDay(db.sql, day);
  }
  await seedVisit(db.sql, { day: '2026-11-23', source: 'facebook', medium: 'paid-social', routes: ['/q4-intake', '/q4-intake/thank-you'] });
  await seedVisit(db.sql, { day: '2026-11-24', routes: ['/'], auditStarted: true, device: 'mobile' });
  await seedVisit(db.sql, { day: '2026-11-24', source: 'google', medium: 'cpc', campaign: CAMPAIGN, routes: ['/services/google-ads', '/'] });
  // Outside the range: the period before (October), and after it.
  await seedVisit(db.sql, { day: '2026-10-20', routes: ['/'] });
  await rollUpDay(db.sql, '2026-10-20');
  await seedVisit(db.sql, { day: '2026-11-25', routes: ['/'] });

  // Leads. A campaign visitor lands (first touch), sends the audit, books a session and is won.
  const landed = await t.request(`/services/google-ads?utm_source=google&utm_medium=cpc&utm_campaign=${encodeURIComponent(CAMPAIGN)}`);
  const firstTouch = landed.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c.startsWith('first_touch='));
  expect(firstTouch).toBeDefined();
  const visitorId = crypto.randomUUID();
  await db.sql`insert into ab_test_assignments (test_id, variant_id, user_id, assigned_at)
    values ('a8b7c6d5-0000-4000-8000-000000000002', 'a8b7c6d5-0000-4000-8000-000000000022', ${visitorId}, ${new Date('2026-11-24T15:00:00Z')})`;
  const won = await audit(`${firstTouch}; vid=${visitorId}`);
  await db.sql`insert into bookings (id, lead_kind, lead_id, starts_at, ends_at, blocked_until, manage_token, created_at, updated_at)
    values (${crypto.randomUUID()}, 'audit', ${won}, ${new Date('2026-11-26T15:00:00Z')}, ${new Date('2026-11-26T15:30:00Z')},
      ${new Date('2026-11-26T15:45:00Z')}, ${crypto.randomUUID()}, ${NOW}, ${NOW})`;
  await staffPost(`/admin/leads/audit/${won}/status`, { status: 'won', wonValue: '2,500' });

  // Direct: one booked (a booking), one moved to session booked by staff, one whose only booking was cancelled.
  const booked = await audit('');
  await db.sql`insert into bookings (id, lead_kind, lead_id, starts_at, ends_at, blocked_until, manage_token, created_at, updated_at, status)
    values (${crypto.randomUUID()}, 'audit', ${booked}, ${new Date('2026-11-20T15:00:00Z')}, ${new Date('2026-11-20T15:30:00Z')},
      ${new Date('2026-11-20T15:45:00Z')}, ${crypto.randomUUID()}, ${NOW}, ${NOW}, 'held')`;
  const statusBooked = await audit('');
  await staffPost(`/admin/leads/audit/${statusBooked}/status`, { status: 'session booked' });
  const cancelled = await audit('');
  await db.sql`insert into bookings (id, lead_kind, lead_id, starts_at, ends_at, blocked_until, manage_token, created_at, updated_at, status)
    values (${crypto.randomUUID()}, 'audit', ${cancelled}, ${new Date('2026-11-27T15:00:00Z')}, ${new Date('2026-11-27T15:30:00Z')},
      ${new Date('2026-11-27T15:45:00Z')}, ${crypto.randomUUID()}, ${NOW}, ${NOW}, 'cancelled')`;

  // Never counted: spam (marked by staff) and erased, even from the campaign, even won.
  const spam = await audit(`${firstTouch}`);
  await staffPost(`/admin/leads/audit/${spam}/spam`, { spam: 'true' });
  const erased = await audit(`${firstTouch}`);
  await staffPost(`/admin/leads/audit/${erased}/status`, { status: 'won', wonValue: '9999' });
  await staffPost(`/admin/leads/audit/${erased}/erase`, { confirm: 'erase' });

  // A Q4 application from Facebook: its pipeline value is its budget band's middle.
  const intakeId = crypto.randomUUID();
  const landedFb = await t.request('/q4-intake?utm_source=facebook&utm_medium=paid-social');
  const fbTouch = landedFb.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c.startsWith('first_touch='));
  const sent = await t.postJson(
    '/api/q4-intake',
    {
      id: intakeId,
      firstName: 'Priya',
      lastName: 'Raman',
      workEmail: `priya+${crypto.randomUUID().slice(0, 6)}@glow.example`,
      mobile: '416-555-0188',
      company: 'Glow Aesthetics',
      industry: 'medspas',
      city: 'Toronto',
      monthlyMarketingBudget: '2500-5000',
      biggestGoal: 'Fill weekday afternoons with new facial clients.',
      caslConsent: 'true',
      fillMs: 60_000,
    },
    { referer: 'http://localhost:3000/q4-intake', cookie: fbTouch ?? '' },
  );
  expect(sent.status).toBe(201);
  ids = { won, booked, statusBooked, cancelled, spam, erased, intake: intakeId, visitorId };
});

afterAll(async () => {
  await scratch?.drop();
});

describe('GET /admin/api/analytics', () => {
  test('answers the figures the issue names, exactly those keys first, for the last 28 days by default', async () => {
    const { res, body } = await api();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(Object.keys(body).slice(0, 8)).toEqual(['from', 'to', 'visitors', 'pageviews', 'days', 'pages', 'sources', 'funnel']);
    expect(body.from).toBe('2026-10-28');
    expect(body.to).toBe('2026-11-24');
    expect(body.days).toHaveLength(28);
    for (const d of body.days) expect(Object.keys(d)).toEqual(['date', 'visitors', 'pageviews']);
    for (const p of body.pages) expect(Object.keys(p)).toEqual(['route', 'visitors', 'pageviews']);
    for (const s of body.sources)
      expect(Object.keys(s).slice(0, 8)).toEqual(['source', 'medium', 'campaign', 'visitors', 'leads', 'booked', 'won', 'wonValue']);
    expect(body.funnel.map((f) => f.step)).toEqual(['visit', 'audit_started', 'lead', 'booked', 'won']);
    for (const f of body.funnel) expect(Object.keys(f)).toEqual(['step', 'visitors']);
  });

  test('finished days come from the roll-ups, the rest from the raw rows, and they add up with no day counted twice', async () => {
    const { body } = await api();
    const day = (date: string) => body.days.find((d) => d.date === date);
    expect(day('2026-11-20')).toEqual({ date: '2026-11-20', visitors: 2, pageviews: 3 });
    expect(day('2026-11-21')).toEqual({ date: '2026-11-21', visitors: 2, pageviews: 3 });
    expect(day('2026-11-23')).toEqual({ date: '2026-11-23', visitors: 1, pageviews: 2 });
    expect(day('2026-11-24')).toEqual({ date: '2026-11-24', visitors: 2, pageviews: 3 });
    expect(day('2026-11-22')).toEqual({ date: '2026-11-22', visitors: 0, pageviews: 0 });
    expect(body.visitors).toBe(7);
    expect(body.pageviews).toBe(11);
    expect(body.days.reduce((n, d) => n + (d.visitors as number), 0)).toBe(7);
    // Take a rolled day's raw rows away: its figures stay, read from the roll-up.
    const kept = await db.sql`select * from analytics_page_views where day = '2026-11-20'`;
    await db.sql`delete from analytics_page_views where day = '2026-11-20'`;
    expect((await api()).body.pageviews).toBe(11);
    await db.sql`insert into analytics_page_views ${db.sql(kept.map(({ id: _id, ...row }) => row))}`;
    expect(body.pages).toEqual([
      { route: '/', visitors: 4, pageviews: 4 },
      { route: '/services/google-ads', visitors: 3, pageviews: 3 },
      { route: '/services/seo-services', visitors: 2, pageviews: 2 },
      { route: '/q4-intake', visitors: 1, pageviews: 1 },
      { route: '/q4-intake/thank-you', visitors: 1, pageviews: 1 },
    ]);
  });

  test('a campaign landing, then its lead, a booking and a win: in its source row with the values', async () => {
    const { body } = await api();
    const campaign = body.sources.find((s) => s.source === 'google');
    expect(campaign).toEqual({
      source: 'google',
      medium: 'cpc',
      campaign: CAMPAIGN,
      visitors: 3,
      leads: 1,
      booked: 1,
      won: 1,
      wonValue: 2500,
      auditStarted: 2,
      pipelineValue: expect.any(Number),
    });
    const [audit] = await db.sql<{ estimatedValue: number }[]>`select estimated_value::float8 from business_audits where id = ${ids.won}`;
    expect(campaign?.pipelineValue).toBe(audit.estimatedValue);
    // Direct: the visits with no campaign, three audits (a booking held, a status moved to session booked, a cancelled booking).
    const direct = body.sources.find((s) => s.source === 'direct');
    expect(direct).toMatchObject({ medium: 'none', campaign: '', visitors: 3, leads: 3, booked: 2, won: 0, wonValue: 0, auditStarted: 1 });
    const facebook = body.sources.find((s) => s.source === 'facebook');
    expect(facebook).toMatchObject({ medium: 'paid-social', visitors: 1, leads: 1, booked: 0, won: 0, pipelineValue: 3750 });
    expect(body.sources).toHaveLength(3);
    expect(body.funnel).toEqual([
      { step: 'visit', visitors: 7 },
      { step: 'audit_started', visitors: 3 },
      { step: 'lead', visitors: 5 },
      { step: 'booked', visitors: 3 },
      { step: 'won', visitors: 1 },
    ]);
  });

  test('spam and erased leads are never counted, wherever they came from and whatever they were worth', async () => {
    const { body } = await api();
    const json = JSON.stringify(body);
    expect(json).not.toContain('9999');
    expect(body.sources.reduce((n, s) => n + (s.leads as number), 0)).toBe(5);
    // Unmarked as spam, the lead counts again.
    await staffPost(`/admin/leads/audit/${ids.spam}/spam`, { spam: 'false' });
    expect((await api()).body.sources.find((s) => s.source === 'google')?.leads).toBe(2);
    await staffPost(`/admin/leads/audit/${ids.spam}/spam`, { spam: 'true' });
    expect((await api()).body.sources.find((s) => s.source === 'google')?.leads).toBe(1);
  });

  test('landing pages and A/B variants: each step counted by them', async () => {
    const { body } = await api();
    expect(body.landings.find((l) => l.landing === '/services/google-ads')).toMatchObject({ visitors: 3, leads: 1, booked: 1, won: 1, wonValue: 2500 });
    // A direct lead's landing page is the page it sent the form from.
    expect(body.landings.find((l) => l.landing === '/')).toMatchObject({ visitors: 3, leads: 3 });
    expect(body.landings.find((l) => l.landing === '/q4-intake')).toMatchObject({ visitors: 1, leads: 1 });
    const hero = body.variants.filter((v) => v.test === 'hero-variant');
    expect(hero.map((v) => v.variant)).toEqual(['Control', 'Variant A', 'Variant B']);
    expect(hero.find((v) => v.variant === 'Variant A')).toMatchObject({ visitors: 1, leads: 1, booked: 1, won: 1, wonValue: 2500 });
    expect(hero.find((v) => v.variant === 'Control')).toMatchObject({ visitors: 0, leads: 0 });
    // Tests with nobody assigned in the range and no lead are left out.
    expect(body.variants.some((v) => v.test === 'contact-form-optimization')).toBe(false);
  });

  test('speed to lead by week, and the period before for comparison', async () => {
    const { body } = await api();
    expect(body.speed).toEqual([{ week: '2026-11-23', leads: 5, reached: 2, medianMinutes: 0, kept: 2, missed: 0, waiting: 3 }]);
    expect(body.previous).toMatchObject({ from: '2026-09-30', to: '2026-10-27', visitors: 1, pageviews: 1 });
    expect((body.previous.funnel as Row[])[0]).toEqual({ step: 'visit', visitors: 1 });
  });

  test('a range of one day, a range given by one end, and the query function the weekly email reuses', async () => {
    const { body } = await api('?from=2026-11-24&to=2026-11-24');
    expect(body).toMatchObject({ from: '2026-11-24', to: '2026-11-24', visitors: 2, pageviews: 3 });
    expect((await api('?to=2026-11-21')).body).toMatchObject({ from: '2026-10-25', to: '2026-11-21', visitors: 4 });
    expect((await api('?from=2026-11-20')).body).toMatchObject({ from: '2026-11-20', to: '2026-11-24', visitors: 7 });
    const report = await analyticsReport(db.sql, { from: '2026-11-16', to: '2026-11-22' }, { now: NOW, timeZone: agency.timeZone });
    expect(report.visitors).toBe(4);
    expect(report.totals.leads).toBe(0);
  });

  test('hostile ranges: 400 naming the field, never a 500', async () => {
    for (const [query, field] of [
      ['?from=2026-02-30', 'from'],
      ['?to=2026-13-01', 'to'],
      ['?from=2026-11-24&to=2026-11-01', 'to'],
      ['?from=2024-01-01&to=2026-11-24', 'to'],
      ['?from=2020-01-01', 'from'],
      ['?from=1970-01-01&to=1970-01-02', 'from,to'],
      ['?from=1999-12-31', 'from'],
      ['?from=2026-11-1', 'from'],
      ['?from=20261101', 'from'],
      ['?from=2026-11-01T00:00:00Z', 'from'],
      ['?from=%202026-11-01', 'from'],
      ['?from=2026-11-01&from=2026-11-02', 'from'],
      ['?to[]=2026-11-01', 'to[]'],
      [`?from=${'9'.repeat(5000)}`, 'from'],
      ['?from=2026-11-01%00', 'from'],
      // The day after 9999-12-31 is no instant PostgreSQL holds: refused by the schema, never a 500 from the query.
      ['?from=9999-12-25&to=9999-12-31', 'from,to'],
      ['?from=2099-12-25&to=2100-01-01', 'to'],
    ] as const) {
      const res = await get(`/admin/api/analytics${query}`);
      if (field === 'to[]') {
        // An unknown parameter is ignored (the default range answers).
        expect(res.status, query).toBe(200);
        continue;
      }
      expect(res.status, query).toBe(400);
      const answer = (await res.json()) as { error: string; fields: Record<string, string> };
      expect(Object.keys(answer.fields).join(), query).toEqual(field);
      expect(answer.error).toContain(field.split(',')[0]);
    }
    // The page and the CSV refuse the same range with 400, not 500.
    expect((await get('/admin/analytics?from=9999-12-25&to=9999-12-31')).status).toBe(400);
    expect((await get('/admin/analytics.csv?table=days&from=9999-12-25&to=9999-12-31')).status).toBe(400);
  });

  test('staff only: anonymous is 401 JSON; other methods 405; the page sends a stranger to sign in', async () => {
    const anonymous = await get('/admin/api/analytics', '');
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('cache-control')).toBe('no-store');
    expect(await anonymous.json()).toHaveProperty('error');
    const forged = await get('/admin/api/analytics', 'staff_session=forged');
    expect(forged.status).toBe(401);
    for (const method of ['POST', 'PUT', 'DELETE']) {
      const res = await t.request('/admin/api/analytics', { method, headers: { cookie: session.cookie, 'content-type': 'application/json' }, body: '{}' });
      expect(res.status, method).toBe(405);
    }
    for (const path of ['/admin/analytics', '/admin/analytics?from=2026-11-01', '/admin/analytics.csv?table=sources']) {
      const page = await get(path, '');
      expect(page.status, path).toBe(303);
      expect(page.headers.get('location'), path).toBe(`/admin/login?next=${encodeURIComponent(path)}`);
    }
  });
});

describe('the dashboard page and its CSVs', () => {
  test('the page shows the figures, the funnel and the range form, and refuses a bad range naming the field', async () => {
    const res = await get('/admin/analytics');
    expect(res.status).toBe(200);
    const html = await res.text();
    for (const text of ['Analytics', 'Visitors', 'Page views', 'Top pages', 'Sources and campaigns', 'Funnel', 'Speed to lead', 'href="/admin/analytics"'])
      expect(html.includes(text), text).toBe(true);
    expect(html.includes('$2,500'), 'won value').toBe(true);
    expect(html.includes('<script src="http'), 'no third-party script').toBe(false);
    const bad = await get('/admin/analytics?from=2026-02-30');
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('from: No such date: use a date like 2026-11-23, from 2000 to 2099');
  });

  test('each table as CSV: a BOM, CRLF rows, and campaign text that cannot run as a formula', async () => {
    const res = await get('/admin/analytics.csv?table=sources');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="analytics-sources-2026-10-28-to-2026-11-24.csv"');
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer());
    expect(text.startsWith(CSV_BOM)).toBe(true);
    const lines = text.slice(1).split('\r\n');
    expect(lines[0]).toBe('Source,Medium,Campaign,Visitors,Started the audit,Leads,Booked,Won,Lead rate,Pipeline value (CAD),Won value (CAD)');
    const google = lines.find((l) => l.startsWith('google,'));
    expect(google).toBe(`google,cpc,"'=HYPERLINK(""http://evil.example"",""fall"")",3,2,1,1,1,0.3333,${(await pipelineOf(ids.won)).toFixed(2)},2500.00`);
    for (const table of ['days', 'pages', 'landings', 'variants', 'funnel', 'speed']) {
      const csv = await get(`/admin/analytics.csv?table=${table}&from=2026-11-20&to=2026-11-24`);
      expect(csv.status, table).toBe(200);
      expect(csv.headers.get('content-disposition'), table).toBe(`attachment; filename="analytics-${table}-2026-11-20-to-2026-11-24.csv"`);
    }
    for (const query of ['?table=everything', '?table=sources&from=2026-02-30', '', '?table=sources&table=days']) {
      const refused = await get(`/admin/analytics.csv${query}`);
      expect(refused.status, query).toBe(400);
    }
  });
});

async function pipelineOf(id: string): Promise<number> {
  const [row] = await db.sql<{ v: number }[]>`select estimated_value::float8 as v from business_audits where id = ${id}`;
  return row.v;
}
