import { describe, expect, setDefaultTimeout, test } from 'bun:test';
import { eraseLead } from '../../db/queries/erasure.ts';
import { RESULTS_FOLLOW_UP, RESULTS_FOLLOW_UP_NO_EMAIL } from '../../lib/audit/next-step.ts';
import { auditSchema, REQUIRED_AUDIT_FIELDS } from '../../lib/audit/schema.ts';
import { computeAudit } from '../../lib/audit/scoring.ts';
import { ONE_LINE_MESSAGE } from '../../lib/forms/plain-text.ts';
import { PLAIN_FORM_WINDOW_MS } from '../../server/api/form-submission.ts';
import { INVISIBLE } from '../fixtures/invisible-text.ts';
import { sendViews } from '../helpers/ab-home.ts';
import { testApp } from '../helpers/app.ts';
import { validAudit } from '../helpers/audit.ts';

// Real servers, browsers and databases: a test may take longer than Bun's 5 s default.
setDefaultTimeout(60_000);

async function storedCounts(sql: Awaited<ReturnType<typeof testApp>>['sql'], email: string) {
  const [audits] = await sql`select count(*)::int as n from business_audits where email = ${email}`;
  const [contacts] = await sql`select count(*)::int as n from contacts where email = ${email}`;
  return { audits: audits.n as number, contacts: contacts.n as number };
}

