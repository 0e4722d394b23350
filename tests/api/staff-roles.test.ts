import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import type { Database } from '../../db/client.ts';
import { removeStaffAccount, setStaffRole } from '../../db/queries/staff.ts';
import { twoFactorOf } from '../../db/queries/two-factor.ts';
import { OWNER_NEEDS_TWO_FACTOR, OWNER_ONLY } from '../../lib/staff/roles.ts';
import { totpCodeAt } from '../../lib/staff/totp.ts';
import { TEST_SITE_URL, testApp } from '../helpers/app.ts';
import { validAudit } from '../helpers/audit.ts';
import { type ScratchDatabase, scratchDatabase } from '../helpers/isolated-db.ts';
import { createStaff, formBody, signedIn, type TestStaff } from '../helpers/staff.ts';

// Real servers and databases: a test may take longer than Bun's 5 s default.
setDefaultTimeout(60_000);

// Roles (issue 33) on a scratch database of the suite's kind (PGlite, or PostgreSQL at DATABASE_URL):
// every owner action refused to a `staff` account with 403 (JSON for the API, the staff problem page for
// a person) and a comparison of the rows it would touch showing nothing changed; an owner succeeding;
// the role read on every request (a demotion counts at once); role fields posted anywhere ignored; CSRF
// still checked before the role; and the pages greying out what a `staff` account may not do. An owner
// whose account has no two-factor sign-in (issue 26) is refused the same way until they turn it on.

const START = new Date('2026-11-24T15:00:00Z');
const fromHome = { referer: `${TEST_SITE_URL}/` };
const token = () => `zq${crypto.randomUUID().replace(/-/g, '').slice(0, 10)}`;

let scratch: ScratchDatabase;
let db: Database;
let t: Awaited<ReturnType<typeof testApp>>;
let owner: TestStaff;
let staffer: TestStaff;
type Session = { cookie: string; csrf: string };
let ownerSession: Session;
let staffSession: Session;

beforeAll(async () => {
  scratch = await scratchDatabase();
  db = await scratch.open();
  t = await testApp({ sql: db.sql, now: () => START }, { RATE_LIMITS: 'off' });
  owner = await createStaff(t.sql, 'olivia', 'owner', { twoFactor: true });
  staffer = await createStaff(t.sql, 'sam', 'staff');
  ownerSession = await signedIn(t, owner);
  staffSession = await signedIn(t, staffer);
});

afterAll(async () => {
  await scratch?.drop();
});

const formPost = (session: Session | null, path: string, fields: Record<string, string>, csrf = true) => {
  const form = formBody(csrf && session ? { _csrf: session.csrf, ...fields } : fields);
  return t.request(path, { method: 'POST', redirect: 'manual', headers: { ...form.headers, ...(session ? { cookie: session.cookie } : {}) }, body: form.body });
};
const apiPost = (session: Session, path: string, body: unknown, csrf = true) =>
  t.request(path, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: session.cookie, 'content-type': 'application/json', accept: 'application/json', ...(csrf ? { 'x-csrf-token': session.csrf } : {}) },
    body: JSON.stringify(body),
  });
const page = async (session: Session, path: string) => {
  const res = await t.request(path, { headers: { cookie: session.cookie }, redirect: 'manual' });
  expect(res.status).toBe(200);
  return res.text();
};

/** A new person with one audit lead. */
async function newLead() {
  const audit = validAudit({ businessName: `Riverside Cleaning ${token()}`, firstName: 'Daniel', lastName: 'Okafor' });
  const res = await t.postJson('/api/business-audit', { ...audit, fillMs: 60_000 }, fromHome);
  expect(res.status).toBe(201);
  const [lead] = await t.sql<{ personId: string }[]>`select person_id from leads where kind = 'audit' and id = ${audit.id}`;
  return { leadId: audit.id, personId: lead.personId };
}

/** Everything an erasure touches, as stored: the leads of the person, their timelines, the person, the jobs queued and every account's role. */
async function snapshot(personId: string) {
  const leads = await t.sql`select to_jsonb(l)::text as row from leads l where person_id = ${personId} order by id`;
  const events =
    await t.sql`select count(*)::int as n from lead_events e join leads l on l.kind = e.lead_kind and l.id = e.lead_id where l.person_id = ${personId}`;
  const people = await t.sql`select to_jsonb(p)::text as row from people p where id = ${personId}`;
  const users = await t.sql`select id, username, role, password from users order by id`;
  return JSON.stringify({ leads, events, people, users });
}

