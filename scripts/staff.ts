// Staff accounts, from the command line (the only way to make one: the site has no sign-up page).
//   bun run staff:add EMAIL      creates the account, or sets a new password for an existing one
//   bun run staff:list           lists the accounts
//   bun run staff:remove EMAIL   removes one
// The password comes from STAFF_PASSWORD when set (scripts, tests), else it is asked for on the
// terminal without echo. It is stored only as an argon2id hash. The database is the site's own
// (DATABASE_URL, or the embedded one in DATA_DIR, which must not be in use by a running server).

import * as z from 'zod/mini';
import { openDatabase } from '../db/client.ts';
import { DataDirInUse } from '../db/data-dir-lock.ts';
import { listStaffAccounts, removeStaffAccount, saveStaffAccount } from '../db/queries/staff.ts';
import { ConfigError, loadConfig } from '../lib/config.ts';
import { staffEmailSchema, staffPasswordSchema } from '../lib/staff.ts';

const USAGE = 'Usage: bun run staff:add EMAIL | bun run staff:list | bun run staff:remove EMAIL';

class UsageError extends Error {}

function parsed<T>(schema: z.ZodMiniType<T>, value: unknown): T {
  const result = z.safeParse(schema, value);
  if (!result.success) throw new UsageError(result.error.issues[0].message);
  return result.data;
}

/** Reads a line from the terminal without showing it. */
async function askHidden(question: string): Promise<string> {
  if (!process.stdin.isTTY) throw new UsageError('Set STAFF_PASSWORD, or run this in a terminal to be asked for the password');
  process.stdout.write(question);
  process.stdin.setRawMode(true);
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

async function newPassword(): Promise<string> {
  if (process.env.STAFF_PASSWORD !== undefined) return parsed(staffPasswordSchema, process.env.STAFF_PASSWORD);
  const password = parsed(staffPasswordSchema, await askHidden('New password (at least 12 characters): '));
  if ((await askHidden('Again: ')) !== password) throw new UsageError('The two passwords differ; nothing was changed');
  return password;
}

async function run([command, emailArgument, ...extra]: string[]): Promise<string> {
  if (extra.length > 0 || !['add', 'list', 'remove'].includes(command ?? '')) throw new UsageError(USAGE);
  if (command !== 'list' && emailArgument === undefined) throw new UsageError(USAGE);
  const email = command === 'list' ? '' : parsed(staffEmailSchema, emailArgument);
  // Ask before opening the database, so nothing waits on a person typing.
  const passwordHash = command === 'add' ? await Bun.password.hash(await newPassword(), { algorithm: 'argon2id' }) : '';
  const db = await openDatabase(loadConfig(process.env));
  try {
    if (command === 'add') {
      const outcome = await saveStaffAccount(db.sql, email, passwordHash);
      return outcome === 'created' ? `Created the staff account ${email}.` : `Set a new password for ${email}.`;
    }
    if (command === 'remove') {
      if (!(await removeStaffAccount(db.sql, email))) throw new UsageError(`There is no staff account ${email}.`);
      return `Removed the staff account ${email}.`;
    }
    const accounts = await listStaffAccounts(db.sql);
    return accounts.length === 0 ? 'No staff accounts yet: bun run staff:add EMAIL' : accounts.map((a) => a.email).join('\n');
  } finally {
    await db.close();
  }
}

if (import.meta.main) {
  try {
    console.log(await run(process.argv.slice(2)));
  } catch (error) {
    if (!(error instanceof UsageError || error instanceof ConfigError || error instanceof DataDirInUse)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
