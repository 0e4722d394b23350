import { describe, expect, setDefaultTimeout, test } from 'bun:test';
import { rmSync } from 'node:fs';
import postgres from 'postgres';
import { openDatabase } from '../../db/client.ts';
import { migrate } from '../../db/migrate.ts';
import { migrations } from '../../db/migrations/index.ts';
import { testDatabase } from '../helpers/db.ts';
import { freshDataDir } from '../helpers/template-db.ts';

// Opening an embedded database takes seconds on a busy machine: more than Bun's 5 s default.
setDefaultTimeout(60_000);

// The eight tables of the specification, the story generator's daily budget, the back office's leads,
// their events and the staff sessions, the lead notifications' queue, the rate-limit counts that
// several processes share, staff sign-in's gates, remembered devices and two-factor sign-in, the A/B
// archive and the daily tasks' claims (retention), and booking (sessions, their minute claims, each staff
// member's hours and calendar).
const TABLES = [
  'ab_test_archive_counts',
  'ab_test_archive_hours',
  'ab_test_archive_sources',
  'ab_test_assignments',
  'ab_test_events',
  'ab_test_variants',
  'ab_tests',
  'analytics_daily_pages',
  'analytics_daily_sources',
  'analytics_digests',
  'analytics_page_views',
  'analytics_rollups',
  'analytics_salts',
  'analytics_visits',
  'booking_claims',
  'booking_settings',
  'bookings',
  'business_audits',
  'contacts',
  'content_versions',
  'erasures',
  'housekeeping_runs',
  'jobs',
  'lead_events',
  'leads',
  'people',
  'person_activities',
  'person_merges',
  'q4_intake_applications',
  'rate_limit_windows',
  'site_check_cache',
  'site_checks',
  'staff_devices',
  'staff_digests',
  'staff_password_resets',
  'staff_recovery_codes',
  'staff_sessions',
  'staff_sign_in_gates',
  'staff_sign_in_pending',
  'staff_two_factor',
  'story_budget',
  'users',
];

async function tablesOf(sql: postgres.Sql) {
  const rows = await sql<
    { tableName: string }[]
  >`select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`;
  return rows.map((r) => r.tableName).filter((t) => t !== 'schema_migrations');
}

describe('migrations', () => {
  test('create the eight tables of the specification, the story budget, the back office, the notification queue and booking', async () => {
    const { sql } = await testDatabase();
    expect(await tablesOf(sql)).toEqual(TABLES);
  });

  test('apply each migration once', async () => {
    const { sql } = await testDatabase();
    expect(await migrate(sql)).toEqual([]);
    const [{ count }] = await sql`select count(*)::int as count from schema_migrations where name = '0001_init'`;
    expect(count).toBe(1);
  });

  test('two instances starting together leave one schema', async () => {
    if (process.env.DATABASE_URL) {
      // Two separate clients, as two servers would have, against a brand-new database.
      const admin = postgres(process.env.DATABASE_URL, { onnotice: () => {} });
      const name = `tlm_migrate_${process.pid}_${Date.now()}`;
      await admin.unsafe(`create database ${name}`);
      try {
        const url = new URL(process.env.DATABASE_URL);
        url.pathname = `/${name}`;
        const [a, b] = await Promise.all([
          openDatabase({ DATABASE_URL: url.toString(), DATA_DIR: '' }),
          openDatabase({ DATABASE_URL: url.toString(), DATA_DIR: '' }),
        ]);
        expect(await tablesOf(a.sql)).toEqual(TABLES);
        const [{ count }] = await a.sql`select count(*)::int as count from schema_migrations`;
        expect(count).toBe(migrations.length);
        await Promise.all([a.close(), b.close()]);
      } finally {
        await admin.unsafe(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    } else {
      // The embedded database belongs to one process; concurrent migrate calls on it must still apply once.
      const dataDir = await freshDataDir();
      const db = await openDatabase({ DATA_DIR: dataDir });
      const results = await Promise.all([migrate(db.sql), migrate(db.sql), migrate(db.sql)]);
      expect(results.flat()).toEqual([]);
      expect(await tablesOf(db.sql)).toEqual(TABLES);
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test('assignments are unique per (test, user) and ids are 36-character UUIDs', async () => {
    const { sql } = await testDatabase();
    const [t] = await sql`insert into ab_tests (name) values (${`unique-check-${crypto.randomUUID()}`}) returning id, is_active, traffic_allocation`;
    expect(t.id).toHaveLength(36);
    expect(t.isActive).toBe(true);
    expect(t.trafficAllocation).toBe(50);
    const [v] = await sql`insert into ab_test_variants (test_id, name, configuration) values (${t.id}, 'control', ${sql.json({})}) returning id, is_control`;
    expect(v.isControl).toBe(false);
    await sql`insert into ab_test_assignments (test_id, variant_id, user_id) values (${t.id}, ${v.id}, 'visitor-1')`;
    await expect(sql`insert into ab_test_assignments (test_id, variant_id, user_id) values (${t.id}, ${v.id}, 'visitor-1')`.execute()).rejects.toThrow();
    await expect(sql`insert into ab_test_assignments (test_id, variant_id, user_id) values (${t.id}, ${v.id}, ${'x'.repeat(256)})`.execute()).rejects.toThrow();
    await sql`delete from ab_tests where id = ${t.id}`;
  });
});
