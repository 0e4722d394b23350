import { describe, expect, setDefaultTimeout, test } from 'bun:test';
import { migrations } from '../../db/migrations/index.ts';
import { eraseLead } from '../../db/queries/erasure.ts';
import { findIntakeApplication } from '../../db/queries/intake.ts';
import { intakePathFor, tokenOfResultsUrl } from '../../lib/audit/results-link.ts';
import { ONE_LINE_MESSAGE, PARAGRAPHS_MESSAGE } from '../../lib/forms/plain-text.ts';
import { CONSENT_REQUIRED_MESSAGE, requiredIntakeFields } from '../../lib/intake/schema.ts';
import { BUNDLED_CONSENT_VERSION, CONSENT_VERSION, INTAKE_MARKETING_CONSENT_VERSION } from '../../lib/leads/consent.ts';
import { INVISIBLE } from '../fixtures/invisible-text.ts';
import { TEST_SITE_URL, testApp } from '../helpers/app.ts';
import { validAudit } from '../helpers/audit.ts';

// Real servers, browsers and databases: a test may take longer than Bun's 5 s default.
setDefaultTimeout(60_000);

const FROM_FORM = { referer: `${TEST_SITE_URL}/q4-intake` };

/** A complete application; its work email is its own (the same email twice in one intake is one application). */
function application(overrides: Record<string, unknown> = {}) {
  const id = crypto.randomUUID();
  return {
    id,
    firstName: 'Marco',
    lastName: 'DeLuca',
    workEmail: `marco+${id.slice(0, 8)}@deluca-reno.ca`,
    mobile: '647-555-0134',
    company: 'DeLuca Renovations',
    website: 'https://deluca-reno.ca',
    industry: 'contractors',
    city: 'Toronto',
    monthlyMarketingBudget: '2500-5000',
    biggestGoal: 'Book three kitchen renovations a month from Leaside and North York.',
    howDidYouHear: 'A friend at the BIA',
    caslConsent: 'true',
    ...overrides,
  };
}

async function countRows(sql: Awaited<ReturnType<typeof testApp>>['sql'], id: string) {
  const [{ count }] = await sql<{ count: number }[]>`select count(*)::int as count from q4_intake_applications where id = ${id}`;
  return count;
}