describe('POST /api/business-audit', () => {
  test('a valid audit answers 201 with the stored row and stores one audit and one contact', async () => {
    const { postJson, sql } = await testApp();
    const body = validAudit();
    const res = await postJson('/api/business-audit', body);
    expect(res.status).toBe(201);
    const { audit } = await res.json();
    const expected = computeAudit(auditSchema.parse(body));
    expect(audit).toMatchObject({
      id: body.id,
      businessName: body.businessName,
      email: body.email,
      currentMarketing: ['social-media', 'referrals'],
      recommendedServices: expected.recommendedServices,
      packageTier: expected.packageTier,
    });
    expect(typeof audit.auditScore).toBe('string');
    expect(typeof audit.estimatedValue).toBe('string');
    expect(Number(audit.auditScore)).toBe(expected.auditScore);
    expect(Number(audit.estimatedValue)).toBe(expected.estimatedValue);
    expect(audit.recommendedServices.length).toBeGreaterThanOrEqual(2);
    expect(await storedCounts(sql, body.email!)).toEqual({ audits: 1, contacts: 1 });
    const [contact] = await sql`select first_name, last_name, business, phone, source from contacts where email = ${body.email!}`;
    expect(contact).toEqual({ firstName: 'Marisol', lastName: 'Reyes', business: body.businessName, phone: '416-555-0199', source: 'business-audit' });
  });

  test('the results promise an emailed copy only where a mail server is set up, in the answer and on the results link', async () => {
    for (const [env, followUp] of [
      [{}, RESULTS_FOLLOW_UP_NO_EMAIL],
      [{ SMTP_URL: 'smtp://127.0.0.1:2525' }, RESULTS_FOLLOW_UP],
    ] as const) {
      const t = await testApp({}, env);
      const res = await t.postJson('/api/business-audit', validAudit());
      const answer = (await res.json()) as { resultsUrl: string; presentation: { next: { followUp: string } } };
      expect(answer.presentation.next.followUp).toBe(followUp);
      const page = (await (await t.request(answer.resultsUrl)).text()).replaceAll('<!-- -->', '');
      expect(page).toContain(followUp);
    }
  });

  test('optional fields may be left out; lists default to empty', async () => {
    const { postJson } = await testApp();
    const { phone: _p, website: _w, currentMarketing: _c, primaryGoals: _g, currentChallenges: _ch, ...body } = validAudit({ monthlyRevenue: '50000+' });
    const res = await postJson('/api/business-audit', body);
    expect(res.status).toBe(201);
    const { audit } = await res.json();
    expect(audit).toMatchObject({ phone: null, website: null, currentMarketing: [], primaryGoals: [], currentChallenges: [], packageTier: 'enterprise' });
  });

  test.each(REQUIRED_AUDIT_FIELDS.map((f) => [f]))('missing %s answers 400 naming it and stores nothing', async (field) => {
    const { postJson, sql } = await testApp();
    const body: Record<string, unknown> = validAudit();
    delete body[field];
    const res = await postJson('/api/business-audit', body);
    expect(res.status).toBe(400);
    const answer = await res.json();
    expect(Object.keys(answer.fields)).toEqual([field]);
    expect(answer.error).toContain(field);
    const email = (body.email as string | undefined) ?? 'none';
    const [row] = await sql`select count(*)::int as n from business_audits where id = ${body.id as string}`;
    expect(row.n).toBe(0);
    if (field !== 'email') expect(await storedCounts(sql, email)).toEqual({ audits: 0, contacts: 0 });
  });

  test('unknown option values, bad list items and over-long text answer 400 naming each field', async () => {
    const { postJson } = await testApp();
    const res = await postJson('/api/business-audit', {
      ...validAudit(),
      industry: 'spaceships',
      timeframe: '12-months-plus',
      currentMarketing: ['seo', 'skywriting'],
      firstName: 'x'.repeat(101),
      email: 'not-an-email',
    });
    expect(res.status).toBe(400);
    const { fields } = await res.json();
    expect(Object.keys(fields).sort()).toEqual(['currentMarketing.1', 'email', 'firstName', 'industry', 'timeframe']);
    expect(fields.industry).toBe('Please select your industry');
    expect(fields.email).toBe('Invalid email address');
  });

  test('a line break, tab or other control character in a one-line answer is a 400 naming each field; nothing is stored', async () => {
    const { postJson, sql } = await testApp({}, { RATE_LIMITS: 'off' });
    const audit = validAudit();
    const forged = {
      firstName: 'Maya\nReply to: refunds@evil.example',
      lastName: 'Ng\tOK',
      businessName: 'Glow Spa\r\nPriority: urgent',
      phone: '416\u2028555 0199',
      website: 'glowspa.ca\u202e',
    };
    const res = await postJson('/api/business-audit', { ...audit, ...forged });
    expect(res.status).toBe(400);
    const { fields } = await res.json();
    expect(Object.keys(fields).sort()).toEqual(Object.keys(forged).sort());
    for (const message of Object.values(fields)) expect(message).toBe(ONE_LINE_MESSAGE);
    expect(await storedCounts(sql, audit.email)).toEqual({ audits: 0, contacts: 0 });
    // A trailing line break from a paste is trimmed, not refused.
    expect((await postJson('/api/business-audit', { ...validAudit(), businessName: 'Glow Spa\n' })).status).toBe(201);
  });

  test('a name or business of invisible characters only (zero-width, fillers, soft hyphen) is a 400 naming it with its required message; nothing is stored', async () => {
    const { postJson, sql } = await testApp({}, { RATE_LIMITS: 'off' });
    const required = { firstName: 'First name is required', lastName: 'Last name is required', businessName: 'Business name is required' };
    for (const [field, message] of Object.entries(required))
      for (const value of [...INVISIBLE, '\u200b\u2060\u00ad\u3164\u115f', ' \u3164 ']) {
        const audit = validAudit({ [field]: value });
        const res = await postJson('/api/business-audit', audit);
        expect(res.status).toBe(400);
        expect(await res.json()).toMatchObject({ error: `Invalid fields: ${field}`, fields: { [field]: message } });
        expect(await storedCounts(sql, audit.email)).toEqual({ audits: 0, contacts: 0 });
      }
    // All three at once: each named.
    const all = validAudit({ firstName: '\u200b', lastName: '\u2060', businessName: '\u00ad' });
    const res = await postJson('/api/business-audit', all);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { fields: object }).fields).toEqual(required);
    expect(await storedCounts(sql, all.email)).toEqual({ audits: 0, contacts: 0 });
    // A real name with such a character inside it is a name.
    expect((await postJson('/api/business-audit', validAudit({ firstName: 'Zoë\u200b', lastName: '김' }))).status).toBe(201);
  });

  test('the same submission id twice stores one row and answers the same', async () => {
    const { postJson, sql } = await testApp();
    const body = validAudit();
    const first = await postJson('/api/business-audit', body);
    const second = await postJson('/api/business-audit', body);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(await second.json()).toEqual(await first.json());
    expect(await storedCounts(sql, body.email!)).toEqual({ audits: 1, contacts: 1 });
  });

  test('the same submission sent twice at once still stores one row', async () => {
    const { postJson, sql } = await testApp();
    const body = validAudit();
    const answers = await Promise.all([postJson('/api/business-audit', body), postJson('/api/business-audit', body)]);
    expect(answers.map((r) => r.status)).toEqual([201, 201]);
    const [a, b] = await Promise.all(answers.map((r) => r.json()));
    expect(a).toEqual(b);
    expect(await storedCounts(sql, body.email!)).toEqual({ audits: 1, contacts: 1 });
  });

  test('the same id with other answers is a 409 that shows nothing of the stored audit, and stores nothing', async () => {
    const { postJson, sql } = await testApp();
    const body = validAudit();
    expect((await postJson('/api/business-audit', body)).status).toBe(201);
    const other = await postJson('/api/business-audit', { ...body, firstName: 'Mallory', email: `mallory+${body.id}@example.ca`, phone: '' });
    expect(other.status).toBe(409);
    const text = await other.text();
    for (const stored of [body.firstName, body.lastName, body.email!, body.phone!, body.businessName!]) expect(text).not.toContain(stored);
    expect(await storedCounts(sql, body.email!)).toEqual({ audits: 1, contacts: 1 });
    expect(await storedCounts(sql, `mallory+${body.id}@example.ca`)).toEqual({ audits: 0, contacts: 0 });
  });

  test('an id that is not a version 4 UUID answers 400 naming id', async () => {
    const { postJson } = await testApp();
    for (const id of ['not-a-uuid', '00000000-0000-0000-0000-000000000000', 'a8b7c6d5-0000-1000-8000-000000000001']) {
      const res = await postJson('/api/business-audit', { ...validAudit(), id });
      expect(res.status).toBe(400);
      expect(Object.keys((await res.json()).fields)).toEqual(['id']);
    }
  });

  test('the website: a bare domain is stored as https://, a javascript: address is refused naming website', async () => {
    const { postJson } = await testApp();
    const stored = await postJson('/api/business-audit', validAudit({ website: ' spotlessnest.ca ' }));
    expect(stored.status).toBe(201);
    expect((await stored.json()).audit.website).toBe('https://spotlessnest.ca');
    const refused = await postJson('/api/business-audit', validAudit({ website: 'javascript:alert(1)' }));
    expect(refused.status).toBe(400);
    expect(Object.keys((await refused.json()).fields)).toEqual(['website']);
  });

  test('the write guards apply: JSON only, same-origin only', async () => {
    const { request, postJson } = await testApp();
    const asText = await request('/api/business-audit', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'hello' });
    expect(asText.status).toBe(415);
    const crossSite = await postJson('/api/business-audit', validAudit(), { 'sec-fetch-site': 'cross-site' });
    expect(crossSite.status).toBe(403);
  });
});

