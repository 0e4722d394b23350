import { afterAll, expect, setDefaultTimeout, test } from 'bun:test';
import { openDatabase } from '../../db/client.ts';
import { createSession } from '../../db/queries/staff-sessions.ts';
import { scratchDatabase } from '../helpers/isolated-db.ts';
import { freshDataDir } from '../helpers/template-db.ts';

/** What staff:add adds when an account becomes an owner: its owner actions wait for two-factor sign-in. */
const OWNER_HINT = ' Owners erase, publish and run experiments only with two-factor sign-in on: after signing in, turn it on under Account (/admin/account).';

// Real servers, browsers and databases: a test may take longer than Bun's 5 s default.
// Each command is a process of its own that opens the database (on a busy machine, seconds each on the embedded one).
setDefaultTimeout(150_000);

// The staff commands against a real database: PostgreSQL at DATABASE_URL when set, else a fresh
// embedded one. Accounts are made only here; the password is stored as an argon2id hash.

const dataDir = process.env.DATABASE_URL ? '' : await freshDataDir();
// The commands read the environment as the server does (an empty DATA_DIR is refused); the test's own
// connection takes the same two settings.
const dbEnv: Record<string, string> = process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : { DATABASE_URL: '', DATA_DIR: dataDir };
const run = (args: string[], env: Record<string, string> = {}) => {
  const proc = Bun.spawnSync(['bun', 'scripts/staff.ts', ...args], {
    env: { ...process.env, ...dbEnv, ...env },
    stdin: 'ignore',
    stdout: 'pipe',
    stderr: 'pipe',
  });
  return { code: proc.exitCode, out: proc.stdout.toString().trim(), err: proc.stderr.toString().trim() };
};
const id = crypto.randomUUID().slice(0, 8);
const email = `maya.${id}@northlinedigital.ca`;

/** The stored row, read after the commands have let go of the database (the embedded one has one user at a time). */
async function storedRow(address: string) {
  const db = await openDatabase({ DATABASE_URL: dbEnv.DATABASE_URL, DATA_DIR: dataDir });
  try {
    const [row] = await db.sql<{ username: string; password: string }[]>`select username, password from users where username = ${address}`;
    return row;
  } finally {
    await db.close();
  }
}

afterAll(() => {
  run(['remove', email]);
});

test('add creates an account under the lower-cased email, with an argon2id hash of the password, and add again resets it', async () => {
  const first = run(['add', `  Maya.${id}@NorthlineDigital.ca`], { STAFF_PASSWORD: 'correct horse battery' });
  // Staff unless --role owner; an owner when it is the database's first account (the embedded one here is fresh).
  expect(first.code).toBe(0);
  expect([
    `Created the staff account ${email} (role: staff).`,
    `Created the staff account ${email} (role: owner, as the first account always is).${OWNER_HINT}`,
  ]).toContain(first.out);
  const created = await storedRow(email);
  expect(created.password).toStartWith('$argon2id$');
  expect(created.password).not.toContain('correct horse');
  expect(await Bun.password.verify('correct horse battery', created.password)).toBe(true);

  expect(run(['add', email], { STAFF_PASSWORD: 'a different long passphrase' })).toMatchObject({
    code: 0,
    out: `Set a new password for ${email} and signed it out everywhere (0 sessions ended; its remembered devices forgotten).`,
  });
  const reset = await storedRow(email);
  expect(await Bun.password.verify('a different long passphrase', reset.password)).toBe(true);
  expect(await Bun.password.verify('correct horse battery', reset.password)).toBe(false);
  expect(run(['list']).out.split('\n')).toContainEqual(expect.stringMatching(new RegExp(`^${email.replace(/\./g, '\\.')} \\((owner|staff)\\)$`)));
});

