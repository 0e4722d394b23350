import { describe, expect, test } from 'bun:test';
import { findIntakeApplication } from '../../db/queries/intake.ts';
import { CONSENT_VERSION } from '../../lib/consent.ts';
import { CONSENT_REQUIRED_MESSAGE, requiredIntakeFields } from '../../lib/intake-schema.ts';
import { TEST_SITE_URL, testApp } from '../helpers/app.ts';

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
    expect(row).toMatchObject({
      id: body.id,
      firstName: 'Marco',
      lastName: 'DeLuca',
      workEmail: 'marco@deluca-reno.ca',
      mobile: '647-555-0134',
      company: 'DeLuca Renovations',
      website: 'https://deluca-reno.ca',
      industry: 'contractors',
      city: 'Toronto',
      monthlyMarketingBudget: '2500-5000',
      biggestGoal: body.biggestGoal,
      howDidYouHear: 'A friend at the BIA',
      caslConsent: 'true',
      consentVersion: CONSENT_VERSION,
      consentPage: '/q4-intake',
    });
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
    const second = await postJson('/api/q4-intake', { ...body, company: 'A retry that changed its mind' }, FROM_FORM);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(await second.json()).toEqual(await first.json());
    expect(await countRows(sql, body.id)).toBe(1);
    expect((await findIntakeApplication(sql, body.id))!.company).toBe('DeLuca Renovations');
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
    expect(await res.json()).toEqual({ error: 'Invalid fields: caslConsent', fields: { caslConsent: CONSENT_REQUIRED_MESSAGE } });
    expect(await countRows(sql, body.id)).toBe(0);
  });

  test('every bad field is named at once', async () => {
    const { postJson } = await testApp();
    const res = await postJson('/api/q4-intake', application({ workEmail: 'marco@', industry: 'restaurants', monthlyMarketingBudget: 'lots', website: 'deluca-reno.ca', id: 'not-a-uuid' }));
    expect(res.status).toBe(400);
    const { fields } = (await res.json()) as { fields: Record<string, string> };
    expect(Object.keys(fields).sort()).toEqual(['id', 'industry', 'monthlyMarketingBudget', 'website', 'workEmail']);
  });

  test('an answer over its length bound is a 400', async () => {
    const { postJson } = await testApp();
    const res = await postJson('/api/q4-intake', application({ biggestGoal: 'x'.repeat(2001) }));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { fields: object }).fields).toHaveProperty('biggestGoal');
  });

  test('the write guards apply: cross-site 403, non-JSON 415', async () => {
    const { postJson, request } = await testApp();
    expect((await postJson('/api/q4-intake', application(), { origin: 'https://elsewhere.example' })).status).toBe(403);
    const res = await request('/api/q4-intake', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'firstName=a' });
    expect(res.status).toBe(415);
  });

  test('a database that does not answer is a 503, not a hang', async () => {
    const never = (() => new Promise(() => {})) as never;
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
