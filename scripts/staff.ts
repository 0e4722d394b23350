// Staff accounts, from the command line (the only way to make one: the site has no sign-up page).
//   bun run staff:add EMAIL        creates the account, or sets a new password for an existing one
//                                  (which signs it out everywhere)
//   bun run staff:list             lists the accounts (and which sign in with a code)
//   bun run staff:remove EMAIL     removes one
//   bun run staff:2fa-reset EMAIL  turns two-factor sign-in off for someone who lost their phone and
//                                  their recovery codes, and signs them out everywhere
// The password comes from STAFF_PASSWORD when set (scripts, tests), else it is asked for on the
// terminal without echo. It is stored only as an argon2id hash. The database is the site's own
// (DATABASE_URL, or the embedded one in DATA_DIR, which must not be in use by a running server).
// A person runs it, so it answers in plain sentences (console), not the server's JSON log lines.

import * as z from 'zod/mini';
import { openDatabase } from '../db/client.ts';
import { DataDirInUse } from '../db/data-dir-lock.ts';
import { findStaffAccount, listStaffAccounts, removeStaffAccount, saveStaffAccount } from '../db/queries/staff.ts';
import { endEverySession } from '../db/queries/staff-sessions.ts';
import { turnOffTwoFactor } from '../db/queries/two-factor.ts';
import { type Config, ConfigError, loadConfig } from '../lib/config.ts';
import { loadCommonPasswords, passwordProblem, staffEmailSchema } from '../lib/staff/accounts.ts';

const USAGE = 'Usage: bun run staff:add EMAIL | bun run staff:list | bun run staff:remove EMAIL | bun run staff:2fa-reset EMAIL';
const COMMANDS = ['add', 'list', 'remove', '2fa-reset'];

class UsageError extends Error {}

function parsed<T>(schema: z.ZodMiniType<T>, value: unknown): T {
  const result = z.safeParse(schema, value);
  if (!result.success) throw new UsageError(result.error.issues[0].message);
  return result.data;
}

/** Reads a line from the terminal without showing it. */
async function askHidden(question: string): Promise<string> {
  if (!process.stdin.isTTY) throw new UsageError('Set STAFF_PASSWORD, or run this in a terminal to be asked for the password');
  // Echo off before the question shows: an answer typed the moment it appears is never echoed.
  process.stdin.setRawMode(true);
  process.stdout.write(question);
  process.stdin.resume();
  // A listener rather than an async iterator: leaving the iterator early destroys stdin, and the
  // second question ("Again") could not be asked.
  let listener: ((chunk: Buffer) => void) | undefined;
  try {
    return await new Promise<string>((resolve, reject) => {
      let answer = '';
      listener = (chunk) => {
        for (const char of String(chunk)) {
          if (char === '\r' || char === '\n') return resolve(answer);
          if (char === '\u0003') return reject(new UsageError('Cancelled'));
          answer = char === '\u007f' ? answer.slice(0, -1) : answer + char;
        }
      };
      process.stdin.on('data', listener);
    });
  } finally {
    if (listener) process.stdin.off('data', listener);
    process.stdin.setRawMode(false);
    process.stdin.pause();
    process.stdout.write('\n');
  }
}

/** The new password, by the one rule for staff passwords (lib/staff/accounts.ts). */
async function newPassword(email: string, given: string | undefined): Promise<string> {
  const context = { email, common: await loadCommonPasswords() };
  const checked = (password: string) => {
    const problem = passwordProblem(password, context);
    if (problem) throw new UsageError(problem);
    return password;
  };
  if (given !== undefined) return checked(given);
  const password = checked(await askHidden('New password (at least 12 characters, not a common one): '));
  if ((await askHidden('Again: ')) !== password) throw new UsageError('The two passwords differ; nothing was changed');
  return password;
}

const sessions = (n: number) => (n === 1 ? '1 session' : `${n} sessions`);

async function run([command, emailArgument, ...extra]: string[], config: Config): Promise<string> {
  if (extra.length > 0 || !COMMANDS.includes(command ?? '')) throw new UsageError(USAGE);
  if (command !== 'list' && emailArgument === undefined) throw new UsageError(USAGE);
  const email = command === 'list' ? '' : parsed(staffEmailSchema, emailArgument);
  // Ask before opening the database, so nothing waits on a person typing.
  const passwordHash = command === 'add' ? await Bun.password.hash(await newPassword(email, config.STAFF_PASSWORD), { algorithm: 'argon2id' }) : '';
  const db = await openDatabase(config);
  try {
    if (command === 'add') {
      const { outcome, sessionsEnded } = await saveStaffAccount(db.sql, email, passwordHash);
      if (outcome === 'created') return `Created the staff account ${email}.`;
      return `Set a new password for ${email} and signed it out everywhere (${sessions(sessionsEnded)} ended; its remembered devices forgotten).`;
    }
    if (command === '2fa-reset') {
      const account = await findStaffAccount(db.sql, email);
      if (!account) throw new UsageError(`There is no staff account ${email}.`);
      if (!(await turnOffTwoFactor(db.sql, account.id))) return `Two-factor sign-in was not on for ${email}; nothing was changed.`;
      const ended = await endEverySession(db.sql, account.id);
      return `Turned two-factor sign-in off for ${email} and signed it out everywhere (${sessions(ended)} ended). They sign in with their password alone now, and can turn it on again on their account page.`;
    }
    if (command === 'remove') {
      if (!(await removeStaffAccount(db.sql, email))) throw new UsageError(`There is no staff account ${email}.`);
      return `Removed the staff account ${email}.`;
    }
    const accounts = await listStaffAccounts(db.sql);
    return accounts.length === 0
      ? 'No staff accounts yet: bun run staff:add EMAIL'
      : accounts.map((a) => (a.twoFactor ? `${a.email} (two-factor sign-in)` : a.email)).join('\n');
  } finally {
    await db.close();
  }
}

if (import.meta.main) {
  try {
    console.log(await run(process.argv.slice(2), loadConfig(process.env)));
  } catch (error) {
    if (!(error instanceof UsageError || error instanceof ConfigError || error instanceof DataDirInUse)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
