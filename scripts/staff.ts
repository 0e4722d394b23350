// Staff accounts, from the command line (the only way to make one: the site has no sign-up page).
//   bun run staff:add EMAIL [--role owner|staff]
//                                  creates the account (as `staff` unless --role owner; the very first
//                                  account is an owner whatever is asked), or sets a new password for an
//                                  existing one (which signs it out everywhere); an existing account
//                                  given --role has its role changed instead, and its password kept
//                                  (refused when that would leave no owner)
//   bun run staff:list             lists the accounts, their roles (and which sign in with a code)
//   bun run staff:remove EMAIL     removes one (refused for the only owner)
//   bun run staff:2fa-reset EMAIL  turns two-factor sign-in off for someone who lost their phone and
//                                  their recovery codes, and signs them out everywhere
//   bun run staff:booking EMAIL --hours "Mon-Fri 10:00-16:00" [--off] [--name "Priya Shah"] [--meeting-url URL]
//       [--caldav-url URL --caldav-user USER --caldav-password PASS | --ical-url URL]
//                                  sets when someone takes strategy sessions, and their calendar (checked
//                                  first; the app password may come from CALDAV_PASSWORD instead, and is
//                                  stored encrypted with APP_SECRET); without calendar options, the one
//                                  connected is checked again
// The password comes from STAFF_PASSWORD when set (scripts, tests), else it is asked for on the
// terminal without echo. It is stored only as an argon2id hash. The database is the site's own
// (DATABASE_URL, or the embedded one in DATA_DIR, which must not be in use by a running server).
// A person runs it, so it answers in plain sentences (console), not the server's JSON log lines.

import { parseArgs } from 'node:util';
import * as z from 'zod/mini';
import { openDatabase } from '../db/client.ts';
import { DataDirInUse } from '../db/data-dir-lock.ts';
import { bookingSettingsOf, recordCalendarAnswer, saveBookingHours, saveCalendar } from '../db/queries/booking-settings.ts';
import { findStaffAccount, listStaffAccounts, removeStaffAccount, saveStaffAccount, setStaffRole } from '../db/queries/staff.ts';
import { endEverySession } from '../db/queries/staff-sessions.ts';
import { turnOffTwoFactor } from '../db/queries/two-factor.ts';
import { calendarReachOf } from '../features/booking/calendar/index.ts';
import { type CalendarInput, type CheckOutcome, checkAndSeal, checkRecord, recheckCalendar } from '../features/booking/connect-calendar.ts';
import { formatHours, parseHours } from '../lib/booking/hours.ts';
import { bookingHoursFormSchema, caldavFormSchema, icalFormSchema } from '../lib/booking/schema.ts';
import { type Config, ConfigError, loadConfig } from '../lib/config.ts';
import { loadCommonPasswords, passwordProblem, staffEmailSchema } from '../lib/staff/accounts.ts';
import { isStaffRole, STAFF_ROLES, type StaffRole } from '../lib/staff/roles.ts';

const BOOKING_USAGE =
  'Usage: bun run staff:booking EMAIL --hours "Mon-Fri 10:00-16:00" [--off] [--name "Priya Shah"] [--meeting-url URL] [--caldav-url URL --caldav-user USER --caldav-password PASS | --ical-url URL]';
const USAGE = `Usage: bun run staff:add EMAIL [--role owner|staff] | bun run staff:list | bun run staff:remove EMAIL | bun run staff:2fa-reset EMAIL | ${BOOKING_USAGE.slice('Usage: '.length)}`;
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

const ROLE_PROBLEM = `--role is ${STAFF_ROLES.join(' or ')}: owner may do everything, staff may not erase, publish, run experiments or manage accounts`;

/** The arguments after `add`: the email and, when given, --role (checked). */
function addArguments(args: string[]): { emailArgument: string | undefined; role: StaffRole | undefined } {
  let parsedArgs: ReturnType<typeof parseArgs<{ args: string[]; allowPositionals: true; strict: true; options: { role: { type: 'string' } } }>>;
  try {
    parsedArgs = parseArgs({ args, allowPositionals: true, strict: true, options: { role: { type: 'string' } } });
  } catch {
    throw new UsageError(USAGE);
  }
  const { values, positionals } = parsedArgs;
  if (positionals.length !== 1) throw new UsageError(USAGE);
  if (values.role !== undefined && !isStaffRole(values.role)) throw new UsageError(`${ROLE_PROBLEM}; nothing was changed`);
  return { emailArgument: positionals[0], role: values.role };
}

/** Said when an account becomes an owner: its owner actions wait for two-factor sign-in. */
const OWNER_TWO_FACTOR_HINT =
  ' Owners erase, publish and run experiments only with two-factor sign-in on: after signing in, turn it on under Account (/admin/account).';