describe('POST /api/q4-intake', () => {
  test('a valid application answers 201 {id} and stores one row with the consent record', async () => {
    const { postJson, sql } = await testApp();
    const body = application();
    const before = Date.now();
    const res = await postJson('/api/q4-intake', body, FROM_FORM);
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ id: body.id });

    expect(await countRows(sql, body.id)).toBe(1);
    const row = await findIntakeApplication(sql, body.id);
    expect(row).toMatchObject({ ...body, consentVersion: CONSENT_VERSION, consentPage: '/q4-intake' });
    expect(row!.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row!.createdAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
  });

  test('createdAt comes from the app clock', async () => {
    const at = new Date('2024-10-07T14:30:00Z');
    const { postJson, sql } = await testApp({ now: () => at });
    const body = application();
    expect((await postJson('/api/q4-intake', body, FROM_FORM)).status).toBe(201);
    expect((await findIntakeApplication(sql, body.id))!.createdAt.toISOString()).toBe(at.toISOString());
  });

  test('optional answers left empty are stored as null', async () => {
    const { postJson, sql } = await testApp();
    const body = application({ website: '', howDidYouHear: '' });
    expect((await postJson('/api/q4-intake', body, FROM_FORM)).status).toBe(201);
    const row = await findIntakeApplication(sql, body.id);
    expect(row!.website).toBeNull();
    expect(row!.howDidYouHear).toBeNull();
  });

  test('without a client id the server makes one and answers with it', async () => {
    const { postJson, sql } = await testApp();
    const { id: _, ...body } = application();
    const res = await postJson('/api/q4-intake', body);
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const row = await findIntakeApplication(sql, id);
    // Sent without a page: the consent record says it came straight to the API.
    expect(row).toMatchObject({ company: 'DeLuca Renovations', consentPage: '/api/q4-intake', consentVersion: CONSENT_VERSION });
  });

  test('the same id twice stores one row and answers like the first time', async () => {
    const { postJson, sql } = await testApp();
    const body = application();
    const first = await postJson('/api/q4-intake', body, FROM_FORM);
    // A retry is the same answers; its spam signals (fill time) may differ.
    const second = await postJson('/api/q4-intake', { ...body, fillMs: 99_000 }, FROM_FORM);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(await second.json()).toEqual(await first.json());
    expect(await countRows(sql, body.id)).toBe(1);
  });

  test('the same id with other answers is a 409 that shows nothing of the stored application, and changes nothing', async () => {
    const { postJson, sql } = await testApp();
    const body = application();
    expect((await postJson('/api/q4-intake', body, FROM_FORM)).status).toBe(201);
    const other = await postJson('/api/q4-intake', { ...body, firstName: 'Mallory', workEmail: 'mallory@example.ca', company: 'Not DeLuca' }, FROM_FORM);
    expect(other.status).toBe(409);
    const text = await other.text();
    for (const stored of [body.firstName, body.lastName, body.workEmail, body.mobile, body.company]) expect(text).not.toContain(stored);
    expect(await countRows(sql, body.id)).toBe(1);
    expect((await findIntakeApplication(sql, body.id))!.company).toBe('DeLuca Renovations');
  });

  test('a bare domain is stored as https://; other schemes are refused naming website', async () => {
    const { postJson, sql } = await testApp();
    const body = application({ website: 'deluca-reno.ca' });
    expect((await postJson('/api/q4-intake', body, FROM_FORM)).status).toBe(201);
    expect((await findIntakeApplication(sql, body.id))!.website).toBe('https://deluca-reno.ca');
    for (const website of ['javascript:alert(1)', 'data:text/html,x', 'deluca']) {
      const res = await postJson('/api/q4-intake', application({ website }), FROM_FORM);
      expect(res.status).toBe(400);
      expect(Object.keys((await res.json()).fields)).toEqual(['website']);
    }
  });

  test.each(requiredIntakeFields.map((f) => [f]))('%s missing is a 400 naming it, and nothing is stored', async (field) => {
    const { postJson, sql } = await testApp();
    const { [field]: _, ...body } = application();
    const res = await postJson('/api/q4-intake', body, FROM_FORM);
    expect(res.status).toBe(400);
    const answer = (await res.json()) as { error: string; fields: Record<string, string> };
    expect(Object.keys(answer.fields)).toEqual([field]);
    expect(answer.error).toBe(`Invalid fields: ${field}`);
    expect(await countRows(sql, body.id)).toBe(0);
  });

  test.each(requiredIntakeFields.map((f) => [f]))('%s empty is a 400 naming it', async (field) => {
    const { postJson, sql } = await testApp();
    const body = application({ [field]: '' });
    const res = await postJson('/api/q4-intake', body);
    expect(res.status).toBe(400);
    expect(Object.keys(((await res.json()) as { fields: object }).fields)).toEqual([field]);
    expect(await countRows(sql, body.id)).toBe(0);
  });

  test.each([['false'], [undefined], ['yes'], [true]])('consent %p is a 400 with the consent message', async (consent) => {
    const { postJson, sql } = await testApp();
    const body = application({ caslConsent: consent });
    const res = await postJson('/api/q4-intake', body, FROM_FORM);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: 'Invalid fields: caslConsent',
      fields: { caslConsent: CONSENT_REQUIRED_MESSAGE },
      requestId: expect.any(String),
    });
    expect(await countRows(sql, body.id)).toBe(0);
  });

  test('every bad field is named at once', async () => {
    const { postJson } = await testApp();
    const res = await postJson(
      '/api/q4-intake',
      application({
        workEmail: 'marco@',
        industry: 'restaurants',
        monthlyMarketingBudget: 'lots',
        website: 'javascript:alert(1)',
        id: '00000000-0000-0000-0000-000000000000',
      }),
    );
    expect(res.status).toBe(400);
    const { fields } = (await res.json()) as { fields: Record<string, string> };
    expect(Object.keys(fields).sort()).toEqual(['id', 'industry', 'monthlyMarketingBudget', 'website', 'workEmail']);
  });

  test('a line break or control character in a one-line answer is a 400 naming each field; the biggest goal may span lines', async () => {
    const { postJson, sql } = await testApp({}, { RATE_LIMITS: 'off' });
    const forged = {
      firstName: 'Marco\nApproved: yes',
      lastName: 'De\tLuca',
      mobile: '647\n555 0134',
      company: 'DeLuca\r\nReply to: x@evil.example',
      city: 'Toronto\u2029Rush',
      website: 'deluca.ca\u0085x',
      howDidYouHear: 'A friend\u202e',
    };
    const refused = application(forged);
    const res = await postJson('/api/q4-intake', refused, FROM_FORM);
    expect(res.status).toBe(400);
    const { fields } = (await res.json()) as { fields: Record<string, string> };
    expect(Object.keys(fields).sort()).toEqual(Object.keys(forged).sort());
    for (const message of Object.values(fields)) expect(message).toBe(ONE_LINE_MESSAGE);
    expect(await countRows(sql, refused.id)).toBe(0);

    const withEscape = await postJson('/api/q4-intake', application({ biggestGoal: 'More jobs\u001b[2J' }), FROM_FORM);
    expect(withEscape.status).toBe(400);
    expect(((await withEscape.json()) as { fields: Record<string, string> }).fields).toEqual({ biggestGoal: PARAGRAPHS_MESSAGE });
    const paragraphs = application({ biggestGoal: 'Kitchens in Leaside.\r\n\tBathrooms in North York.' });
    expect((await postJson('/api/q4-intake', paragraphs, FROM_FORM)).status).toBe(201);
    expect(await countRows(sql, paragraphs.id)).toBe(1);
  });

  test('a required answer of invisible characters only (zero-width, fillers, soft hyphen) is a 400 naming it with its required message; nothing is stored', async () => {
    const { postJson, request, sql } = await testApp({}, { RATE_LIMITS: 'off' });
    const required = {
      firstName: 'First name is required',
      lastName: 'Last name is required',
      workEmail: 'Work email is required',
      mobile: 'Mobile number is required',
      company: 'Company name is required',
      city: 'City is required',
      biggestGoal: 'Biggest goal is required',
    };
    for (const [field, message] of Object.entries(required))
      for (const value of [...INVISIBLE, '\u200b\u2060\u00ad\u3164\u115f', ' \u3164 ']) {
        const refused = application({ [field]: value });
        const res = await postJson('/api/q4-intake', refused, FROM_FORM);
        expect(res.status).toBe(400);
        expect(await res.json()).toMatchObject({ error: `Invalid fields: ${field}`, fields: { [field]: message } });
        expect(await countRows(sql, refused.id)).toBe(0);
      }
    const all = application({
      firstName: '\u200b',
      lastName: '\u2060',
      workEmail: '\u00ad',
      mobile: '\u3164',
      company: '\u115f',
      city: '\u2800',
      biggestGoal: '\u200b\n\u3164',
    });
    const res = await postJson('/api/q4-intake', all, FROM_FORM);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { fields: object }).fields).toEqual(required);
    expect(await countRows(sql, all.id)).toBe(0);
    // A plain post gets the page again, the message under the field.
    const { id: _id, ...answers } = application({ company: '\u3164' });
    const page = await plainPost(request, answers);
    expect(page.status).toBe(400);
    expect(await page.text()).toContain('Company name is required');
    expect(await sql`select 1 from q4_intake_applications where work_email = ${answers.workEmail}`).toHaveLength(0);
  });

  test('an answer over its length bound is a 400', async () => {
    const { postJson } = await testApp();
    const res = await postJson('/api/q4-intake', application({ biggestGoal: 'x'.repeat(2001) }));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { fields: object }).fields).toHaveProperty('biggestGoal');
  });

  test('the write guards apply: cross-site 403 (JSON or form), neither JSON nor a form 415', async () => {
    const { postJson, request } = await testApp();
    expect((await postJson('/api/q4-intake', application(), { origin: 'https://elsewhere.example' })).status).toBe(403);
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    expect((await request('/api/q4-intake', { method: 'POST', headers: { ...form, 'sec-fetch-site': 'cross-site' }, body: 'firstName=a' })).status).toBe(403);
    expect((await request('/api/q4-intake', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'firstName=a' })).status).toBe(415);
    expect((await request('/api/q4-intake', { method: 'POST', headers: form, body: `biggestGoal=${'x'.repeat(20_000)}` })).status).toBe(413);
  });

  test('without JavaScript: a plain form post with errors gets the page again, each message under its field and every answer kept', async () => {
    const { request, sql } = await testApp({}, { RATE_LIMITS: 'off' });
    const company = `Plain Form Reno ${crypto.randomUUID().slice(0, 8)}`;
    const fields = new URLSearchParams({ ...application({ company, workEmail: 'not-an-email', caslConsent: '' }), id: '' });
    fields.delete('id');
    fields.delete('caslConsent');
    const res = await request('/api/q4-intake', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: fields.toString() });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const html = await res.text();
    expect(html).toContain('Enter a valid email address, like you@yourcompany.ca');
    expect(html).toContain(CONSENT_REQUIRED_MESSAGE);
    expect(html).toContain(`value="${company}"`);
    expect(html).toContain('aria-invalid="true"');
    expect(await sql`select 1 from q4_intake_applications where company = ${company}`).toHaveLength(0);
  });

  test('without JavaScript: a valid plain post answers 303 to the thank-you page, and the same post twice is stored once', async () => {
    const { request, sql } = await testApp({}, { RATE_LIMITS: 'off' });
    const company = `Plain Form Reno ${crypto.randomUUID().slice(0, 8)}`;
    const { id: _id, ...answers } = application({ company });
    const post = () =>
      request('/api/q4-intake', {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: 'vid=0b5c1f3e-6a2d-4c1e-9f00-3d2b1a0c9e8f' },
        body: new URLSearchParams(answers as Record<string, string>).toString(),
      });
    for (let i = 0; i < 2; i++) {
      const res = await post();
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe('/q4-intake/thank-you');
    }
    const rows = await sql`select id from q4_intake_applications where company = ${company}`;
    expect(rows).toHaveLength(1);
    expect(rows[0].id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  test('without JavaScript and without a vid cookie: identical posts at once, and the resend with the cookie the first answer set, are stored once', async () => {
    const { request, sql } = await testApp({}, { RATE_LIMITS: 'off', TRUST_PROXY: '1' });
    const { id: _id, ...answers } = application();
    const post = (cookie?: string) =>
      request('/api/q4-intake', {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '203.0.113.50', ...FROM_FORM, ...(cookie ? { cookie } : {}) },
        body: new URLSearchParams(answers as Record<string, string>).toString(),
      });
    const burst = await Promise.all(Array.from({ length: 20 }, () => post()));
    expect(burst.map((r) => r.status)).toEqual(Array(20).fill(303));
    expect(burst.map((r) => r.headers.get('location'))).toEqual(Array(20).fill('/q4-intake/thank-you'));
    const cookies = burst.map(
      (r) =>
        r.headers
          .getSetCookie()
          .find((c) => c.startsWith('vid='))
          ?.split(';')[0],
    );
    expect(new Set(cookies).size).toBe(20);
    expect((await post(cookies[5])).status).toBe(303);
    const rows = await sql<{ id: string }[]>`select id from q4_intake_applications where work_email = ${answers.workEmail}`;
    expect(rows).toHaveLength(1);
    expect(await sql`select 1 from leads where kind = 'intake' and email = ${answers.workEmail}`).toHaveLength(1);

    // Erased on request, then sent again: a new application, not an error.
    expect(await eraseLead(sql, 'intake', rows[0].id, { actor: null, now: new Date(), reason: 'request', notifyReceiver: false })).toBe('changed');
    expect((await post(cookies[5])).status).toBe(303);
    expect(await sql`select 1 from q4_intake_applications where work_email = ${answers.workEmail}`).toHaveLength(1);
  });

  test('a database that does not answer is a 503, not a hang', async () => {
    const hang = () => new Promise(() => {});
    const never = Object.assign(hang, { begin: hang }) as never;
    const { postJson } = await testApp({ sql: never });
    const started = Date.now();
    const res = await postJson('/api/q4-intake', application());
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBeTruthy();
    expect(Date.now() - started).toBeLessThan(8000);
  }, 10_000);

  test('the log line carries no personal details', async () => {
    const { postJson, logs } = await testApp();
    const body = application();
    await postJson('/api/q4-intake', body);
    const text = JSON.stringify(logs);
    expect(text).not.toContain(body.workEmail);
    expect(text).not.toContain('647-555-0134');
  });
});