/** The owner actions: each run as the given session, with what an owner's success looks like. */
const ownerActions = [
  {
    name: 'erasing a lead (page)',
    run: (s: Session, ids: { leadId: string }) => formPost(s, `/admin/leads/audit/${ids.leadId}/erase`, { confirm: 'erase' }),
    ok: 303,
    api: false,
  },
  {
    name: 'erasing a person and all their leads (page)',
    run: (s: Session, ids: { personId: string }) => formPost(s, `/admin/people/${ids.personId}/erase`, { confirm: 'erase' }),
    ok: 303,
    api: false,
  },
  {
    name: 'erasing a person and all their leads (API)',
    run: (s: Session, ids: { personId: string }) => apiPost(s, `/admin/api/people/${ids.personId}/erase`, {}),
    ok: 200,
    api: true,
  },
];

describe('owner actions', () => {
  for (const action of ownerActions) {
    test(`${action.name}: a staff account gets 403 and nothing changes; an owner succeeds`, async () => {
      const ids = await newLead();
      const before = await snapshot(ids.personId);
      const refused = await action.run(staffSession, ids);
      expect(refused.status).toBe(403);
      if (action.api) {
        expect(refused.headers.get('content-type')).toStartWith('application/json');
        expect(await refused.json()).toMatchObject({ error: OWNER_ONLY });
      } else {
        expect(refused.headers.get('content-type')).toStartWith('text/html');
        const html = await refused.text();
        expect(html).toContain('Only an owner can do this.');
        expect(html).toContain(staffer.email);
      }
      expect(await snapshot(ids.personId)).toBe(before);

      // A staff account without the CSRF token: refused for that first, still nothing changed.
      const noToken = action.api
        ? await apiPost(staffSession, `/admin/api/people/${ids.personId}/erase`, {}, false)
        : await formPost(
            staffSession,
            action.name.includes('lead (page)') ? `/admin/leads/audit/${ids.leadId}/erase` : `/admin/people/${ids.personId}/erase`,
            { confirm: 'erase' },
            false,
          );
      expect(noToken.status).toBe(403);
      expect(await noToken.text()).not.toContain('Only an owner');
      // An owner without the token is refused too: the role does not stand in for CSRF.
      const ownerNoToken = action.api
        ? await apiPost(ownerSession, `/admin/api/people/${ids.personId}/erase`, {}, false)
        : await formPost(
            ownerSession,
            action.name.includes('lead (page)') ? `/admin/leads/audit/${ids.leadId}/erase` : `/admin/people/${ids.personId}/erase`,
            { confirm: 'erase' },
            false,
          );
      expect(ownerNoToken.status).toBe(403);
      expect(await snapshot(ids.personId)).toBe(before);

      const done = await action.run(ownerSession, ids);
      expect(done.status).toBe(action.ok);
      const [lead] = await t.sql<{ erasedAt: Date | null; email: string | null }[]>`select erased_at, email from leads where id = ${ids.leadId}`;
      expect(lead.erasedAt).not.toBeNull();
      expect(lead.email).toBeNull();
    });
  }

  test('signed out: the API answers 401 and the page sends to the login, before any role is looked at', async () => {
    const ids = await newLead();
    const before = await snapshot(ids.personId);
    const api = await t.request(`/admin/api/people/${ids.personId}/erase`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(api.status).toBe(401);
    const form = await formPost(null, `/admin/leads/audit/${ids.leadId}/erase`, { confirm: 'erase' });
    expect(form.status).toBe(303);
    expect(form.headers.get('location')).toStartWith('/admin/login');
    expect(await snapshot(ids.personId)).toBe(before);
  });

  test('a staff account still does the everyday work: status, notes, calls', async () => {
    const ids = await newLead();
    expect((await formPost(staffSession, `/admin/leads/audit/${ids.leadId}/notes`, { note: 'Called, left a message' })).status).toBe(303);
    const status = await apiPost(staffSession, `/admin/api/leads/audit/${ids.leadId}/status`, { status: 'contacted' });
    expect(status.status).toBe(200);
    const [lead] = await t.sql<{ status: string }[]>`select status from leads where id = ${ids.leadId}`;
    expect(lead.status).toBe('contacted');
  });
});

describe('an owner without two-factor sign-in', () => {
  test('is refused every owner action (403 saying why, nothing changed) and told on every page; once it is on, the same browser may, and other browsers are signed out', async () => {
    const bare = await createStaff(t.sql, 'oscar', 'owner');
    const session = await signedIn(t, bare);
    const elsewhere = await signedIn(t, bare);
    const ids = await newLead();
    const leadPage = await page(session, `/admin/leads/audit/${ids.leadId}`);
    expect(leadPage).toContain('data-two-factor-needed');
    expect(leadPage).toContain('To erase a lead, an owner needs two-factor sign-in.');
    expect(await page(session, `/admin/people/${ids.personId}`)).toContain('To erase a person, an owner needs two-factor sign-in.');
    const before = await snapshot(ids.personId);
    for (const action of ownerActions) {
      const refused = await action.run(session, ids);
      expect(refused.status).toBe(403);
      if (action.api) expect(await refused.json()).toMatchObject({ error: OWNER_NEEDS_TWO_FACTOR });
      else expect(await refused.text()).toContain('Owner actions need two-factor sign-in.');
      expect(await snapshot(ids.personId)).toBe(before);
    }
    const publishing = await t.request('/admin/api/content/hero', {
      method: 'PUT',
      headers: { cookie: session.cookie, 'x-csrf-token': session.csrf, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ fields: { headline: 'Not without a second factor' } }),
    });
    expect(publishing.status).toBe(403);
    expect(await publishing.json()).toMatchObject({ error: OWNER_NEEDS_TWO_FACTOR });
    const experiment = await apiPost(session, '/admin/api/experiments', { name: 'Not without a second factor', slot: 'hero' });
    expect(experiment.status).toBe(403);
    expect(await experiment.json()).toMatchObject({ error: OWNER_NEEDS_TWO_FACTOR });
    expect(await t.sql`select 1 from ab_tests where name = 'Not without a second factor'`).toHaveLength(0);

    // Turned on from the account page, as a person does: the app's code confirms it.
    expect((await formPost(session, '/admin/account/two-factor/start', {})).status).toBe(303);
    const stored = await twoFactorOf(t.sql, bare.id);
    if (!stored) throw new Error('enrolment did not start');
    const confirmed = await formPost(session, '/admin/account/two-factor/confirm', { code: totpCodeAt(stored.secret, START.getTime()) });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain('Any other browser signed in to your account has been signed out.');
    expect(await page(session, '/admin/leads')).not.toContain('data-two-factor-needed');
    // The browser signed in with the password alone elsewhere does not carry on.
    const stale = await t.request('/admin/leads', { headers: { cookie: elsewhere.cookie }, redirect: 'manual' });
    expect(stale.status).toBe(303);
    expect(stale.headers.get('location')).toStartWith('/admin/login');

    const done = await ownerActions[0].run(session, ids);
    expect(done.status).toBe(303);
    const [lead] = await t.sql<{ erasedAt: Date | null }[]>`select erased_at from leads where id = ${ids.leadId}`;
    expect(lead.erasedAt).not.toBeNull();
  });
});

