import { afterAll, expect, setDefaultTimeout, test } from 'bun:test';
import { seedDemoLeads } from '../../db/seed-demo-leads.ts';
import { scratchDatabase } from '../helpers/isolated-db.ts';
import { createStaff } from '../helpers/staff.ts';

// Real databases: a test may take longer than Bun's 5 s default.
setDefaultTimeout(60_000);

const scratch = await scratchDatabase();
afterAll(() => scratch.drop());

test('demo leads past new carry the status change that put them there, by their owner, after they came in and not in the future', async () => {
  const db = await scratch.open();
  const staff = await createStaff(db.sql, 'seed');
  const now = new Date('2026-11-20T15:00:00Z');
  await seedDemoLeads(db.sql, { count: 400, days: 60, now });
  // Twice: a rerun replaces the demo leads and their events, it does not add to them.
  await seedDemoLeads(db.sql, { count: 400, days: 60, now });

  const leads = await db.sql<{ id: string; status: string; createdAt: Date; ownerId: string | null }[]>`
    select id, status, created_at, owner_id from leads where id like 'demo%'`;
  const events = await db.sql<{ leadId: string; fromValue: string; toValue: string; at: Date; actorId: string | null; actorEmail: string | null }[]>`
    select lead_id, from_value, to_value, at, actor_id, actor_email from lead_events where kind = 'status' and lead_id like 'demo%'`;
  const byLead = Map.groupBy(events, (e) => e.leadId);
  const handled = leads.filter((l) => l.status !== 'new');
  expect(leads).toHaveLength(400);
  expect(handled.length).toBeGreaterThan(100);
  expect(handled.some((l) => l.status === 'won')).toBe(true);
  for (const lead of handled) {
    const [change, ...more] = byLead.get(lead.id) ?? [];
    expect(more).toEqual([]);
    expect({ from: change?.fromValue, to: change?.toValue }).toEqual({ from: 'new', to: lead.status });
    expect(change.at.getTime()).toBeGreaterThan(lead.createdAt.getTime());
    expect(change.at.getTime()).toBeLessThanOrEqual(now.getTime());
    expect({ id: change.actorId, email: change.actorEmail }).toEqual({ id: lead.ownerId, email: lead.ownerId ? staff.email : null });
  }
  // A new lead has no status change.
  expect(leads.filter((l) => l.status === 'new' && byLead.has(l.id))).toEqual([]);
});
