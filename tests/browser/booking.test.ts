import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { openDatabase } from '../../db/client.ts';
import { saveBookingHours } from '../../db/queries/booking-settings.ts';
import { bookingCopy } from '../../lib/content/booking.ts';
import { startSmtpServer, type TestSmtpServer } from '../fixtures/smtp-server.ts';
import { axeViolations } from '../helpers/axe.ts';
import { DESKTOP, launchBrowser, openPage, PHONE } from '../helpers/browser.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';
import { createStaff } from '../helpers/staff.ts';
import { freshDataDir } from '../helpers/template-db.ts';

// Booking a strategy session as a visitor does it: on a touch phone and on a desktop, with JavaScript
// and without; the confirmation and the staff member's email as a mail app shows them. Screenshots go to
// /tmp/booking-shots for a person to look at.
setDefaultTimeout(120_000);

const SHOTS = '/tmp/booking-shots';

let server: RunningServer;
let browser: Browser;
let smtp: TestSmtpServer;

beforeAll(async () => {
  const dataDir = process.env.DATABASE_URL ? undefined : await freshDataDir();
  smtp = await startSmtpServer();
  const db = await openDatabase({ DATABASE_URL: process.env.DATABASE_URL ?? '', DATA_DIR: dataDir ?? '' });
  try {
    // Only this file's staff member takes bookings in this database (the others' are switched off).
    await db.sql`update booking_settings set accepting = false`;
    const staff = await createStaff(db.sql, 'maya');
    await saveBookingHours(db.sql, staff.id, { hours: 'Mon-Sun 08:00-20:00', accepting: true, displayName: 'Maya Chen' }, new Date());
  } finally {
    await db.close();
  }
  [server, browser] = await Promise.all([startServer({ SMTP_URL: smtp.url, JOB_POLL_MS: '50', RATE_LIMITS: 'off' }, dataDir), launchBrowser()]);
  mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.stop();
});

async function bookFirstTime(page: Page, who: { name: string; email: string }) {
  await page.locator('[data-slot]').first().click();
  await page.waitForSelector('[data-booking-form]');
  await page.getByLabel(bookingCopy.fields.name).fill(who.name);
  await page.getByLabel(bookingCopy.fields.email).fill(who.email);
  await page.getByLabel(bookingCopy.fields.note).fill('Two clinics, one in Leslieville. Mostly Google Maps questions.');
  await Promise.all([page.waitForURL(/\/book\/manage\/[\w-]{43}\?booked=1$/), page.getByRole('button', { name: bookingCopy.submit }).click()]);
}

/**
 * What a visitor most likely came for is on the first screen: the booked time, how it happens, and both
 * changes (Move and Cancel); the times to move to stay folded, so the page is short.
 */
async function expectAtHand(page: Page, viewport: { width: number; height: number }) {
  for (const target of [
    page.locator('[data-session-state] time'),
    page.locator('[data-session-how]'),
    page.getByText(bookingCopy.manage.moveHeading, { exact: true }),
    page.getByText(bookingCopy.manage.cancelSubmit, { exact: true }),
  ]) {
    const box = await target.boundingBox();
    expect(box).not.toBeNull();
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(viewport.height);
  }
  expect(await page.locator('[data-slot]').first().isVisible()).toBe(false);
  // The page's own part (the footer under it aside) is little more than a screen, not the 4,000 px of two weeks of times.
  expect(await page.evaluate(() => document.querySelector('main')?.getBoundingClientRect().height ?? Infinity)).toBeLessThan(viewport.height * 1.3);
}

