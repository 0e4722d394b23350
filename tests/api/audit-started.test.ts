import { describe, expect, setDefaultTimeout, test } from 'bun:test';
import { visitorKey } from '../../lib/analytics/visitor-key.ts';
import { agency } from '../../lib/site.ts';
import { dayIn } from '../../lib/time/zoned.ts';
import { seedVisit } from '../helpers/analytics.ts';
import { testApp } from '../helpers/app.ts';
import { validAudit } from '../helpers/audit.ts';

// "Started the audit", the funnel's second step, on the real database: the form's signal lands on the
// visitor's day under the key the page-view counter makes (the day's salt, the address, the browser),
// once; without JavaScript a sent form counts; crawlers, ANALYTICS=off and spam count nothing; and the
// endpoint refuses what is not the form's (other sites, other types, sizes, bodies, methods, floods).

setDefaultTimeout(60_000);

const NOW = new Date('2026-11-24T17:00:00Z');
const DAY = dayIn(NOW, agency.timeZone);
const PATH = '/api/analytics/audit-started';
const BODY = JSON.stringify({ form: 'audit' });
/** A browser of its own per test: the tests share the database and the test address (127.0.0.1). */
const browser = () => `Mozilla/5.0 (X11; Linux x86_64) Gecko/20100101 Firefox/132.0 test-${crypto.randomUUID()}`;
const sha256 = (text: string) => new Bun.CryptoHasher('sha256').update(text).digest('base64url');

async function rig(env: Record<string, string> = { RATE_LIMITS: 'off' }) {
  let now = NOW;
  const t = await testApp({ now: () => now }, env);
  const signal = (userAgent: string, headers: Record<string, string> = {}, body: string = BODY) =>
    t.request(PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': userAgent, referer: 'http://localhost:3000/services/seo-services', ...headers },
      body,
    });
  /** The key the counter makes for this test's address and `userAgent` today. */
  const keyOf = async (userAgent: string) => {
    const [row] = await t.sql<{ salt: string }[]>`select salt from analytics_salts where day = ${DAY}::date`;
    return visitorKey(row.salt, '127.0.0.1', userAgent, sha256);
  };
  const visit = async (userAgent: string) => {
    const [row] = await t.sql`select * from analytics_visits where day = ${DAY}::date and visitor_key = ${await keyOf(userAgent)}`;
    return row;
  };
  return { t, signal, keyOf, visit, later: (ms: number) => (now = new Date(now.getTime() + ms)) };
}

