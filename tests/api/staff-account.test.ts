import { describe, expect, setDefaultTimeout, test } from 'bun:test';
import { Secret, TOTP } from 'otpauth';
import { CODE_WRONG, CURRENT_PASSWORD_WRONG } from '../../routes/admin/account.tsx';
import { CODE_EXPIRED, CODE_FAILED, CODE_TOO_MANY, LOGIN_SLOWED } from '../../routes/admin/login.tsx';
import { testApp } from '../helpers/app.ts';
import { cookieSet, createStaff, formBody, ownAddresses, postLogin, signedIn, staffPost, type TestStaff } from '../helpers/staff.ts';

// Many argon2 checks and real database work: more than Bun's 5 s default.
setDefaultTimeout(60_000);

type TestApp = Awaited<ReturnType<typeof testApp>>;
type Session = { cookie: string; csrf: string; device: string };

// The staff member's own account (/admin/account) and two-factor sign-in, on the real database with a
// clock the tests move: redirects after sign-in, changing the password, signing out everywhere, TOTP
// enrolment, the second step of signing in, recovery codes, and what an attacker would try on each.

const START = Date.UTC(2026, 10, 23, 15, 0, 5);

async function clockApp(env: Record<string, string> = {}) {
  const clock = { now: START };
  const t = await testApp({ now: () => new Date(clock.now) }, { TRUST_PROXY: '1', ...env });
  // Sign-in attempts are counted per address in the database every test shares: addresses of this test's own.
  const address = ownAddresses();
  const from = (ipv4: string) => ({ 'x-forwarded-for': address(ipv4) });
  return { t, clock, from };
}

const get = (t: TestApp, path: string, cookie = '') => t.request(path, { headers: cookie ? { cookie } : {}, redirect: 'manual' });
const codeAt = (secret: string, at: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: at });