test('bad input is one clear line and exit 1, and changes nothing', async () => {
  const other = `sam.${id}@northlinedigital.ca`;
  expect(run(['add', other], { STAFF_PASSWORD: 'short' })).toMatchObject({ code: 1, err: 'A staff password has at least 12 characters' });
  expect(run(['add', 'not-an-email'], { STAFF_PASSWORD: 'correct horse battery' })).toMatchObject({
    code: 1,
    err: 'Enter a work email address, like maya@northlinedigital.ca',
  });
  // No password given and no terminal to ask on.
  expect(run(['add', other], { STAFF_PASSWORD: undefined as unknown as string })).toMatchObject({
    code: 1,
    err: 'Set STAFF_PASSWORD, or run this in a terminal to be asked for the password',
  });
  expect(run(['add'])).toMatchObject({ code: 1, err: expect.stringContaining('Usage: bun run staff:add EMAIL') });
  expect(run(['delete', other]).code).toBe(1);
  expect(run(['remove', other])).toMatchObject({ code: 1, err: `There is no staff account ${other}.` });
  expect(await storedRow(other)).toBeUndefined();
});

test('weak passwords are refused with the reason, the same rule as the account page', () => {
  const weak = `weak.${id}@northlinedigital.ca`;
  const refused: [string, string][] = [
    ['password1234', 'That password is on the list of common passwords attackers try first. Choose another: three or four unrelated words work well'],
    ['  QWERTY123456 ', 'That password is on the list of common passwords attackers try first. Choose another: three or four unrelated words work well'],
    [' '.repeat(12), 'A password of only spaces is too easy to guess: use words or other characters'],
    ['z'.repeat(16), 'A password of one character repeated is too easy to guess'],
    [weak.toUpperCase(), 'Your password cannot be your email address'],
  ];
  for (const [password, err] of refused) expect(run(['add', weak], { STAFF_PASSWORD: password }), JSON.stringify(password)).toMatchObject({ code: 1, err });
  expect(run(['list']).out.split('\n')).not.toContain(weak);
});

test('add on an existing account ends every session, remembered device and waiting second step it had, and says so', async () => {
  const busy = `busy.${id}@northlinedigital.ca`;
  expect(run(['add', busy], { STAFF_PASSWORD: 'correct horse battery' }).code).toBe(0);
  const db = await openDatabase({ DATABASE_URL: dbEnv.DATABASE_URL, DATA_DIR: dataDir });
  let userId: string;
  try {
    const [user] = await db.sql<{ id: string; password: string }[]>`select id, password from users where username = ${busy}`;
    userId = user.id;
    const now = new Date();
    for (const n of [1, 2]) await createSession(db.sql, `session-${id}-${n}`, user.id, now, user.password);
    await db.sql`insert into staff_devices (token_hash, user_id, created_at) values (${`device-${id}`}, ${user.id}, ${now})`;
    await db.sql`insert into staff_sign_in_pending (id_hash, user_id, expires_at) values (${`pending-${id}`}, ${user.id}, ${new Date(Date.now() + 60_000)})`;
  } finally {
    await db.close();
  }
  expect(run(['add', busy], { STAFF_PASSWORD: 'a brand new passphrase' })).toMatchObject({
    code: 0,
    out: `Set a new password for ${busy} and signed it out everywhere (2 sessions ended; its remembered devices forgotten).`,
  });
  const after = await openDatabase({ DATABASE_URL: dbEnv.DATABASE_URL, DATA_DIR: dataDir });
  try {
    for (const table of ['staff_sessions', 'staff_devices', 'staff_sign_in_pending']) {
      const [{ n }] = await after.sql<{ n: number }[]>`select count(*)::int as n from ${after.sql(table)} where user_id = ${userId}`;
      expect(n, table).toBe(0);
    }
  } finally {
    await after.close();
  }
  run(['remove', busy]);
});

