import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { saveStaffAccount } from '../../db/queries/staff.ts';
import { RESET_DONE, RESET_EMAIL_INVALID, RESET_EMAIL_MISSING, RESET_EMAIL_TOO_LONG, RESET_LINK_DEAD, RESET_SENT } from '../../lib/staff/password-reset.ts';
import { type ReceivedMail, startSmtpServer, type TestSmtpServer } from '../fixtures/smtp-server.ts';
import { testApp } from '../helpers/app.ts';
import { testDatabase } from '../helpers/db.ts';
import { createStaff, formBody, ownAddresses, postLogin, signedIn, type TestStaff } from '../helpers/staff.ts';

// Real argon2, a real database and a real SMTP server: more than Bun's 5 s default.
setDefaultTimeout(60_000);

// Password reset by email (/admin/password-reset), on the real database, with a real SMTP server that
// receives the email and a clock the tests move: the link sets the password once, for 30 minutes, ends
// every session, leaves two-factor sign-in asking for its code; the request answers the same page
// whatever the address and never waits for the mail server; what an attacker would send is refused.

type TestApp = Awaited<ReturnType<typeof testApp>>;
const START = Date.UTC(2026, 10, 23, 15, 0, 5);
const COMMON = 'That password is on the list of common passwords attackers try first. Choose another: three or four unrelated words work well';
const NEW_PASSWORD = 'maple syrup canoe portage';

let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp?.stop();
});

async function resetApp(env: Record<string, string> = {}) {
  const clock = { now: START };
  const t = await testApp({ now: () => new Date(clock.now) }, { TRUST_PROXY: '1', SMTP_URL: smtp.url, ...env });
  // Requests are counted per address: addresses of this test's own.
  const address = ownAddresses();
  const from = (ipv4: string) => ({ 'x-forwarded-for': address(ipv4) });
  return { t, clock, from };
}

const get = (t: TestApp, path: string, headers: Record<string, string> = {}) => t.request(path, { headers, redirect: 'manual' });
const post = (t: TestApp, path: string, fields: Record<string, string>, headers: Record<string, string> = {}) => {
  const form = formBody(fields);
  return t.request(path, { method: 'POST', redirect: 'manual', headers: { ...form.headers, ...headers }, body: form.body });
};
const ask = (t: TestApp, email: string, headers: Record<string, string> = {}) => post(t, '/admin/password-reset', { email }, headers);

/** The emails the SMTP server received for `email`, once there are `count`. */
async function mailTo(email: string, count = 1): Promise<ReceivedMail[]> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const mails = smtp.received.filter((m) => m.to.includes(email));
    if (mails.length >= count) return mails;
    if (Date.now() > deadline) throw new Error(`expected ${count} emails to ${email}, got ${mails.length}`);
    await Bun.sleep(20);
  }
}

/** The link's path in an email's text part, checked to be the same in its HTML part. */
function linkIn(mail: ReceivedMail): string {
  const link = mail.parsed.text?.match(/http:\/\/localhost:3000(\/admin\/password-reset\/[\w-]{43})\b/)?.[1];
  if (!link) throw new Error(`no link in: ${mail.parsed.text}`);
  expect(String(mail.parsed.html)).toContain(`href="http://localhost:3000${link}"`);
  return link;
}

/** Asks for a link for `staff` and returns the path in the email it gets. */
async function linkFor(t: TestApp, staff: TestStaff, headers: Record<string, string>): Promise<string> {
  const before = smtp.received.filter((m) => m.to.includes(staff.email)).length;
  expect((await ask(t, staff.email, headers)).status).toBe(200);
  const mails = await mailTo(staff.email, before + 1);
  return linkIn(mails[before]);
}

const sha256 = (text: string) => new Bun.CryptoHasher('sha256').update(text).digest('hex');
/** The page without what differs between any two answers (the CSP nonce, the request id). */
const comparable = (html: string) => html.replace(/nonce="[^"]*"/g, '').replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, '');