describe('finding the intake', () => {
  const services = ['digital-marketing', 'social-media-management', 'lead-generation', 'seo-services', 'google-ads', 'content-marketing'];

  test('every page links it from the footer, by name and with its limit', async () => {
    const { request } = await testApp();
    for (const path of ['/', '/services', '/services/google-ads', '/what-is-digital-marketing', '/q4-intake/thank-you']) {
      const html = await (await request(path)).text();
      expect(html.match(/<footer[\s\S]*<\/footer>/)?.[0]).toMatch(/<a class="[^"]*" href="\/q4-intake">Q4 client intake: 6 slots<\/a>/);
    }
  });

  test('the services overview and each service page offer it in words that say what it is', async () => {
    const { request } = await testApp();
    for (const path of ['/services', ...services.map((slug) => `/services/${slug}`)]) {
      const html = await (await request(path)).text();
      const invite = html.match(/<section aria-labelledby="intake-invite-heading"[\s\S]*?<\/section>/)?.[0] ?? '';
      expect(invite).toContain('Q4 client intake · 6 slots');
      expect(invite).toMatch(/<a href="\/q4-intake" class="[^"]*">Apply for a Q4 client slot<\/a>/);
      expect(invite).not.toContain('Get Started');
    }
  });
});

describe('the intake pages', () => {
  const jsonLdBlocks = (html: string) =>
    [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]) as Record<string, any>);
  const count = (html: string, pattern: RegExp) => html.match(pattern)?.length ?? 0;

  test('/q4-intake: title, description, canonical, Open Graph, one h1, JSON-LD with the agency as provider', async () => {
    const { request } = await testApp();
    const res = await request('/q4-intake');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<title>Q4 Client Intake: 6 Slots for Toronto Businesses | Northline Digital</title>');
    expect(html).toContain(`<link rel="canonical" href="${TEST_SITE_URL}/q4-intake"/>`);
    expect(html).toContain(`<meta property="og:url" content="${TEST_SITE_URL}/q4-intake"/>`);
    expect(html).toMatch(/<meta name="description" content="Apply for one of 6 Q4 client slots/);
    expect(html).not.toContain('name="robots"');
    expect(count(html, /<h1[\s>]/g)).toBe(1);
    expect(html).toContain('Q4 Client Intake. 6 Slots. Toronto Only.</h1>');
    expect(html).toContain('href="#apply"');
    expect(html).toContain('id="apply"');

    const [page, faq] = jsonLdBlocks(html);
    expect(page['@type']).toBe('WebPage');
    expect(page.url).toBe(`${TEST_SITE_URL}/q4-intake`);
    expect(page.mainEntity['@type']).toBe('Service');
    expect(page.mainEntity.provider).toMatchObject({ name: 'Northline Digital', address: { addressLocality: 'Toronto', postalCode: 'M5V 1R2' } });
    expect(page.mainEntity.offers.priceSpecification).toMatchObject({ minPrice: 1500, priceCurrency: 'CAD' });
    expect(faq['@type']).toBe('FAQPage');
    expect(faq.mainEntity).toHaveLength(5);
  });

  test('/q4-intake has every section and the facts from the spec', async () => {
    const { request } = await testApp();
    const html = await (await request('/q4-intake')).text();
    const text = html
      .replace(/<[^>]+>/g, ' ')
      .replace(/&#x27;/g, "'")
      .replace(/\s+/g, ' ');
    for (const phrase of [
      'What you get as a Q4 client',
      'Weekly strategy calls',
      '10–30 page results report',
      'live task list',
      'Ad spend billed separately',
      '$30k–$40k',
      'Month-to-month',
      '9-month runway',
      'Is this for you?',
      'How it works',
      '45–60 minute strategy session',
      'priority for the next intake',
      '12 new clients',
      'within 2 business days',
      'from about $1,500 a month',
      'Apply for a Q4 slot',
    ]) {
      expect(text).toContain(phrase);
    }
    expect(count(html, /<details[\s>]/g)).toBe(5);
    expect(count(html, /<ol class="mt-12 grid gap-6 md:grid-cols-3"><li/g)).toBe(1);
    // The form renders on the server inside its island, consent unticked, selects empty.
    expect(html).toContain('data-island="IntakeForm"');
    expect(html).toMatch(/<input[^>]*type="checkbox"[^>]*>/);
    expect(html.match(/<input[^>]*type="checkbox"[^>]*>/)![0]).not.toContain('checked');
    const tag = (name: string) => html.match(new RegExp(`<(input|textarea|select)[^>]*name="${name}"[^>]*>`))?.[0] ?? '';
    expect(tag('workEmail')).toContain('type="email"');
    expect(tag('mobile')).toContain('type="tel"');
    expect(tag('biggestGoal')).toStartWith('<textarea');
    expect(tag('biggestGoal')).toContain('rows="4"');
    for (const value of [
      'cleaners',
      'medspas',
      'contractors',
      'coaches',
      'other-local-service',
      'under-1000',
      '1000-2500',
      '2500-5000',
      '5000-10000',
      '10000+',
    ]) {
      expect(html).toContain(`<option value="${value}">`);
    }
    expect(text).toContain('312 Adelaide Street West, Suite 400, Toronto, ON M5V 1R2');
    expect(text).toContain('withdraw my consent at any time');
    // The page with the form shows the Toaster for its error toast.
    expect(html).toContain('data-island="Toaster"');
  });

  test('/q4-intake/thank-you: the headline, the promise, the not-a-fit path, the Rush tip, buttons home and to the blog; noindex', async () => {
    const { request } = await testApp();
    const res = await request('/q4-intake/thank-you');
    expect(res.status).toBe(200);
    const html = await res.text();
    const text = html
      .replace(/<[^>]+>/g, ' ')
      .replace(/&#x27;/g, "'")
      .replace(/\s+/g, ' ');
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(html).toContain(`<link rel="canonical" href="${TEST_SITE_URL}/q4-intake/thank-you"/>`);
    expect(html).toMatch(/<title>[^<]+<\/title>/);
    expect(count(html, /<h1[\s>]/g)).toBe(1);
    expect(text).toContain("You're on the Q4 list.");
    expect(text).toContain('within 2 business days');
    expect(text).toContain('priority for our next intake');
    expect(count(html, /<li class="rounded-2xl border border-slate-200 p-6">/g)).toBe(3);
    expect(text).toContain("Reply 'Rush' with your ideal start date");
    expect(html).toMatch(/<a href="\/" class="[^"]*">Back to home<\/a>/);
    expect(html).toMatch(/<a href="\/blog" class="[^"]*">Read the blog<\/a>/);
    expect(html).not.toContain('data-island="IntakeForm"');
  });
});

describe('spam', () => {
  const application = {
    firstName: 'Robo',
    lastName: 'Filler',
    workEmail: `robo+${crypto.randomUUID().slice(0, 8)}@example.ca`,
    mobile: '416-555-0142',
    company: 'Bot Co',
    website: '',
    industry: 'cleaners',
    city: 'Toronto',
    monthlyMarketingBudget: 'under-1000',
    biggestGoal: 'Everything',
    howDidYouHear: '',
    caslConsent: 'true',
  };
  test.each([
    ['a filled honeypot', { fax: '416-555-0000', fillMs: 60_000 }, true],
    ['a two-second fill', { fax: '', fillMs: 2000 }, true],
    ['a person', { fax: '', fillMs: 95_000 }, false],
  ])('%s gets the normal answer and is stored with is_spam = %p', async (_label, signals, spam) => {
    const { postJson, sql } = await testApp({}, { RATE_LIMITS: 'off' });
    const id = crypto.randomUUID();
    const res = await postJson('/api/q4-intake', { ...application, ...signals, id });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ id });
    const [row] = await sql`select is_spam from q4_intake_applications where id = ${id}`;
    expect(row.isSpam).toBe(spam as boolean);
  });
});

