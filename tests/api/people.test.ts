import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import type { Sql } from 'postgres';
import type { Database } from '../../db/client.ts';
import { storeAuditSubmission } from '../../db/queries/audits.ts';
import { erasePerson } from '../../db/queries/erasure.ts';
import { changeStatus, inboxPage, insertLead } from '../../db/queries/leads.ts';
import { findPerson, leadsOfPerson, logCall, mergePeople, rootOf, samePhonePeople, searchPeople, undoableMerges, undoMerge } from '../../db/queries/people.ts';
import { auditSchema } from '../../lib/audit/schema.ts';
import type { LeadKind } from '../../lib/leads/pipeline.ts';
import { validAudit } from '../helpers/audit.ts';
import { dumpDatabase } from '../helpers/database-dump.ts';
import { type ScratchDatabase, scratchDatabase } from '../helpers/isolated-db.ts';
import { createStaff, type TestStaff } from '../helpers/staff.ts';

setDefaultTimeout(120_000);

// People, not rows (issue 30), on the database the suite runs on (PGlite, or PostgreSQL at
// DATABASE_URL): leads are one person by normalised email, a phone is only a hint, merges undo
// exactly, the promise is kept by the first call, and erasing a person leaves nothing of them in any
// table (a dump of the whole database is searched).

let scratch: ScratchDatabase;
let db: Database;
let sql: Sql;
let staff: TestStaff;
const tag = crypto.randomUUID().slice(0, 8);
const at = (iso: string) => new Date(iso);

async function audit(email: string, overrides: Record<string, string> = {}, now = at('2026-11-23T15:00:00Z')): Promise<string> {
  const answers = auditSchema.parse(validAudit({ email, ...overrides }));
  const stored = await storeAuditSubmission(sql, answers, { visitor: null, now, page: '/', touches: { first: null, last: null }, channels: [] });
  if (stored === 'conflict') throw new Error('conflict');
  return stored.audit.id;
}

async function lead(kind: LeadKind, email: string, fields: { name?: string; phone?: string; business?: string } = {}, now = at('2026-11-24T15:00:00Z')) {
  const id = crypto.randomUUID();
  await sql.begin((tx) =>
    insertLead(tx, {
      kind,
      id,
      createdAt: now,
      name: fields.name ?? 'Dana Okafor',
      business: fields.business ?? 'Okafor Plumbing',
      email,
      phone: fields.phone ?? null,
      isSpam: false,
      visitorId: null,
      page: '/',
      touches: { first: null, last: null },
      marketingConsent: false,
      channels: [],
    }),
  );
  return id;
}

/** The tables of a dump whose data holds `needle` (any case). */
const tablesHolding = (dump: Awaited<ReturnType<typeof dumpDatabase>>, needle: string) =>
  dump.tables.filter((t) => t.text.toLowerCase().includes(needle.toLowerCase())).map((t) => t.table);

const personOf = async (kind: LeadKind, id: string) => {
  const [row] = await sql<{ personId: string }[]>`select person_id from leads where kind = ${kind} and id = ${id}`;
  return row.personId;
};

beforeAll(async () => {
  scratch = await scratchDatabase();
  db = await scratch.open();
  sql = db.sql;
  staff = await createStaff(sql, `people-${tag}`, 'owner', { twoFactor: true });
});

afterAll(async () => {
  await scratch.drop();
});

describe('one person, however often they write', () => {
  test('two audits and an application with the same email in any case are one person; a shared phone is only a hint', async () => {
    const email = `Mira.Chen.${tag}@Example.ca`;
    const first = await audit(email, { phone: '416-555-0142' });
    const second = await audit(`  ${email.toUpperCase()} `, { phone: '(416) 555-0142' }, at('2026-11-25T15:00:00Z'));
    const application = await lead('intake', email.toLowerCase(), { name: 'Mira Chen', phone: '+1 416 555 0142' });
    const colleague = await lead('intake', `front.desk.${tag}@example.ca`, { name: 'Front Desk', phone: '416.555.0142' });

    const person = await personOf('audit', first);
    expect(await personOf('audit', second)).toBe(person);
    expect(await personOf('intake', application)).toBe(person);
    expect(await personOf('intake', colleague)).not.toBe(person);

    const leads = await leadsOfPerson(sql, person);
    expect(leads.map((l) => l.kind).sort()).toEqual(['audit', 'audit', 'intake']);
    expect(leads[0].id).toBe(second); // newest first
    const record = await findPerson(sql, person);
    expect(record?.email).toBe(email.toLowerCase());
    expect(record?.phone).toBe('+1 416 555 0142'); // the number they gave last
    // The first reply is the next action, due by the first lead's promise.
    expect(record?.nextActionWhat).toBe('Reply to their audit');
    expect(record?.nextActionDue?.toISOString()).toBe(leads.at(-1)?.replyBy.toISOString());

    const hints = await samePhonePeople(sql, person);
    expect(hints.map((h) => h.id)).toEqual([await personOf('intake', colleague)]);
    const found = await searchPeople(sql, '5550142', at('2026-11-24T16:00:00Z'));
    expect(found.map((p) => p.id).sort()).toEqual([person, await personOf('intake', colleague)].sort());
  });
});

