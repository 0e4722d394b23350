import { afterAll, expect, setDefaultTimeout, test } from 'bun:test';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { openDatabase } from '../../db/client.ts';
import { LOCK_FILE } from '../../db/data-dir-lock.ts';
import { createBackupService } from '../../features/operations/backup/service.ts';
import { loadConfig } from '../../lib/config.ts';
import { backupFileName } from '../../lib/operations/backups.ts';
import { createLogger, type LogEntry } from '../../server/log.ts';
import { startSmtpServer } from '../fixtures/smtp-server.ts';
import { startServer } from '../helpers/server.ts';
import { freshDataDir } from '../helpers/template-db.ts';

// Real servers, browsers and databases: a test may take longer than Bun's 5 s default.
setDefaultTimeout(120_000);

// The embedded database's own backups: the server's daily one at 03:00 Toronto time, `bun run backup`
// asking the running server, and a failed backup reported on /healthz, in the log and by email. (On
// PostgreSQL `bun run backup` runs pg_dump itself: tests/api/backup.test.ts.)

const folders: string[] = [];
const folder = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  folders.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

async function until(check: () => boolean, what: string, ms = 30_000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await Bun.sleep(20);
  }
}

test('the daily backup runs when the clock reaches 03:00 Toronto time, is named by that moment, and keeps the newest BACKUP_KEEP', async () => {
  const dataDir = await freshDataDir();
  folders.push(dataDir);
  const db = await openDatabase({ DATA_DIR: dataDir });
  const dir = folder('tlm-daily-');
  const day = (iso: string, kind: 'embedded' | 'postgres' = 'embedded') => backupFileName(new Date(iso), kind);
  // Earlier backups, one of PostgreSQL's, and a file of the operator's.
  const earlier = [day('2026-11-20T08:00:00Z'), day('2026-11-21T08:00:00Z'), day('2026-11-22T08:00:00Z'), day('2026-11-19T08:00:00Z', 'postgres')];
  for (const name of [...earlier, 'notes.txt']) writeFileSync(join(dir, name), 'kept by name only');

  // 02:59:58 in Toronto (EST) on November 24.
  let clock = new Date('2026-11-24T07:59:58Z');
  const logs: LogEntry[] = [];
  const service = createBackupService({
    db,
    config: loadConfig({ BACKUP_DIR: dir, BACKUP_KEEP: '3' }),
    log: createLogger((entry) => logs.push(entry)),
    now: () => clock,
  });
  const stop = service.schedule({ checkEveryMs: 10 });
  try {
    await Bun.sleep(300);
    expect(readdirSync(dir).sort()).toEqual([...earlier, 'notes.txt'].sort());

    clock = new Date('2026-11-24T08:00:00.250Z');
    const first = day('2026-11-24T08:00:00Z');
    await until(() => existsSync(join(dir, first)), 'the 03:00 backup');
    await service.idle();
    expect(logs.find((e) => e.msg === 'backup made')).toMatchObject({ reason: 'schedule', file: join(dir, first), leads: 0, verified: 'restored', pruned: 1 });
    // The newest three of the embedded database's; the rest untouched.
    expect(readdirSync(dir).sort()).toEqual(
      [day('2026-11-21T08:00:00Z'), day('2026-11-22T08:00:00Z'), first, day('2026-11-19T08:00:00Z', 'postgres'), 'notes.txt'].sort(),
    );

    // Not again that day, whatever the time…
    clock = new Date('2026-11-24T20:00:00Z');
    await Bun.sleep(200);
    clock = new Date('2026-11-25T07:59:59Z');
    await Bun.sleep(200);
    expect(logs.filter((e) => e.msg === 'backup made')).toHaveLength(1);
    // …until 03:00 the next night.
    clock = new Date('2026-11-25T08:00:01Z');
    const second = day('2026-11-25T08:00:01Z');
    await until(() => existsSync(join(dir, second)), 'the next night’s backup');
    await service.idle();
    expect(
      readdirSync(dir)
        .filter((name) => name.endsWith('.tar.gz'))
        .sort(),
    ).toEqual([day('2026-11-22T08:00:00Z'), first, second]);
    // Nothing half-made is left beside them.
    expect(readdirSync(dir).filter((name) => name.startsWith('.'))).toEqual([]);
  } finally {
    stop();
    await service.idle();
    await db.close();
  }
});