describe('the role is the database’s, read on every request', () => {
  test('a demotion counts from the next request, a promotion too', async () => {
    const other = await createStaff(t.sql, 'priya', 'owner', { twoFactor: true });
    const session = await signedIn(t, other);
    const ids = await newLead();
    expect(await setStaffRole(t.sql, other.email, 'staff')).toBe('changed');
    const before = await snapshot(ids.personId);
    expect((await apiPost(session, `/admin/api/people/${ids.personId}/erase`, {})).status).toBe(403);
    expect(await snapshot(ids.personId)).toBe(before);
    expect(await setStaffRole(t.sql, other.email, 'owner')).toBe('changed');
    expect((await apiPost(session, `/admin/api/people/${ids.personId}/erase`, {})).status).toBe(200);
  });

  test('the last owner cannot be demoted; an unknown account is missing; the same role is no change', async () => {
    const scratchOwners = await t.sql<{ username: string }[]>`select username from users where role = 'owner'`;
    for (const { username } of scratchOwners.slice(1)) expect(await setStaffRole(t.sql, username, 'staff')).toBe('changed');
    expect(await setStaffRole(t.sql, scratchOwners[0].username, 'staff')).toBe('last-owner');
    expect(await setStaffRole(t.sql, scratchOwners[0].username, 'owner')).toBe('same');
    expect(await setStaffRole(t.sql, 'nobody@northlinedigital.ca', 'owner')).toBe('missing');
    // Nor removed: the account stays, and so does everyone's way to erase, publish and manage accounts.
    expect(await removeStaffAccount(t.sql, scratchOwners[0].username)).toBe('last-owner');
    expect(await t.sql`select 1 from users where username = ${scratchOwners[0].username}`).toHaveLength(1);
    expect(await removeStaffAccount(t.sql, 'nobody@northlinedigital.ca')).toBe('missing');
    for (const { username } of scratchOwners.slice(1)) expect(await setStaffRole(t.sql, username, 'owner')).toBe('changed');
  });
});

