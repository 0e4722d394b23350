import { afterAll, expect, setDefaultTimeout, test } from 'bun:test';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scratchPostgresDatabase } from '../../bench/scratch-postgres.ts';
import { openDatabase } from '../../db/client.ts';
import { seedDemoLeads } from '../../db/seed-demo-leads.ts';
import { parseBackupFileName } from '../../lib/operations/backups.ts';
import { testApp } from '../helpers/app.ts';
import { validAudit } from '../helpers/audit.ts';
import { scratchDatabase } from '../helpers/isolated-db.ts';
import { createStaff, signedIn, type TestStaff } from '../helpers/staff.ts';

// Real servers, browsers and databases: a test may take longer than Bun's 5 s default.
setDefaultTimeout(120_000);

// A backup and restore cycle through the commands an operator runs (`bun run backup`, `bun run
// restore FILE`), on the suite's database: PostgreSQL at DATABASE_URL when set (pg_dump and pg_restore,
// into scratch databases), else the embedded one. The restored database must hold the same leads, and
// the inbox's CSV export must be the same bytes.

const onPostgres = Boolean(process.env.DATABASE_URL);
const backupDir = mkdtempSync(join(tmpdir(), 'tlm-backups-'));
const cleanups: (() => Promise<unknown> | unknown)[] = [() => rmSync(backupDir, { recursive: true, force: true })];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A database of the suite's kind, migrated: what the commands need to reach it, and a client on it. */
async function sourceDatabase() {
  const scratch = await scratchDatabase();
  cleanups.push(() => scratch.drop());
  return scratch;
}

/** Where a restore goes: a new folder, or a new, empty database (not migrated). */
async function emptyTarget(): Promise<{ env: Record<string, string>; open: () => ReturnType<typeof openDatabase> }> {
  if (onPostgres) {
    const scratch = await scratchPostgresDatabase(process.env.DATABASE_URL!, `tlm_test_restore_${crypto.randomUUID().replace(/-/g, '').slice(0, 10)}`);
    cleanups.push(() => scratch.drop());
    return { env: { DATABASE_URL: scratch.url }, open: () => openDatabase({ DATABASE_URL: scratch.url, DATA_DIR: '' }) };
  }
  const dir = join(mkdtempSync(join(tmpdir(), 'tlm-restore-')), 'data');
  cleanups.push(() => rmSync(join(dir, '..'), { recursive: true, force: true }));
  return { env: { DATABASE_URL: '', DATA_DIR: dir }, open: () => openDatabase({ DATA_DIR: dir }) };
}

const run = (script: 'backup' | 'restore', args: string[], env: Record<string, string>) => {
  const started = performance.now();
  const proc = Bun.spawnSync(['bun', `scripts/${script}.ts`, ...args], {
    env: { ...process.env, BACKUP_DIR: backupDir, ...env },
    stdin: 'ignore',
    stdout: 'pipe',
    stderr: 'pipe',
  });
  return { code: proc.exitCode, out: proc.stdout.toString().trim(), err: proc.stderr.toString().trim(), ms: Math.round(performance.now() - started) };
};

/** The inbox's CSV of every lead, and their number, read through the real app signed in as `staff`, at a fixed moment. */
async function exportOf(db: Awaited<ReturnType<typeof openDatabase>>, staff: TestStaff, now: Date) {
  const t = await testApp({ sql: db.sql, now: () => now });
  const session = await signedIn(t, staff);
  const res = await t.request('/admin/leads.csv', { headers: { cookie: session.cookie } });
  expect(res.status).toBe(200);
  const csv = new Uint8Array(await res.arrayBuffer());
  const [{ count }] = await db.sql<{ count: number }[]>`select count(*)::int as count from leads`;
  return { csv, leads: count };
}

