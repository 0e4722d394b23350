import { afterAll, expect, setDefaultTimeout, test } from 'bun:test';
import { openDatabase } from '../../db/client.ts';
import { freshDataDir } from '../helpers/template-db.ts';

// Real servers, browsers and databases: a test may take longer than Bun's 5 s default.
setDefaultTimeout(60_000);

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
  expect(first).toMatchObject({ code: 0, out: `Created the staff account ${email}.` });
  const created = await storedRow(email);
  expect(created.password).toStartWith('$argon2id$');
  expect(created.password).not.toContain('correct horse');
  expect(await Bun.password.verify('correct horse battery', created.password)).toBe(true);

  expect(run(['add', email], { STAFF_PASSWORD: 'a different long passphrase' })).toMatchObject({ code: 0, out: `Set a new password for ${email}.` });
  const reset = await storedRow(email);
  expect(await Bun.password.verify('a different long passphrase', reset.password)).toBe(true);
  expect(await Bun.password.verify('correct horse battery', reset.password)).toBe(false);
  expect(run(['list']).out.split('\n')).toContain(email);
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
  expect(typed.shown).toContain(`Created the staff account ${address}.`);
  expect(typed.shown).not.toContain('correct horse');
  expect(await Bun.password.verify('correct horse battery', (await storedRow(address)).password)).toBe(true);

  const differing = await addAtTerminal(address, ['another long passphrase', 'another long passphrase!']);
  expect(differing.code).toBe(1);
  expect(differing.shown).toContain('The two passwords differ; nothing was changed');
  expect(await Bun.password.verify('correct horse battery', (await storedRow(address)).password)).toBe(true);
  run(['remove', address]);
});