describe('asking for a link', () => {
  test('the form has one field, Work email; the sign-in page links to it', async () => {
    const { t } = await resetApp();
    const res = await get(t, '/admin/password-reset');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-robots-tag')).toBe('noindex');
    expect(res.headers.get('referrer-policy')).toBe('same-origin');
    const html = await res.text();
    expect(html).toContain('<label for="reset-email"');
    expect(html).toContain('Work email');
    expect([...html.matchAll(/<input [^>]*name="([^"]+)"/g)].map((m) => m[1])).toEqual(['email']);
    expect(html).not.toContain('staff:add');
    const login = await (await get(t, '/admin/login')).text();
    expect(login).toMatch(/<a href="\/admin\/password-reset"[^>]*>Forgot your password\?<\/a>/);
  });

  test('the email arrives with a link to the site that works once and sets the password; old sessions are refused', async () => {
    const { t, from } = await resetApp();
    const staff = await createStaff(t.sql, 'reset');
    const session = await signedIn(t, staff, from('10.0.0.1'));
    expect((await get(t, '/admin/leads', { cookie: session.cookie })).status).toBe(200);

    const res = await ask(t, `  ${staff.email.toUpperCase()} `, from('10.0.0.2'));
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(RESET_SENT);
    const [mail] = await mailTo(staff.email);
    expect(mail.parsed.subject).toBe('Set a new password for the Northline Digital back office');
    expect(mail.parsed.headers.get('auto-submitted')).toBe('auto-generated');
    const link = linkIn(mail);
    const token = link.split('/').pop() ?? '';

    // Only the token's SHA-256 is kept, for 30 minutes.
    const rows = await t.sql<{ tokenHash: string; expiresAt: Date; usedAt: Date | null }[]>`
      select token_hash, expires_at, used_at from staff_password_resets where user_id = ${staff.id}`;
    expect([...rows]).toEqual([{ tokenHash: sha256(token), expiresAt: new Date(START + 30 * 60_000), usedAt: null }]);

    // Opening the link uses nothing (a mail scanner may open it first).
    for (let i = 0; i < 2; i++) {
      const form = await get(t, link);
      expect(form.status).toBe(200);
      expect(form.headers.get('referrer-policy')).toBe('same-origin');
      const html = await form.text();
      expect(html).toContain(staff.email);
      expect(html).toContain('New password again');
    }

    // The same rules as staff:add and the account page, then the two must match.
    const weak = await post(t, link, { password: 'Password1234', again: 'Password1234' }, from('10.0.0.3'));
    expect(weak.status).toBe(400);
    expect(await weak.text()).toContain(COMMON);
    const own = await post(t, link, { password: staff.email, again: staff.email }, from('10.0.0.3'));
    expect(own.status).toBe(400);
    expect(await own.text()).toContain('Your password cannot be your email address');
    const differ = await post(t, link, { password: NEW_PASSWORD, again: `${NEW_PASSWORD}!` }, from('10.0.0.3'));
    expect(differ.status).toBe(400);
    expect(await differ.text()).toContain('The two passwords differ.');

    const done = await post(t, link, { password: NEW_PASSWORD, again: NEW_PASSWORD }, from('10.0.0.3'));
    expect(done.status).toBe(200);
    const doneHtml = await done.text();
    expect(doneHtml).toContain(RESET_DONE);
    expect(doneHtml).toMatch(/<a href="\/admin\/login"[^>]*>Sign in<\/a>/);

    // Every session ended: the old cookie is refused.
    const old = await get(t, '/admin/leads', { cookie: session.cookie });
    expect(old.status).toBe(303);
    expect(old.headers.get('location')).toStartWith('/admin/login');
    const [{ sessions }] = await t.sql<{ sessions: number }[]>`select count(*)::int as sessions from staff_sessions where user_id = ${staff.id}`;
    expect(sessions).toBe(0);

    // A replay, or a second tab, gets the same clear page, never a 500.
    for (const again of [
      await post(t, link, { password: 'another good passphrase', again: 'another good passphrase' }, from('10.0.0.3')),
      await get(t, link),
    ]) {
      expect(again.status).toBe(410);
      expect(await again.text()).toContain(RESET_LINK_DEAD);
    }
    // The old password no longer signs in; the new one does.
    expect((await postLogin(t, { email: staff.email, password: staff.password }, from('10.0.0.4'))).status).toBe(401);
    expect((await postLogin(t, { email: staff.email, password: NEW_PASSWORD }, from('10.0.0.4'))).status).toBe(303);
  });

  test('an address with no account gets the same page and no email', async () => {
    const { t, from } = await resetApp();
    const staff = await createStaff(t.sql, 'known');
    const unknown = `nobody-${crypto.randomUUID().slice(0, 8)}@northlinedigital.ca`;
    const known = await ask(t, staff.email, from('10.0.1.1'));
    const nobody = await ask(t, unknown, from('10.0.1.1'));
    expect(nobody.status).toBe(known.status);
    expect(comparable(await nobody.text())).toBe(comparable(await known.text()));
    await mailTo(staff.email);
    await t.deps.passwordResets.idle();
    expect(smtp.received.filter((m) => m.to.includes(unknown))).toEqual([]);
    expect(t.logs.some((l) => l.msg === 'password reset asked for an address with no account')).toBe(true);
    // The log keeps neither the addresses nor the token.
    const logged = JSON.stringify(t.logs);
    expect(logged).not.toContain(unknown);
    expect(logged).not.toContain(staff.email);
  });

  test('the answer never waits for the mail server: one that hangs changes nothing in it', async () => {
    // No limits here: every ask below must take the same path as the first.
    const { t, from } = await resetApp({ RATE_LIMITS: 'off' });
    const staff = await createStaff(t.sql, 'slow');
    const unknown = `nobody-${crypto.randomUUID().slice(0, 8)}@northlinedigital.ca`;
    smtp.setMode('hang');
    try {
      const started = performance.now();
      const res = await ask(t, staff.email, from('10.0.2.1'));
      const took = performance.now() - started;
      expect(res.status).toBe(200);
      expect(await res.text()).toContain(RESET_SENT);
      // The hanging server holds the send for 10 s; the answer came long before.
      expect(took).toBeLessThan(2000);
      // The account is looked up only after the answer (features/staff/password-reset.ts), so nothing
      // about it can shape the answer, its bytes or its time: an unknown address answers the same page
      // just as fast. (Timing itself is not compared here: on a loaded machine it would only measure the load.)
      const other = await ask(t, unknown, from('10.0.2.3'));
      expect(comparable(await other.text())).toBe(comparable(await (await ask(t, staff.email, from('10.0.2.2'))).text()));
    } finally {
      smtp.setMode('accept');
    }
  });

  test('a newer link makes the older one unusable', async () => {
    const { t, from } = await resetApp();
    const staff = await createStaff(t.sql, 'twice');
    const first = await linkFor(t, staff, from('10.0.3.1'));
    const second = await linkFor(t, staff, from('10.0.3.1'));
    expect(second).not.toBe(first);
    expect((await get(t, first)).status).toBe(410);
    expect((await post(t, first, { password: NEW_PASSWORD, again: NEW_PASSWORD }, from('10.0.3.2'))).status).toBe(410);
    expect((await post(t, second, { password: NEW_PASSWORD, again: NEW_PASSWORD }, from('10.0.3.2'))).status).toBe(200);
  });

  test('a password changed another way (the account page, staff:add) makes a link still out useless', async () => {
    const { t, from } = await resetApp();
    const staff = await createStaff(t.sql, 'changed');
    const link = await linkFor(t, staff, from('10.0.3.5'));
    await saveStaffAccount(t.sql, staff.email, await Bun.password.hash('another-long-passphrase-2026'));
    expect((await post(t, link, { password: NEW_PASSWORD, again: NEW_PASSWORD }, from('10.0.3.6'))).status).toBe(410);
  });

  test('a link runs out 30 minutes after it was made', async () => {
    const { t, clock, from } = await resetApp();
    const staff = await createStaff(t.sql, 'late');
    const link = await linkFor(t, staff, from('10.0.4.1'));
    clock.now += 30 * 60_000 - 1000;
    expect((await get(t, link)).status).toBe(200);
    clock.now += 1000;
    const late = await get(t, link);
    expect(late.status).toBe(410);
    expect(await late.text()).toContain(RESET_LINK_DEAD);
    expect((await post(t, link, { password: NEW_PASSWORD, again: NEW_PASSWORD }, from('10.0.4.2'))).status).toBe(410);
    expect((await postLogin(t, { email: staff.email, password: staff.password }, from('10.0.4.3'))).status).toBe(303);
  });

  test('two tabs posting one link at once: one sets the password, the other is told the link was used', async () => {
    const { t, from } = await resetApp();
    const staff = await createStaff(t.sql, 'tabs');
    const link = await linkFor(t, staff, from('10.0.5.1'));
    const answers = await Promise.all(
      ['tab one passphrase here', 'tab two passphrase here'].map((p) => post(t, link, { password: p, again: p }, from('10.0.5.2'))),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 410]);
  });

  test('two-factor sign-in still asks for its code; the account’s devices, second steps and sign-in throttle are cleared', async () => {
    const { t, from } = await resetApp();
    const staff = await createStaff(t.sql, 'totp');
    const at = new Date(START);
    await t.sql`insert into staff_two_factor (user_id, secret, created_at, confirmed_at) values (${staff.id}, 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', ${at}, ${at})`;
    await t.sql`insert into staff_devices (token_hash, user_id, created_at) values (${`device-${staff.id}`}, ${staff.id}, ${at})`;
    await t.sql`insert into staff_sign_in_pending (id_hash, user_id, expires_at) values (${`pending-${staff.id}`}, ${staff.id}, ${new Date(START + 60_000)})`;
    // Strangers used up their allowance on the account (the sign-in throttle's counts, keyed by its email).
    const windowEnd = new Date(START + 15 * 60_000);
    for (const rule of ['sign-in:strangers', 'sign-in:strangersTrickle']) {
      await t.sql`insert into rate_limit_windows (rule, client, window_start, window_end, hits) values (${rule}, ${staff.email}, ${at}, ${windowEnd}, 6)`;
    }

    const link = await linkFor(t, staff, from('10.0.6.1'));
    expect((await post(t, link, { password: NEW_PASSWORD, again: NEW_PASSWORD }, from('10.0.6.2'))).status).toBe(200);
    for (const [table, column] of [
      ['staff_devices', 'user_id'],
      ['staff_sign_in_pending', 'user_id'],
    ]) {
      const [{ n }] = await t.sql<{ n: number }[]>`select count(*)::int as n from ${t.sql(table)} where ${t.sql(column)} = ${staff.id}`;
      expect(n).toBe(0);
    }
    const [{ windows }] = await t.sql<{ windows: number }[]>`select count(*)::int as windows from rate_limit_windows where client = ${staff.email}`;
    expect(windows).toBe(0);
    const [{ confirmed }] = await t.sql<
      { confirmed: boolean }[]
    >`select confirmed_at is not null as confirmed from staff_two_factor where user_id = ${staff.id}`;
    expect(confirmed).toBe(true);

    // The new password is right, and starts the second step, not a session.
    const signIn = await postLogin(t, { email: staff.email, password: NEW_PASSWORD }, from('10.0.6.3'));
    expect(signIn.status).toBe(303);
    expect(signIn.headers.get('location')).toStartWith('/admin/login/code');
    expect(signIn.headers.getSetCookie().some((c) => c.startsWith('staff_session='))).toBe(false);
  });
});