test('2fa-reset turns two-factor sign-in off for someone who lost their phone and codes, and signs them out everywhere', async () => {
  const lost = `lost.${id}@northlinedigital.ca`;
  expect(run(['add', lost], { STAFF_PASSWORD: 'correct horse battery' }).code).toBe(0);
  expect(run(['2fa-reset', lost])).toMatchObject({ code: 0, out: `Two-factor sign-in was not on for ${lost}; nothing was changed.` });
  const db = await openDatabase({ DATABASE_URL: dbEnv.DATABASE_URL, DATA_DIR: dataDir });
  let userId: string;
  try {
    const [user] = await db.sql<{ id: string; password: string }[]>`select id, password from users where username = ${lost}`;
    userId = user.id;
    await db.sql`insert into staff_two_factor (user_id, secret, created_at, confirmed_at) values (${user.id}, 'JBSWY3DPEHPK3PXP', now(), now())`;
    await db.sql`insert into staff_recovery_codes (user_id, code_hash) values (${user.id}, ${`code-${id}`})`;
    await createSession(db.sql, `lost-session-${id}`, user.id, new Date(), user.password);
  } finally {
    await db.close();
  }
  expect(run(['list']).out.split('\n')).toContain(`${lost} (staff, two-factor sign-in)`);
  expect(run(['2fa-reset', lost.toUpperCase()])).toMatchObject({
    code: 0,
    out: `Turned two-factor sign-in off for ${lost} and signed it out everywhere (1 session ended). They sign in with their password alone now, and can turn it on again on their account page.`,
  });
  const after = await openDatabase({ DATABASE_URL: dbEnv.DATABASE_URL, DATA_DIR: dataDir });
  try {
    for (const table of ['staff_two_factor', 'staff_recovery_codes', 'staff_sessions']) {
      const [{ n }] = await after.sql<{ n: number }[]>`select count(*)::int as n from ${after.sql(table)} where user_id = ${userId}`;
      expect(n, table).toBe(0);
    }
  } finally {
    await after.close();
  }
  expect(run(['2fa-reset', `nobody.${id}@northlinedigital.ca`])).toMatchObject({ code: 1, err: `There is no staff account nobody.${id}@northlinedigital.ca.` });
  run(['remove', lost]);
});

test('remove deletes the account', async () => {
  const gone = `leave.${id}@northlinedigital.ca`;
  expect(run(['add', gone], { STAFF_PASSWORD: 'correct horse battery' }).code).toBe(0);
  expect(run(['remove', gone.toUpperCase()])).toMatchObject({ code: 0, out: `Removed the staff account ${gone}.` });
  expect(await storedRow(gone)).toBeUndefined();
  expect(run(['list']).out.split('\n')).not.toContain(gone);
});

/** Runs `add` on a pseudo-terminal (util-linux `script`), typing each answer once its question shows. */
async function addAtTerminal(address: string, answers: string[]) {
  const proc = Bun.spawn(['script', '-qec', `bun scripts/staff.ts add ${address}`, '/dev/null'], {
    env: { ...process.env, ...dbEnv },
    stdin: 'pipe',
    stdout: 'pipe',
    stderr: 'pipe',
  });
  let shown = '';
  const reading = (async () => {
    for await (const chunk of proc.stdout) shown += new TextDecoder().decode(chunk);
  })();
  for (const [i, question] of ['New password', 'Again'].entries()) {
    while (!shown.includes(question) && proc.exitCode === null) await Bun.sleep(10);
    proc.stdin.write(`${answers[i]}\r`);
    proc.stdin.flush();
  }
  const code = await proc.exited;
  await reading;
  return { code, shown };
}

test('at a terminal the password is asked for twice and never shown; two different answers change nothing', async () => {
  const address = `tty.${id}@northlinedigital.ca`;
  const typed = await addAtTerminal(address, ['correct horse battery', 'correct horse battery']);
  expect(typed.code).toBe(0);
  expect(typed.shown).toContain(`Created the staff account ${address} (role: `);
  expect(typed.shown).not.toContain('correct horse');
  expect(await Bun.password.verify('correct horse battery', (await storedRow(address)).password)).toBe(true);

  const differing = await addAtTerminal(address, ['another long passphrase', 'another long passphrase!']);
  expect(differing.code).toBe(1);
  expect(differing.shown).toContain('The two passwords differ; nothing was changed');
  expect(await Bun.password.verify('correct horse battery', (await storedRow(address)).password)).toBe(true);
  run(['remove', address]);
});

