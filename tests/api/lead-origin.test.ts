import { describe, expect, setDefaultTimeout, test } from 'bun:test';
import { variantCounts } from '../../db/queries/ab-tests.ts';
import { encodeTouch } from '../../lib/leads/attribution.ts';
import { AUDIT_MARKETING_CONSENT_VERSION, auditMarketingConsent } from '../../lib/leads/consent.ts';
import { createTest, uid } from '../helpers/ab-tests.ts';
import { TEST_SITE_URL, testApp } from '../helpers/app.ts';
import { validAudit } from '../helpers/audit.ts';
import { VISITOR_USER_AGENT } from '../helpers/browser.ts';
import { csvObjects } from '../helpers/csv.ts';
import { createStaff, signedIn, staffPost } from '../helpers/staff.ts';

// Real servers, browsers and databases: a test may take longer than Bun's 5 s default.
setDefaultTimeout(60_000);

// Where each lead came from (first- and last-touch cookies set on landings), the audit's private
// results link, and its marketing consent record: each stored with the lead, shown to staff, and each
// tried the way a hostile client would.

const browser = { 'user-agent': VISITOR_USER_AGENT };
const setCookies = (res: Response) => res.headers.getSetCookie();
const cookieValue = (res: Response, name: string) =>
  setCookies(res)
    .find((c) => c.startsWith(`${name}=`))
    ?.split(';')[0];
const fromHome = { referer: `${TEST_SITE_URL}/` };

async function submit(t: Awaited<ReturnType<typeof testApp>>, headers: Record<string, string> = {}, overrides: Record<string, unknown> = {}) {
  const audit = { ...validAudit(), fillMs: 60_000, ...overrides };
  const res = await t.postJson('/api/business-audit', audit, { ...fromHome, ...browser, ...headers });
  return { audit, res };
}