type App = Awaited<ReturnType<typeof testApp>>;

const leadOf = async (sql: App['sql'], id: string) => {
  const [lead] = await sql<{ name: string; business: string; email: string; budget: string; marketingConsent: boolean; createdAt: Date; status: string }[]>`
    select name, business, email, budget, marketing_consent, created_at, status from leads where kind = 'intake' and id = ${id}`;
  return lead;
};
const eventsOf = (sql: App['sql'], id: string) =>
  sql<{ kind: string; toValue: string | null; note: string | null }[]>`
    select kind, to_value, note from lead_events where lead_kind = 'intake' and lead_id = ${id} order by at, id`;
const jobCount = async (sql: App['sql'], id: string) =>
  (await sql<{ n: number }[]>`select count(*)::int as n from jobs where lead_kind = 'intake' and lead_id = ${id}`)[0].n;
const plainPost = (request: App['request'], answers: Record<string, unknown>) =>
  request('/api/q4-intake', {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', referer: `${TEST_SITE_URL}/q4-intake` },
    body: new URLSearchParams(Object.entries(answers).map(([k, v]) => [k, String(v)])).toString(),
  });

describe('the two consents', () => {
  test('the marketing box is optional and unticked: without it the application is stored, and neither the application nor its lead has marketing consent', async () => {
    const { postJson, sql } = await testApp();
    const body = application();
    expect((await postJson('/api/q4-intake', body, FROM_FORM)).status).toBe(201);
    const row = await findIntakeApplication(sql, body.id);
    expect(row).toMatchObject({ caslConsent: 'true', consentVersion: CONSENT_VERSION, marketingConsent: false, marketingConsentVersion: null });
    expect(row).toMatchObject({ marketingConsentPage: null, marketingConsentAt: null, marketingConsentVariants: null });
    expect((await leadOf(sql, body.id)).marketingConsent).toBe(false);
  });

  test('ticked, it is recorded as the audit records its box (wording version, page, time), and the lead has marketing consent', async () => {
    const at = new Date('2026-11-20T15:00:00Z');
    const { postJson, sql } = await testApp({ now: () => at });
    const body = application({ marketingConsent: true });
    expect((await postJson('/api/q4-intake', body, FROM_FORM)).status).toBe(201);
    expect(await findIntakeApplication(sql, body.id)).toMatchObject({
      consentVersion: CONSENT_VERSION,
      consentPage: '/q4-intake',
      marketingConsent: true,
      marketingConsentVersion: INTAKE_MARKETING_CONSENT_VERSION,
      marketingConsentPage: '/q4-intake',
      marketingConsentAt: at,
    });
    expect((await leadOf(sql, body.id)).marketingConsent).toBe(true);
  });

  test('the marketing box never stands in for the required one, and is refused by name when it is not a box', async () => {
    const { postJson } = await testApp({}, { RATE_LIMITS: 'off' });
    const unticked = await postJson('/api/q4-intake', application({ caslConsent: 'false', marketingConsent: true }), FROM_FORM);
    expect(unticked.status).toBe(400);
    expect((await unticked.json()).fields).toEqual({ caslConsent: CONSENT_REQUIRED_MESSAGE });
    const odd = await postJson('/api/q4-intake', application({ marketingConsent: 'please' }), FROM_FORM);
    expect(Object.keys((await odd.json()).fields)).toEqual(['marketingConsent']);
  });

  test('without JavaScript: the ticked box arrives with the plain post, and a post that comes back with errors keeps it ticked', async () => {
    const { request, sql } = await testApp({}, { RATE_LIMITS: 'off' });
    const { id: _id, ...answers } = application({ marketingConsent: 'true' });
    const refused = await plainPost(request, { ...answers, caslConsent: '' });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html.match(/<input[^>]*name="marketingConsent"[^>]*>/)?.[0]).toContain('checked');
    expect(html.match(/<input[^>]*name="caslConsent"[^>]*>/)?.[0]).not.toContain('checked');
    expect((await plainPost(request, answers)).status).toBe(303);
    const [row] = await sql<{ marketingConsent: boolean; consentPage: string }[]>`
      select marketing_consent, marketing_consent_page as consent_page from q4_intake_applications where work_email = ${answers.workEmail}`;
    expect(row).toEqual({ marketingConsent: true, consentPage: '/q4-intake' });
  });
});