for (const [label, viewport, options] of [
  ['a touch phone', PHONE, { hasTouch: true, isMobile: true }],
  ['a desktop', DESKTOP, {}],
] as const) {
  describe(`on ${label} (${viewport.width} px)`, () => {
    test('with JavaScript: pick a time, give name and email, land on the confirmation; move and cancel from the manage page', async () => {
      const { page, context, problems } = await openPage(browser, `${server.url}/book`, viewport, options);
      await page.screenshot({ path: `${SHOTS}/book-${viewport.width}.png`, fullPage: true });
      expect(await axeViolations(page)).toEqual([]);
      // No sideways scrolling on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.locator('[data-slot]').first().click();
      await page.waitForSelector('[data-booking-form]');
      await page.screenshot({ path: `${SHOTS}/book-form-${viewport.width}.png`, fullPage: true });
      // A form sent empty keeps the visitor on it with each message under its field.
      await page.getByRole('button', { name: bookingCopy.submit }).click();
      await page.waitForSelector('#booking-name-error');
      expect(await page.locator('#booking-email-error').textContent()).toBe('Enter an email address like name@business.ca');
      await page.goto(`${server.url}/book`);
      await bookFirstTime(page, { name: 'Amira Haddad', email: `amira-${viewport.width}@haddad-dental.ca` });
      expect(await page.locator('h1').textContent()).toBe(bookingCopy.manage.bookedHeading);
      await page.screenshot({ path: `${SHOTS}/manage-${viewport.width}.png`, fullPage: true });
      expect(await axeViolations(page)).toEqual([]);
      await expectAtHand(page, viewport);
      // No phone given and no video link set: Maya emails them a link.
      expect(await page.locator('[data-session-how]').textContent()).toContain('Maya Chen will email you a link to join before the session.');

      // Move: open the times, a day, tap another time, then confirm.
      await page.getByText(bookingCopy.manage.moveHeading, { exact: true }).click();
      await page.locator('#move [data-slot-day] summary').nth(1).click();
      await page.locator('#move details[data-slot-day][open] [data-slot]').nth(2).click();
      await page.waitForSelector('[data-move-form]');
      await page.screenshot({ path: `${SHOTS}/manage-move-${viewport.width}.png`, fullPage: true });
      await Promise.all([page.waitForURL(/\?moved=1$/), page.getByRole('button', { name: bookingCopy.manage.moveSubmit }).click()]);
      expect(await page.locator('[data-manage-banner]').getAttribute('data-manage-banner')).toBe('moved');
      // Cancel, in two presses: the first only asks.
      await page.getByText(bookingCopy.manage.cancelSubmit, { exact: true }).click();
      expect(await page.getByText(bookingCopy.manage.cancelConfirm).isVisible()).toBe(true);
      await Promise.all([page.waitForLoadState('load'), page.getByRole('button', { name: bookingCopy.manage.cancelConfirmSubmit }).click()]);
      await page.waitForSelector('[data-session-state="cancelled"]');
      expect(await page.locator('[data-session-state]').textContent()).not.toContain('it is how you move or cancel');
      await page.screenshot({ path: `${SHOTS}/manage-cancelled-${viewport.width}.png`, fullPage: true });
      // The empty form's 400 answer (the page with its messages) is the one error the browser reports.
      expect(problems.filter((p) => !/status of 400 .*\/api\/booking\)$/.test(p))).toEqual([]);
      await context.close();
    });

    test('without JavaScript: the same booking works with plain links and a plain form; the manage page moves and cancels too', async () => {
      const context = await browser.newContext({ viewport, javaScriptEnabled: false, ...options });
      const page = await context.newPage();
      await page.goto(`${server.url}/book`);
      await bookFirstTime(page, { name: 'Joon Park', email: `joon-${viewport.width}@parkfitness.ca` });
      expect(await page.locator('h1').textContent()).toBe(bookingCopy.manage.bookedHeading);
      await page.screenshot({ path: `${SHOTS}/manage-nojs-${viewport.width}.png`, fullPage: true });
      await expectAtHand(page, viewport);
      // The disclosures are the browser's own: a day opens, a time is a link, the form confirms.
      await page.getByText(bookingCopy.manage.moveHeading, { exact: true }).click();
      await page.locator('#move [data-slot-day] summary').first().click();
      await Promise.all([page.waitForURL(/\?move=/), page.locator('#move details[data-slot-day][open] [data-slot]').last().click()]);
      expect(await page.locator('[data-move-form]').isVisible()).toBe(true);
      await Promise.all([page.waitForURL(/\?moved=1$/), page.getByRole('button', { name: bookingCopy.manage.moveSubmit }).click()]);
      await page.getByText(bookingCopy.manage.cancelSubmit, { exact: true }).click();
      await Promise.all([page.waitForURL(/\/book\/manage\/[\w-]{43}$/), page.getByRole('button', { name: bookingCopy.manage.cancelConfirmSubmit }).click()]);
      expect(await page.locator('[data-session-state]').getAttribute('data-session-state')).toBe('cancelled');
      await page.screenshot({ path: `${SHOTS}/manage-nojs-cancelled-${viewport.width}.png`, fullPage: true });
      await context.close();
    });
  });
}

