import { afterAll, beforeAll, expect, setDefaultTimeout, test } from 'bun:test';
import type { Database } from '../../db/client.ts';
import { AB_TEST_IDS } from '../../lib/ab/definitions.ts';
import { type ScratchDatabase, scratchDatabase } from '../helpers/isolated-db.ts';

setDefaultTimeout(30_000);

// Migration 0018's experiments: the seeded tests are on their slots, and the database itself refuses a
// second active experiment on a slot (the builder's 409 stands on this), on either database.

let scratch: ScratchDatabase;
let db: Database;
beforeAll(async () => {
  scratch = await scratchDatabase();
  db = await scratch.open();
});
afterAll(async () => {
  await scratch.drop();
});

test('the two seeded tests are the first experiments, on their slots, goal lead', async () => {
  const rows = await db.sql<{ id: string; slot: string; goal: string }[]>`select id, slot, goal from ab_tests order by id`;
  expect([...rows]).toEqual([
    { id: AB_TEST_IDS.contactForm, slot: 'audit-form', goal: 'lead' },
    { id: AB_TEST_IDS.hero, slot: 'hero', goal: 'lead' },
  ]);
});

test('a second active experiment on a slot is refused by the database; an inactive one, or one on no slot, is not', async () => {
  const second = await db.sql`insert into ab_tests (name, slot, is_active) values ('second hero', 'hero', true)`.catch((e) => e);
  expect(second.code).toBe('23505');
  await db.sql`insert into ab_tests (name, slot, is_active) values ('hero draft', 'hero', false)`;
  await db.sql`insert into ab_tests (name, is_active) values ('no slot', true)`;
  // Once the running one stops, another may start.
  await db.sql`update ab_tests set is_active = false where id = ${AB_TEST_IDS.hero}`;
  await db.sql`update ab_tests set is_active = true where name = 'hero draft'`;
  const bad = await db.sql`insert into ab_tests (name, slot, goal) values ('bad goal', 'audit-form', 'clicks')`.catch((e) => e);
  expect(bad.code).toBe('23514');
  const badSlot = await db.sql`insert into ab_tests (name, slot, is_active) values ('bad slot', 'footer', false)`.catch((e) => e);
  expect(badSlot.code).toBe('23514');
});