test('bun run backup asks the server holding DATA_DIR; a failed backup shows on /healthz, is logged as an error and emailed to LEAD_NOTIFY_EMAIL', async () => {
  const smtp = await startSmtpServer();
  // A file where the backup folder's parent should be: the folder cannot be made (root ignores permissions).
  const root = folder('tlm-backup-fail-');
  const blocker = join(root, 'not-a-folder');
  writeFileSync(blocker, '');
  const backupDir = join(blocker, 'backups');
  const server = await startServer({ DATABASE_URL: '', BACKUP_DIR: backupDir, SMTP_URL: smtp.url, LEAD_NOTIFY_EMAIL: 'team@northlinedigital.ca' });
  // Not spawnSync: this process's SMTP server must answer while the command waits.
  const askedBy = async (env: Record<string, string> = {}) => {
    const proc = Bun.spawn(['bun', 'scripts/backup.ts'], {
      // Its own BACKUP_DIR does not matter: the server backs up into its own.
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: server.dataDir!, BACKUP_DIR: join(root, 'cli-backups'), ...env },
      stdin: 'ignore',
      stdout: 'pipe',
      stderr: 'pipe',
    });
    const [out, err, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
    return { code, out: out.trim(), err: err.trim() };
  };
  const health = async () => (await fetch(`${server.url}/healthz`)).json();
  try {
    expect(await health()).toEqual({ status: 'ok', db: 'ok' });
    // The lock file names the server's control socket, in a folder only its user may enter.
    const holder = JSON.parse(readFileSync(join(server.dataDir!, LOCK_FILE), 'utf8')) as { pid: number; control: string };
    expect(holder.pid).toBe(server.proc.pid);
    expect(holder.control).toStartWith(server.dataDir!);
    expect(statSync(dirname(holder.control)).mode & 0o777).toBe(0o700);

    const failed = await askedBy();
    expect(failed.code).toBe(1);
    expect(failed.out).toBe('');
    expect(failed.err).toMatch(/^Backup failed: .*not a directory/);
    expect(await health()).toEqual({ status: 'ok', db: 'ok', backup: 'failed' });
    const metrics = async () => (await fetch(`${server.url}/metrics`)).text();
    expect(await metrics()).toContain('\nbackup_failing 1\n');
    expect(await metrics()).toContain('\nbackup_last_success_timestamp_seconds 0\n');
    await until(() => server.output().includes('"msg":"backup failed"'), 'the error line');
    const line = JSON.parse(
      server
        .output()
        .split('\n')
        .find((l) => l.includes('"msg":"backup failed"'))!,
    ) as LogEntry;
    expect(line).toMatchObject({ level: 'error', reason: 'request', dir: backupDir });
    const [mail] = await smtp.waitFor(1, 15_000).catch((error) => {
      throw new Error(`${error}\n${server.output()}`);
    });
    expect(mail.to).toEqual(['team@northlinedigital.ca']);
    expect(mail.parsed.subject).toStartWith('Website backup failed: ');
    expect(mail.parsed.text).toContain('not a directory');
    expect(mail.parsed.text).toContain(backupDir);
    // The site kept serving meanwhile.
    expect((await fetch(`${server.url}/services`)).status).toBe(200);

    // Once the folder can be made, the server's next backup works and /healthz says no more.
    rmSync(blocker);
    const made = await askedBy();
    expect(made.err).toBe('');
    expect(made.code).toBe(0);
    expect(made.out).toStartWith(`Backup made by the running server (pid ${server.proc.pid}): ${backupDir}/northline-backup-`);
    expect(readdirSync(backupDir).filter((name) => name.endsWith('.tar.gz'))).toHaveLength(1);
    expect(existsSync(join(root, 'cli-backups'))).toBe(false);
    expect(await health()).toEqual({ status: 'ok', db: 'ok' });
    const after = await metrics();
    expect(after).toContain('\nbackup_failing 0\n');
    const bytes = Number(after.match(/\nbackup_last_success_bytes (\d+)\n/)?.[1]);
    const file = readdirSync(backupDir).find((name) => name.endsWith('.tar.gz'))!;
    expect(bytes).toBe(statSync(join(backupDir, file)).size);

    // The socket does one thing.
    const control = (path: string, method: string) => fetch(`http://localhost${path}`, { method, unix: holder.control });
    expect((await control('/backup', 'GET')).status).toBe(405);
    expect((await control('/backup', 'DELETE')).status).toBe(405);
    expect((await control('/restore', 'POST')).status).toBe(404);
  } finally {
    // The folder stays: it is asked about below (and removed with the test's other folders).
    await server.stop({ keepData: true });
    folders.push(server.dataDir!);
    await smtp.stop();
  }
  // Gone with the server; a server that is not running is not asked, the folder is opened instead.
  expect(existsSync(join(server.dataDir!, '.control'))).toBe(false);
  const alone = await askedBy({ BACKUP_DIR: join(root, 'alone') });
  expect(alone.err).toBe('');
  expect(alone.out).toStartWith(`Backup made: ${join(root, 'alone')}/northline-backup-`);
});

test('bun run backup with no database in DATA_DIR says so and makes none', () => {
  const empty = folder('tlm-no-db-');
  const proc = Bun.spawnSync(['bun', 'scripts/backup.ts'], {
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: join(empty, 'data'), BACKUP_DIR: join(empty, 'backups') },
    stdout: 'pipe',
    stderr: 'pipe',
  });
  expect(proc.exitCode).toBe(1);
  expect(proc.stderr.toString().trim()).toBe(`There is no database in ${join(empty, 'data')} (DATA_DIR): nothing to back up.`);
  expect(existsSync(join(empty, 'data'))).toBe(false);
  expect(existsSync(join(empty, 'backups'))).toBe(false);
});