test(`a backup restores the same leads and the same CSV export (${onPostgres ? 'PostgreSQL' : 'embedded database'})`, async () => {
  const now = new Date();
  const source = await sourceDatabase();
  // Leads as the site stores them (through the API, with a campaign's touch) and many more seeded.
  // Opened here rather than through the scratch database, so the test closes it itself before the commands run.
  const db = await openDatabase({ DATABASE_URL: source.env.DATABASE_URL || undefined, DATA_DIR: source.env.DATA_DIR ?? '' });
  const staff = await createStaff(db.sql, 'backup');
  const t = await testApp({ sql: db.sql });
  for (const business of ['Côté & Fils, "Plomberie"', 'Line one; =SUM(A1)']) {
    const res = await t.postJson('/api/business-audit', { ...validAudit({ businessName: business }), fillMs: 60_000 }, { referer: 'http://localhost:3000/' });
    expect(res.status).toBe(201);
  }
  await seedDemoLeads(db.sql, { count: 1500, now });
  const before = await exportOf(db, staff, now);
  expect(before.leads).toBeGreaterThanOrEqual(1502);
  // The embedded database is one process's: the command opens it itself once the test lets go.
  await db.close();

  const backup = run('backup', [], source.env);
  expect(backup.err).toBe('');
  expect(backup.code).toBe(0);
  expect(backup.out).toMatch(new RegExp(`^Backup made: .+ \\(.+, ${before.leads} leads, checked by restoring it and counting its leads; `));
  const [file] = readdirSync(backupDir).filter((name) => parseBackupFileName(name)?.kind === (onPostgres ? 'postgres' : 'embedded'));
  expect(file).toBeDefined();
  const path = join(backupDir, file);

  // Nothing is restored over data: the source itself is refused, with one line and exit 1.
  const refused = run('restore', [path], source.env);
  expect(refused.code).toBe(1);
  expect(refused.out).toBe('');
  expect(refused.err.split('\n')).toHaveLength(1);
  expect(refused.err).toContain('is not empty');

  const target = await emptyTarget();
  const restore = run('restore', [path], target.env);
  expect(restore.err).toBe('');
  expect(restore.code).toBe(0);
  expect(restore.out).toStartWith(`Restored ${before.leads} leads from ${path} into `);

  const restored = await target.open();
  cleanups.push(() => restored.close());
  const after = await exportOf(restored, staff, now);
  expect(after.leads).toBe(before.leads);
  const identical = Buffer.from(after.csv).equals(Buffer.from(before.csv));
  console.log('backup:', {
    database: onPostgres ? 'PostgreSQL' : 'embedded',
    leadsBefore: before.leads,
    leadsAfter: after.leads,
    csvBytes: before.csv.length,
    csvIdentical: identical,
    backupFile: file,
    backupBytes: Bun.file(path).size,
    backupMs: backup.ms,
    restoreMs: restore.ms,
  });
  expect(identical).toBe(true);
  // A second restore into the now-filled target is refused too.
  expect(run('restore', [path], target.env).code).toBe(1);
});

test('restore refuses what is not a backup of this kind, and leaves the target empty after a damaged one', async () => {
  const target = await emptyTarget();
  const junk = mkdtempSync(join(tmpdir(), 'tlm-junk-'));
  cleanups.push(() => rmSync(junk, { recursive: true, force: true }));
  const other = join(junk, onPostgres ? 'northline-backup-2026-11-24T08-00-00Z.tar.gz' : 'northline-backup-2026-11-24T08-00-00Z.dump');
  const damaged = join(junk, onPostgres ? 'northline-backup-2026-11-25T08-00-00Z.dump' : 'northline-backup-2026-11-25T08-00-00Z.tar.gz');
  await Bun.write(other, 'not a backup');
  await Bun.write(damaged, 'not a backup either');
  const cases: [string[], string][] = [
    [[], 'Usage: bun run restore FILE'],
    [['a.tar.gz', 'b.tar.gz'], 'Usage: bun run restore FILE'],
    [[join(junk, 'nowhere.tar.gz')], 'There is no file'],
    [[join(junk)], 'is not a backup by its name'],
    [[other], onPostgres ? 'is a backup of the embedded database' : 'is a PostgreSQL backup'],
    [[damaged], 'Restore failed: '],
  ];
  for (const [args, message] of cases) {
    const result = run('restore', args, target.env);
    expect(result.code).toBe(1);
    expect(result.err.split('\n')).toHaveLength(1);
    expect(result.err).toContain(message);
  }
  // Still empty: the real backup can go there now.
  if (!onPostgres) expect(readdirSync(target.env.DATA_DIR)).toEqual([]);
  else {
    const db = await target.open();
    cleanups.push(() => db.close());
  }
});