test('roles: the first account is an owner whatever --role says; then staff unless --role owner; --role changes an existing account; a bad role is refused', async () => {
  // A database of this test's own, so "first" is certain on PostgreSQL as on the embedded one.
  const scratch = await scratchDatabase();
  const inScratch = (args: string[], env: Record<string, string> = {}) => {
    const proc = Bun.spawnSync(['bun', 'scripts/staff.ts', ...args], {
      env: { ...process.env, ...scratch.env, ...env },
      stdin: 'ignore',
      stdout: 'pipe',
      stderr: 'pipe',
    });
    return { code: proc.exitCode, out: proc.stdout.toString().trim(), err: proc.stderr.toString().trim() };
  };
  const roleOf = async (address: string) => {
    const db = await scratch.open();
    try {
      const [row] = await db.sql<{ role: string }[]>`select role from users where username = ${address}`;
      return row?.role;
    } finally {
      await db.close();
    }
  };
  const password = { STAFF_PASSWORD: 'correct horse battery' };
  const [first, second, third] = ['first', 'second', 'third'].map((n) => `${n}.${id}@northlinedigital.ca`);
  try {
    expect(inScratch(['add', first, '--role', 'staff'], password)).toMatchObject({
      code: 0,
      out: `Created the staff account ${first} (role: owner, as the first account always is).${OWNER_HINT}`,
    });
    expect(await roleOf(first)).toBe('owner');
    expect(inScratch(['add', second], password)).toMatchObject({ code: 0, out: `Created the staff account ${second} (role: staff).` });
    expect(inScratch(['add', third, '--role', 'owner'], password)).toMatchObject({
      code: 0,
      out: `Created the staff account ${third} (role: owner).${OWNER_HINT}`,
    });
    expect(inScratch(['list']).out.split('\n')).toEqual([`${first} (owner)`, `${second} (staff)`, `${third} (owner)`]);

    // A bad role, or --role without a value: one clear line, exit 1, nothing made or changed.
    const bad = inScratch(['add', `fourth.${id}@northlinedigital.ca`, '--role', 'admin'], password);
    expect(bad.code).toBe(1);
    expect(bad.err).toBe(
      '--role is owner or staff: owner may do everything, staff may not erase, publish, run experiments or manage accounts; nothing was changed',
    );
    expect(await roleOf(`fourth.${id}@northlinedigital.ca`)).toBeUndefined();
    expect(inScratch(['add', second, '--role', 'Owner'], password).code).toBe(1);
    expect(inScratch(['add', second, '--role'], password)).toMatchObject({
      code: 1,
      err: expect.stringContaining('Usage: bun run staff:add EMAIL [--role owner|staff]'),
    });
    expect(await roleOf(second)).toBe('staff');

    // An existing account given --role: the role changes, no password is asked for (none is set here), the password stays.
    const before = await (async () => {
      const db = await scratch.open();
      try {
        return (await db.sql<{ password: string }[]>`select password from users where username = ${second}`)[0].password;
      } finally {
        await db.close();
      }
    })();
    expect(inScratch(['add', second, '--role', 'owner'])).toEqual({
      code: 0,
      out: `${second} is now an owner, from their next page (their password and sessions are as they were).${OWNER_HINT}`,
      err: '',
    });
    expect(await roleOf(second)).toBe('owner');
    expect(inScratch(['add', second, '--role', 'owner'])).toMatchObject({ code: 0, out: `${second} is already an owner; nothing was changed.` });
    expect(inScratch(['add', second, '--role', 'staff'])).toEqual({
      code: 0,
      out: `${second} is now staff, from their next page (their password and sessions are as they were).`,
      err: '',
    });
    const db = await scratch.open();
    try {
      expect((await db.sql<{ password: string }[]>`select password from users where username = ${second}`)[0].password).toBe(before);
    } finally {
      await db.close();
    }
    // The last owner cannot be made staff.
    expect(inScratch(['add', third, '--role', 'staff']).code).toBe(0);
    const last = inScratch(['add', first, '--role', 'staff']);
    expect(last).toMatchObject({ code: 1, err: expect.stringContaining(`${first} is the only owner`) });
    expect(await roleOf(first)).toBe('owner');
  } finally {
    await scratch.drop();
  }
  // About twenty commands, each opening the database (the embedded one takes seconds to open).
}, 300_000);
