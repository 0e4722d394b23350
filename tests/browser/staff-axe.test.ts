import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import type { BrowserContext, Page } from 'playwright-core';
import { AB_TEST_IDS, AB_VARIANT_IDS } from '../../lib/ab/definitions.ts';
import { validAudit } from '../helpers/audit.ts';
import { axeViolations } from '../helpers/axe.ts';
import { DESKTOP, PHONE, waitForIslands } from '../helpers/browser.ts';
import { validIntake } from '../helpers/intake.ts';
import { signInOnPage } from '../helpers/staff.ts';
import { staffServerAndBrowser } from '../helpers/staff-server.ts';

setDefaultTimeout(120_000);

// Every staff page, signed in with leads to show, at 390 and 1280 px: axe-core (WCAG 2.1 A and AA and
// best practices) finds nothing on any of them. The counts per page are printed, for the record.

const ctx = staffServerAndBrowser('axe', {}, { twoFactor: true });
let auditId: string;
let intakeId: string;
let personId: string;

async function post(path: string, body: unknown) {
  const res = await fetch(`${ctx.server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', referer: `${ctx.server.url}/`, origin: ctx.server.url },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(201);
}

beforeAll(async () => {
  const tag = crypto.randomUUID().slice(0, 8);
  const audit = validAudit({ email: `axe.${tag}@example.ca`, phone: '416-555-0199', businessName: `Axe Bakery ${tag}` });
  await post('/api/business-audit', { ...audit, fillMs: 60_000 });
  const intake = validIntake({ workEmail: `axe.${tag}@example.ca`, company: `Axe Bakery ${tag}` });
  await post('/api/q4-intake', { ...intake, fillMs: 60_000 });
  auditId = audit.id;
  intakeId = intake.id;
});

describe.each([
  ['phone (390 px)', PHONE],
  ['desktop (1280 px)', DESKTOP],
] as const)('every staff page on a %s', (_label, viewport) => {
  let context: BrowserContext;
  let page: Page;
  const counts: Record<string, number> = {};

  beforeAll(async () => {
    context = await ctx.browser.newContext({ viewport, hasTouch: viewport === PHONE, isMobile: viewport === PHONE });
    page = await context.newPage();
    for (const path of ['/admin/login', '/admin/password-reset']) {
      await page.goto(`${ctx.server.url}${path}`);
      await waitForIslands(page);
      counts[path] = (await axeViolations(page)).length;
    }
    await page.goto(`${ctx.server.url}/admin/login`);
    await signInOnPage(page, ctx.staff);
    const people = (await (await page.request.get(`${ctx.server.url}/admin/api/people?q=${encodeURIComponent(`axe.`)}`)).json()) as {
      people: { id: string }[];
    };
    personId = people.people[0].id;
  });

  afterAll(async () => {
    console.log(`axe violations per staff page, ${viewport.width} px: ${JSON.stringify(counts)}`);
    await context?.close();
  });

  const pages = () => [
    '/admin/leads',
    '/admin/leads?sort=newest',
    '/admin/board',
    `/admin/people/${personId}`,
    `/admin/leads/audit/${auditId}`,
    `/admin/leads/intake/${intakeId}`,
    '/admin/sessions',
    '/admin/booking',
    '/admin/account',
    '/admin/ab-tests',
    '/admin/content',
    '/admin/content/hero',
    '/admin/content/audit-form',
    '/admin/experiments',
    '/admin/experiments/new?slot=hero',
    '/admin/experiments/new?slot=audit-form',
    `/admin/experiments/${AB_TEST_IDS.hero}`,
    `/admin/experiments/${AB_TEST_IDS.hero}/preview/${AB_VARIANT_IDS.hero.variantB}`,
    '/admin/analytics',
    '/admin/analytics?from=2030-01-01&to=2030-01-31',
  ];

  test('axe-core finds nothing on any of them', async () => {
    const found: Record<string, string[]> = {};
    for (const path of pages()) {
      const res = await page.goto(`${ctx.server.url}${path}`);
      expect({ path, status: res?.status() }).toEqual({ path, status: 200 });
      await waitForIslands(page);
      const violations = await axeViolations(page);
      counts[path.replace(/[0-9a-f-]{36}/g, '{id}')] = violations.length;
      if (violations.length > 0) found[path] = violations;
    }
    if (Object.keys(found).length > 0) console.log(JSON.stringify(found));
    expect(found).toEqual({});
    expect(Object.values(counts).every((n) => n === 0)).toBe(true);
  });
});
