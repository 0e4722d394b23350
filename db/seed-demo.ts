// `bun run seed:demo`: fills the seeded A/B tests with synthetic visitors so the dashboard has
// something to show. Writes to the database named by DATABASE_URL (or the embedded one in DATA_DIR).
// Never run automatically; never point it at production. Rerunning replaces the earlier demo rows.
// A person runs it in a terminal, so it says what it did in plain sentences (console), not the
// server's JSON log lines.
//
// Options: --visitors=N (per test, default 3000), --days=N (spread over, default 14), --skew (drop a
// sixth of one variant's visitors, to show the sample-ratio-mismatch warning), --leads=N (also N
// synthetic audits and Q4 applications in the lead inbox over 90 days: db/seed-demo-leads.ts).

import { decideAssignment } from '../lib/ab/assign.ts';
import { AB_TEST_IDS } from '../lib/ab/definitions.ts';
import { loadConfig } from '../lib/config.ts';
import { DAY_MS } from '../lib/time/calendar.ts';
import { openDatabase } from './client.ts';
import { seedDemoLeads, seededRandom } from './seed-demo-leads.ts';

const DEMO_PREFIX = 'demo-';

/** Each test's true rates per variant name: [click rate, conversion rate]. */
const TRUE_RATES: Record<string, Record<string, [number, number]>> = {
  [AB_TEST_IDS.hero]: { Control: [0.22, 0.04], 'Variant A': [0.27, 0.056], 'Variant B': [0.21, 0.038] },
  [AB_TEST_IDS.contactForm]: { Control: [0.3, 0.06], 'Short Form': [0.33, 0.066] },
};

/** Chances that a demo visitor books a strategy session, having sent the audit or not. */
const BOOKED_AFTER_AUDIT = 0.35;
const BOOKED_WITHOUT_AUDIT = 0.004;

function option(name: string, fallback: number): number {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  const value = arg ? Number(arg.split('=')[1]) : fallback;
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} must be a whole number`);
  return value;
}

async function main() {
  const visitors = option('visitors', 3000);
  const days = option('days', 14);
  const skew = process.argv.includes('--skew');
  const leads = option('leads', 0);
  const config = loadConfig(process.env);
  const db = await openDatabase(config);
  const { sql } = db;
  const rand = seededRandom(20_240_601);
  const now = Date.now();
  try {
    await sql.begin(async (tx) => {
      await tx`delete from ab_test_events where user_id like ${`${DEMO_PREFIX}%`}`;
      await tx`delete from ab_test_assignments where user_id like ${`${DEMO_PREFIX}%`}`;
      for (const [testId, rates] of Object.entries(TRUE_RATES)) {
        const [test] = await tx<{ trafficAllocation: number }[]>`select traffic_allocation from ab_tests where id = ${testId}`;
        if (!test) throw new Error(`Test ${testId} is missing: run the migrations first (start the server once)`);
        await tx`update ab_tests set start_date = least(start_date, now() - make_interval(days => ${days})) where id = ${testId}`;
        const variants = await tx<{ id: string; name: string; isControl: boolean; weight: number }[]>`
          select id, name, is_control, weight from ab_test_variants where test_id = ${testId} order by is_control desc, created_at, id`;
        const assignments: Record<string, unknown>[] = [];
        const events: Record<string, unknown>[] = [];
        for (let i = 0; i < visitors; i++) {
          const userId = `${DEMO_PREFIX}${i.toString(36).padStart(5, '0')}`;
          const decision = decideAssignment({ seed: testId, userId, trafficAllocation: test.trafficAllocation, variants });
          if (!decision || decision.kind === 'outside') continue;
          const v = decision.variant;
          if (skew && !v.isControl && v === variants[variants.length - 1] && rand() < 1 / 6) continue;
          const [clickRate, conversionRate] = rates[v.name] ?? [0.2, 0.05];
          const at = new Date(now - rand() * days * DAY_MS);
          const later = (minutes: number) => new Date(at.getTime() + minutes * 60_000);
          const base = { test_id: testId, variant_id: v.id, user_id: userId, event_data: null };
          assignments.push({ test_id: testId, variant_id: v.id, user_id: userId, assigned_at: at });
          events.push({ ...base, event_type: 'view', timestamp: at });
          if (rand() < 0.15) events.push({ ...base, event_type: 'view', timestamp: later(60 * 24) }); // a return visit
          if (rand() < clickRate) events.push({ ...base, event_type: 'click', timestamp: later(1) });
          const converted = rand() < conversionRate;
          if (converted) events.push({ ...base, event_type: 'conversion', timestamp: later(4) });
          // The second goal: about a third of those who send the audit book a session, and a few book without it.
          if (rand() < (converted ? BOOKED_AFTER_AUDIT : BOOKED_WITHOUT_AUDIT)) events.push({ ...base, event_type: 'booked', timestamp: later(9) });
        }
        for (let i = 0; i < assignments.length; i += 1000) {
          await tx`insert into ab_test_assignments ${tx(assignments.slice(i, i + 1000) as never, 'test_id', 'variant_id', 'user_id', 'assigned_at')} on conflict (test_id, user_id) do nothing`;
        }
        for (let i = 0; i < events.length; i += 1000) {
          await tx`insert into ab_test_events ${tx(events.slice(i, i + 1000) as never, 'test_id', 'variant_id', 'user_id', 'event_type', 'event_data', 'timestamp')}`;
        }
        console.log(`Seeded ${assignments.length} demo visitors and ${events.length} events into the A/B test ${testId}.`);
      }
    });
    if (leads > 0) {
      await seedDemoLeads(sql, { count: leads });
      console.log(`Seeded ${leads} demo leads into the inbox.`);
    }
  } finally {
    await db.close();
  }
}

if (import.meta.main) await main();