describe('POST /api/analytics/audit-started', () => {
  test("marks the visitor's day under the counter's key, once: the first time stays; a day not seen yet gets its row", async () => {
    const { t, signal, visit, later } = await rig();
    const agent = browser();
    // The page views were counted already: the start lands on that row and changes nothing else.
    const [{ salt }] = await t.sql<{ salt: string }[]>`
      insert into analytics_salts (day, salt, created_at) values (${DAY}::date, 'salt-of-the-day', ${NOW})
      on conflict (day) do update set salt = analytics_salts.salt returning salt`;
    const key = visitorKey(salt, '127.0.0.1', agent, sha256);
    await seedVisit(t.sql, { day: DAY, key, source: 'google', medium: 'cpc', routes: ['/services/seo-services', '/'] });
    const res = await signal(agent);
    expect(res.status).toBe(202);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ counted: true });
    expect(await visit(agent)).toMatchObject({ source: 'google', medium: 'cpc', landing: '/services/seo-services', pageviews: 2, auditStartedAt: NOW });
    later(60_000);
    await signal(agent);
    expect((await visit(agent)).auditStartedAt).toEqual(NOW);

    // A visitor whose page view the counter has not written yet: a row of its own, from the attribution cookie.
    const other = browser();
    const landed = await t.request('/?utm_source=newsletter&utm_medium=email&utm_campaign=november');
    const touch = landed.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .find((c) => c.startsWith('first_touch='));
    expect((await signal(other, { cookie: touch ?? '' })).status).toBe(202);
    expect(await visit(other)).toMatchObject({
      source: 'newsletter',
      medium: 'email',
      campaign: 'november',
      landing: '/services/seo-services',
      device: 'desktop',
      pageviews: 0,
    });
    // Another browser at the same address is another visitor.
    expect(await visit(browser())).toBeUndefined();

    // A Referer names any path it likes: only the site's own pages are kept as a landing page.
    const forger = browser();
    expect((await signal(forger, { referer: 'http://localhost:3000/call-1-800-SCAM-now' })).status).toBe(202);
    expect(await visit(forger)).toMatchObject({ landing: '(unknown)', pageviews: 0 });
  });

  test('crawlers, requests without a browser and ANALYTICS=off record nothing', async () => {
    const { t, signal } = await rig();
    const before = await t.sql`select count(*)::int as n from analytics_visits where day = ${DAY}::date`;
    for (const agent of ['Googlebot/2.1 (+http://www.google.com/bot.html)', 'Mozilla/5.0 (compatible; bingbot/2.0)'])
      expect(await (await signal(agent)).json()).toEqual({ counted: false });
    const bare = await t.request(PATH, { method: 'POST', headers: { 'content-type': 'application/json' }, body: BODY });
    expect(await bare.json()).toEqual({ counted: false });
    const off = await rig({ RATE_LIMITS: 'off', ANALYTICS: 'off' });
    expect(await (await off.signal(browser())).json()).toEqual({ counted: false });
    const after = await t.sql`select count(*)::int as n from analytics_visits where day = ${DAY}::date`;
    expect(after[0].n).toBe(before[0].n);
  });

  test('hostile: other sites 403, other types 415, big bodies 413, other bodies 400 naming the field, other methods 405', async () => {
    const { t, signal } = await rig();
    const agent = browser();
    expect((await signal(agent, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await signal(agent, { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await signal(agent, { 'content-type': 'text/plain' })).status).toBe(415);
    expect((await signal(agent, { 'content-type': 'application/x-www-form-urlencoded' }, 'form=audit')).status).toBe(415);
    expect((await signal(agent, {}, JSON.stringify({ form: 'audit', pad: 'x'.repeat(400) }))).status).toBe(413);
    for (const [body, field] of [
      [JSON.stringify({ form: 'intake' }), 'form'],
      [JSON.stringify({ form: ['audit'] }), 'form'],
      [JSON.stringify({}), 'form'],
      [JSON.stringify({ form: 'audit', extra: 1 }), '(body)'],
      [JSON.stringify(['audit']), '(body)'],
    ] as const) {
      const res = await signal(agent, {}, body);
      expect(res.status, body).toBe(400);
      expect(Object.keys(((await res.json()) as { fields: Record<string, string> }).fields), body).toEqual([field]);
    }
    expect((await signal(agent, {}, '{"form":')).status).toBe(400);
    for (const method of ['GET', 'PUT', 'DELETE']) expect((await t.request(PATH, { method })).status, method).toBe(405);
    expect(await (await signal(agent)).json()).toEqual({ counted: true });
  });

  test('rate-limited like the forms, with an allowance of its own: a flood of signals never blocks the audit itself', async () => {
    const { t, signal } = await rig({ RATE_LIMITS: 'on' });
    const agent = browser();
    for (let i = 0; i < 10; i++) expect((await signal(agent)).status).toBe(202);
    const refused = await signal(agent);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBeTruthy();
    const audit = validAudit({ email: `owner+${crypto.randomUUID().slice(0, 6)}@example.com` });
    const sent = await t.postJson('/api/business-audit', { ...audit, fillMs: 60_000 }, { referer: 'http://localhost:3000/', 'user-agent': agent });
    expect(sent.status).toBe(201);
  });
});

describe('a sent audit counts as started', () => {
  test('without JavaScript (a plain post) and with it; likely spam does not', async () => {
    const { t, visit } = await rig();
    const plain = browser();
    const {
      id: _id,
      currentMarketing,
      primaryGoals,
      currentChallenges,
      ...answers
    } = validAudit({ email: `owner+${crypto.randomUUID().slice(0, 6)}@example.com` });
    const body = new URLSearchParams(answers as unknown as Record<string, string>);
    for (const [name, values] of Object.entries({ currentMarketing, primaryGoals, currentChallenges })) for (const v of values ?? []) body.append(name, v);
    const posted = await t.request('/api/business-audit', {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': plain, referer: 'http://localhost:3000/what-is-digital-marketing' },
      body: body.toString(),
    });
    expect(posted.status).toBe(303);
    expect(await visit(plain)).toMatchObject({ auditStartedAt: NOW, landing: '/what-is-digital-marketing', source: 'direct', medium: 'none' });

    const scripted = browser();
    const json = validAudit({ email: `owner+${crypto.randomUUID().slice(0, 6)}@example.com` });
    expect((await t.postJson('/api/business-audit', { ...json, fillMs: 60_000 }, { referer: 'http://localhost:3000/', 'user-agent': scripted })).status).toBe(
      201,
    );
    expect((await visit(scripted)).auditStartedAt).toEqual(NOW);

    const bot = browser();
    const spam = validAudit({ email: `owner+${crypto.randomUUID().slice(0, 6)}@example.com` });
    expect((await t.postJson('/api/business-audit', { ...spam, fillMs: 200 }, { referer: 'http://localhost:3000/', 'user-agent': bot })).status).toBe(201);
    expect(await visit(bot)).toBeUndefined();
  });
});