describe('merge and undo', () => {
  test('a merge gathers every lead under one person, follows earlier merges, and undoing puts each pointer back', async () => {
    const a = await personOf('intake', await lead('intake', `ana.${tag}@bakery.example`, { name: 'Ana Silva' }, at('2026-11-20T15:00:00Z')));
    const b = await personOf('audit', await audit(`ana.silva.${tag}@gmail.example`, { firstName: 'Ana' }, at('2026-11-26T15:00:00Z')));
    const c = await personOf('booking', await lead('booking', `asilva.${tag}@work.example`, { name: 'A. Silva' }, at('2026-11-22T15:00:00Z')));
    const change = { actor: staff, now: at('2026-11-27T15:00:00Z') };

    const cIntoB = await mergePeople(sql, c, b, change);
    if (typeof cIntoB !== 'object') throw new Error(`merge: ${cIntoB}`);
    const bIntoA = await mergePeople(sql, b, a, change);
    if (typeof bIntoA !== 'object') throw new Error(`merge: ${bIntoA}`);
    expect(await rootOf(sql, c)).toBe(a);
    expect(await rootOf(sql, b)).toBe(a);
    expect((await leadsOfPerson(sql, a)).length).toBe(3);
    expect((await findPerson(sql, a))?.latestAt.toISOString()).toBe('2026-11-26T15:00:00.000Z');
    expect(await findPerson(sql, b)).toBeNull(); // merged away: only the root is a person
    expect(await mergePeople(sql, a, a, change)).toBe('same');
    expect(await mergePeople(sql, b, a, change)).toBe('missing');
    // Someone merged writes again: the new lead joins the same root.
    const again = await lead('intake', `ASILVA.${tag}@work.example`, {}, at('2026-11-27T16:00:00Z'));
    expect(await rootOf(sql, await personOf('intake', again))).toBe(a);
    expect((await undoableMerges(sql, a)).map((m) => m.fromId)).toEqual([b]);

    const undone = await undoMerge(sql, bIntoA.mergeId, change);
    expect(undone).toEqual({ intoId: a, fromId: b });
    expect(await rootOf(sql, b)).toBe(b);
    expect(await rootOf(sql, c)).toBe(b); // c was merged into b before: it goes back there
    expect((await leadsOfPerson(sql, a)).length).toBe(1);
    expect((await leadsOfPerson(sql, b)).length).toBe(3);
    expect((await findPerson(sql, a))?.latestAt.toISOString()).toBe('2026-11-20T15:00:00.000Z');
    expect(await undoMerge(sql, bIntoA.mergeId, change)).toBe('gone'); // a replay changes nothing
    expect(await undoMerge(sql, '999999999', change)).toBe('missing');
  });

  test('two merges of the same people at once: one wins, nothing points in a circle', async () => {
    const x = await personOf('intake', await lead('intake', `x.${tag}@example.ca`));
    const y = await personOf('intake', await lead('intake', `y.${tag}@example.ca`));
    const change = { actor: staff, now: at('2026-11-27T15:00:00Z') };
    const outcomes = await Promise.all([mergePeople(sql, x, y, change), mergePeople(sql, y, x, change)]);
    expect(outcomes.filter((o) => typeof o === 'object').length).toBe(1);
    const roots = new Set([await rootOf(sql, x), await rootOf(sql, y)]);
    expect(roots.size).toBe(1);
    const [loops] = await sql<{ n: number }[]>`select count(*)::int as n from people p join people q on q.id = p.merged_into where q.merged_into is not null`;
    expect(loops.n).toBe(0);
  });
});

describe('the promise is kept by the first contact', () => {
  test('a call marks the open leads reached, leaves the overdue count, and proposes the next action', async () => {
    const id = await lead('intake', `late.${tag}@example.ca`, {}, at('2026-11-02T15:00:00Z'));
    const person = await personOf('intake', id);
    const now = at('2026-11-10T15:00:00Z');
    const ctx = { staffId: staff.id, now, timeZone: 'America/Toronto' };
    const overdueBefore = (await inboxPage(sql, { overdue: true, q: `late.${tag}` }, ctx)).total;
    expect(overdueBefore).toBe(1);
    const call = await logCall(sql, person, { outcome: 'voicemail', note: 'Left a message at the shop' }, { actor: staff, now });
    if (typeof call !== 'object') throw new Error(`call: ${call}`);
    expect(call.nextAction.what).toBe('Call again: we left a voicemail');
    expect(call.nextAction.due.toISOString()).toBe('2026-11-11T15:00:00.000Z'); // 10:00 the next business day
    expect((await inboxPage(sql, { overdue: true, q: `late.${tag}` }, ctx)).total).toBe(0);
    const [row] = await sql<{ firstReachedAt: Date }[]>`select first_reached_at from leads where id = ${id}`;
    expect(row.firstReachedAt.toISOString()).toBe(now.toISOString());
    // A second call does not move the first contact.
    await logCall(sql, person, { outcome: 'answered' }, { actor: staff, now: at('2026-11-12T15:00:00Z') });
    const [after] = await sql<{ firstReachedAt: Date }[]>`select first_reached_at from leads where id = ${id}`;
    expect(after.firstReachedAt.toISOString()).toBe(now.toISOString());
    expect(await logCall(sql, 'no-such-person', { outcome: 'answered' }, { actor: staff, now })).toBe('missing');
  });
});

