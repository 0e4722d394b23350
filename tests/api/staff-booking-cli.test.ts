import { afterAll, beforeAll, expect, setDefaultTimeout, test } from 'bun:test';
import { openDatabase } from '../../db/client.ts';
import { startRadicale, type TestRadicale } from '../fixtures/radicale.ts';
import { insideCalendar } from '../helpers/inside-calendar.ts';
import { freshDataDir } from '../helpers/template-db.ts';

// Real servers, databases and a real CalDAV server: more than Bun's 5 s default. Each command and each
// look at the settings opens the embedded database anew (about 5 s each beside other test processes on a
// slow 2-core machine, where the first test's eleven took more than 60 s).
setDefaultTimeout(180_000);

// `bun run staff:booking` as a person runs it, a process of its own against a real database
// (PostgreSQL at DATABASE_URL when set, else a fresh embedded one) and a real CalDAV server (Radicale)
// on loopback, let through by CALENDAR_ALLOW_HOSTS as an office's own calendar server would be: one line
// of outcome, exit 1 with the reason when something is wrong.

const dataDir = process.env.DATABASE_URL ? '' : await freshDataDir();
const dbEnv: Record<string, string> = process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : { DATABASE_URL: '', DATA_DIR: dataDir };
const APP_SECRET = 'an app secret of at least thirty-two characters';
const PASSWORD = 'correct horse battery staple';

