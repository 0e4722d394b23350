import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { mkdirSync } from 'node:fs';
import { Secret, TOTP } from 'otpauth';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { openDatabase } from '../../db/client.ts';
import { axeViolations } from '../helpers/axe.ts';
import { DESKTOP, launchBrowser, openPage, PHONE } from '../helpers/browser.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';
import { createStaff, type TestStaff } from '../helpers/staff.ts';
import { freshDataDir } from '../helpers/template-db.ts';

// Real servers, browsers and databases: a test may take longer than Bun's 5 s default.
setDefaultTimeout(60_000);

// A staff member's own account, as they meet it on a phone and on a desktop: signing in, the account
// page, setting up two-factor sign-in with an authenticator app (the codes computed here with the same
// library apps implement), saving the recovery codes, and signing in again with a code. Every page
// passes axe-core; screenshots go to /tmp/staff-account-shots.

const SHOTS = '/tmp/staff-account-shots';

let server: RunningServer;
let browser: Browser;
const staffFor: Record<string, TestStaff> = {};

beforeAll(async () => {
  const dataDir = process.env.DATABASE_URL ? undefined : await freshDataDir();
  const db = await openDatabase({ DATABASE_URL: process.env.DATABASE_URL ?? '', DATA_DIR: dataDir ?? '' });
  try {
    for (const device of ['phone', 'desktop']) staffFor[device] = await createStaff(db.sql, `maya-${device}`);
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

const codeAt = (secret: string, at: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: at });

describe.each([
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const)('the account on a %s', (device, viewport) => {
  let page: Page;
  let context: BrowserContext;
  let problems: string[];
  let secret: string;
  let staff: TestStaff;

  const shot = async (name: string) => {
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await page.screenshot({ path: `${SHOTS}/${name}-${viewport.width}.png`, fullPage: true });
  };
  const expectAccessible = async () => expect(await axeViolations(page)).toEqual([]);
  /** What went wrong in the browser, less the form answers this test asked for (a refused form is its page with status 400 or 401). */
  const unexpected = () => problems.filter((p) => !/status of 40[01] .*\/admin\/(account\/password|account\/two-factor\/confirm|login\/code)\)$/.test(p));

  test('signing in with the password, then Account in the back office menu', async () => {
    staff = staffFor[device];
    ({ page, context, problems } = await openPage(browser, `${server.url}/admin/login`, viewport, {
      hasTouch: device === 'phone',
      isMobile: device === 'phone',
    }));
    await expectAccessible();
    await page.getByLabel('Work email').fill(staff.email);
    await page.getByLabel('Password').fill(staff.password);
    await Promise.all([page.waitForURL(`${server.url}/admin/leads`), page.getByRole('button', { name: 'Sign in' }).click()]);
    await Promise.all([
      page.waitForURL(`${server.url}/admin/account`),
      page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Account' }).click(),
    ]);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Your account');
    expect(await page.getByRole('link', { name: 'Account' }).getAttribute('aria-current')).toBe('page');
    await expectAccessible();
    await shot('account');
  });

  test('a weak new password is refused beside its field, and nothing changes', async () => {
    await page.getByLabel('Current password').fill(staff.password);
    await page.locator('#account-password').fill('Password1234');
    await page.getByLabel('New password again').fill('Password1234');
    await Promise.all([page.waitForLoadState('load'), page.getByRole('button', { name: 'Change password' }).click()]);
    const error = page.locator('#account-password-error');
    expect(await error.textContent()).toBe(
      'That password is on the list of common passwords attackers try first. Choose another: three or four unrelated words work well',
    );
    expect(await page.locator('#account-password').getAttribute('aria-invalid')).toBe('true');
    await expectAccessible();
    await shot('account-error');
  });

  test('setting up two-factor sign-in: the QR code and the key, a wrong code, the right one, the recovery codes once', async () => {
    await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    await page.getByRole('img', { name: 'QR code to scan with your authenticator app' }).waitFor();
    secret = ((await page.locator('[data-totp-secret]').textContent()) ?? '').replaceAll(' ', '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await expectAccessible();
    await shot('two-factor-setup');

    await page.getByLabel('Code from your app').fill('000000');
    await Promise.all([page.waitForLoadState('load'), page.getByRole('button', { name: 'Turn on' }).click()]);
    expect(await page.locator('#account-code-error').textContent()).toStartWith('That code is not right.');
    await expectAccessible();

    await page.getByLabel('Code from your app').fill(codeAt(secret, Date.now()));
    await Promise.all([page.waitForLoadState('load'), page.getByRole('button', { name: 'Turn on' }).click()]);
    await page.getByRole('heading', { name: 'Save your recovery codes now' }).waitFor();
    expect(await page.getByRole('status').textContent()).toBe(
      'Two-factor sign-in is on. From now on, signing in asks for a code from your app. Any other browser signed in to your account has been signed out.',
    );
    const codes = await page.locator('[data-recovery-codes] li').allTextContents();
    expect(codes).toHaveLength(10);
    await expectAccessible();
    await shot('recovery-codes');

    await Promise.all([page.waitForURL(`${server.url}/admin/account`), page.getByRole('link', { name: 'I have saved them' }).click()]);
    expect(await page.locator('#two-factor').textContent()).toContain('Recovery codes left: 10 of 10.');
    for (const code of codes) expect(await page.content()).not.toContain(code);
  });

  test('signing in again asks for the code after the password, and the code lets the staff member in', async () => {
    await Promise.all([page.waitForURL(`${server.url}/admin/login?signedOut=1`), page.getByRole('button', { name: 'Log out' }).click()]);
    await page.goto(`${server.url}/admin/account`);
    await page.getByLabel('Work email').fill(staff.email);
    await page.getByLabel('Password').fill(staff.password);
    await Promise.all([page.waitForURL((url) => url.pathname === '/admin/login/code'), page.getByRole('button', { name: 'Sign in' }).click()]);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Two-step sign-in');
    // No session yet: the inbox still asks to sign in.
    expect((await context.cookies()).map((c) => c.name)).not.toContain('staff_session');
    await expectAccessible();
    await shot('sign-in-code');

    await page.getByLabel('Code').fill('123456');
    await Promise.all([page.waitForLoadState('load'), page.getByRole('button', { name: 'Continue' }).click()]);
    expect(await page.locator('#login-code-error').textContent()).toStartWith('That code is not right, or was already used.');
    await expectAccessible();

    // The code of the enrolment was taken; the app's next one (an app a few seconds ahead shows it) is accepted.
    await page.getByLabel('Code').fill(codeAt(secret, Date.now() + 30_000));
    await Promise.all([page.waitForURL(`${server.url}/admin/account`), page.getByRole('button', { name: 'Continue' }).click()]);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Your account');
    expect((await context.cookies()).map((c) => c.name)).toContain('staff_session');
    expect(unexpected()).toEqual([]);
  });

  test('Sign out everywhere ends this session too', async () => {
    await Promise.all([page.waitForURL(`${server.url}/admin/login?signedOut=everywhere`), page.getByRole('button', { name: 'Sign out everywhere' }).click()]);
    expect(await page.getByRole('status').textContent()).toBe('You are signed out on every device.');
    await page.goto(`${server.url}/admin/leads`);
    expect(new URL(page.url()).pathname).toBe('/admin/login');
    expect(unexpected()).toEqual([]);
    await context.close();
  });
});