describe('hostile: role escalation', () => {
  test('role fields posted to every staff form and API are ignored; no route changes a role', async () => {
    const ids = await newLead();
    const escalate = { role: 'owner', 'user[role]': 'owner', isOwner: 'true' };
    await formPost(staffSession, `/admin/leads/audit/${ids.leadId}/notes`, { note: 'Hello', ...escalate });
    await formPost(staffSession, `/admin/leads/audit/${ids.leadId}/status`, { status: 'contacted', ...escalate });
    await formPost(staffSession, `/admin/people/${ids.personId}/call`, { outcome: 'no-answer', ...escalate });
    await formPost(staffSession, '/admin/account/password', { currentPassword: staffer.password, newPassword: 'x', ...escalate });
    await formPost(staffSession, '/admin/booking/hours', { hours: 'Mon-Fri 10:00-16:00', ...escalate });
    await apiPost(staffSession, `/admin/api/leads/audit/${ids.leadId}/status`, { status: 'qualified', role: 'owner' });
    await apiPost(staffSession, `/admin/api/people/${ids.personId}/calls`, { outcome: 'no-answer', role: 'owner' });
    for (const path of ['/admin/account/role', '/admin/api/account/role', '/admin/api/staff', `/admin/api/staff/${staffer.id}`])
      expect([403, 404, 405]).toContain((await apiPost(staffSession, path, { role: 'owner', email: staffer.email })).status);
    for (const path of ['/admin/account/role', '/admin/staff'])
      expect([403, 404, 405]).toContain((await formPost(staffSession, path, { role: 'owner', email: staffer.email })).status);
    const [row] = await t.sql<{ role: string }[]>`select role from users where id = ${staffer.id}`;
    expect(row.role).toBe('staff');
    // And the owner actions are still refused to them.
    expect((await apiPost(staffSession, `/admin/api/people/${ids.personId}/erase`, { role: 'owner' })).status).toBe(403);
  });

  test('a role in the cookie or a header counts for nothing', async () => {
    const ids = await newLead();
    const res = await t.request(`/admin/api/people/${ids.personId}/erase`, {
      method: 'POST',
      headers: {
        cookie: `${staffSession.cookie}; staff_role=owner; role=owner`,
        'content-type': 'application/json',
        'x-csrf-token': staffSession.csrf,
        'x-staff-role': 'owner',
      },
      body: '{}',
    });
    expect(res.status).toBe(403);
  });
});

describe('the pages', () => {
  test('a staff account sees erasing greyed out with the reason, and its role on the account page', async () => {
    const ids = await newLead();
    const lead = await page(staffSession, `/admin/leads/audit/${ids.leadId}`);
    expect(lead).toContain('Only an owner can erase a lead.');
    expect(lead).toMatch(/<fieldset disabled=""/);
    const person = await page(staffSession, `/admin/people/${ids.personId}`);
    expect(person).toContain('Only an owner can erase a person.');
    expect(person).toMatch(/<button type="button" disabled=""[^>]*>Erase this person/);
    const account = await page(staffSession, '/admin/account');
    expect(account).toContain('data-role="staff"');
    expect(account).toMatch(/Role: <strong[^>]*>Staff<\/strong>/);
  });

  test('an owner sees the erase forms working and its role', async () => {
    const ids = await newLead();
    const lead = await page(ownerSession, `/admin/leads/audit/${ids.leadId}`);
    expect(lead).not.toContain('data-owner-only');
    expect(lead).not.toMatch(/<fieldset disabled/);
    const person = await page(ownerSession, `/admin/people/${ids.personId}`);
    expect(person).toContain(`/admin/people/${ids.personId}?erase=confirm#erase`);
    const account = await page(ownerSession, '/admin/account');
    expect(account).toMatch(/Role: <strong[^>]*>Owner<\/strong>/);
  });
});
