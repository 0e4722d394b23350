import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { mkdirSync, readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { openDatabase } from '../../db/client.ts';
import { STAFF_EXPORT_COLUMNS } from '../../lib/leads/export.ts';
import { fillStep1, fillSteps2to4, type Profile, pauseLikeAPerson, wizard } from '../helpers/audit-browser.ts';
import { DESKTOP, hydrateIsland, launchBrowser, openPage, PHONE, waitForIslands } from '../helpers/browser.ts';
import { csvObjects, parseCsv } from '../helpers/csv.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';
import { createStaff, type TestStaff } from '../helpers/staff.ts';
import { freshDataDir } from '../helpers/template-db.ts';

// Real servers, browsers and databases: a test may take longer than Bun's 5 s default.
setDefaultTimeout(60_000);

// The back office end to end, as staff meet it on a touch phone and on a desktop: a visitor's audit
// arrives, staff sign in, find it, assign it, move it along with a note, change it again from the
// inbox in one step, export it, and sign out leaving nothing private behind the back button.

const SHOTS = '/tmp/back-office-shots';

let server: RunningServer;
let browser: Browser;
let staff: TestStaff;

beforeAll(async () => {
  // The account goes into the server's own database before the server opens it: the same PostgreSQL
  // at DATABASE_URL, or a fresh embedded one that the server is then started on (it has one user at a time).
  const dataDir = process.env.DATABASE_URL ? undefined : await freshDataDir();
  const db = await openDatabase({ DATABASE_URL: process.env.DATABASE_URL ?? '', DATA_DIR: dataDir ?? '' });
  try {
    staff = await createStaff(db.sql, 'maya');
  } finally {
    await db.close();
  }
  [server, browser] = await Promise.all([startServer({}, dataDir), launchBrowser()]);
  mkdirSync(SHOTS, { recursive: true });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** An audit from a café (accented, so the CSV's UTF-8 is checked too), unique to this run and device. */
function cafeProfile(runId: string): Profile {
  return {
    text: {
      'First name': 'Fiona',
      'Last name': `Okafor ${runId}`,
      Email: `fiona-${runId}@cafe-lumiere.example`,
      Phone: '647-555-0142',
      'Business name': `Café Lumière ${runId}`,
      Website: '',
    },
    selects: {
      Industry: 'restaurants',
      'Monthly revenue': '25000-50000',
      'Monthly marketing budget': '1000-5000',
      'When do you want to see results?': '1-3-months',
    },
    checks: ['Generate more leads', 'Word of mouth & referrals', 'No time to do marketing'],
    radios: ['Fair: a website, not much else', 'We have some idea', 'No, this would be our first'],
    answers: {},
  };
}

describe.each([
  ['touch phone', PHONE, true],
  ['desktop', DESKTOP, false],
] as const)('the back office on a %s', (_device, viewport, touch) => {
  const runId = crypto.randomUUID().slice(0, 8);
  const profile = cafeProfile(runId);
  const name = `${profile.text['First name']} ${profile.text['Last name']}`;
  const business = profile.text['Business name'];
  const email = profile.text.Email;
  const note = `Left a voicemail for ${name}; she prefers French (ça va), call back Tuesday 10:00.`;

  let page: Page;
  let context: BrowserContext;
  let problems: string[];
  let leadId: string;
  const leadUrl = () => `${server.url}/admin/leads/audit/${leadId}`;
  const row = () => page.locator(`tr[data-lead="audit/${leadId}"]`);

  /** A tap on the phone, a click on the desktop. */
  const press = (target: Locator) => (touch ? target.tap() : target.click());

  /** The page holds no sideways scroll at this width. */
  const expectNoSidewaysScroll = async () => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

  /** Searches the inbox with its filter form, as staff would type it. */
  async function search(text: string) {
    const filters = page.getByRole('form', { name: 'Filter leads' });
    await filters.getByLabel('Search').fill(text);
    await Promise.all([
      page.waitForURL((url) => url.pathname === '/admin/leads' && url.searchParams.get('q') === text),
      press(filters.getByRole('button', { name: 'Apply filters' })),
    ]);
    await waitForIslands(page);
  }

  test('a visitor sends the free audit from the home page', async () => {
    ({ page, context, problems } = await openPage(browser, `${server.url}/`, viewport, { hasTouch: touch, isMobile: touch }));
    await hydrateIsland(page, 'AuditWizard');
    const shownAt = Date.now();
    await fillStep1(page, profile);
    await fillSteps2to4(page, profile);
    // Sent faster than a person could, it would be filed as spam, which the inbox keeps apart.
    await pauseLikeAPerson(shownAt);
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/business-audit') && r.request().method() === 'POST');
    await press(wizard(page).getByRole('button', { name: 'Get My Free Audit' }));
    const response = await answered;
    expect(response.status()).toBe(201);
    leadId = ((await response.json()) as { audit: { id: string } }).audit.id;
    expect(leadId).toMatch(/^[0-9a-f-]{36}$/);
    await wizard(page).locator('[data-audit-results]').waitFor();
  });

  test('the inbox sends a signed-out browser to sign in, and signing in comes back to it', async () => {
    await page.goto(`${server.url}/admin/leads`);
    await waitForIslands(page);
    expect(page.url()).toBe(`${server.url}/admin/login?next=%2Fadmin%2Fleads`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Staff sign-in');
    expect(await page.locator('input[name="next"]').inputValue()).toBe('/admin/leads');
    await page.getByLabel('Work email').fill(staff.email);
    await page.getByLabel('Password').fill(staff.password);
    await Promise.all([page.waitForURL(`${server.url}/admin/leads`), press(page.getByRole('button', { name: 'Sign in' }))]);
    await waitForIslands(page);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Leads');
    expect(await page.getByRole('button', { name: 'Log out' }).isVisible()).toBe(true);
  });

  test('searching the business name finds the lead, and it opens', async () => {
    await search(business);
    expect(await page.locator('tbody tr').count()).toBe(1);
    expect(await page.getByText('Showing 1–1 of 1 person').isVisible()).toBe(true);
    const text = await row().textContent();
    for (const part of [name, business, email, 'Unassigned']) expect(text).toContain(part);
    expect(await row().getByLabel(`Status of ${name}`).inputValue()).toBe('new');

    // The row is the person's (their name opens their page); the lead's type opens the lead.
    expect(await row().getByRole('link', { name }).getAttribute('href')).toMatch(/^\/admin\/people\/[0-9a-f-]{36}$/);
    await Promise.all([page.waitForURL(leadUrl()), press(row().getByRole('link', { name: /^Audit of / }))]);
    await waitForIslands(page);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(name);
    expect(await page.locator('[data-lead-contact]').getByRole('link', { name: email }).getAttribute('href')).toBe(`mailto:${email}`);
    expect(await page.locator('ol[data-timeline] li[data-event="submitted"]').count()).toBe(1);
    expect(await page.locator('[data-reply-by]').textContent()).toContain('Reply by ');
  });

  test('assigning it to me and moving it to contacted with a note: the timeline shows each', async () => {
    const owner = page.getByLabel('Assigned to');
    expect(await owner.inputValue()).toBe('none');
    expect(await owner.locator(`option[value="${staff.id}"]`).textContent()).toBe('Me');
    await owner.selectOption(staff.id);
    await press(page.getByRole('button', { name: 'Assign' }));
    // Each form answers with a redirect back to this page, which then carries the change.
    const timeline = page.locator('ol[data-timeline]');
    await timeline.locator('li[data-event="owner"]').waitFor();
    await waitForIslands(page);
    // Back at the form, with the change said beside it.
    expect(page.url()).toBe(`${leadUrl()}?saved=owner#owner`);
    expect(await page.locator('[data-saved="owner"]').textContent()).toBe(`Assigned to ${staff.email}.`);
    expect(await page.getByLabel('Assigned to').inputValue()).toBe(staff.id);

    await page.getByLabel('Move to').selectOption('contacted');
    await page.getByLabel('Note (optional)').fill(note);
    await press(page.getByRole('button', { name: 'Save status' }));
    await timeline.locator('li[data-event="status"]').waitFor();
    await waitForIslands(page);
    expect(page.url()).toBe(`${leadUrl()}?saved=status#status`);
    expect(await page.locator('[data-saved="status"]').textContent()).toBe('Saved: Contacted.');
    expect(await page.getByLabel('Move to').inputValue()).toBe('contacted');
    expect(await page.getByLabel('Note (optional)').inputValue()).toBe('');

    // Staff actions in order; the notifications' own entries (written by the worker) may fall anywhere after submitted.
    const events = await timeline.locator('li').evaluateAll((items) => items.map((li) => li.getAttribute('data-event')));
    expect(events.filter((e) => e !== 'delivery')).toEqual(['submitted', 'owner', 'status']);
    expect(await timeline.locator('li[data-event="owner"] > div').first().textContent()).toBe(`${staff.email} assigned it to ${staff.email}`);
    const status = timeline.locator('li[data-event="status"]');
    expect(await status.locator('> div').first().textContent()).toBe(`${staff.email} moved it from New to Contacted`);
    expect(await status.locator('p').textContent()).toBe(note);
    // Moving it on from new kept the promise: the badge says how soon, never "was due by".
    expect(await page.locator('[data-reply-by]').textContent()).toMatch(/Replied in \d+ (min|h)/);
    // Opening the lead was logged, out of the way.
    expect(await page.getByText(/^Opened \d+ times? by staff \(access log\)$/).count()).toBe(1);

    await expectNoSidewaysScroll();
    await page.screenshot({ path: `${SHOTS}/lead-${viewport.width}.png`, fullPage: true });
  });

  test('in the inbox, the row’s status saves in one change, and a reload shows it', async () => {
    await Promise.all([page.waitForURL(`${server.url}/admin/leads`), press(page.getByRole('link', { name: '← All leads' }))]);
    await waitForIslands(page);
    await search(business);
    expect(await row().textContent()).toContain(staff.email);
    const select = row().getByLabel(`Status of ${name}`);
    expect(await select.inputValue()).toBe('contacted');
    // Hydrated, the island saves on change: its Save button (for a browser without JavaScript) is gone.
    expect(await row().getByRole('button', { name: 'Save' }).count()).toBe(0);

    const here = page.url();
    const saved = page.waitForResponse((r) => r.url() === `${server.url}/admin/api/leads/audit/${leadId}/status`);
    await select.selectOption('session booked');
    const response = await saved;
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ status: 'session booked', changed: true, followUp: expect.any(Object), overdueLeads: expect.any(Number) });
    await row().locator('[aria-live="polite"]', { hasText: 'Saved' }).waitFor();
    expect(page.url()).toBe(here);

    await page.reload();
    await waitForIslands(page);
    expect(await row().getByLabel(`Status of ${name}`).inputValue()).toBe('session booked');
    await expectNoSidewaysScroll();
    await page.screenshot({ path: `${SHOTS}/inbox-${viewport.width}.png`, fullPage: true });
  });

  test('Export CSV downloads the filtered leads in words: UTF-8 with a byte order mark, the headings, the lead', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), press(page.getByRole('link', { name: 'Export CSV' }))]);
    expect(new URL(download.url()).pathname).toBe('/admin/leads.csv');
    expect(new URL(download.url()).searchParams.get('q')).toBe(business);
    expect(download.suggestedFilename()).toMatch(/^northline-leads-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = readFileSync(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes.subarray(3));
    const records = parseCsv(text);
    expect(records).toHaveLength(2);
    expect(records[0]).toEqual([...STAFF_EXPORT_COLUMNS]);
    const [cells] = csvObjects(text);
    expect(cells).toMatchObject({
      Type: 'Audit',
      Name: name,
      Business: business,
      Email: email,
      Status: 'Session booked',
      Owner: staff.email,
      // The visitor typed the address: no campaign, no referring site.
      Source: 'direct / none',
      'Audit: Business name': business,
    });
    expect(cells['Received (Toronto time)']).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(cells.Score).toMatch(/^\d{1,3}$/);
    expect(['Starter', 'Growth', 'Enterprise']).toContain(cells['Package tier']);
    expect(cells['What the tier means']).toStartWith(`${cells['Package tier']}: `);
  });

  test('Log out ends the session, and the back button shows nothing private', async () => {
    const session = (await context.cookies()).find((c) => c.name === 'staff_session');
    expect(session).toBeDefined();
    await Promise.all([page.waitForURL(`${server.url}/admin/login?signedOut=1`), press(page.getByRole('button', { name: 'Log out' }))]);
    await waitForIslands(page);
    expect(await page.getByRole('status').textContent()).toBe('You are signed out.');
    expect((await context.cookies()).some((c) => c.name === 'staff_session')).toBe(false);
    // The old cookie signs no one in any more: the session itself was deleted, not only the cookie.
    const replay = await fetch(`${server.url}/admin/leads`, { headers: { cookie: `staff_session=${session?.value}` }, redirect: 'manual' });
    expect(replay.status).toBe(303);
    expect(replay.headers.get('location')).toBe('/admin/login?next=%2Fadmin%2Fleads');

    // Back to the inbox page this browser showed: it is not kept (no-store), so it asks the server again.
    await page.goBack();
    await waitForIslands(page);
    expect(new URL(page.url()).pathname).toBe('/admin/login');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Staff sign-in');
    const shown = await page.evaluate(() => document.body.innerText);
    for (const secret of [name, business, email, staff.email]) expect(shown).not.toContain(secret);
    expect(await page.locator(`tr[data-lead]`).count()).toBe(0);

    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('the back office with JavaScript turned off', () => {
  test('sign in, find a lead, change its status from the inbox row, add a note, log out: every form works', async () => {
    const company = `No Script Renos ${crypto.randomUUID().slice(0, 8)}`;
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    try {
      const page = await context.newPage();
      const sent = await page.request.post(`${server.url}/api/q4-intake`, {
        data: {
          firstName: 'Marco',
          lastName: 'DeLuca',
          workEmail: `marco+${crypto.randomUUID().slice(0, 8)}@noscript.example`,
          mobile: '647-555-0134',
          company,
          industry: 'contractors',
          city: 'Toronto',
          monthlyMarketingBudget: '2500-5000',
          biggestGoal: 'Three kitchen renovations a month.',
          caslConsent: 'true',
          fillMs: 60_000,
        },
      });
      expect(sent.status()).toBe(201);

      await page.goto(`${server.url}/admin/leads?q=${encodeURIComponent(company)}`);
      expect(new URL(page.url()).pathname).toBe('/admin/login');
      await page.getByLabel('Work email').fill(staff.email);
      await page.getByLabel('Password').fill(staff.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL((url) => url.pathname === '/admin/leads');
      // Back where the sign-in began: the search kept.
      expect(new URL(page.url()).searchParams.get('q')).toBe(company);

      const row = page.locator('tr[data-lead^="intake/"]');
      expect(await row.count()).toBe(1);
      await row.getByLabel('Status of Marco DeLuca').selectOption('won');
      // Won asks for the monthly retainer, shown by CSS once Won is chosen, without JavaScript too.
      await row.getByLabel('Monthly retainer of Marco DeLuca, CAD').fill('2,750');
      await row.getByRole('button', { name: 'Save' }).click();
      await page.waitForLoadState('load');
      expect(new URL(page.url()).searchParams.get('q')).toBe(company);
      expect(await page.locator('tr[data-lead^="intake/"]').getByLabel('Status of Marco DeLuca').inputValue()).toBe('won');

      await page.locator('tr[data-lead^="intake/"] a[href^="/admin/leads/intake/"]').click();
      await page.getByLabel('Note', { exact: true }).fill('Signed the contract by email.');
      await page.getByRole('button', { name: 'Add note' }).click();
      await page.locator('li[data-event="note"]').waitFor();
      expect(await page.locator('li[data-event="status"]').textContent()).toContain('moved it from New to Won');
      expect(await page.locator('li[data-event="won value"]').textContent()).toContain('set the monthly retainer to $2,750 a month');
      expect(await page.locator('li[data-event="note"]').textContent()).toContain('Signed the contract by email.');

      await page.getByRole('button', { name: 'Log out' }).click();
      await page.waitForURL((url) => url.pathname === '/admin/login');
      expect(await page.getByText('You are signed out.').count()).toBe(1);
    } finally {
      await context.close();
    }
  });
});
