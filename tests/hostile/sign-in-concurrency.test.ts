import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { openDatabase } from '../../db/client.ts';
import { SIGN_IN_RULES } from '../../lib/staff/sign-in-throttle.ts';
import { LOGIN_BUSY } from '../../routes/admin/login.tsx';
import { type ScratchDatabase, scratchDatabase } from '../helpers/isolated-db.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';
import { createStaff, type TestStaff } from '../helpers/staff.ts';
import { freshDataDir } from '../helpers/template-db.ts';

// Real servers, browsers and databases: a test may take longer than Bun's 5 s default.
setDefaultTimeout(60_000);

// Password guesses sent all at once, as an attacker with a script would, against a production server:
// one process on the embedded database, and four processes on one PostgreSQL (each request on a
// connection of its own, so the kernel spreads them over the processes). Every password the server
// checks is a security line in its log ('staff sign-in failed' for a wrong one), which is how the
// checks are counted here. TRUST_PROXY=1 lets this one client pose as many addresses (X-Forwarded-For).

const GUESSES = 200;

type Answer = { status: number; location: string | null; retryAfter: string | null; body: string; cookies: string[] };

async function postLogin(server: RunningServer, fields: Record<string, string>, address: string, cookie = ''): Promise<Answer> {
  const res = await fetch(`${server.url}/admin/login`, {
    method: 'POST',
    redirect: 'manual',
    keepalive: false,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': address, connection: 'close', ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams(fields).toString(),
  });
  return {
    status: res.status,
    location: res.headers.get('location'),
    retryAfter: res.headers.get('retry-after'),
    body: await res.text(),
    cookies: res.headers.getSetCookie().map((c) => c.split(';')[0]),
  };
}

/** The right password from the staff member's usual browser, which brings its device cookie; a busy gate (429, Retry-After: 1) is tried again a second later, as a person would. */
async function signInFromUsualDevice(server: RunningServer, staff: TestStaff, device: string, address: string): Promise<Answer> {
  for (let tries = 0; ; tries++) {
    const answer = await postLogin(server, { email: staff.email, password: staff.password }, address, device);
    if (answer.status !== 429 || !answer.body.includes(LOGIN_BUSY) || tries >= 5) return answer;
    await Bun.sleep(1000);
  }
}

/** Log lines with this message since `from` (an offset in the server's output). */
const linesSince = (server: RunningServer, from: number, msg: string) =>
  server
    .output()
    .slice(from)
    .split('\n')
    .filter((l) => l.includes(`"msg":"${msg}"`));