describe('the next action follows the pipeline', () => {
  test('moved on from new, the first reply becomes a follow-up; every lead closed, nothing is left to do', async () => {
    const first = await lead('audit', `pipeline.${tag}@example.ca`, {}, at('2026-11-23T15:00:00Z'));
    const second = await lead('intake', `pipeline.${tag}@example.ca`, {}, at('2026-11-23T16:00:00Z'));
    const person = await personOf('audit', first);
    expect((await findPerson(sql, person))?.nextActionWhat).toBe('Reply to their audit');
    const change = { actor: staff, now: at('2026-11-24T16:15:00Z') };
    expect(await changeStatus(sql, 'audit', first, 'contacted', undefined, change)).toBe('changed');
    const followUp = await findPerson(sql, person);
    expect(followUp?.nextActionWhat).toBe('Follow up');
    expect(followUp?.nextActionDue?.toISOString()).toBe('2026-11-26T16:15:00.000Z');
    await changeStatus(sql, 'audit', first, 'won', undefined, change);
    expect((await findPerson(sql, person))?.nextActionWhat).toBe('Follow up'); // the application is still open
    await changeStatus(sql, 'intake', second, 'not a fit', undefined, change);
    const closed = await findPerson(sql, person);
    expect({ what: closed?.nextActionWhat, due: closed?.nextActionDue }).toEqual({ what: null, due: null });
  });
});

describe('erasing a person', () => {
  test('every lead, call, merge and the record itself go; a dump of the whole database holds nothing of them', async () => {
    const secret = {
      email: `zorabel.${tag}@quillwick-signs.example`,
      other: `zq.owner.${tag}@quillwick-mail.example`,
      name: 'Zorabel',
      last: 'Quillwick',
      phone: '647-555-9183',
      business: `Quillwick Signs ${tag}`,
      note: `Prefers calls after 3, asked about Quillwick-${tag} vans`,
    };
    await audit(secret.email, { firstName: secret.name, lastName: secret.last, phone: secret.phone, businessName: secret.business });
    const person = await personOf(
      'intake',
      await lead('intake', secret.email, { name: `${secret.name} ${secret.last}`, phone: secret.phone, business: secret.business }),
    );
    const other = await personOf('booking', await lead('booking', secret.other, { name: `${secret.name} ${secret.last}`, phone: secret.phone }));
    const change = { actor: staff, now: at('2026-11-27T15:00:00Z') };
    await mergePeople(sql, other, person, change);
    await logCall(sql, person, { outcome: 'answered', note: secret.note }, change);
    const bystander = await lead('intake', `bystander.${tag}@example.ca`, { name: 'Bea Stander', phone: secret.phone });

    const needles = [secret.email, secret.other, secret.last, secret.phone, secret.business, secret.note];
    await db.close();
    const before = await dumpDatabase(scratch);
    for (const needle of needles) expect(tablesHolding(before, needle).length).toBeGreaterThan(0);

    db = await scratch.open();
    sql = db.sql;
    expect(await erasePerson(sql, person, { actor: staff, now: change.now, reason: 'request', notifyReceiver: false })).toBe('changed');
    expect(await erasePerson(sql, person, { actor: staff, now: change.now, reason: 'request', notifyReceiver: false })).toBe('erased');
    const [log] = await sql<{ leads: number; actorEmail: string }[]>`select leads, actor_email from erasures order by id desc limit 1`;
    expect(log).toEqual({ leads: 3, actorEmail: staff.email });
    // Someone else with the same phone keeps theirs.
    const [kept] = await sql<{ phone: string }[]>`select phone from leads where id = ${bystander}`;
    expect(kept.phone).toBe(secret.phone);
    await sql`update leads set phone = null where id = ${bystander}`;
    await sql`update people set phone = null where id = ${await personOf('intake', bystander)}`;

    await db.close();
    const after = await dumpDatabase(scratch);
    for (const needle of needles) expect({ needle, found: tablesHolding(after, needle) }).toEqual({ needle, found: [] });
    db = await scratch.open();
    sql = db.sql;
    // The same address writing again is a new person.
    const back = await lead('intake', secret.email, {}, at('2026-11-28T15:00:00Z'));
    expect(await personOf('intake', back)).not.toBe(person);
  });
});