describe('applying again with an email that applied before', () => {
  /** Everything stored of an application: its row, its lead, its timeline and its notifications. */
  const snapshot = async (sql: App['sql'], id: string) => ({
    application: await findIntakeApplication(sql, id),
    lead: (await sql`select * from leads where kind = 'intake' and id = ${id}`)[0],
    events: [...(await eventsOf(sql, id))],
    jobs: await jobCount(sql, id),
  });

  test('is an application of its own, answered 201 {id} as a first one; the earlier application, its lead and its consent never change', async () => {
    const { postJson, sql } = await testApp({}, { RATE_LIMITS: 'off' });
    const first = application();
    const firstAnswer = await postJson('/api/q4-intake', first, FROM_FORM);
    expect(firstAnswer.status).toBe(201);
    expect(await firstAnswer.json()).toEqual({ id: first.id });
    const before = await snapshot(sql, first.id);
    expect(before.lead.marketingConsent).toBe(false);
    expect(before.jobs).toBeGreaterThan(0);

    // A stranger who knows the email, in every letter case and with spaces around it: new answers, the marketing box ticked.
    const [local, domain] = first.workEmail.split('@');
    const variants = [first.workEmail, first.workEmail.toUpperCase(), `${local.toUpperCase()}@${domain}`, `  ${local}@${domain.toUpperCase()} `];
    const strangers = variants.map((workEmail, n) =>
      application({
        workEmail,
        firstName: 'Mallory',
        mobile: `416-555-010${n}`,
        company: `Not DeLuca ${n}`,
        monthlyMarketingBudget: '10000+',
        biggestGoal: 'Overwrite the application.',
        marketingConsent: true,
      }),
    );
    for (const stranger of strangers) {
      const res = await postJson('/api/q4-intake', stranger, FROM_FORM);
      // Exactly the answer of a first application: nothing says the email applied before.
      expect(res.status).toBe(201);
      expect(await res.json()).toEqual({ id: stranger.id });
    }

    // The first application, its lead (business, phone, budget, consent), its timeline and notifications: as they were.
    expect(await snapshot(sql, first.id)).toEqual(before);
    // Each later one is stored as sent, with the consent it gave, and notified as a new application is.
    for (const stranger of strangers) {
      expect(await findIntakeApplication(sql, stranger.id)).toMatchObject({
        company: stranger.company,
        mobile: stranger.mobile,
        workEmail: stranger.workEmail.trim(),
        marketingConsent: true,
        marketingConsentVersion: INTAKE_MARKETING_CONSENT_VERSION,
        updatedAt: null,
      });
      const own = await snapshot(sql, stranger.id);
      expect(own.lead).toMatchObject({ business: stranger.company, marketingConsent: true });
      expect(own.events.map((e) => e.kind)).toEqual(['submitted']);
      expect(own.jobs).toBe(before.jobs);
    }
    // All on one person (email letter case aside): staff see every application on that person's timeline.
    const people = await sql<{ personId: string }[]>`
      select distinct person_id from leads where kind = 'intake' and id in ${sql([first.id, ...strangers.map((x) => x.id)])}`;
    expect(people).toHaveLength(1);
  });

  test('consent is the submission’s own: a later unticked box takes nothing from an earlier ticked one, a later ticked box gives nothing to an earlier unticked one', async () => {
    const { postJson, sql } = await testApp({}, { RATE_LIMITS: 'off' });
    const agreed = application({ marketingConsent: true });
    expect((await postJson('/api/q4-intake', agreed, FROM_FORM)).status).toBe(201);
    const agreedBefore = await snapshot(sql, agreed.id);
    const declined = application({ workEmail: agreed.workEmail.toUpperCase(), marketingConsent: false });
    expect((await postJson('/api/q4-intake', declined, FROM_FORM)).status).toBe(201);
    expect(await snapshot(sql, agreed.id)).toEqual(agreedBefore);
    expect(agreedBefore.application?.marketingConsent).toBe(true);
    expect((await findIntakeApplication(sql, declined.id))?.marketingConsent).toBe(false);
    expect((await leadOf(sql, declined.id)).marketingConsent).toBe(false);

    const unticked = application();
    expect((await postJson('/api/q4-intake', unticked, FROM_FORM)).status).toBe(201);
    const untickedBefore = await snapshot(sql, unticked.id);
    const ticked = application({ workEmail: ` ${unticked.workEmail.toUpperCase()}`, marketingConsent: true });
    expect((await postJson('/api/q4-intake', ticked, FROM_FORM)).status).toBe(201);
    expect(await snapshot(sql, unticked.id)).toEqual(untickedBefore);
    expect(untickedBefore.application).toMatchObject({ marketingConsent: false, marketingConsentAt: null, marketingConsentVersion: null });
    expect((await leadOf(sql, unticked.id)).marketingConsent).toBe(false);
  });

  test('a retry of the second submission stores nothing more and is answered the same; its id with other answers is a 409', async () => {
    const { postJson, sql } = await testApp({}, { RATE_LIMITS: 'off' });
    const first = application();
    expect((await postJson('/api/q4-intake', first, FROM_FORM)).status).toBe(201);
    const again = application({ workEmail: first.workEmail.toUpperCase(), city: 'Etobicoke' });
    const answers = [await postJson('/api/q4-intake', again, FROM_FORM), await postJson('/api/q4-intake', again, FROM_FORM)];
    expect(answers.map((r) => r.status)).toEqual([201, 201]);
    for (const res of answers) expect(await res.json()).toEqual({ id: again.id });
    expect(await countRows(sql, again.id)).toBe(1);
    expect((await postJson('/api/q4-intake', { ...again, company: 'Other' }, FROM_FORM)).status).toBe(409);
    expect((await findIntakeApplication(sql, first.id))?.city).toBe('Toronto');
  });

  test('without JavaScript: the second plain post goes to the same thank-you page as the first and stores its own application', async () => {
    const { request, sql } = await testApp({}, { RATE_LIMITS: 'off' });
    const { id: _id, ...answers } = application();
    const firstPost = await plainPost(request, answers);
    expect(firstPost.status).toBe(303);
    expect(firstPost.headers.get('location')).toBe('/q4-intake/thank-you');
    const secondPost = await plainPost(request, { ...answers, workEmail: answers.workEmail.toUpperCase(), city: 'Etobicoke' });
    expect(secondPost.status).toBe(303);
    expect(secondPost.headers.get('location')).toBe('/q4-intake/thank-you');
    const rows = await sql<
      { city: string }[]
    >`select city from q4_intake_applications where lower(work_email) = ${answers.workEmail} order by created_at, city`;
    expect(rows.map((r) => r.city).sort()).toEqual(['Etobicoke', 'Toronto']);
  });

  test('two submissions from one email at once are two applications, each answered 201 with its own id', async () => {
    const { postJson, sql } = await testApp({}, { RATE_LIMITS: 'off' });
    const first = application();
    const second = application({ workEmail: first.workEmail.toUpperCase(), city: 'Mississauga' });
    const answers = await Promise.all([postJson('/api/q4-intake', first, FROM_FORM), postJson('/api/q4-intake', second, FROM_FORM)]);
    expect(answers.map((r) => r.status)).toEqual([201, 201]);
    expect(await Promise.all(answers.map((r) => r.json()))).toEqual([{ id: first.id }, { id: second.id }]);
    expect(await sql`select id from q4_intake_applications where lower(work_email) = ${first.workEmail}`).toHaveLength(2);
  });

  test('a bot’s submission with a person’s email is stored apart, flagged, and changes nothing of theirs', async () => {
    const { postJson, sql } = await testApp({}, { RATE_LIMITS: 'off' });
    const person = application();
    expect((await postJson('/api/q4-intake', person, FROM_FORM)).status).toBe(201);
    const before = await snapshot(sql, person.id);
    const bot = application({ workEmail: person.workEmail, company: 'Spam Co', fax: '416-555-0000' });
    const botAnswer = await postJson('/api/q4-intake', bot, FROM_FORM);
    expect(botAnswer.status).toBe(201);
    expect(await botAnswer.json()).toEqual({ id: bot.id });
    expect((await findIntakeApplication(sql, bot.id))?.isSpam).toBe(true);
    expect(await snapshot(sql, person.id)).toEqual(before);
  });

  test('after an application is erased on request, the same email applies again as anyone does', async () => {
    const { postJson, sql } = await testApp({}, { RATE_LIMITS: 'off' });
    const erased = application();
    expect((await postJson('/api/q4-intake', erased, FROM_FORM)).status).toBe(201);
    expect(await eraseLead(sql, 'intake', erased.id, { actor: null, now: new Date(), reason: 'request', notifyReceiver: false })).toBe('changed');
    const again = application({ workEmail: erased.workEmail });
    const res = await postJson('/api/q4-intake', again, FROM_FORM);
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ id: again.id });
    expect(await countRows(sql, again.id)).toBe(1);
    expect(await countRows(sql, erased.id)).toBe(0);
  });

  test('the thank-you page is one page for everyone: no address of it says an email applied before', async () => {
    const { request } = await testApp();
    const plain = await (await request('/q4-intake/thank-you')).text();
    expect(plain).toContain('You&#x27;re on the Q4 list.</h1>');
    const asked = await (await request('/q4-intake/thank-you?application=updated')).text();
    for (const html of [plain, asked]) {
      expect(html).not.toContain('We already have your application');
      expect(html).not.toContain('data-already-applied');
    }
  });
});

