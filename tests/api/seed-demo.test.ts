import { afterAll, expect, setDefaultTimeout, test } from 'bun:test';
import { seedDemoLeads } from '../../db/seed-demo-leads.ts';
import { scratchDatabase } from '../helpers/isolated-db.ts';
import { createStaff } from '../helpers/staff.ts';

// Real databases: a test may take longer than Bun's 5 s default.
setDefaultTimeout(60_000);

const scratch = await scratchDatabase();
afterAll(() => scratch.drop());

test('demo leads past new carry the status change that put them there, by their owner, when they were reached, after they came in and not in the future; each person has the next action their leads call for', async () => {
  const db = await scratch.open();
  const staff = await createStaff(db.sql, 'seed');
  const now = new Date('2026-11-20T15:00:00Z');
  await seedDemoLeads(db.sql, { count: 400, days: 60, now });
  // Twice: a rerun replaces the demo leads and their events, it does not add to them.
  await seedDemoLeads(db.sql, { count: 400, days: 60, now });

  const leads = await db.sql<{ id: string; status: string; createdAt: Date; ownerId: string | null; firstReachedAt: Date | null }[]>`
    select id, status, created_at, owner_id, first_reached_at from leads where id like 'demo%'`;
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
    // Reached when the status moved on, as the back office records it (speed to lead reads it).
    expect(lead.firstReachedAt).toEqual(change.at);
    expect(change.at.getTime()).toBeGreaterThan(lead.createdAt.getTime());
    expect(change.at.getTime()).toBeLessThanOrEqual(now.getTime());
    expect({ id: change.actorId, email: change.actorEmail }).toEqual({ id: lead.ownerId, email: lead.ownerId ? staff.email : null });
  }
  // A new lead has no status change, and was not reached.
  expect(leads.filter((l) => l.status === 'new' && (byLead.has(l.id) || l.firstReachedAt))).toEqual([]);

  // Each person's next action is what their open leads call for: the first reply while one is new, else
  // getting ready for a booked session, else a follow-up; nothing once every lead is closed.
  const people = await db.sql<{ what: string | null; due: Date | null; statuses: string[] }[]>`
    select p.next_action_what as what, p.next_action_due as due, array_agg(l.status) filter (where not l.is_spam) as statuses
    from people p join leads l on l.person_id = p.id where p.id like 'demo%' group by p.id`;
  const expected = (statuses: string[] | null) =>
    statuses?.includes('new')
      ? 'Reply to their first message'
      : statuses?.includes('session booked')
        ? 'Prepare for their strategy session'
        : statuses?.includes('contacted')
          ? 'Follow up'
          : null;
  expect(people.filter((p) => p.what !== expected(p.statuses))).toEqual([]);
  // A follow-up is not months overdue: it falls due in the coming week at the latest.
  const followUps = people.filter((p) => p.what === 'Follow up' || p.what === 'Prepare for their strategy session');
  expect(followUps.filter((p) => !p.due || p.due < now || p.due.getTime() > now.getTime() + 7 * 86_400_000)).toEqual([]);
  expect(new Set(people.map((p) => p.what))).toEqual(new Set(['Reply to their first message', 'Prepare for their strategy session', 'Follow up', null]));
  // Nothing to do has no time either: the inbox's due order puts them last, not among the dated ones.
  expect(people.filter((p) => (p.what === null) !== (p.due === null))).toEqual([]);
});
