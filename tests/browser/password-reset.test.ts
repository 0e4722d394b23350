import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { openDatabase } from '../../db/client.ts';
import { RESET_DONE, RESET_LINK_DEAD, RESET_SENT } from '../../lib/staff/password-reset.ts';
import { type ReceivedMail, startSmtpServer, type TestSmtpServer } from '../fixtures/smtp-server.ts';
import { axeViolations } from '../helpers/axe.ts';
import { launchBrowser, PHONE } from '../helpers/browser.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';
import { createStaff, type TestStaff } from '../helpers/staff.ts';
import { freshDataDir } from '../helpers/template-db.ts';

// Real servers, browsers, databases and a real SMTP server: a test may take longer than Bun's 5 s default.
setDefaultTimeout(60_000);

// A staff member who forgot their password, on a phone (390 px), with JavaScript and without: from
// the sign-in page's link to the email, the link to the new password, and signing in with it; the
// link a second time. Every page passes axe-core and fits the screen; screenshots go to
// /tmp/password-reset-shots.

const SHOTS = '/tmp/password-reset-shots';
const NEW_PASSWORD = 'lighthouse ferry island breeze';

let server: RunningServer;
let browser: Browser;
let smtp: TestSmtpServer;
const staffFor: Record<string, TestStaff> = {};

beforeAll(async () => {
  smtp = await startSmtpServer();
  const dataDir = process.env.DATABASE_URL ? undefined : await freshDataDir();
  const db = await openDatabase({ DATABASE_URL: process.env.DATABASE_URL ?? '', DATA_DIR: dataDir ?? '' });
  try {
    for (const mode of ['js', 'no-js']) staffFor[mode] = await createStaff(db.sql, `forgot-${mode}`);
  } finally {
    await db.close();
  }
  [server, browser] = await Promise.all([startServer({ SMTP_URL: smtp.url }, dataDir), launchBrowser()]);
  mkdirSync(SHOTS, { recursive: true });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.stop();
});

async function mailTo(email: string): Promise<ReceivedMail> {
  for (const deadline = Date.now() + 20_000; Date.now() < deadline; await Bun.sleep(20)) {
    const mail = smtp.received.find((m) => m.to.includes(email));
    if (mail) return mail;
  }
  throw new Error(`no email to ${email}`);
}

/**
 * The page axe-core can run on: this one, or, where JavaScript is off (axe needs its timers), the same
 * document as this page has it, in a page of its own with JavaScript on (the stylesheet is inline).
 */
async function axeable(page: Page): Promise<Page> {
  if (await page.evaluate(() => document.querySelector('html[data-islands-ready]') !== null).catch(() => false)) return page;
  const html = await page.content();
  const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled: true });
  const copy = await context.newPage();
  await copy.route('**/*', (route) => route.abort());
  await copy.setContent(html);
  return copy;
}

describe.each([
  ['with JavaScript', 'js'],
  ['without JavaScript', 'no-js'],
] as const)('a forgotten password on a phone %s', (_name, mode) => {
  let page: Page;
  let problems: string[];
  let link: string;

  const check = async (name: string) => {
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await axeViolations(await axeable(page))).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/${name}-${mode}-${PHONE.width}.png`, fullPage: true });
  };
  /** What went wrong in the browser, less the answers this test asked for (a refused password 400, a used link 410). */
  const unexpected = () => problems.filter((p) => !/status of 4(00|10) /.test(p));

  test('Forgot your password? on the sign-in page, then the work email', async () => {
    const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true, javaScriptEnabled: mode === 'js' });
    page = await context.newPage();
    problems = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error') problems.push(`console.error: ${msg.text()}`);
    });
    page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
    await page.goto(`${server.url}/admin/login`);
    await Promise.all([page.waitForURL(`${server.url}/admin/password-reset`), page.getByRole('link', { name: 'Forgot your password?' }).click()]);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Forgot your password?');
    await check('ask');

    await page.getByLabel('Work email').fill(staffFor[mode].email.toUpperCase());
    await Promise.all([page.waitForLoadState('load'), page.getByRole('button', { name: 'Send me a link' }).click()]);
    expect(await page.getByRole('status').textContent()).toBe(RESET_SENT);
    await check('sent');
  });

  test('the email’s link: a weak password is refused beside its field, a good one is set', async () => {
    const mail = await mailTo(staffFor[mode].email);
    link = mail.parsed.text?.match(/https?:\/\/\S+\/admin\/password-reset\/[\w-]{43}/)?.[0] ?? '';
    expect(link).toStartWith(server.url);
    await page.goto(link);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Set a new password');
    await check('new-password');

    await page.locator('#reset-password').fill('Password1234');
    await page.locator('#reset-again').fill('Password1234');
    await Promise.all([page.waitForLoadState('load'), page.getByRole('button', { name: 'Set password' }).click()]);
    expect(await page.locator('#reset-password-error').textContent()).toStartWith('That password is on the list of common passwords');
    expect(await page.locator('#reset-password').getAttribute('aria-invalid')).toBe('true');
    await check('new-password-error');

    await page.locator('#reset-password').fill(NEW_PASSWORD);
    await page.locator('#reset-again').fill(NEW_PASSWORD);
    await Promise.all([page.waitForLoadState('load'), page.getByRole('button', { name: 'Set password' }).click()]);
    expect(await page.getByRole('status').textContent()).toBe(RESET_DONE);
    await check('done');
  });

  test('Sign in with the new password; the link a second time no longer works', async () => {
    await Promise.all([page.waitForURL(`${server.url}/admin/login`), page.getByRole('link', { name: 'Sign in' }).click()]);
    await page.getByLabel('Work email').fill(staffFor[mode].email);
    await page.getByLabel('Password').fill(NEW_PASSWORD);
    await Promise.all([page.waitForURL(`${server.url}/admin/leads`), page.getByRole('button', { name: 'Sign in' }).click()]);

    await page.goto(link);
    expect(await page.getByRole('alert').textContent()).toBe(RESET_LINK_DEAD);
    await check('used');
    expect(unexpected()).toEqual([]);
    await page.context().close();
  });
});