describe('the intake prefilled from the audit results', () => {
  const tag = (html: string, name: string) => html.match(new RegExp(`<(input|textarea|select)[^>]*name="${name}"[^>]*>`))?.[0] ?? '';

  async function auditToken(app: App, overrides: Parameters<typeof validAudit>[0] = {}) {
    const res = await app.postJson('/api/business-audit', validAudit(overrides), { referer: `${TEST_SITE_URL}/` });
    expect(res.status).toBe(201);
    const token = tokenOfResultsUrl(((await res.json()) as { resultsUrl: string }).resultsUrl);
    expect(token).not.toBeNull();
    return token as string;
  }

  test("/q4-intake?results={token}: the audit's answers in the form, on the server, and the page is the visitor's alone", async () => {
    const app = await testApp({}, { RATE_LIMITS: 'off' });
    const token = await auditToken(app, {
      firstName: 'Dana',
      lastName: 'Okafor',
      email: 'dana@okafor-build.example',
      phone: '416-555-0142',
      businessName: 'Okafor Build & Reno',
      website: 'https://okafor-build.example',
      industry: 'construction',
    });
    const res = await app.request(intakePathFor(token));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('referrer-policy')).toBe('same-origin');
    expect(res.headers.get('x-robots-tag')).toBe('noindex');
    const html = await res.text();
    expect(tag(html, 'firstName')).toContain('value="Dana"');
    expect(tag(html, 'lastName')).toContain('value="Okafor"');
    expect(tag(html, 'workEmail')).toContain('value="dana@okafor-build.example"');
    expect(tag(html, 'mobile')).toContain('value="416-555-0142"');
    expect(tag(html, 'company')).toContain('value="Okafor Build &amp; Reno"');
    expect(tag(html, 'website')).toContain('value="https://okafor-build.example"');
    expect(html).toContain('<option value="contractors" selected="">');
    // What the audit did not ask stays empty; neither consent box is ticked for them.
    expect(tag(html, 'city')).not.toContain('value=');
    expect(tag(html, 'caslConsent')).not.toContain('checked');
    expect(tag(html, 'marketingConsent')).not.toContain('checked');
    expect(html).toContain('data-prefilled');
    // The canonical address stays the plain page.
    expect(html).toContain(`<link rel="canonical" href="${TEST_SITE_URL}/q4-intake"/>`);

    // Nobody else gets that copy: the plain page is still the empty form.
    const plain = await (await app.request('/q4-intake')).text();
    expect(tag(plain, 'firstName')).not.toContain('value=');
    expect(plain).not.toContain('Okafor');
  });

  test('an industry whose lists differ is left for the visitor to choose', async () => {
    const app = await testApp({}, { RATE_LIMITS: 'off' });
    const html = await (await app.request(intakePathFor(await auditToken(app, { industry: 'healthcare' })))).text();
    expect(html).toContain('data-prefilled');
    expect(html).not.toMatch(/<option value="[^"]*" selected=""/);
  });

  test('an unknown, malformed or expired token shows the empty form, privately', async () => {
    const created = new Date('2026-06-01T12:00:00Z');
    const old = await testApp({ now: () => created }, { RATE_LIMITS: 'off' });
    const expiredToken = await auditToken(old, { firstName: 'Expired' });
    const app = await testApp({ sql: old.sql, now: () => new Date('2026-11-27T12:00:00Z') });
    for (const token of [expiredToken, 'a'.repeat(43), 'not a token', '']) {
      const res = await app.request(`/q4-intake?results=${encodeURIComponent(token)}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      const html = await res.text();
      expect(tag(html, 'firstName')).not.toContain('value=');
      expect(html).not.toContain('data-prefilled');
    }
  });
});

describe('the migration to two consents', () => {
  test('applications under the first, bundled wording keep their marketing record; others have none', async () => {
    const { sql } = await testApp();
    const schema = `m_${crypto.randomUUID().replace(/-/g, '').slice(0, 12)}`;
    const arrived = new Date('2026-10-15T15:00:00Z');
    const rows = await sql
      .begin(async (tx) => {
        await tx.unsafe(`create schema ${schema}; set local search_path to ${schema}, public`);
        const before = migrations.findIndex((m) => m.name === '0011_intake_consents');
        for (const m of migrations.slice(0, before)) {
          await tx.unsafe(m.sql);
          await m.after?.(tx);
        }
        const insert = (id: string, consent: string, version: string | null) => tx`
          insert into q4_intake_applications (id, first_name, last_name, work_email, mobile, company, industry, city, monthly_marketing_budget,
            biggest_goal, casl_consent, consent_version, consent_page, consent_variants, created_at)
          values (${id}, 'Priya', 'Raman', 'priya@glow.example', '416-555-0188', 'Glow', 'medspas', 'Toronto', '2500-5000', 'More clients',
            ${consent}, ${version}, '/q4-intake', 'hero-variant: Variant A', ${arrived})`;
        await insert('bundled', 'true', BUNDLED_CONSENT_VERSION);
        await insert('unrecorded', 'true', null);
        await tx.unsafe(migrations[before].sql);
        const found = await tx`
          select id, marketing_consent, marketing_consent_version, marketing_consent_page, marketing_consent_variants, marketing_consent_at, updated_at
          from q4_intake_applications order by id`;
        throw Object.assign(new Error('rollback'), { rows: [...found] });
      })
      .catch((e: { rows?: unknown }) => e.rows as Record<string, unknown>[]);
    expect(rows).toEqual([
      {
        id: 'bundled',
        marketingConsent: true,
        marketingConsentVersion: BUNDLED_CONSENT_VERSION,
        marketingConsentPage: '/q4-intake',
        marketingConsentVariants: 'hero-variant: Variant A',
        marketingConsentAt: arrived,
        updatedAt: null,
      },
      {
        id: 'unrecorded',
        marketingConsent: false,
        marketingConsentVersion: null,
        marketingConsentPage: null,
        marketingConsentVariants: null,
        marketingConsentAt: null,
        updatedAt: null,
      },
    ]);
  });
});
