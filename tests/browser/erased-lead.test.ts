import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { openDatabase } from '../../db/client.ts';
import { encodeTouch } from '../../lib/leads/attribution.ts';
import { startWebhookReceiver, type TestWebhookReceiver } from '../fixtures/webhook-receiver.ts';
import { validAudit } from '../helpers/audit.ts';
import { axeViolations } from '../helpers/axe.ts';
import { DESKTOP, launchBrowser, openPage, PHONE, VISITOR_USER_AGENT, waitForIslands } from '../helpers/browser.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';
import { createStaff, signInOnPage, type TestStaff } from '../helpers/staff.ts';
import { freshDataDir } from '../helpers/template-db.ts';

// Real servers, browsers and databases: a test may take longer than Bun's 5 s default.
setDefaultTimeout(60_000);

// Erasing a lead as staff do it, on a phone and on a desktop: the lead's page before (with where the
// person came from in full), the erase form, and the erased record after: source and medium only, the
// erasure notice to the webhook receiver, no sideways scroll, and no axe-core violations on either.

const SHOTS = '/tmp/erased-lead-shots';
const SECRET = `whsec_${Buffer.from('northline-erased-browser-secret!').toString('base64')}`;
let server: RunningServer;
let browser: Browser;
let staff: TestStaff;
let receiver: TestWebhookReceiver;

beforeAll(async () => {
  const dataDir = process.env.DATABASE_URL ? undefined : await freshDataDir();
  const db = await openDatabase({ DATABASE_URL: process.env.DATABASE_URL ?? '', DATA_DIR: dataDir ?? '' });
  try {
    staff = await createStaff(db.sql, 'eraser', 'owner', { twoFactor: true });
  } finally {
    await db.close();
  }
  receiver = startWebhookReceiver(SECRET);
  [server, browser] = await Promise.all([
    startServer({ RATE_LIMITS: 'off', LEAD_WEBHOOK_URL: receiver.url, LEAD_WEBHOOK_SECRET: SECRET }, dataDir),
    launchBrowser(),
  ]);
  mkdirSync(SHOTS, { recursive: true });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await receiver?.stop();
});

describe.each([
  ['touch phone', PHONE],
  ['desktop', DESKTOP],
] as const)('erasing a lead on a %s', (_device, viewport) => {
  test('the lead before, the erase form, and the record after: nothing personal, source and medium kept', async () => {
    const term = `reader.${crypto.randomUUID().slice(0, 6)}@letters.example`;
    const touch = encodeTouch({
      utm_source: 'newsletter',
      utm_medium: 'email',
      utm_campaign: 'winter-tips',
      utm_term: term,
      utm_content: 'sub-40417',
      landing: '/',
      at: '2026-11-20T14:00:00.000Z',
    });
    const audit = validAudit({ firstName: 'Oksana', lastName: `Bilyk ${viewport.width}` });
    const sent = await fetch(`${server.url}/api/business-audit`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': VISITOR_USER_AGENT,
        cookie: `first_touch=${encodeURIComponent(touch)}`,
        referer: `${server.url}/`,
      },
      body: JSON.stringify({ ...audit, fillMs: 60_000 }),
    });
    expect(sent.status).toBe(201);

    const { page, context, problems } = await openPage(browser, `${server.url}/admin/login?next=/admin/leads/audit/${audit.id}`, viewport);
    await signInOnPage(page, staff, `/admin/leads/audit/${audit.id}`);
    await waitForIslands(page);
    expect(await page.locator('main').textContent()).toContain(term);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByText('Erase this lead').click();
    await page.getByLabel('I confirm this person asked to be erased. This cannot be undone.').check();
    await Promise.all([page.waitForURL(`${server.url}/admin/leads/audit/${audit.id}`), page.getByRole('button', { name: 'Erase', exact: true }).click()]);
    await waitForIslands(page);
    // The erasure notice reaches the receiver (the worker sends it after the erasure commits).
    for (let waited = 0; !receiver.requests.some((r) => r.id === `msg_lead_erased_audit_${audit.id}`); waited += 50) {
      if (waited > 15_000) throw new Error('no erasure notice');
      await Bun.sleep(50);
    }
    await Bun.sleep(200);
    await page.reload();
    await waitForIslands(page);

    const text = (await page.locator('main').textContent()) ?? '';
    expect(text).toContain('Erased lead');
    expect(text).toContain('Personal details erased on request');
    expect(text).toContain('newsletter / email');
    expect(text).toContain(`${staff.email} erased the personal details on request`);
    for (const gone of [audit.firstName, audit.lastName, audit.email, audit.businessName, audit.phone ?? '', term, 'sub-40417', 'winter-tips'])
      expect(text).not.toContain(gone);
    const notice = page.locator('[data-delivery="erased-webhook"]');
    expect(await notice.getAttribute('data-state')).toBe('delivered');
    expect(await notice.textContent()).toContain('Erasure notice (webhook)');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/erased-${viewport.width}.png`, fullPage: true });
    expect(problems).toEqual([]);
    await context.close();
  });
});