/** staff:add: a new account, a new password, or (--role on an existing account) a new role. */
async function add(args: string[], config: Config): Promise<string> {
  const { emailArgument, role } = addArguments(args);
  const email = parsed(staffEmailSchema, emailArgument);
  if (role !== undefined) {
    // An existing account given --role: only its role changes (no password is asked for).
    const db = await openDatabase(config);
    try {
      const changed = await setStaffRole(db.sql, email, role);
      if (changed === 'last-owner')
        throw new UsageError(
          `${email} is the only owner: make another account an owner first (--role owner), so someone can still do everything. Nothing was changed.`,
        );
      if (changed === 'same') return `${email} is already ${role === 'owner' ? 'an owner' : 'staff'}; nothing was changed.`;
      if (changed === 'changed')
        return `${email} is now ${role === 'owner' ? 'an owner' : 'staff'}, from their next page (their password and sessions are as they were).${role === 'owner' ? OWNER_TWO_FACTOR_HINT : ''}`;
    } finally {
      await db.close();
    }
  }
  // Ask before opening the database, so nothing waits on a person typing.
  const passwordHash = await Bun.password.hash(await newPassword(email, config.STAFF_PASSWORD), { algorithm: 'argon2id' });
  const db = await openDatabase(config);
  try {
    const saved = await saveStaffAccount(db.sql, email, passwordHash, role ?? 'staff');
    if (saved.outcome === 'created') {
      const first = saved.role === 'owner' && role !== 'owner' ? ', as the first account always is' : '';
      return `Created the staff account ${email} (role: ${saved.role}${first}).${saved.role === 'owner' ? OWNER_TWO_FACTOR_HINT : ''}`;
    }
    return `Set a new password for ${email} and signed it out everywhere (${sessions(saved.sessionsEnded)} ended; its remembered devices forgotten).`;
  } finally {
    await db.close();
  }
}

async function run([command, emailArgument, ...extra]: string[], config: Config): Promise<string> {
  if (command === 'booking')
    return booking(
      [emailArgument, ...extra].filter((a) => a !== undefined),
      config,
    );
  if (command === 'add')
    return add(
      [emailArgument, ...extra].filter((a) => a !== undefined),
      config,
    );
  if (extra.length > 0 || !COMMANDS.includes(command ?? '')) throw new UsageError(USAGE);
  if (command !== 'list' && emailArgument === undefined) throw new UsageError(USAGE);
  const email = command === 'list' ? '' : parsed(staffEmailSchema, emailArgument);
  const db = await openDatabase(config);
  try {
    if (command === '2fa-reset') {
      const account = await findStaffAccount(db.sql, email);
      if (!account) throw new UsageError(`There is no staff account ${email}.`);
      if (!(await turnOffTwoFactor(db.sql, account.id))) return `Two-factor sign-in was not on for ${email}; nothing was changed.`;
      const ended = await endEverySession(db.sql, account.id);
      return `Turned two-factor sign-in off for ${email} and signed it out everywhere (${sessions(ended)} ended). They sign in with their password alone now, and can turn it on again on their account page.`;
    }
    if (command === 'remove') {
      const removed = await removeStaffAccount(db.sql, email);
      if (removed === 'missing') throw new UsageError(`There is no staff account ${email}.`);
      if (removed === 'last-owner')
        throw new UsageError(`${email} is the only owner, so nothing was removed: make another account an owner first (bun run staff:add EMAIL --role owner).`);
      return `Removed the staff account ${email}.`;
    }
    const accounts = await listStaffAccounts(db.sql);
    return accounts.length === 0
      ? 'No staff accounts yet: bun run staff:add EMAIL --role owner'
      : accounts.map((a) => `${a.email} (${a.role}${a.twoFactor ? ', two-factor sign-in' : ''})`).join('\n');
  } finally {
    await db.close();
  }
}

/** The calendar was saved but could not be read: said on stderr, exit 1, so a provisioning script notices. */
class CalendarNotRead extends Error {}

/** The calendar options of staff:booking, checked: a calendar to connect, or none given. */
function calendarOf(options: Record<string, string | boolean | undefined>, config: Config): CalendarInput | null {
  const text = (name: string) => (typeof options[name] === 'string' ? (options[name] as string) : undefined);
  const [url, user, password, ical] = [text('caldav-url'), text('caldav-user'), text('caldav-password') ?? config.CALDAV_PASSWORD, text('ical-url')];
  const caldav = url !== undefined || user !== undefined || text('caldav-password') !== undefined;
  if (caldav && ical !== undefined)
    throw new UsageError('Give either a CalDAV calendar (--caldav-url, --caldav-user, --caldav-password) or an iCal feed (--ical-url), not both');
  if (ical !== undefined) return { kind: 'ical', ...parsed(icalFormSchema, { url: ical }) };
  if (!caldav) return null;
  if (url === undefined) throw new UsageError('Give the calendar’s CalDAV address with --caldav-url');
  if (user === undefined) throw new UsageError('Give the CalDAV username with --caldav-user');
  if (password === undefined) throw new UsageError('Give the CalDAV app password with --caldav-password, or set CALDAV_PASSWORD');
  if (!config.APP_SECRET)
    throw new UsageError(
      'Set APP_SECRET (at least 32 characters, e.g. `openssl rand -hex 32`, the same as the site’s) to connect a CalDAV calendar: its app password is stored encrypted with it. Nothing was changed.',
    );
  return { kind: 'caldav', ...parsed(caldavFormSchema, { url, username: user, password }) };
}