test('a visitor in Mumbai sees their own time under each Toronto time; one in Toronto sees nothing added', async () => {
  for (const [timezoneId, expected] of [
    ['Asia/Kolkata', true],
    ['America/Toronto', false],
  ] as const) {
    const context = await browser.newContext({ viewport: PHONE, timezoneId });
    const page = await context.newPage();
    await page.goto(`${server.url}/book`);
    await page.waitForSelector('html[data-islands-ready]', { state: 'attached' });
    const first = page.locator('[data-slot]').first();
    const [toronto, local] = [await first.locator('time').textContent(), await first.locator('[data-local]').count()];
    expect(local > 0).toBe(expected);
    if (expected) {
      // Toronto is 10½ hours behind India in winter (EST, UTC−5; IST, UTC+5:30, no daylight time); both on the 12-hour clock.
      expect(toronto).toMatch(/^(1[0-2]|[1-9]):[0-5]\d [ap]\.m\.$/);
      const inIndia = new Date(Date.parse((await first.getAttribute('data-slot')) ?? '') + 5.5 * 3_600_000);
      const [h, m] = [inIndia.getUTCHours(), inIndia.getUTCMinutes()];
      // No-break spaces keep "8:30 p.m." and "your time" whole in a narrow button.
      expect(await first.locator('[data-local]').textContent()).toBe(
        `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')}\u00a0${h < 12 ? 'a.m.' : 'p.m.'} your\u00a0time`,
      );
      // ICU may name the zone by its older alias.
      expect(await page.locator('[data-local-zone]').textContent()).toMatch(/^Under each: your own time \(Asia\/(Kolkata|Calcutta)\)\.$/);
      await page.screenshot({ path: `${SHOTS}/book-kolkata-390.png` });
      // The chosen time, white on blue: its own-time line stays readable there too (axe's contrast check).
      await page.goto(`${server.url}/book?start=${encodeURIComponent((await first.getAttribute('data-slot')) ?? '')}`);
      await page.waitForSelector('html[data-islands-ready]', { state: 'attached' });
      const chosen = page.locator('[data-slot][aria-current="true"]');
      expect(await chosen.locator('[data-local]').count()).toBe(1);
      expect(await axeViolations(page)).toEqual([]);
    }
    await context.close();
  }
});

test('the confirmation and the staff member’s email, as a mail app shows them, at 390 and 1280 px', async () => {
  const mail = await smtp.waitFor(4, 20_000);
  const confirmation = mail.find((m) => m.to[0] === 'amira-390@haddad-dental.ca' && String(m.parsed.subject).startsWith('Your strategy session'));
  const staffEmail = mail.find((m) => m.to[0].startsWith('maya-'));
  expect(confirmation).toBeDefined();
  expect(staffEmail).toBeDefined();
  for (const [name, message] of [
    ['email-confirmation', confirmation],
    ['email-staff', staffEmail],
  ] as const) {
    expect(message?.raw).toContain('text/calendar');
    for (const viewport of [PHONE, DESKTOP]) {
      const context = await browser.newContext({ viewport, javaScriptEnabled: false });
      const page = await context.newPage();
      await page.setContent(String(message?.parsed.html));
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.screenshot({ path: `${SHOTS}/${name}-${viewport.width}.png`, fullPage: true });
      await context.close();
    }
  }
});