/** Turns two-factor sign-in on through the account page, as the staff member would; the secret and the recovery codes shown once. */
async function enrol(t: TestApp, session: Session, at: number): Promise<{ secret: string; recoveryCodes: string[] }> {
  const started = await staffPost(t, session, '/admin/account/two-factor/start', {});
  expect(started.status).toBe(303);
  expect(started.headers.get('location')).toBe('/admin/account#two-factor');
  const page = await (await get(t, '/admin/account', session.cookie)).text();
  const secret = page.match(/data-totp-secret="[^"]*"[^>]*>([A-Z2-7 ]+)</)?.[1]?.replaceAll(' ', '') ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  expect(page).toContain('aria-label="QR code to scan with your authenticator app"');
  const confirmed = await staffPost(t, session, '/admin/account/two-factor/confirm', { code: codeAt(secret, at) });
  expect(confirmed.status).toBe(200);
  const html = await confirmed.text();
  const recoveryCodes = [...html.matchAll(/<li class="[^"]*">([a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4})<\/li>/g)].map((m) => m[1]);
  expect(recoveryCodes).toHaveLength(10);
  return { secret, recoveryCodes };
}

/** The password step of a two-factor sign-in: its 303 to the code step and the pending cookie. */
async function passwordStep(t: TestApp, staff: TestStaff, headers: Record<string, string> = {}, next = '/admin/leads') {
  const res = await postLogin(t, { email: staff.email, password: staff.password, next }, headers);
  expect(res.status).toBe(303);
  expect(res.headers.get('location')).toBe(`/admin/login/code?next=${encodeURIComponent(next)}`);
  // No session yet: only the short-lived, browser-bound second step.
  expect(cookieSet(res, 'staff_session')).toBe('');
  const pending = cookieSet(res, 'staff_pending');
  expect(pending).toMatch(/^staff_pending=[\w-]{43}$/);
  expect(res.headers.getSetCookie().find((c) => c.startsWith('staff_pending='))).toMatch(/Max-Age=300; Path=\/admin; HttpOnly; SameSite=Strict$/);
  return pending;
}

const postCode = (t: TestApp, cookie: string, code: string, headers: Record<string, string> = {}, next = '/admin/leads') => {
  const form = formBody({ code, next });
  return t.request('/admin/login/code', { method: 'POST', redirect: 'manual', headers: { ...form.headers, cookie, ...headers }, body: form.body });
};

describe('where a signed-in staff member is sent next', () => {
  const tricky = [
    '/..//evil.example/x',
    '/.//evil.example/x',
    '/admin/../..//evil.example',
    '/admin/..%2f..%2fevil.example',
    '/admin/%2e%2e/%2e%2e//evil.example',
    '//evil.example',
    '///evil.example',
    '/\\evil.example',
    '/admin\\..\\..\\evil.example',
    'https://evil.example/admin',
    'javascript:alert(1)',
    '/\t/evil.example',
    '/admin/..',
    '/administrator',
    '/admin.evil.example',
    '/services',
    '//user@evil.example/admin',
    '/admin/login?next=//evil.example',
  ];

  test(`GET /admin/login?next=… never answers a Location off the site or outside /admin (${tricky.length} forms), nor does POST`, async () => {
    const { t } = await clockApp({ RATE_LIMITS: 'off' });
    const staff = await createStaff(t.sql);
    const session = await signedIn(t, staff);
    for (const next of tricky) {
      for (const res of [
        await get(t, `/admin/login?next=${encodeURIComponent(next)}`, session.cookie),
        await postLogin(t, { email: staff.email, password: staff.password, next }),
      ]) {
        expect(res.status, next).toBe(303);
        const location = res.headers.get('location') ?? '';
        expect(location, next).toBe('/admin/leads');
        const url = new URL(location, 'http://localhost:3000');
        expect(url.origin).toBe('http://localhost:3000');
      }
    }
    // A path in the back office is followed, after normalising.
    expect((await get(t, `/admin/login?next=${encodeURIComponent('/admin/./ab-tests')}`, session.cookie)).headers.get('location')).toBe('/admin/ab-tests');
  });
});

describe('the account page', () => {
  test('staff only; GET and POST only; every form needs the CSRF token', async () => {
    const { t } = await clockApp({ RATE_LIMITS: 'off' });
    const anonymous = await get(t, '/admin/account');
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.get('location')).toBe('/admin/login?next=%2Fadmin%2Faccount');

    const staff = await createStaff(t.sql);
    const session = await signedIn(t, staff);
    const page = await get(t, '/admin/account', session.cookie);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    const html = await page.text();
    expect(html).toContain('<h1 class="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Your account</h1>');
    expect(html).toContain('href="/admin/account" aria-current="page"');

    const forms = ['password', 'sign-out-everywhere', 'two-factor/start', 'two-factor/confirm', 'two-factor/cancel', 'two-factor/off'];
    for (const form of forms) {
      const path = `/admin/account/${form}`;
      const body = formBody({ current: staff.password, password: 'a fresh passphrase here', again: 'a fresh passphrase here', code: '123456' });
      const noToken = await t.request(path, { method: 'POST', redirect: 'manual', headers: { ...body.headers, cookie: session.cookie }, body: body.body });
      expect(noToken.status, path).toBe(403);
      const noSession = await t.request(path, { method: 'POST', redirect: 'manual', ...body });
      expect(noSession.status, path).toBe(303);
      const crossSite = await t.request(path, {
        method: 'POST',
        redirect: 'manual',
        headers: { ...body.headers, cookie: session.cookie, origin: 'https://evil.example' },
        body: body.body,
      });
      expect(crossSite.status, path).toBe(403);
      const json = await t.request(path, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/json', cookie: session.cookie },
        body: '{}',
      });
      expect(json.status, path).toBe(415);
      for (const method of ['PUT', 'DELETE', 'PATCH'])
        expect((await t.request(path, { method, headers: { cookie: session.cookie } })).status, `${method} ${path}`).toBe(405);
    }
    for (const method of ['POST', 'PUT', 'DELETE']) {
      const res = await t.request('/admin/account', { method, headers: { cookie: session.cookie, ...formBody({}).headers }, body: '' });
      expect(res.status, method).toBe(405);
    }
    for (const method of ['PUT', 'DELETE']) expect((await t.request('/admin/login/code', { method })).status).toBe(405);
    // Nothing changed: the password still signs in.
    expect((await postLogin(t, { email: staff.email, password: staff.password })).status).toBe(303);
  });

  test('changing the password: each mistake shown by its field and nothing changed; done, every other session and device ends and this browser carries on', async () => {
    const { t, from } = await clockApp();
    const staff = await createStaff(t.sql, 'maya');
    const here = await signedIn(t, staff, from('198.51.100.1'));
    const laptop = await signedIn(t, staff, from('198.51.100.2'));
    const change = (fields: Record<string, string>) => staffPost(t, here, '/admin/account/password', fields, from('198.51.100.1'));
    const fieldError = (html: string, id: string) =>
      html.match(new RegExp(`<p id="${id}-error" role="alert"[^>]*>([^<]*)</p>`))?.[1]?.replaceAll('&#x27;', "'");

    const mistakes: [Record<string, string>, string, string, number][] = [
      [{ current: 'not my password', password: 'maple leaves in october', again: 'maple leaves in october' }, 'account-current', CURRENT_PASSWORD_WRONG, 400],
      [
        { current: staff.password, password: 'password1234', again: 'password1234' },
        'account-password',
        'That password is on the list of common passwords attackers try first. Choose another: three or four unrelated words work well',
        400,
      ],
      [
        { current: staff.password, password: ' '.repeat(12), again: ' '.repeat(12) },
        'account-password',
        'A password of only spaces is too easy to guess: use words or other characters',
        400,
      ],
      [{ current: staff.password, password: staff.email, again: staff.email }, 'account-password', 'Your password cannot be your email address', 400],
      [{ current: staff.password, password: 'short one', again: 'short one' }, 'account-password', 'A staff password has at least 12 characters', 400],
      [
        { current: staff.password, password: 'maple leaves in october', again: 'maple leaves in November' },
        'account-again',
        'The two new passwords differ. Type the same new password twice.',
        400,
      ],
      [{ current: '', password: 'maple leaves in october', again: 'maple leaves in october' }, 'account-current', 'Enter your current password.', 400],
      [
        { current: staff.password, password: staff.password, again: staff.password },
        'account-password',
        'Choose a new password, not the one you have now.',
        400,
      ],
    ];
    for (const [fields, id, message, status] of mistakes) {
      const res = await change(fields);
      expect(res.status, message).toBe(status);
      const html = await res.text();
      expect(fieldError(html, id), message).toBe(message);
      expect(html).toContain(`aria-describedby="${id}-error"`);
    }
    expect((await get(t, '/admin/leads', laptop.cookie)).status).toBe(200);

    const done = await change({ current: staff.password, password: 'maple leaves in october', again: 'maple leaves in october' });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('/admin/account?done=password');
    const newSession = cookieSet(done, 'staff_session');
    expect(newSession).toMatch(/^staff_session=[\w-]{43}$/);
    expect(cookieSet(done, 'staff_device')).toMatch(/^staff_device=/);
    // Every earlier session ended, writes included; this browser has its new one and is told.
    expect((await get(t, '/admin/leads', laptop.cookie)).status).toBe(303);
    expect((await get(t, '/admin/leads', here.cookie)).status).toBe(303);
    const after = await get(t, '/admin/account?done=password', newSession);
    expect(after.status).toBe(200);
    expect(await after.text()).toContain('Your password is changed. Every other browser and device signed in to your account has been signed out.');
    // The old password is gone; the old device cookie no longer makes the laptop a known device.
    expect((await postLogin(t, { email: staff.email, password: staff.password }, from('198.51.100.3'))).status).toBe(401);
    const [{ devices }] = await t.sql<{ devices: number }[]>`select count(*)::int as devices from staff_devices where user_id = ${staff.id}`;
    expect(devices).toBe(1);
    expect((await postLogin(t, { email: staff.email, password: 'maple leaves in october' }, from('198.51.100.3'))).status).toBe(303);
    expect(JSON.stringify(t.logs)).not.toContain('maple leaves');
  });

  test('the current-password check is throttled like signing in: a stolen session cannot guess the password', async () => {
    const { t, from } = await clockApp();
    const staff = await createStaff(t.sql, 'maya');
    const stolen = await signedIn(t, staff, from('203.0.113.9'));
    const statuses = [];
    for (let i = 0; i < 8; i++) {
      const res = await t.request('/admin/account/password', {
        method: 'POST',
        redirect: 'manual',
        headers: { ...formBody({}).headers, cookie: stolen.cookie, ...from(`203.0.113.${i + 20}`) },
        body: formBody({ _csrf: stolen.csrf, current: `guess number ${i}`, password: 'maple leaves in october', again: 'maple leaves in october' }).body,
      });
      statuses.push(res.status);
      if (res.status === 429) expect(await res.text()).toContain(LOGIN_SLOWED);
    }
    // Counted as strangers' sign-in attempts on the account: 5 checked, then a wait.
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429, 429]);
  });

  test('sign out everywhere ends every session of the account, this one too; other accounts keep theirs', async () => {
    const { t } = await clockApp({ RATE_LIMITS: 'off' });
    const staff = await createStaff(t.sql, 'maya');
    const omar = await signedIn(t, await createStaff(t.sql, 'omar'));
    const [phone, laptop] = [await signedIn(t, staff), await signedIn(t, staff)];
    const res = await staffPost(t, laptop, '/admin/account/sign-out-everywhere', {});
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/admin/login?signedOut=everywhere');
    expect(res.headers.get('set-cookie')).toContain('staff_session=;');
    for (const s of [phone, laptop]) expect((await get(t, '/admin/leads', s.cookie)).status).toBe(303);
    expect((await get(t, '/admin/leads', omar.cookie)).status).toBe(200);
    expect(await (await get(t, '/admin/login?signedOut=everywhere')).text()).toContain('You are signed out on every device.');
  });
});