const run = async (args: string[], env: Record<string, string | undefined> = {}) => {
  // Asynchronous: the command talks to Radicale, whose server runs in this process's event loop's care.
  const proc = Bun.spawn(['bun', 'scripts/staff.ts', ...args], {
    env: { ...process.env, ...dbEnv, APP_SECRET: undefined, CALDAV_PASSWORD: undefined, CALENDAR_ALLOW_HOSTS: radicale?.hostPort ?? '', ...env },
    stdin: 'ignore',
    stdout: 'pipe',
    stderr: 'pipe',
  });
  const [out, err, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  return { code, out: out.trim(), err: err.trim() };
};

const id = crypto.randomUUID().slice(0, 8);
const email = `priya.shah.${id}@northlinedigital.ca`;
let radicale: TestRadicale;

/** The stored settings, read after the command has let go of the database (the embedded one has one user at a time). */
async function settingsOf(address: string) {
  const db = await openDatabase({ DATABASE_URL: dbEnv.DATABASE_URL, DATA_DIR: dataDir });
  try {
    const [row] = await db.sql<
      {
        hours: string;
        accepting: boolean;
        displayName: string | null;
        meetingUrl: string | null;
        calendarKind: string | null;
        calendarPassword: string | null;
        calendarName: string | null;
        calendarProblem: string | null;
      }[]
    >`
      select s.hours, s.accepting, s.display_name, s.meeting_url, s.calendar_kind, s.calendar_password, s.calendar_name, s.calendar_problem
      from booking_settings s join users u on u.id = s.user_id where u.username = ${address}`;
    return row;
  } finally {
    await db.close();
  }
}

beforeAll(async () => {
  radicale = await startRadicale({ users: { priya: PASSWORD } });
  await radicale.makeCalendar('priya', 'Work');
  expect((await run(['add', email], { STAFF_PASSWORD: 'a long enough passphrase' })).code).toBe(0);
});
afterAll(async () => {
  await run(['remove', email]);
  await radicale?.stop();
});

test('sets the hours (in their canonical form), the name, and taking bookings, in one line', async () => {
  expect(await run(['booking', email, '--hours', 'mon-fri 10:00 to 16:00', '--name', 'Priya Shah'])).toEqual({
    code: 0,
    out: `${email} (“Priya Shah” to visitors) takes bookings Mon-Fri 10:00-16:00, Toronto time; no calendar connected.`,
    err: '',
  });
  expect(await settingsOf(email)).toMatchObject({ hours: 'Mon-Fri 10:00-16:00', accepting: true, displayName: 'Priya Shah', calendarKind: null });
  // --off keeps the hours; the name given before stays.
  expect((await run(['booking', email, '--hours', 'Mon-Fri 10:00-16:00', '--off'])).out).toBe(
    `${email} (“Priya Shah” to visitors) is not taking bookings (hours kept: Mon-Fri 10:00-16:00); no calendar connected.`,
  );
  expect(await settingsOf(email)).toMatchObject({ accepting: false, displayName: 'Priya Shah' });
  // The video room: set, kept when not given, cleared when given empty.
  expect((await run(['booking', email, '--hours', 'Mon-Fri 10:00-16:00', '--meeting-url', 'https://meet.google.com/abc-defg-hij'])).code).toBe(0);
  expect((await settingsOf(email)).meetingUrl).toBe('https://meet.google.com/abc-defg-hij');
  expect((await run(['booking', email, '--hours', 'Mon-Fri 10:00-16:00'])).code).toBe(0);
  expect((await settingsOf(email)).meetingUrl).toBe('https://meet.google.com/abc-defg-hij');
  expect(await run(['booking', email, '--hours', 'Mon-Fri 10:00-16:00', '--meeting-url', 'meet.google.com'])).toMatchObject({
    code: 1,
    err: 'Enter your video room’s full link, starting with https://, or leave it empty',
  });
  expect((await run(['booking', email, '--hours', 'Mon-Fri 10:00-16:00', '--meeting-url', ''])).code).toBe(0);
  expect((await settingsOf(email)).meetingUrl).toBeNull();
});

test('a bad --hours prints parseHours’s sentence, exit 1, and changes nothing', async () => {
  const before = await settingsOf(email);
  expect(await run(['booking', email, '--hours', 'Mnd-Fri 10:00-16:00'])).toEqual({
    code: 1,
    out: '',
    err: '“Mnd” is not a day: use Mon, Tue, Wed, Thu, Fri, Sat or Sun',
  });
  expect(await run(['booking', email, '--hours', 'Mon 16:00-10:00'])).toMatchObject({ code: 1, err: '“16:00-10:00” must end after it starts' });
  expect(await run(['booking', email, '--hours', ''])).toMatchObject({
    code: 1,
    err: 'Give the hours they take sessions, like --hours "Mon-Fri 10:00-16:00", or add --off',
  });
  expect(await run(['booking', email])).toMatchObject({ code: 1, err: expect.stringContaining('Usage: bun run staff:booking EMAIL --hours') });
  expect(await run(['booking', email, '--hours', 'Mon 10:00-11:00', '--colour', 'blue'])).toMatchObject({ code: 1 });
  expect(await run(['booking', `nobody.${id}@northlinedigital.ca`, '--hours', 'Mon 10:00-11:00'])).toMatchObject({
    code: 1,
    err: `There is no staff account nobody.${id}@northlinedigital.ca. Nothing was changed.`,
  });
  expect(await settingsOf(email)).toEqual(before);
});

test('a CalDAV calendar is checked, its password sealed with APP_SECRET (or taken from CALDAV_PASSWORD); without APP_SECRET, one line and nothing stored', async () => {
  const calendar = ['--caldav-url', radicale.url, '--caldav-user', 'priya'];
  const refused = await run(['booking', email, '--hours', 'Mon-Fri 10:00-16:00', ...calendar, '--caldav-password', PASSWORD]);
  expect(refused.code).toBe(1);
  expect(refused.err).toStartWith('Set APP_SECRET');
  expect(refused.err.split('\n')).toHaveLength(1);
  expect((await settingsOf(email)).calendarKind).toBeNull();

  const missing = await run(['booking', email, '--hours', 'Mon-Fri 10:00-16:00', ...calendar], { APP_SECRET });
  expect(missing).toMatchObject({ code: 1, err: 'Give the CalDAV app password with --caldav-password, or set CALDAV_PASSWORD' });

  expect(await run(['booking', email, '--hours', 'Mon-Fri 10:00-16:00', ...calendar], { APP_SECRET, CALDAV_PASSWORD: PASSWORD })).toEqual({
    code: 0,
    out: `${email} (“Priya Shah” to visitors) takes bookings Mon-Fri 10:00-16:00, Toronto time; calendar connected: “Work”.`,
    err: '',
  });
  const stored = await settingsOf(email);
  expect(stored).toMatchObject({ calendarKind: 'caldav', calendarName: 'Work', calendarProblem: null });
  expect(stored.calendarPassword).toStartWith('v1.');
  expect(stored.calendarPassword).not.toContain('horse');

  // Without calendar options, the connected calendar is checked again.
  expect((await run(['booking', email, '--hours', 'Mon-Fri 10:00-16:00'], { APP_SECRET })).out).toEndWith('calendar connected: “Work”.');
});

test('a calendar that refuses the password is saved with its reason, said on stderr with exit 1; both kinds at once are refused', async () => {
  const wrong = await run(
    ['booking', email, '--hours', 'Mon-Fri 10:00-16:00', '--caldav-url', radicale.url, '--caldav-user', 'priya', '--caldav-password', 'not it'],
    {
      APP_SECRET,
    },
  );
  expect(wrong).toEqual({
    code: 1,
    out: '',
    err: `${email} (“Priya Shah” to visitors) takes bookings Mon-Fri 10:00-16:00, Toronto time; the calendar is saved but could not be read (The calendar server refused the username or app password), so their times are withheld from visitors until it can be.`,
  });
  expect(wrong.err).not.toContain('not it');
  expect(await settingsOf(email)).toMatchObject({ calendarKind: 'caldav', calendarProblem: 'The calendar server refused the username or app password' });

  const both = await run(['booking', email, '--hours', 'Mon 10:00-11:00', '--caldav-url', radicale.url, '--ical-url', 'https://calendar.example/basic.ics'], {
    APP_SECRET,
  });
  expect(both).toMatchObject({
    code: 1,
    err: 'Give either a CalDAV calendar (--caldav-url, --caldav-user, --caldav-password) or an iCal feed (--ical-url), not both',
  });
  expect(await run(['booking', email, '--hours', 'Mon 10:00-11:00', '--ical-url', 'not a url'])).toMatchObject({
    code: 1,
    err: 'Enter the secret iCal address of your calendar, starting with https:// (or webcal://)',
  });
});

test('a calendar address inside the network is refused in its sentence before any request (saved with it, exit 1); only CALENDAR_ALLOW_HOSTS lets one through', async () => {
  const inside = insideCalendar();
  const refused = 'That address is on a private network: this site reads calendars only from the internet (or from hosts listed in CALENDAR_ALLOW_HOSTS)';
  try {
    const feed = await run(['booking', email, '--hours', 'Mon-Fri 10:00-16:00', '--ical-url', `http://127.0.0.1:${inside.port}/cal.ics`]);
    expect(feed.code).toBe(1);
    expect(feed.err).toContain(`could not be read (${refused})`);
    const dav = await run(
      ['booking', email, '--hours', 'Mon-Fri 10:00-16:00', '--caldav-url', 'http://169.254.169.254/', '--caldav-user', 'priya', '--caldav-password', 'not it'],
      { APP_SECRET },
    );
    expect(dav.code).toBe(1);
    expect(dav.err).toContain(`could not be read (${refused})`);
    expect(await settingsOf(email)).toMatchObject({ calendarKind: 'caldav', calendarProblem: refused });
    expect(inside.asked).toEqual([]);
    // Listed in CALENDAR_ALLOW_HOSTS, the same address is read.
    const allowed = await run(['booking', email, '--hours', 'Mon-Fri 10:00-16:00', '--ical-url', `http://127.0.0.1:${inside.port}/cal.ics`], {
      CALENDAR_ALLOW_HOSTS: `127.0.0.1:${inside.port}`,
    });
    expect(allowed).toMatchObject({ code: 0, out: expect.stringContaining('“Inside”') });
    expect(inside.asked).toHaveLength(1);
  } finally {
    await inside.stop();
  }
});
