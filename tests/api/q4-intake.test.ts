import { describe, expect, setDefaultTimeout, test } from 'bun:test';
import { findIntakeApplication } from '../../db/queries/intake.ts';
import { ONE_LINE_MESSAGE, PARAGRAPHS_MESSAGE } from '../../lib/forms/plain-text.ts';
import { CONSENT_REQUIRED_MESSAGE, requiredIntakeFields } from '../../lib/intake/schema.ts';
import { CONSENT_VERSION } from '../../lib/leads/consent.ts';
import { TEST_SITE_URL, testApp } from '../helpers/app.ts';

// Real servers, browsers and databases: a test may take longer than Bun's 5 s default.
setDefaultTimeout(60_000);

const FROM_FORM = { referer: `${TEST_SITE_URL}/q4-intake` };

function application(overrides: Record<string, unknown> = {}) {
  return {
    id: crypto.randomUUID(),
    firstName: 'Marco',
    lastName: 'DeLuca',
    workEmail: 'marco@deluca-reno.ca',
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
    await postJson('/api/q4-intake', application());
    const text = JSON.stringify(logs);
    expect(text).not.toContain('marco@deluca-reno.ca');
    expect(text).not.toContain('647-555-0134');
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
    workEmail: 'robo@example.ca',
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
