import { afterAll, beforeAll, expect, setDefaultTimeout, test } from 'bun:test';
import { saveCalendar } from '../../db/queries/booking-settings.ts';
import { sealSecret } from '../../features/booking/secret-box.ts';
import { type ScratchDatabase, scratchDatabase } from '../helpers/isolated-db.ts';
import { startServer } from '../helpers/server.ts';
import { createStaff } from '../helpers/staff.ts';

// A calendar password is sealed with APP_SECRET: a server started without it once a CalDAV calendar is
// connected stops with one line naming the variable, instead of running with every calendar unreadable.
setDefaultTimeout(90_000);

let scratch: ScratchDatabase;

beforeAll(async () => {
  scratch = await scratchDatabase();
  const db = await scratch.open();
  const staff = await createStaff(db.sql, 'sealed');
  const sealed = await sealSecret('app password', 'the-secret-the-calendar-was-sealed-with-0123');
  await saveCalendar(
    db.sql,
    staff.id,
    { kind: 'caldav', url: 'http://127.0.0.1:9/cal/', username: 'sealed', sealedPassword: sealed },
    { name: null, problem: null },
    new Date(),
  );
  await db.close();
});
afterAll(() => scratch?.drop());

test('without APP_SECRET the server stops with one line naming it; with it, it runs', async () => {
  const without = await startServer({ ...scratch.env, APP_SECRET: '' }, undefined, { waitForHealthy: false });
  expect(await without.proc.exited).toBe(1);
  const lines = without
    .output()
    .split('\n')
    .filter((l) => l.includes('APP_SECRET'));
  expect(lines).toHaveLength(1);
  expect(JSON.parse(lines[0])).toMatchObject({
    level: 'error',
    msg: expect.stringMatching(/^Invalid environment variable APP_SECRET: required once a staff member has connected a CalDAV calendar/),
  });

  const withSecret = await startServer({ ...scratch.env, APP_SECRET: 'the-secret-the-calendar-was-sealed-with-0123' });
  expect((await fetch(`${withSecret.url}/healthz`)).status).toBe(200);
  expect(await withSecret.stop()).toBe(0);
});

test('a CALENDAR_ALLOW_HOSTS that is not a list of hosts stops the server before it listens, with one line naming it', async () => {
  const proc = Bun.spawn(['bun', 'server.ts'], {
    env: {
      ...process.env,
      ...scratch.env,
      PORT: '0',
      NODE_ENV: 'production',
      PUBLIC_SITE_URL: '',
      CALENDAR_ALLOW_HOSTS: 'https://nextcloud.office.example/dav',
    },
    stdout: 'pipe',
    stderr: 'pipe',
  });
  const [out, err, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  expect(code).toBe(1);
  const lines = `${out}\n${err}`.split('\n').filter((l) => l.includes('CALENDAR_ALLOW_HOSTS'));
  expect(lines).toHaveLength(1);
  expect(JSON.parse(lines[0])).toMatchObject({
    level: 'error',
    msg: 'Invalid environment variable CALENDAR_ALLOW_HOSTS: expected comma-separated host or host:port entries',
  });
});