describe('home page', () => {
  test('renders the chosen hero and the audit form into the HTML, with sections, anchors and JSON-LD', async () => {
    const { request } = await testApp();
    const res = await request('/', { headers: { cookie: 'vid=visitor-fixed-0001' } });
    const html = await res.text();
    expect(html).toContain('data-ab-click=');
    expect(html).toMatch(/data-hero-variant="(Control|Variant A|Variant B)"/);
    expect(html).toContain('Get Your Free Business Audit');
    // "Step 1 of 4: " is the step chrome (hidden without JavaScript, when all four steps show at once).
    expect(html).toContain('<span data-wizard-chrome="">Step 1 of 4: </span>Basic Information');
    for (const id of ['services', 'about', 'contact']) expect(html).toContain(`id="${id}"`);
    expect(html.indexOf('id="services"')).toBeLessThan(html.indexOf('id="about"'));
    expect(html.indexOf('id="about"')).toBeLessThan(html.indexOf('id="contact"'));
    expect(html).toContain('href="/what-is-digital-marketing"');
    expect(html.match(/>Book Now</g)).toHaveLength(3);
    expect(html).toContain('"@type":"LocalBusiness"');
    expect(html).toContain('"@type":"Organization"');
    expect(html).toContain('"priceRange":"$$"');
    expect(html).toContain('"geoRadius":50000');
    expect(html).toContain('"opens":"09:00","closes":"16:00"');
    expect(html).toContain('<meta property="og:image:width" content="1200"/>');
  });

  test('a visitor keeps the same hero; a crawler gets the control', async () => {
    const { request } = await testApp();
    const variantOf = async (headers: Record<string, string>) => (await (await request('/', { headers })).text()).match(/data-hero-variant="([^"]+)"/)?.[1];
    const cookie = { cookie: 'vid=visitor-sticky-0042' };
    const first = await variantOf(cookie);
    for (let i = 0; i < 3; i++) expect(await variantOf(cookie)).toBe(first);
    expect(await variantOf({ 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' })).toBe('Control');
  });
});

describe('spam', () => {
  test.each([
    ['a filled honeypot', { fax: '416-555-0000', fillMs: 60_000 }, true],
    ['a two-second fill', { fax: '', fillMs: 1500 }, true],
    ['a person', { fax: '', fillMs: 120_000 }, false],
  ])('%s gets the normal 201 and is stored with is_spam = %p (and its lead too)', async (_label, signals, spam) => {
    const { postJson, sql } = await testApp({}, { RATE_LIMITS: 'off' });
    const id = crypto.randomUUID();
    const email = `spam-check-${id}@example.ca`;
    const res = await postJson('/api/business-audit', { ...validAudit(), email, ...signals, id });
    expect(res.status).toBe(201);
    const { audit } = (await res.json()) as { audit: Record<string, unknown> };
    expect(audit.id).toBe(id);
    expect(audit).not.toHaveProperty('isSpam');
    const [row] = await sql`select is_spam from business_audits where id = ${id}`;
    expect(row.isSpam).toBe(spam as boolean);
    const [lead] = await sql`select is_spam from contacts where email = ${email}`;
    expect(lead.isSpam).toBe(spam as boolean);
  });
});

test('a spam-flagged audit records no A/B conversion; a person’s does', async () => {
  const t = await testApp({}, { RATE_LIMITS: 'off' });
  const { request, postJson, sql } = t;
  const browser = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36' };
  const conversionsFor = async (vid: string) =>
    (await sql`select count(*)::int as n from ab_test_events where user_id = ${vid} and event_type = 'conversion'`)[0].n as number;
  for (const [signals, expected] of [
    [{ fax: 'bot', fillMs: 50_000 }, 0],
    [{ fax: '', fillMs: 50_000 }, 2],
  ] as const) {
    const vid = crypto.randomUUID();
    const home = await request('/', { headers: { ...browser, cookie: `vid=${vid}` } });
    await sendViews(t, await home.text(), { ...browser, cookie: `vid=${vid}` }); // the islands' views store both assignments
    const res = await postJson(
      '/api/business-audit',
      { ...validAudit(), ...signals, id: crypto.randomUUID() },
      { ...browser, cookie: `vid=${vid}`, referer: 'http://localhost:3000/' },
    );
    expect(res.status).toBe(201);
    expect(await conversionsFor(vid)).toBe(expected);
  }
});

describe('without JavaScript: the audit as a plain form post', () => {
  const form = { 'content-type': 'application/x-www-form-urlencoded' };
  /** The audit as the browser posts its form: one field per answer, a ticked box once per value. */
  const plainBody = (overrides: Record<string, string | readonly string[]> = {}) => {
    const { id: _id, currentMarketing, primaryGoals, currentChallenges, ...answers } = validAudit();
    const body = new URLSearchParams(answers as unknown as Record<string, string>);
    for (const [name, values] of Object.entries({ currentMarketing, primaryGoals, currentChallenges })) for (const v of values ?? []) body.append(name, v);
    for (const [name, value] of Object.entries(overrides)) {
      body.delete(name);
      for (const v of Array.isArray(value) ? value : [value]) body.append(name, v);
    }
    return body;
  };

  test('a valid post answers 303 to the private results link; the same post twice is stored once', async () => {
    const { request, sql } = await testApp({}, { RATE_LIMITS: 'off' });
    const body = plainBody({ marketingConsent: 'on', primaryGoals: ['lead-generation', 'brand-awareness'] });
    const business = body.get('businessName') as string;
    const post = () =>
      request('/api/business-audit', {
        method: 'POST',
        redirect: 'manual',
        headers: { ...form, cookie: 'vid=1c9b2a4e-7d3f-4e5a-8b6c-0d1e2f3a4b5c', referer: 'http://localhost:3000/' },
        body: body.toString(),
      });
    const first = await post();
    expect(first.status).toBe(303);
    const location = first.headers.get('location') ?? '';
    expect(location).toMatch(/^\/audit\/results\/[A-Za-z0-9_-]{43}$/);
    const again = await post();
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toBe(location);
    const rows = await sql`select primary_goals, marketing_consent from business_audits where business_name = ${business}`;
    expect(rows).toHaveLength(1);
    expect([...rows[0].primaryGoals].sort()).toEqual(['brand-awareness', 'lead-generation']);
    expect(rows[0].marketingConsent).toBe(true);
    const page = await (await request(location)).text();
    expect(page).toContain(business);
  });

  /** One plain post of `body` as a browser sends it, from `address` (TRUST_PROXY=1), with `cookie` when given. */
  const sendFrom = (request: Awaited<ReturnType<typeof testApp>>['request'], body: URLSearchParams, address: string, cookie?: string) =>
    request('/api/business-audit', {
      method: 'POST',
      redirect: 'manual',
      headers: { ...form, referer: 'http://localhost:3000/services/seo-services', 'x-forwarded-for': address, ...(cookie ? { cookie } : {}) },
      body: body.toString(),
    });
  const vidOf = (res: Response) =>
    res.headers
      .getSetCookie()
      .find((c) => c.startsWith('vid='))
      ?.split(';')[0];

  test('without a vid cookie (a visitor who landed on a cached page): identical posts, at once or one after another, are one submission', async () => {
    const { request, sql } = await testApp({}, { RATE_LIMITS: 'off', TRUST_PROXY: '1' });
    const body = plainBody({ phone: '' });
    const email = body.get('email') as string;
    const burst = await Promise.all(Array.from({ length: 20 }, () => sendFrom(request, body, '203.0.113.40')));
    expect(burst.map((r) => r.status)).toEqual(Array(20).fill(303));
    const location = burst[0].headers.get('location');
    expect(new Set(burst.map((r) => r.headers.get('location')))).toEqual(new Set([location]));
    // Each cookieless post got a visitor id of its own; Back and Send again, now with one, is still the same submission.
    expect(new Set(burst.map(vidOf)).size).toBe(20);
    const again = await sendFrom(request, body, '203.0.113.40', vidOf(burst[3]));
    expect(again.headers.get('location')).toBe(location);
    expect(await storedCounts(sql, email)).toEqual({ audits: 1, contacts: 1 });
    const [{ jobs }] = await sql`select count(*)::int as jobs from jobs j join leads l on l.kind = j.lead_kind and l.id = j.lead_id where l.email = ${email}`;
    expect(jobs).toBeGreaterThan(0);
    const [{ leads }] = await sql`select count(*)::int as leads from leads where email = ${email}`;
    expect(leads).toBe(1);
  });

  test('the same answers from another address, or a window later, are a new submission; within the new one’s window, its repeat', async () => {
    let clock = new Date('2026-11-24T15:00:00Z');
    const { request, sql } = await testApp({ now: () => clock }, { RATE_LIMITS: 'off', TRUST_PROXY: '1' });
    const body = plainBody();
    const email = body.get('email') as string;
    const first = (await sendFrom(request, body, '203.0.113.41')).headers.get('location');
    // Another browser, another place: not a double click.
    const elsewhere = (await sendFrom(request, body, '198.51.100.41')).headers.get('location');
    expect(elsewhere).not.toBe(first);
    // Just inside the window: the same one; just past it: a new audit, itself repeated within its own window.
    clock = new Date(clock.getTime() + PLAIN_FORM_WINDOW_MS - 1);
    expect((await sendFrom(request, body, '203.0.113.41')).headers.get('location')).toBe(first);
    clock = new Date(clock.getTime() + 2);
    const later = (await sendFrom(request, body, '203.0.113.41')).headers.get('location');
    expect(later).not.toBe(first);
    const laterTwice = await Promise.all([sendFrom(request, body, '203.0.113.41'), sendFrom(request, body, '203.0.113.41')]);
    expect(laterTwice.map((r) => r.headers.get('location'))).toEqual([later, later]);
    expect(await storedCounts(sql, email)).toEqual({ audits: 3, contacts: 3 });
  });

  test('after the audit is erased, the same post again is a new audit, not an error', async () => {
    const { request, sql } = await testApp({}, { RATE_LIMITS: 'off', TRUST_PROXY: '1' });
    const body = plainBody();
    const email = body.get('email') as string;
    const cookie = 'vid=5d2c1b0a-9e8f-4a7b-8c6d-5e4f3a2b1c0d';
    const first = await sendFrom(request, body, '203.0.113.42', cookie);
    expect(first.status).toBe(303);
    const [{ id }] = await sql`select id from business_audits where email = ${email}`;
    expect(await eraseLead(sql, 'audit', id, { actor: null, now: new Date(), reason: 'request', notifyReceiver: false })).toBe('changed');
    const again = await sendFrom(request, body, '203.0.113.42', cookie);
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).not.toBe(first.headers.get('location'));
    expect(await storedCounts(sql, email)).toEqual({ audits: 1, contacts: 1 });
  });

  test('a post with errors gets the form again: the spec’s messages under their fields, every answer kept, nothing stored', async () => {
    const { request, sql } = await testApp({}, { RATE_LIMITS: 'off' });
    const body = plainBody({ firstName: '', email: 'nope', industry: '', onlinePresence: '', currentChallenges: ['time', 'tracking'] });
    const business = body.get('businessName') as string;
    const res = await request('/api/business-audit', { method: 'POST', headers: form, body: body.toString() });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const html = await res.text();
    for (const message of ['First name is required', 'Invalid email address', 'Please select your industry', 'Please rate your online presence'])
      expect(html).toContain(message);
    expect(html).toContain(`value="${business}"`);
    expect(html).toContain('value="nope"');
    expect(html.match(/name="currentChallenges" checked="" value="(time|tracking)"/g)).toHaveLength(2);
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(await sql`select 1 from business_audits where business_name = ${business}`).toHaveLength(0);
  });

  test('a name of invisible characters only gets the form again with the required message under that field, nothing stored', async () => {
    const { request, sql } = await testApp({}, { RATE_LIMITS: 'off' });
    for (const [field, message] of [
      ['firstName', 'First name is required'],
      ['lastName', 'Last name is required'],
      ['businessName', 'Business name is required'],
    ] as const) {
      const body = plainBody({ [field]: '\u3164' });
      const res = await request('/api/business-audit', { method: 'POST', headers: form, body: body.toString() });
      expect(res.status).toBe(400);
      const html = await res.text();
      expect(html).toContain(message);
      expect(html).toContain('aria-invalid="true"');
      expect(await sql`select 1 from business_audits where email = ${body.get('email')}`).toHaveLength(0);
    }
  });

  test('a business name with a line break in it gets the form again with the message under that field, the answers kept', async () => {
    const { request, sql } = await testApp({}, { RATE_LIMITS: 'off' });
    const body = plainBody({ businessName: 'Glow Spa\nReply to: x@evil.example' });
    const res = await request('/api/business-audit', { method: 'POST', headers: form, body: body.toString() });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain(ONE_LINE_MESSAGE);
    expect(html).toContain(`value="${body.get('firstName')}"`);
    expect(await sql`select 1 from business_audits where email = ${body.get('email')}`).toHaveLength(0);
  });

  test('odd values are refused by name, and the guards, limits and honeypot apply as to JSON', async () => {
    const { request, sql } = await testApp({}, { RATE_LIMITS: 'off' });
    for (const [name, value] of [
      ['marketingConsent', 'yes please'],
      ['currentMarketing', ['seo', 'carrier-pigeon']],
      ['industry', 'x'.repeat(5000)],
      ['firstName', 'a\u0000b'],
    ] as const) {
      const res = await request('/api/business-audit', { method: 'POST', headers: form, body: plainBody({ [name]: value }).toString() });
      expect(res.status, name).toBe(400);
    }
    expect(
      (await request('/api/business-audit', { method: 'POST', headers: { ...form, origin: 'https://elsewhere.example' }, body: plainBody().toString() }))
        .status,
    ).toBe(403);
    expect((await request('/api/business-audit', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: plainBody().toString() })).status).toBe(
      415,
    );
    expect((await request('/api/business-audit', { method: 'POST', headers: form, body: `firstName=${'x'.repeat(20_000)}` })).status).toBe(413);
    // A filled honeypot gets the same answer, and the row is flagged.
    const bot = plainBody({ fax: 'buy now' });
    const res = await request('/api/business-audit', { method: 'POST', redirect: 'manual', headers: form, body: bot.toString() });
    expect(res.status).toBe(303);
    const [row] = await sql`select is_spam from business_audits where business_name = ${bot.get('businessName')}`;
    expect(row.isSpam).toBe(true);
  });

  test('the 11th plain post in a minute is a 429 page a person can read', async () => {
    const { request } = await testApp();
    let last: Response | undefined;
    for (let i = 0; i < 11; i++)
      last = await request('/api/business-audit', {
        method: 'POST',
        redirect: 'manual',
        headers: { ...form, 'x-forwarded-for': '203.0.113.77' },
        body: plainBody().toString(),
      });
    expect(last?.status).toBe(429);
    expect(Number(last?.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(last?.headers.get('content-type')).toContain('text/html');
    const html = await last?.text();
    expect(html).toContain('>Too many attempts</h1>');
    expect(html).toContain('Please wait a minute and try again.');
  });
});