describe('without SMTP_URL', () => {
  test('no email, one log line without the token or the address; the form says who can set a password', async () => {
    const { t, from } = await resetApp({ SMTP_URL: '' });
    const staff = await createStaff(t.sql, 'nomail');
    const form = await (await get(t, '/admin/password-reset')).text();
    expect(form).toContain('bun run staff:add');
    const res = await ask(t, staff.email, from('10.0.7.1'));
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(RESET_SENT);
    await t.deps.passwordResets.idle();
    const lines = t.logs.filter((l) => l.msg === 'password reset email not sent: SMTP_URL is not set');
    expect(lines).toHaveLength(1);
    expect(JSON.stringify(t.logs)).not.toContain(staff.email);
    const [{ n }] = await t.sql<{ n: number }[]>`select count(*)::int as n from staff_password_resets where user_id = ${staff.id}`;
    expect(n).toBe(0);
    expect(smtp.received.filter((m) => m.to.includes(staff.email))).toEqual([]);
  });
});

describe('what is refused', () => {
  test('other methods: 405 with Allow', async () => {
    const { t } = await resetApp();
    const token = 'a'.repeat(43);
    for (const [path, allow] of [
      ['/admin/password-reset', 'GET, POST, HEAD'],
      [`/admin/password-reset/${token}`, 'GET, POST, HEAD'],
    ]) {
      for (const method of ['PUT', 'DELETE', 'PATCH']) {
        const res = await t.request(path, { method });
        expect(res.status).toBe(405);
        expect(res.headers.get('allow')).toBe(allow);
      }
    }
  });

  test('a missing, malformed or over-long email: 400 and the form with the message, no email', async () => {
    const { t, from } = await resetApp();
    const cases: [string, string][] = [
      ['', RESET_EMAIL_MISSING],
      ['email=', RESET_EMAIL_MISSING],
      ['name=maya', RESET_EMAIL_MISSING],
      ['email=maya+at+northline', RESET_EMAIL_INVALID],
      [`email=${'a'.repeat(250)}%40b.ca`, RESET_EMAIL_TOO_LONG],
      ['email=a%00%40b.ca', RESET_EMAIL_INVALID],
    ];
    const before = smtp.received.length;
    for (const [body, message] of cases) {
      const res = await t.request('/admin/password-reset', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...from('10.0.8.1') },
        body,
      });
      expect([body, res.status]).toEqual([body, 400]);
      const html = await res.text();
      expect([body, html.includes(message), html.includes('aria-invalid="true"'), html.includes('\u0000')]).toEqual([body, true, true, false]);
    }
    await t.deps.passwordResets.idle();
    expect(smtp.received.length).toBe(before);
  });

  test('cross-site, JSON and oversized posts are refused before anything is counted', async () => {
    const { t, from } = await resetApp();
    const cross = await ask(t, 'a@b.ca', { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site', ...from('10.0.9.1') });
    expect(cross.status).toBe(403);
    const json = await t.postJson('/admin/password-reset', { email: 'a@b.ca' }, from('10.0.9.1'));
    expect(json.status).toBe(415);
    const big = await post(t, '/admin/password-reset', { email: 'a@b.ca', pad: 'x'.repeat(20_000) }, from('10.0.9.1'));
    expect(big.status).toBe(413);
  });

  test('a link that is not a token, or text no database holds, is a link that no longer works', async () => {
    const { t, from } = await resetApp();
    for (const path of ['/admin/password-reset/abc', `/admin/password-reset/${'a'.repeat(43)}`, `/admin/password-reset/${'a'.repeat(44)}`]) {
      expect((await get(t, path)).status).toBe(410);
      expect((await post(t, path, { password: NEW_PASSWORD, again: NEW_PASSWORD }, from('10.0.10.1'))).status).toBe(410);
    }
    const staff = await createStaff(t.sql, 'nul');
    const link = await linkFor(t, staff, from('10.0.10.2'));
    const nul = await post(t, link, { password: 'bad\u0000password here', again: 'x' }, from('10.0.10.3'));
    expect(nul.status).toBe(400);
    expect(await nul.text()).toContain('New password');
    // Nothing used up: the link still works.
    expect((await get(t, link)).status).toBe(200);
  });

  test('a flood from one address: 429 after 5 asks in 15 minutes', async () => {
    const { t, from } = await resetApp();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await ask(t, `flood-${i}-${crypto.randomUUID().slice(0, 6)}@example.ca`, from('10.0.11.1'))).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const refused = await ask(t, 'other@example.ca', from('10.0.11.1'));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  test('a flood at one inbox from many addresses and processes: 3 emails an hour, then 429', async () => {
    // Two apps on one database with the shared store: two processes of one site.
    const shared = { RATE_LIMIT_STORE: 'postgres' };
    const { t, from } = await resetApp(shared);
    const other = await testApp({ sql: t.sql, now: t.deps.now }, { TRUST_PROXY: '1', SMTP_URL: smtp.url, ...shared });
    const staff = await createStaff(t.sql, 'inbox');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await ask(i % 2 ? other : t, staff.email, from(`10.0.12.${i + 1}`))).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429]);
    await Promise.all([t.deps.passwordResets.idle(), other.deps.passwordResets.idle()]);
    expect((await mailTo(staff.email, 3)).length).toBe(3);
  });
});

test('the reset table holds only hashes, and goes with the account', async () => {
  const { sql } = await testDatabase();
  const [{ columns }] = await sql<{ columns: string[] }[]>`
    select array_agg(column_name::text order by ordinal_position) as columns from information_schema.columns where table_name = 'staff_password_resets'`;
  expect(columns).toEqual(['token_hash', 'user_id', 'created_at', 'expires_at', 'used_at']);
  const staff = await createStaff(sql, 'gone');
  await sql`insert into staff_password_resets (token_hash, user_id, created_at, expires_at) values (${sha256(staff.id)}, ${staff.id}, now(), now())`;
  await sql`delete from users where id = ${staff.id}`;
  const [{ n }] = await sql<{ n: number }[]>`select count(*)::int as n from staff_password_resets where token_hash = ${sha256(staff.id)}`;
  expect(n).toBe(0);
});