describe('first and last touch', () => {
  test('a landing from a campaign sets the first touch on that answer only; the kept copy stays shared', async () => {
    const t = await testApp();
    const landing = await t.request('/services/seo-services?utm_source=Google&utm_medium=cpc&utm_campaign=fall&gclid=abc&ref=ignored', {
      headers: { ...browser, referer: 'https://www.google.com/search?q=seo+toronto' },
    });
    expect(landing.status).toBe(200);
    const first = cookieValue(landing, 'first_touch');
    expect(first).toBeString();
    const attrs = setCookies(landing)[0];
    for (const a of ['Path=/', 'HttpOnly', 'SameSite=Lax', 'Max-Age=15552000']) expect(attrs).toContain(a);
    expect(landing.headers.get('cache-control')).toBe('private, no-cache');
    const value = new URLSearchParams(decodeURIComponent(first?.split('=').slice(1).join('=') ?? ''));
    expect(Object.fromEntries([...value].filter(([k]) => k !== 'at'))).toEqual({
      utm_source: 'Google',
      utm_medium: 'cpc',
      utm_campaign: 'fall',
      gclid: 'abc',
      referrer: 'www.google.com',
      landing: '/services/seo-services',
    });
    // Other visitors: the same page is the shared copy, with no cookie and public headers.
    const next = await t.request('/services/seo-services', { headers: browser });
    expect(setCookies(next)).toEqual([]);
    expect(next.headers.get('cache-control')).toStartWith('public');
    expect(await next.text()).toBe(await landing.text());
  });

  test('later landings set the last touch and never the first; moving inside the site, a typed address or a crawler sets nothing', async () => {
    const t = await testApp();
    const first = cookieValue(await t.request('/?utm_source=newsletter', { headers: browser }), 'first_touch') as string;
    const again = await t.request('/blog?utm_source=facebook&utm_medium=paid-social', { headers: { ...browser, cookie: first } });
    expect(cookieValue(again, 'first_touch')).toBeUndefined();
    expect(cookieValue(again, 'last_touch')).toContain('facebook');
    const referral = await t.request('/q4-intake', { headers: { ...browser, cookie: first, referer: 'https://www.reddit.com/r/toronto/' } });
    expect(cookieValue(referral, 'last_touch')).toContain('www.reddit.com');
    for (const [path, headers] of [
      ['/services', { ...browser, cookie: first, referer: `${TEST_SITE_URL}/blog` }],
      ['/services', { ...browser, referer: `${TEST_SITE_URL}/` }],
      ['/services', browser],
      ['/services?utm_source=google', { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' }],
      ['/services?utm_source=x', { ...browser, referer: `${TEST_SITE_URL}/?utm_source=x` }],
    ] as const) {
      expect(setCookies(await t.request(path, { headers })), `${path} ${JSON.stringify(headers)}`).toEqual([]);
    }
  });

  test('no cookie on anything but a page: APIs, the 404 page, other methods, HEAD, the back office', async () => {
    const t = await testApp();
    const campaign = { ...browser, referer: 'https://ads.example/' };
    expect(setCookies(await t.request('/api/rss-feed?utm_source=x', { headers: campaign }))).toEqual([]);
    expect(setCookies(await t.request('/no-such-page?utm_source=x', { headers: campaign }))).toEqual([]);
    expect(setCookies(await t.request('/services?utm_source=x', { method: 'HEAD', headers: campaign }))).toEqual([]);
    const post = await t.request('/services?utm_source=x', { method: 'POST', headers: campaign });
    expect(post.status).toBe(405);
    expect(setCookies(post)).toEqual([]);
    expect(setCookies(await t.request('/admin/login?utm_source=x', { headers: campaign })).some((c) => c.startsWith('first_touch'))).toBe(false);
  });

  test('a flood of unique campaign values and referrers adds nothing to the page cache', async () => {
    const t = await testApp();
    await t.request('/services', { headers: browser });
    const size = t.deps.pageCache.size;
    for (let i = 0; i < 300; i++) {
      const res = await t.request(`/services?utm_source=s${i}&utm_campaign=${'c'.repeat(i)}`, {
        headers: { ...browser, referer: `https://site${i}.example/` },
      });
      expect(res.status).toBe(200);
    }
    expect(t.deps.pageCache.size).toBe(size);
  });

  test('each lead keeps both touches and its source; the inbox filters by it and the CSV has the columns', async () => {
    const t = await testApp({}, { RATE_LIMITS: 'off' });
    const campaign = `fall-${crypto.randomUUID().slice(0, 8)}`;
    const first = `first_touch=${encodeURIComponent(encodeTouch({ utm_source: 'google', utm_medium: 'cpc', utm_campaign: campaign, landing: '/services/seo-services', at: '2026-11-01T12:00:00.000Z' }))}`;
    const last = `last_touch=${encodeURIComponent(encodeTouch({ referrer: 'www.reddit.com', landing: '/blog', at: '2026-11-20T12:00:00.000Z' }))}`;
    const { audit, res } = await submit(t, { cookie: `${first}; ${last}` });
    expect(res.status).toBe(201);
    const [lead] = await t.sql`select source, first_touch::text as first, last_touch::text as last from leads where id = ${audit.id}`;
    expect(lead.source).toBe('google');
    expect(JSON.parse(lead.first)).toMatchObject({ utm_campaign: campaign, landing: '/services/seo-services' });
    expect(JSON.parse(lead.last)).toMatchObject({ referrer: 'www.reddit.com', landing: '/blog' });

    const staff = await createStaff(t.sql, 'source');
    const { cookie } = await signedIn(t, staff);
    const inbox = await (await t.request(`/admin/leads?source=Google&q=${encodeURIComponent(audit.businessName)}`, { headers: { cookie } })).text();
    expect(inbox).toContain(audit.businessName);
    expect(inbox).toContain('From google');
    const none = await (await t.request(`/admin/leads?source=facebook&q=${encodeURIComponent(audit.businessName)}`, { headers: { cookie } })).text();
    expect(none).not.toContain(`data-lead="audit/${audit.id}"`);
    expect(inbox).toContain(`data-lead="audit/${audit.id}"`);
    const csv = await (await t.request(`/admin/leads.csv?format=raw&q=${encodeURIComponent(audit.businessName)}`, { headers: { cookie } })).text();
    const [header, row] = csv.replace(/^\uFEFF/, '').split('\r\n');
    const cells = Object.fromEntries(header.split(',').map((name, i) => [name, row.split(',')[i]]));
    expect(cells).toMatchObject({
      source: 'google',
      medium: 'cpc',
      campaign,
      landing_page: '/services/seo-services',
      last_touch_source: 'www.reddit.com',
      last_touch_medium: 'referral',
    });
    // The staff export says it as the inbox does.
    const staffCsv = await (await t.request(`/admin/leads.csv?q=${encodeURIComponent(audit.businessName)}`, { headers: { cookie } })).text();
    expect(csvObjects(staffCsv.replace(/^\uFEFF/, ''))[0].Source).toBe(`google / cpc · ${campaign}`);
    const page = await (await t.request(`/admin/leads/audit/${audit.id}`, { headers: { cookie } })).text();
    expect(page).toContain(`google / cpc · ${campaign}`);
    expect((await t.request(`/admin/leads?source=${'x'.repeat(201)}`, { headers: { cookie } })).status).toBe(400);
  });

  test('an iPhone’s Google Ads click (a wbraid in place of the gclid) lands, rides in the cookie, and is kept with the lead as google / cpc', async () => {
    const t = await testApp({}, { RATE_LIMITS: 'off' });
    const wbraid = `Cj4KCQiA_${crypto.randomUUID().slice(0, 8)}-Bw`;
    const landing = await t.request(`/services/seo-services?wbraid=${wbraid}`, { headers: browser });
    const first = cookieValue(landing, 'first_touch') as string;
    expect(decodeURIComponent(first)).toContain(`wbraid=${wbraid}`);
    const { audit, res } = await submit(t, { cookie: first });
    expect(res.status).toBe(201);
    const [lead] = await t.sql`select source, first_touch::text as first from leads where id = ${audit.id}`;
    expect(lead.source).toBe('google');
    expect(JSON.parse(lead.first)).toMatchObject({ wbraid, landing: '/services/seo-services' });

    const { cookie } = await signedIn(t, await createStaff(t.sql, 'ios'));
    const page = await (await t.request(`/admin/leads/audit/${audit.id}`, { headers: { cookie } })).text();
    expect(page).toContain('google / cpc');
    expect(page).toContain('Google Ads click (iPhone or iPad)');
    const csv = await (await t.request(`/admin/leads.csv?format=raw&q=${encodeURIComponent(audit.businessName)}`, { headers: { cookie } })).text();
    const [header, row] = csv.replace(/^\uFEFF/, '').split('\r\n');
    const cells = Object.fromEntries(header.split(',').map((name, i) => [name, row.split(',')[i]]));
    expect(cells).toMatchObject({ source: 'google', medium: 'cpc', gclid: '', gbraid: '', wbraid });
  });

  test('forged, oversized or garbled touch cookies never fail a submission: the lead is filed as direct', async () => {
    const t = await testApp({}, { RATE_LIMITS: 'off' });
    for (const cookie of [
      'first_touch=garbage',
      `first_touch=${'x'.repeat(3900)}`,
      `first_touch=${encodeURIComponent('landing=/&at=2026-11-01T12:00:00.000Z&utm_source=%00%0d%0a=HYPERLINK("x")')}`,
      'first_touch=%E0%A4%A',
      `first_touch=${encodeURIComponent('landing=https://evil.example/&at=2026-11-01T12:00:00.000Z')}`,
    ]) {
      const { audit, res } = await submit(t, { cookie });
      expect(res.status, cookie.slice(0, 40)).toBe(201);
      const [lead] = await t.sql`select source, first_touch from leads where id = ${audit.id}`;
      expect(['direct', '=hyperlink("x")']).toContain(lead.source);
    }
  });
});

describe('the private results link', () => {
  test('the API answers it; the page shows the results, privately, and a repeat of the submission gets the same link', async () => {
    const t = await testApp({}, { RATE_LIMITS: 'off' });
    const { audit, res } = await submit(t);
    const { resultsUrl } = (await res.json()) as { resultsUrl: string };
    expect(resultsUrl).toMatch(/^\/audit\/results\/[A-Za-z0-9_-]{43}$/);
    const page = await t.request(resultsUrl, { headers: browser });
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(page.headers.get('x-robots-tag')).toBe('noindex');
    expect(setCookies(page).some((c) => c.startsWith('first_touch'))).toBe(false);
    const html = await page.text();
    expect(html).toContain(audit.businessName);
    expect(html).toContain('data-audit-results');
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    // The token shows only in the next steps' links, so the booking joins this audit and the intake is
    // filled from it (the page sends no Referer); the intake link shows where the business fits the Q4 cohort.
    const token = resultsUrl.split('/').pop() as string;
    const links = [`href="/book?results=${token}"`, `href="/q4-intake?results=${token}"`];
    expect(html).toContain(links[0]);
    expect(html.split(token).length - 1).toBe(links.filter((l) => html.includes(l)).length);
    // Headings step down one level at a time: the page's h1, the business name an h2, its parts h3.
    const levels = [...html.matchAll(/<h([1-6])[\s>]/g)].map((m) => Number(m[1]));
    expect(levels[0]).toBe(1);
    expect(levels.filter((level, i) => i > 0 && level > levels[i - 1] + 1)).toEqual([]);
    expect(html).toContain(`>${audit.businessName}</h2>`);
    // The same submission again (a retry) is answered with the same link.
    const again = await t.postJson('/api/business-audit', audit, { ...fromHome, ...browser });
    expect(((await again.json()) as { resultsUrl: string }).resultsUrl).toBe(resultsUrl);
    // HEAD works; other methods do not.
    expect((await t.request(resultsUrl, { method: 'HEAD' })).status).toBe(200);
    expect((await t.request(resultsUrl, { method: 'POST' })).status).toBe(405);
  });

  test('unknown, malformed and hostile tokens are a clear 404 page; nothing is kept for anyone', async () => {
    const t = await testApp();
    const size = t.deps.pageCache.size;
    for (const token of ['A'.repeat(43), 'short', `${'a'.repeat(42)}%00`, "a'%20or%201=1--", '..%2F..%2Fadmin', 'x'.repeat(500)]) {
      const res = await t.request(`/audit/results/${token}`);
      expect(res.status, token).toBe(404);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      const html = await res.text();
      expect(html).toContain('We can’t find these results');
      expect(html).toContain('href="/#contact"');
    }
    expect(t.deps.pageCache.size).toBe(size);
  });

  test('after 90 days the link says it has expired, with a way to take the audit again', async () => {
    let clock = new Date('2026-01-05T15:00:00Z');
    const t = await testApp({ now: () => clock }, { RATE_LIMITS: 'off' });
    const { res } = await submit(t);
    const { resultsUrl } = (await res.json()) as { resultsUrl: string };
    clock = new Date(clock.getTime() + 90 * 24 * 60 * 60_000 - 1000);
    expect((await t.request(resultsUrl)).status).toBe(200);
    clock = new Date(clock.getTime() + 2000);
    const expired = await t.request(resultsUrl);
    expect(expired.status).toBe(410);
    const html = await expired.text();
    expect(html).toContain('This results link has expired');
    expect(html).toContain('Take the free audit again');
  });

  test('an erased audit’s link no longer shows anything', async () => {
    const t = await testApp({}, { RATE_LIMITS: 'off' });
    const { audit, res } = await submit(t);
    const { resultsUrl } = (await res.json()) as { resultsUrl: string };
    const staff = await createStaff(t.sql, 'erase-results', 'owner', { twoFactor: true });
    const erase = await staffPost(t, await signedIn(t, staff), `/admin/leads/audit/${audit.id}/erase`, { confirm: 'erase' });
    expect(erase.status).toBe(303);
    expect((await t.request(resultsUrl)).status).toBe(404);
  });
});

describe('marketing consent on the audit', () => {
  test('ticked: the record (wording version, page, time, variants) is kept and staff see who may get marketing', async () => {
    const t = await testApp({}, { RATE_LIMITS: 'off' });
    const { audit, res } = await submit(t, { referer: `${TEST_SITE_URL}/what-is-digital-marketing` }, { marketingConsent: true });
    expect(res.status).toBe(201);
    const [row] = await t.sql`select marketing_consent, consent_version, consent_page from business_audits where id = ${audit.id}`;
    expect(row).toEqual({ marketingConsent: true, consentVersion: AUDIT_MARKETING_CONSENT_VERSION, consentPage: '/what-is-digital-marketing' });
    const [lead] = await t.sql`select marketing_consent from leads where id = ${audit.id}`;
    expect(lead.marketingConsent).toBe(true);
    const staff = await createStaff(t.sql, 'consent');
    const { cookie } = await signedIn(t, staff);
    const page = await (await t.request(`/admin/leads/audit/${audit.id}`, { headers: { cookie } })).text();
    expect(page).toContain('Consent record (CASL): marketing emails');
    expect(page).toContain(auditMarketingConsent.details);
    const inbox = await (await t.request(`/admin/leads?q=${encodeURIComponent(audit.businessName)}`, { headers: { cookie } })).text();
    expect(inbox).toContain('Marketing OK');
  });

  test('unticked by default: no record, no marketing; anything but a boolean is refused by name', async () => {
    const t = await testApp({}, { RATE_LIMITS: 'off' });
    const { audit, res } = await submit(t);
    expect(res.status).toBe(201);
    const [row] = await t.sql`select marketing_consent, consent_version from business_audits where id = ${audit.id}`;
    expect(row).toEqual({ marketingConsent: false, consentVersion: null });
    for (const bad of ['yes', 1, 'true', null, {}]) {
      const refused = await submit(t, {}, { marketingConsent: bad });
      expect(refused.res.status).toBe(400);
      expect(((await refused.res.json()) as { fields: Record<string, string> }).fields).toHaveProperty('marketingConsent');
      expect(await t.sql`select 1 from business_audits where id = ${refused.audit.id}`).toHaveLength(0);
    }
  });
});

describe('A/B results by where visitors came from', () => {
  test('each assignment keeps its visitor’s first-touch source; the dashboard and the CSV count one source’s visitors only', async () => {
    const t = await testApp({}, { RATE_LIMITS: 'off' });
    const ab = await createTest(t.sql);
    const source = `camp${crypto.randomUUID().slice(0, 6)}`;
    const touchCookie = (utm: string) => `first_touch=${encodeURIComponent(encodeTouch({ utm_source: utm, landing: '/', at: '2026-11-01T12:00:00.000Z' }))}`;
    // Six visitors from the campaign and four who came direct; each reports a view of their own variant.
    for (const [i, cookie] of [...Array(6).fill(touchCookie(source)), ...Array(4).fill('')].entries()) {
      const userId = uid(`visitor${i}`);
      const { variantId } = (await (
        await t.request(`/api/ab-test/assignment?testName=${ab.name}&userId=${userId}`, { headers: { ...browser, cookie } })
      ).json()) as {
        variantId: string;
      };
      expect((await t.postJson('/api/ab-test/event', { testId: ab.id, variantId, eventType: 'view', userId }, { ...browser, cookie })).status).toBe(201);
    }
    const stored = await t.sql`select source, count(*)::int as n from ab_test_assignments where test_id = ${ab.id} group by source order by source`;
    expect(stored.map((r) => [r.source, r.n])).toEqual([
      [source, 6],
      ['direct', 4],
    ]);
    const viewers = (counts: { views: number }[]) => counts.reduce((sum, v) => sum + v.views, 0);
    expect(viewers(await variantCounts(t.sql, { testId: ab.id }))).toBe(10);
    expect(viewers(await variantCounts(t.sql, { testId: ab.id, source }))).toBe(6);
    expect(viewers(await variantCounts(t.sql, { testId: ab.id, source: 'nobody-came-from-here' }))).toBe(0);

    // Staff filter by source; anyone else sees every visitor's results and no list of sources, which
    // visitors' own cookies write (anyone could make one read "call 555-0100").
    const session = await signedIn(t, await createStaff(t.sql, 'source-filter', 'staff'));
    const page = await (await t.request(`/admin/ab-tests?source=${source.toUpperCase()}`, { headers: { cookie: session.cookie } })).text();
    expect(page).toContain(`<option value="${source}" selected="">`);
    expect(page).toContain(`/results/${ab.id}/csv?source=${source}`);
    const publicPage = await (await t.request(`/admin/ab-tests?source=${source}`)).text();
    expect(publicPage).not.toContain(source);
    expect(publicPage).toContain(`/results/${ab.id}/csv"`);
    const csv = await t.request(`/api/ab-test/results/${ab.id}/csv?source=${source}`);
    expect(csv.status).toBe(200);
    expect((await t.request(`/api/ab-test/results/${ab.id}/csv?source=${'x'.repeat(201)}`)).status).toBe(400);
    // A filter the page cannot use shows everyone rather than failing.
    expect((await t.request(`/admin/ab-tests?source=${'x'.repeat(300)}`)).status).toBe(200);
  });
});