/** Sends `GUESSES` wrong guesses at once and counts what the server did with them. */
async function burst(server: RunningServer, scenario: string, guess: (i: number) => { email: string; address: string }) {
  // Lines of what came before reach the pipe a moment after their answers.
  await Bun.sleep(300);
  const from = server.output().length;
  const started = performance.now();
  const answers = await Promise.all(
    Array.from({ length: GUESSES }, (_, i) => {
      const { email, address } = guess(i);
      return postLogin(server, { email, password: `wrong guess ${i} ${crypto.randomUUID()}` }, address);
    }),
  );
  const elapsedMs = performance.now() - started;
  await Bun.sleep(300); // the last log lines
  const figures = {
    scenario,
    sent: GUESSES,
    // Every guess is wrong: each password checked is one 'staff sign-in failed' line (a right one would be 'staff signed in').
    checked: linesSince(server, from, 'staff sign-in failed').length,
    signedIn: linesSince(server, from, 'staff signed in').length,
    accepted: answers.filter((a) => a.status === 303).length,
    wrong: answers.filter((a) => a.status === 401).length,
    throttled: answers.filter((a) => a.status === 429 && !a.body.includes(LOGIN_BUSY)).length,
    busy: answers.filter((a) => a.status === 429 && a.body.includes(LOGIN_BUSY)).length,
    other: answers.filter((a) => ![303, 401, 429].includes(a.status)).map((a) => a.status),
    // Which server processes answered (their security lines carry their number under WEB_CONCURRENCY).
    processes: [
      ...new Set(linesSince(server, from, 'staff sign-in refused: too many attempts').map((l) => Number(l.match(/"process":(\d+)/)?.[1] ?? 0))),
    ].sort(),
    elapsedMs: Math.round(elapsedMs),
  };
  console.log('sign-in:', JSON.stringify(figures));
  for (const a of answers.filter((a) => a.status === 429)) {
    expect(Number(a.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(a.cookies).toEqual([]);
  }
  return figures;
}

/**
 * After a burst: wrong guesses one after another until the server refuses (429, not busy), so the
 * limit is reached whatever the burst left of it. How many of them were checked, and the refusal.
 */
async function untilRefused(server: RunningServer, guess: (i: number) => { email: string; address: string }) {
  const from = server.output().length;
  for (let i = 0; i < 40; i++) {
    const { email, address } = guess(i);
    const answer = await postLogin(server, { email, password: `wrong follow-up ${i}` }, address);
    if (answer.status === 429 && !answer.body.includes(LOGIN_BUSY)) {
      await Bun.sleep(300);
      return { checked: linesSince(server, from, 'staff sign-in failed').length, refusal: answer };
    }
  }
  throw new Error('never refused');
}

/** Strangers on one account: 5 per 15 minutes, then one per 30-second window that opened in the time the burst took. */
const strangerBound = (elapsedMs: number) => SIGN_IN_RULES.strangers.limit + Math.ceil(elapsedMs / SIGN_IN_RULES.strangersTrickle.windowMs);

function scenarios(label: string, processes: number, start: () => Promise<{ server: RunningServer; staff: TestStaff; stop: () => Promise<void> }>) {
  describe(label, () => {
    let server: RunningServer;
    let staff: TestStaff;
    let stop: () => Promise<void>;
    let device: string;

    beforeAll(async () => {
      ({ server, staff, stop } = await start());
      // The staff member signed in from their usual browser earlier: it holds the account's device cookie.
      const earlier = await postLogin(server, { email: staff.email, password: staff.password }, '198.51.100.7');
      expect(earlier.status).toBe(303);
      device = earlier.cookies.find((c) => c.startsWith('staff_device=')) ?? '';
      expect(device).toMatch(/^staff_device=[\w-]{43}$/);
    }, 120_000);
    afterAll(() => stop?.());

    test(`${GUESSES} wrong passwords at once against one account from ${GUESSES} addresses: at most the strangers' allowance is checked, none accepted; the staff member's usual device still signs in`, async () => {
      const figures = await burst(server, `${label}: one account, ${GUESSES} addresses`, (i) => ({
        email: staff.email,
        address: `203.0.${113 + Math.floor(i / 250)}.${(i % 250) + 1}`,
      }));
      expect(figures.other).toEqual([]);
      if (processes > 1) expect(figures.processes).toEqual(Array.from({ length: processes }, (_, i) => i + 1));
      expect(figures.accepted).toBe(0);
      expect(figures.signedIn).toBe(0);
      expect(figures.checked).toBeGreaterThanOrEqual(1);
      expect(figures.checked).toBeLessThanOrEqual(strangerBound(figures.elapsedMs));
      expect(figures.wrong).toBe(figures.checked);

      // One after another, the strangers' allowance runs out all the same (the burst left what it did not use) ...
      const started = performance.now() - figures.elapsedMs;
      const after = await untilRefused(server, (i) => ({ email: staff.email, address: `192.0.2.${100 + i}` }));
      expect(figures.checked + after.checked).toBeLessThanOrEqual(strangerBound(performance.now() - started));
      expect(Number(after.refusal.retryAfter)).toBeLessThanOrEqual(30);
      // ... so a stranger with the right password now waits its turn (30 s at most) ...
      const stranger = await postLogin(server, { email: staff.email, password: staff.password }, '192.0.2.200');
      expect(stranger.status).toBe(429);
      expect(Number(stranger.retryAfter)).toBeLessThanOrEqual(30);
      // ... but from the usual device, at another address, the staff member signs in at once.
      const own = await signInFromUsualDevice(server, staff, device, '192.0.2.10');
      expect(own.status).toBe(303);
      expect(own.location).toBe('/admin/leads');
      device = own.cookies.find((c) => c.startsWith('staff_device=')) ?? device;
    });

    test(`${GUESSES} wrong passwords at once from one address, each on another email: at most the address's ${SIGN_IN_RULES.address.limit} are checked; the staff member signs in from elsewhere`, async () => {
      const figures = await burst(server, `${label}: one address, ${GUESSES} emails`, (i) => ({
        email: i % 10 === 0 ? staff.email : `guess-${i}-${crypto.randomUUID().slice(0, 6)}@northlinedigital.ca`,
        address: '203.0.113.250',
      }));
      expect(figures.other).toEqual([]);
      if (processes > 1) expect(figures.processes).toEqual(Array.from({ length: processes }, (_, i) => i + 1));
      expect(figures.accepted).toBe(0);
      expect(figures.signedIn).toBe(0);
      expect(figures.wrong).toBe(figures.checked);
      expect(figures.checked).toBeGreaterThanOrEqual(1);
      expect(figures.checked).toBeLessThanOrEqual(SIGN_IN_RULES.address.limit);
      const after = await untilRefused(server, (i) => ({
        email: `follow-${i}-${crypto.randomUUID().slice(0, 6)}@northlinedigital.ca`,
        address: '203.0.113.250',
      }));
      expect(figures.checked + after.checked).toBeLessThanOrEqual(SIGN_IN_RULES.address.limit);
      expect(Number(after.refusal.retryAfter)).toBeGreaterThan(14 * 60);
      // That address is refused, even with the right password ...
      expect((await postLogin(server, { email: staff.email, password: staff.password }, '203.0.113.250')).status).toBe(429);
      // ... and the staff member, from their usual device at another address, is not.
      expect((await signInFromUsualDevice(server, staff, device, '192.0.2.11')).status).toBe(303);
    });
  });
}

scenarios('1 process, embedded database', 1, async () => {
  const dataDir = await freshDataDir();
  const db = await openDatabase({ DATA_DIR: dataDir });
  let staff: TestStaff;
  try {
    staff = await createStaff(db.sql, 'maya');
  } finally {
    await db.close();
  }
  const server = await startServer({ DATABASE_URL: '', TRUST_PROXY: '1' }, dataDir);
  return { server, staff, stop: async () => void (await server.stop()) };
});

if (process.env.DATABASE_URL) {
  scenarios('4 processes, PostgreSQL', 4, async () => {
    const scratch: ScratchDatabase = await scratchDatabase();
    const db = await scratch.open();
    const staff = await createStaff(db.sql, 'maya');
    // RATE_LIMIT_STORE stays at its default (memory): sign-in counts in the database whatever it says.
    const server = await startServer({ ...scratch.env, WEB_CONCURRENCY: '4', TRUST_PROXY: '1' });
    return {
      server,
      staff,
      stop: async () => {
        await server.stop();
        await scratch.drop();
      },
    };
  });
}