/** What a check of the calendar said, as the end of the command's one line. */
const calendarClause = (checked: CheckOutcome, kind: 'caldav' | 'ical') =>
  checked.ok
    ? `${kind === 'caldav' ? 'calendar connected' : 'iCal feed connected'}: “${checked.name}”`
    : `the calendar is saved but could not be read (${checked.reason}), so their times are withheld from visitors until it can be`;

/** staff:booking: hours, taking bookings or not, the name visitors see, and the calendar, checked before anything is stored. */
async function booking(args: string[], config: Config): Promise<string> {
  let values: Record<string, string | boolean | undefined>;
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      strict: true,
      options: {
        hours: { type: 'string' },
        off: { type: 'boolean' },
        name: { type: 'string' },
        'meeting-url': { type: 'string' },
        'caldav-url': { type: 'string' },
        'caldav-user': { type: 'string' },
        'caldav-password': { type: 'string' },
        'ical-url': { type: 'string' },
      },
    }));
  } catch {
    throw new UsageError(BOOKING_USAGE);
  }
  if (positionals.length !== 1 || typeof values.hours !== 'string') throw new UsageError(BOOKING_USAGE);
  const email = parsed(staffEmailSchema, positionals[0]);
  const hours = parseHours(values.hours);
  if (!hours.ok) throw new UsageError(hours.error);
  const accepting = values.off !== true;
  if (accepting && hours.hours.length === 0) throw new UsageError('Give the hours they take sessions, like --hours "Mon-Fri 10:00-16:00", or add --off');
  const given = parsed(bookingHoursFormSchema, { hours: values.hours, accepting, displayName: values.name, meetingUrl: values['meeting-url'] });
  const { displayName } = given;
  // Not given: the link stays as it is; given empty (--meeting-url ''): none.
  const meetingUrl = values['meeting-url'] === undefined ? undefined : (given.meetingUrl ?? null);
  const calendar = calendarOf(values, config);
  // The calendar is asked before the database opens (the embedded one allows one user at a time).
  const prepared = calendar ? await checkAndSeal(calendar, config.APP_SECRET, calendarReachOf(config)) : null;
  const db = await openDatabase(config);
  try {
    const account = await findStaffAccount(db.sql, email);
    if (!account) throw new UsageError(`There is no staff account ${email}. Nothing was changed.`);
    const now = new Date();
    await saveBookingHours(db.sql, account.id, { hours: formatHours(hours.hours), accepting, displayName, meetingUrl }, now);
    let checked: CheckOutcome | null = null;
    let kind: 'caldav' | 'ical' | null = null;
    if (prepared && !prepared.noSecret) {
      await saveCalendar(db.sql, account.id, prepared.stored, checkRecord(prepared.checked), now);
      [checked, kind] = [prepared.checked, prepared.stored.kind];
    } else {
      const stored = await bookingSettingsOf(db.sql, account.id);
      checked = stored ? await recheckCalendar(stored, config.APP_SECRET, calendarReachOf(config)) : null;
      kind = stored?.calendar?.kind ?? null;
      if (checked) await recordCalendarAnswer(db.sql, account.id, checkRecord(checked), new Date());
    }
    const settings = await bookingSettingsOf(db.sql, account.id);
    const who = `${email} (“${settings?.displayName ?? email}” to visitors)`;
    const when = accepting
      ? `takes bookings ${formatHours(hours.hours)}, Toronto time`
      : `is not taking bookings (hours kept: ${formatHours(hours.hours) || 'none'})`;
    const line = `${who} ${when}; ${checked && kind ? calendarClause(checked, kind) : 'no calendar connected'}.`;
    if (checked && !checked.ok) throw new CalendarNotRead(line);
    return line;
  } finally {
    await db.close();
  }
}

if (import.meta.main) {
  try {
    console.log(await run(process.argv.slice(2), loadConfig(process.env)));
  } catch (error) {
    if (!(error instanceof UsageError || error instanceof CalendarNotRead || error instanceof ConfigError || error instanceof DataDirInUse)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