describe('two-factor sign-in', () => {
  test('enrolment: a QR code and the key, confirmed by a first code; a wrong code changes nothing; cancel leaves it off', async () => {
    const { t, clock } = await clockApp({ RATE_LIMITS: 'off' });
    const staff = await createStaff(t.sql, 'maya');
    const session = await signedIn(t, staff);
    expect(await (await get(t, '/admin/account', session.cookie)).text()).toContain('Set up two-factor sign-in');
    await staffPost(t, session, '/admin/account/two-factor/start', {});
    const page = await (await get(t, '/admin/account', session.cookie)).text();
    // The QR code is an inline SVG made on the server: no image from elsewhere, no script.
    expect(page).toMatch(/<svg viewBox="0 0 \d+ \d+" role="img" aria-label="QR code to scan with your authenticator app"/);
    expect(page).not.toMatch(/<img[^>]+qr|chart\.googleapis|<script>/i);
    const wrong = await staffPost(t, session, '/admin/account/two-factor/confirm', { code: '000000' });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain(CODE_WRONG);
    const cancelled = await staffPost(t, session, '/admin/account/two-factor/cancel', {});
    expect(cancelled.headers.get('location')).toBe('/admin/account?done=enrolment-cancelled#two-factor');
    expect((await postLogin(t, { email: staff.email, password: staff.password })).headers.get('location')).toBe('/admin/leads');

    const { recoveryCodes } = await enrol(t, session, clock.now);
    expect(new Set(recoveryCodes).size).toBe(10);
    const [{ stored }] = await t.sql<{ stored: string[] }[]>`select array_agg(code_hash) as stored from staff_recovery_codes where user_id = ${staff.id}`;
    expect(stored).toHaveLength(10);
    for (const code of recoveryCodes) expect(stored.join(' ')).not.toContain(code.replaceAll('-', ''));
    // Shown once: the page afterwards says how many are left, never the codes.
    const later = await (await get(t, '/admin/account', session.cookie)).text();
    expect(later).toContain('Recovery codes left: 10 of 10.');
    for (const code of recoveryCodes) expect(later).not.toContain(code);
    // Starting again while it is on is refused.
    expect((await staffPost(t, session, '/admin/account/two-factor/start', {})).status).toBe(409);
  });

  test('signing in: the password makes no session, the code does; a code is taken once; the step is short-lived, bound to the browser, and tries are few', async () => {
    const { t, clock } = await clockApp({ RATE_LIMITS: 'off' });
    const staff = await createStaff(t.sql, 'maya');
    const session = await signedIn(t, staff);
    const { secret } = await enrol(t, session, clock.now);

    // The code that confirmed enrolment cannot sign in (same 30-second step).
    let pending = await passwordStep(t, staff);
    const page = await get(t, '/admin/login/code?next=%2Fadmin%2Fleads', pending);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Two-step sign-in');
    const replayed = await postCode(t, pending, codeAt(secret, clock.now));
    expect(replayed.status).toBe(401);
    expect(await replayed.text()).toContain(CODE_FAILED);

    clock.now += 30_000;
    const code = codeAt(secret, clock.now);
    // Without its browser's pending cookie, or with a made-up one, the code does nothing.
    for (const cookie of ['', `staff_pending=${'A'.repeat(43)}`, 'staff_pending=junk']) {
      const res = await postCode(t, cookie, code);
      expect(res.status, cookie).toBe(401);
      expect(await res.text()).toContain(CODE_EXPIRED);
    }
    // The right code, sent five times at once: one sign-in.
    pending = await passwordStep(t, staff);
    const answers = await Promise.all(Array.from({ length: 5 }, () => postCode(t, pending, code, {}, '/admin/ab-tests')));
    expect(answers.map((a) => a.status).sort()).toEqual([303, 401, 401, 401, 401]);
    const signedInAnswer = answers.find((a) => a.status === 303);
    expect(signedInAnswer?.headers.get('location')).toBe('/admin/ab-tests');
    const fresh = cookieSet(signedInAnswer as Response, 'staff_session');
    expect((await get(t, '/admin/leads', fresh)).status).toBe(200);

    // The same code in another sign-in within its window: refused.
    pending = await passwordStep(t, staff);
    expect((await postCode(t, pending, code)).status).toBe(401);
    // An older code than the last one taken: refused too.
    expect((await postCode(t, pending, codeAt(secret, clock.now - 30_000))).status).toBe(401);

    // The second step lasts 5 minutes.
    clock.now += 5 * 60_000 + 1000;
    const late = await postCode(t, pending, codeAt(secret, clock.now));
    expect(late.status).toBe(401);
    expect(await late.text()).toContain(CODE_EXPIRED);
    expect((await get(t, '/admin/login/code', pending)).status).toBe(303);

    // Five tries, then the password again.
    pending = await passwordStep(t, staff);
    for (let i = 0; i < 5; i++) expect((await postCode(t, pending, String(100000 + i))).status).toBe(401);
    const sixth = await postCode(t, pending, codeAt(secret, clock.now));
    expect(sixth.status).toBe(401);
    expect(await sixth.text()).toContain(CODE_TOO_MANY);

    // Bad input: an empty code is a 400 naming it; a huge body 413; JSON 415; another site 403.
    pending = await passwordStep(t, staff);
    expect((await postCode(t, pending, '')).status).toBe(400);
    expect((await postCode(t, pending, 'x'.repeat(40_000))).status).toBe(413);
    expect((await postCode(t, pending, '123456', { origin: 'https://evil.example' })).status).toBe(403);
    expect(JSON.stringify(t.logs)).not.toContain(secret);
  });

  test('recovery codes: each signs in once, typed any way; turning two-factor off needs the password', async () => {
    const { t, clock } = await clockApp({ RATE_LIMITS: 'off' });
    const staff = await createStaff(t.sql, 'maya');
    const session = await signedIn(t, staff);
    const { recoveryCodes } = await enrol(t, session, clock.now);
    const [first, second] = recoveryCodes;

    let pending = await passwordStep(t, staff);
    const used = await postCode(t, pending, first.toUpperCase().replaceAll('-', ' '));
    expect(used.status).toBe(303);
    expect(t.logs.some((l) => l.msg === 'staff signed in with a recovery code')).toBe(true);
    pending = await passwordStep(t, staff);
    expect((await postCode(t, pending, first)).status).toBe(401);
    expect((await postCode(t, pending, 'abcd-efgh-ijkl-mnop')).status).toBe(401);
    expect((await postCode(t, pending, second)).status).toBe(303);
    expect(await (await get(t, '/admin/account', session.cookie)).text()).toContain('Recovery codes left: 8 of 10.');

    const wrong = await staffPost(t, session, '/admin/account/two-factor/off', { password: 'not my password' });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain(CURRENT_PASSWORD_WRONG);
    const off = await staffPost(t, session, '/admin/account/two-factor/off', { password: staff.password });
    expect(off.status).toBe(303);
    expect(off.headers.get('location')).toBe('/admin/account?done=two-factor-off');
    const [{ rows }] = await t.sql<{ rows: number }[]>`
      select (select count(*) from staff_two_factor where user_id = ${staff.id}) + (select count(*) from staff_recovery_codes where user_id = ${staff.id}) as rows`;
    expect(Number(rows)).toBe(0);
    // The password alone signs in again.
    expect((await postLogin(t, { email: staff.email, password: staff.password })).headers.get('location')).toBe('/admin/leads');
  });

  test('codes are throttled like passwords: strangers who used up the account get no code checked', async () => {
    const { t, clock, from } = await clockApp();
    const staff = await createStaff(t.sql, 'maya');
    const session = await signedIn(t, staff, from('198.51.100.1'));
    const { secret } = await enrol(t, session, clock.now);
    clock.now += 30_000;
    // A stranger who has the password (phished) tries codes from one browser after another.
    const statuses = [];
    for (let i = 0; i < 3; i++) {
      const pending = await passwordStep(t, staff, from(`203.0.113.${i + 1}`));
      for (let j = 0; j < 2; j++) statuses.push((await postCode(t, pending, String(200000 + i * 10 + j), from(`203.0.113.${i + 1}`))).status);
    }
    // Right passwords give their attempt back; the wrong codes count: 5, and then strangers wait, for a password too.
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    expect((await postLogin(t, { email: staff.email, password: staff.password }, from('203.0.113.99'))).status).toBe(429);
    // The staff member, from their usual browser, still gets in with their code.
    const res = await postLogin(t, { email: staff.email, password: staff.password }, { ...from('198.51.100.1'), cookie: session.device });
    expect(res.status).toBe(303);
    const pending = cookieSet(res, 'staff_pending');
    const done = await postCode(t, `${pending}; ${session.device}`, codeAt(secret, clock.now), from('198.51.100.1'));
    expect(done.status).toBe(303);
  });
});
