import { describe, expect, setDefaultTimeout, test } from 'bun:test';
import { saveBookingHours } from '../../db/queries/booking-settings.ts';
import { testApp } from '../helpers/app.ts';
import { submitAudit, submitIntake } from '../helpers/inbox.ts';
import { scratchDatabase } from '../helpers/isolated-db.ts';
import { createStaff, formBody, signedIn } from '../helpers/staff.ts';

// Real servers and databases: a test may take longer than Bun's 5 s default.
setDefaultTimeout(60_000);

// The inbox lists people (issue 30): one row per person whatever they sent, sorted by what matters,
// with saved views and bulk actions on the people ticked. On either database (DATABASE_URL).

/** A word no other test's leads contain, so each test finds only its own people in the shared database. */
const token = () => `zp${crypto.randomUUID().replace(/-/g, '').slice(0, 10)}`;

/** The people rows of an inbox page, in order. */
const peopleOf = (html: string) => [...html.matchAll(/data-person="([^"]+)"/g)].map((m) => m[1]);
/** One person's row. */
const rowOf = (html: string, person: string) => html.match(new RegExp(`<tr data-person="${person}"[\\s\\S]*?</tr>`))?.[0] ?? '';

async function staffApp(overrides = {}) {
  const t = await testApp(overrides, { RATE_LIMITS: 'off' });
  const staff = await createStaff(t.sql);
  const session = await signedIn(t, staff);
  const get = (path: string) => t.request(path, { headers: { cookie: session.cookie }, redirect: 'manual' });
  const html = async (path: string) => {
    const res = await get(path);
    expect(res.status).toBe(200);
    return res.text();
  };
  const bulk = (fields: [string, string][], csrf: string | null = session.csrf) => {
    const body = new URLSearchParams(csrf === null ? fields : [['_csrf', csrf], ...fields]);
    return t.request('/admin/leads/bulk', {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: session.cookie },
      body: body.toString(),
    });
  };
  const personOf = async (leadId: string) => (await t.sql<{ personId: string }[]>`select person_id from leads where id = ${leadId}`)[0].personId;
  return { t, staff, session, get, html, bulk, personOf };
}

describe('the people inbox', () => {
  test('one row for a person who sent 2 audits and 1 application, with what they sent, their phone and email as links', async () => {
    const { t, html, personOf } = await staffApp();
    const word = token();
    const email = `Dana.${word}@Bakery.example`;
    const first = await submitAudit(t, `${word} Bakery`, { email, firstName: 'Dana', lastName: 'Whitlock', phone: '(416) 555-0142' });
    await submitAudit(t, `${word} Bakery`, { email: `  ${email.toLowerCase()} `, firstName: 'Dana', lastName: 'Whitlock', phone: '(416) 555-0142' });
    const application = await submitIntake(t, `${word} Bakery`, {
      workEmail: email.toUpperCase(),
      firstName: 'Dana',
      lastName: 'Whitlock',
      mobile: '416 555 0142',
    });
    const person = await personOf(first);
    expect(await personOf(application)).toBe(person);

    const page = await html(`/admin/leads?q=${word}`);
    expect(peopleOf(page)).toEqual([person]);
    expect(page).toContain('Showing 1–1 of 1 person');
    const row = rowOf(page, person);
    expect(row).toContain('2 audits, 1 application');
    expect(row).toContain(`href="/admin/people/${person}"`);
    expect(row).toContain('href="tel:+14165550142"');
    expect(row).toContain(`href="mailto:${email.toLowerCase()}"`);
    // The newest lead (the application) is the row's: its type links to it, its status is the row's.
    expect(row).toContain(`data-lead="intake/${application}"`);
    expect(row).toContain(`href="/admin/leads/intake/${application}"`);
    expect(row).toContain('$2,500 – $5,000 a month');
    expect(row).toContain('Reply to their');
    expect(row).toMatch(/Due (today|[A-Z][a-z]{2} [A-Z][a-z]{2} \d+)/);

    // Lead filters choose the person by any lead: the audits alone, the row then shows the newest audit.
    const audits = await html(`/admin/leads?q=${word}&type=audit`);
    expect(peopleOf(audits)).toEqual([person]);
    expect(rowOf(audits, person)).toMatch(/data-lead="audit\//);
    // Their phone's digits find them, however it is written.
    expect(peopleOf(await html(`/admin/leads?q=${encodeURIComponent('416.555.0142')}&type=audit&from=2000-01-01`))).toContain(person);
    expect(peopleOf(await html(`/admin/leads?q=${word}&type=booking`))).toEqual([]);
  });

  test('sort by next action due (the default, nulls last), by best score, by newest', async () => {
    const { t, html, personOf } = await staffApp();
    const word = token();
    const a = await personOf(await submitAudit(t, `${word} A`));
    const b = await personOf(await submitAudit(t, `${word} B`));
    const c = await personOf(await submitAudit(t, `${word} C`));
    // B is due first, A has no next action, C is due later; scores C > A > B.
    await t.sql`update people set next_action_due = now() + interval '1 hour', next_action_what = 'Call back' where id = ${b}`;
    await t.sql`update people set next_action_due = null, next_action_what = null where id = ${a}`;
    await t.sql`update people set next_action_due = now() + interval '3 days', next_action_what = 'Send the proposal' where id = ${c}`;
    await t.sql`update people set best_score = 40 where id = ${a}`;
    await t.sql`update people set best_score = 20 where id = ${b}`;
    await t.sql`update people set best_score = 90 where id = ${c}`;
    expect(peopleOf(await html(`/admin/leads?q=${word}`))).toEqual([b, c, a]);
    expect(peopleOf(await html(`/admin/leads?q=${word}&sort=due`))).toEqual([b, c, a]);
    expect(peopleOf(await html(`/admin/leads?q=${word}&sort=score`))).toEqual([c, a, b]);
    expect(peopleOf(await html(`/admin/leads?q=${word}&sort=newest`))).toEqual([c, b, a]);
    const noAction = rowOf(await html(`/admin/leads?q=${word}`), a);
    expect(noAction).toContain('data-flag="no-action"');
    expect(noAction).toContain('No next action');

    const bad = await t.request(`/admin/leads?sort=oldest&due=later`, { headers: { cookie: (await signedIn(t, await createStaff(t.sql))).cookie } });
    expect(bad.status).toBe(400);
    const text = await bad.text();
    expect(text).toContain('sort:');
    expect(text).toContain('due:');

    // A day the database cannot hold (the day after 9999-12-31) or that does not exist: 400 naming it, never a 500, on the inbox and its export.
    const cookie = (await signedIn(t, await createStaff(t.sql))).cookie;
    for (const [query, field] of [
      ['?to=9999-12-31', 'to:'],
      ['?from=2026-02-30', 'from:'],
      ['?from=1970-01-01', 'from:'],
    ] as const)
      for (const path of ['/admin/leads', '/admin/leads.csv']) {
        const res = await t.request(`${path}${query}`, { headers: { cookie } });
        expect(res.status, path + query).toBe(400);
        expect(await res.text(), path + query).toContain(field);
      }
  });

  test('saved views: my leads due today, overdue, no next action, new this week, all', async () => {
    // Wednesday Nov 25 2026, 10:00 Toronto.
    let now = Date.parse('2026-11-25T10:00:00-05:00');
    const { t, staff, html, personOf } = await staffApp({ now: () => new Date(now) });
    const word = token();
    const mine = await submitAudit(t, `${word} Mine`);
    const late = await personOf(await submitAudit(t, `${word} Late`));
    const idle = await personOf(await submitAudit(t, `${word} Idle`));
    const me = await personOf(mine);
    await t.sql`update leads set owner_id = ${staff.id} where id = ${mine}`;
    await t.sql`update people set next_action_due = ${new Date('2026-11-25T15:00:00-05:00')}, next_action_what = 'Call back' where id = ${me}`;
    await t.sql`update people set next_action_due = ${new Date('2026-11-24T15:00:00-05:00')}, next_action_what = 'Follow up' where id = ${late}`;
    await t.sql`update people set next_action_due = null, next_action_what = null where id = ${idle}`;

    const page = await html(`/admin/leads?q=${word}`);
    for (const [view, href] of [
      ['mine-today', '/admin/leads?owner=me&amp;due=today'],
      ['overdue', '/admin/leads?due=overdue'],
      ['no-action', '/admin/leads?due=none'],
      ['new-week', '/admin/leads?from=2026-11-23&amp;sort=newest'],
      ['all', '/admin/leads'],
    ])
      expect(page).toContain(`href="${href}" data-view="${view}"`);
    expect(peopleOf(await html(`/admin/leads?q=${word}&owner=me&due=today`))).toEqual([me]);
    expect(await html('/admin/leads?owner=me&due=today')).toContain('data-view="mine-today" aria-current="page"');
    expect(peopleOf(await html(`/admin/leads?q=${word}&due=overdue`))).toEqual([late]);
    expect(rowOf(await html(`/admin/leads?q=${word}&due=overdue`), late)).toContain('Overdue by 19 h');
    expect(peopleOf(await html(`/admin/leads?q=${word}&due=none`))).toEqual([idle]);
    expect(peopleOf(await html(`/admin/leads?q=${word}&from=2026-11-23&sort=newest`)).sort()).toEqual([me, late, idle].sort());
    // Next week, they are no longer new; a closed lead has no next action to miss.
    now = Date.parse('2026-12-01T10:00:00-05:00');
    await t.sql`update leads set status = 'won' where person_id = ${idle}`;
    const { cookie } = await signedIn(t, staff);
    const later = async (path: string) => (await t.request(path, { headers: { cookie } })).text();
    expect(peopleOf(await later(`/admin/leads?q=${word}&from=2026-11-30&sort=newest`))).toEqual([]);
    expect(peopleOf(await later(`/admin/leads?q=${word}&due=none`))).toEqual([]);
  });

  test('bulk assign, status and spam act on every open lead of each person ticked, each lead recording it, and say so', async () => {
    const { t, staff, html, bulk, personOf } = await staffApp();
    const colleague = await createStaff(t.sql, 'priya');
    const word = token();
    const email = `two.${word}@example.com`;
    const twoFirst = await submitAudit(t, `${word} Two`, { email });
    const twoSecond = await submitAudit(t, `${word} Two`, { email });
    const one = await submitIntake(t, `${word} One`);
    const closed = await submitAudit(t, `${word} Closed`);
    await t.sql`update leads set status = 'won' where id = ${closed}`;
    const two = await personOf(twoFirst);
    const people = [two, await personOf(one), await personOf(closed)];

    const back = `/admin/leads?q=${word}&sort=score`;
    const assigned = await bulk([...people.map((p): [string, string] => ['people', p]), ['action', 'assign'], ['value', colleague.id], ['back', back]]);
    expect(assigned.status).toBe(303);
    const location = assigned.headers.get('location') ?? '';
    expect(location).toStartWith(`${back}&done=assign&count=2&skipped=1&value=${colleague.id}`);
    const owners = await t.sql<
      { id: string; ownerId: string | null }[]
    >`select id, owner_id from leads where id in (${twoFirst}, ${twoSecond}, ${one}, ${closed})`;
    expect(Object.fromEntries(owners.map((o) => [o.id, o.ownerId]))).toEqual({
      [twoFirst]: colleague.id,
      [twoSecond]: colleague.id,
      [one]: colleague.id,
      [closed]: null,
    });
    const events = await t.sql`select lead_id, actor_email, to_value from lead_events where kind = 'owner' and lead_id in (${twoFirst}, ${twoSecond}, ${one})`;
    expect(events).toHaveLength(3);
    expect(events.every((e) => e.actorEmail === staff.email && e.toValue === colleague.id)).toBe(true);
    const confirmed = await html(location);
    expect(confirmed).toMatch(
      new RegExp(`<p role="status" data-bulk-done[^>]*>Assigned 2 people to ${colleague.email}\\. 1 person had no open lead and was left as they were\\.</p>`),
    );

    expect(
      (
        await bulk([
          ['people', two],
          ['action', 'status'],
          ['value', 'contacted'],
        ])
      ).headers.get('location'),
    ).toBe('/admin/leads?done=status&count=1&value=contacted');
    const statuses = await t.sql`select status, first_reached_at from leads where id in (${twoFirst}, ${twoSecond})`;
    expect(statuses.map((s) => s.status)).toEqual(['contacted', 'contacted']);
    expect(statuses.every((s) => s.firstReachedAt !== null)).toBe(true);
    expect(await html('/admin/leads?done=status&count=1&value=contacted')).toContain('Moved 1 person to Contacted.');

    expect(
      (
        await bulk([
          ['people', two],
          ['action', 'spam'],
        ])
      ).status,
    ).toBe(303);
    expect((await t.sql`select count(*)::int as n from leads where person_id = ${two} and is_spam`)[0].n).toBe(2);
    expect((await t.sql`select count(*)::int as n from business_audits where id in (${twoFirst}, ${twoSecond}) and is_spam`)[0].n).toBe(2);
    expect(peopleOf(await html(`/admin/leads?q=${word}`))).not.toContain(two);
    expect(peopleOf(await html(`/admin/leads?q=${word}&spam=1`))).toEqual([two]);
    expect(await html('/admin/leads?done=spam&count=1')).toContain('Marked 1 person as spam.');
  });

  test('bulk refuses: no CSRF token 403, no session, bad fields 400 naming each, more than 200 people, a GET', async () => {
    const { t, session, bulk, personOf } = await staffApp();
    const person = await personOf(await submitAudit(t, `${token()} Guarded`));
    const noToken = await bulk(
      [
        ['people', person],
        ['action', 'assign'],
        ['value', 'none'],
      ],
      null,
    );
    expect(noToken.status).toBe(403);
    expect(
      (
        await bulk(
          [
            ['people', person],
            ['action', 'assign'],
            ['value', 'none'],
          ],
          'forged',
        )
      ).status,
    ).toBe(403);

    const form = formBody({ _csrf: session.csrf, people: person, action: 'spam' });
    const anonymous = await t.request('/admin/leads/bulk', { method: 'POST', redirect: 'manual', headers: form.headers, body: form.body });
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.get('location')).toBe('/admin/login?next=%2Fadmin%2Fleads');
    expect((await t.sql`select is_spam from leads where person_id = ${person}`)[0].isSpam).toBe(false);

    for (const [fields, named] of [
      [
        [
          ['action', 'assign'],
          ['value', 'none'],
        ],
        'people:',
      ],
      [
        [
          ['people', 'not-an-id'],
          ['action', 'assign'],
          ['value', 'none'],
        ],
        'people.0:',
      ],
      [
        [
          ['people', person],
          ['action', 'delete'],
        ],
        'action:',
      ],
      [
        [
          ['people', person],
          ['action', 'status'],
          ['value', 'closed'],
        ],
        'value:',
      ],
      [
        [
          ['people', person],
          ['action', 'assign'],
          ['value', 'won'],
        ],
        'value:',
      ],
      [
        [
          ['people', person],
          ['action', 'assign'],
          ['value', crypto.randomUUID()],
        ],
        'value:',
      ],
    ] as [[string, string][], string][]) {
      const res = await bulk(fields);
      expect(res.status, named).toBe(400);
      expect(await res.text()).toContain(named);
    }
    const many = Array.from({ length: 201 }, (): [string, string] => ['people', crypto.randomUUID()]);
    const tooMany = await bulk([...many, ['action', 'spam']]);
    expect([400, 413]).toContain(tooMany.status);
    expect(await tooMany.text()).toContain('At most 200 people at a time');
    expect((await t.request('/admin/leads/bulk', { headers: { cookie: session.cookie } })).status).toBe(405);
  });

  test('the one-click status answers the row’s next action after the change, as the inbox then draws it', async () => {
    const { t, html, personOf, session } = await staffApp();
    const word = token();
    const email = `dana.${word}@bakery.example`;
    const first = await submitAudit(t, `${word} Bakery`, { email, firstName: 'Dana', lastName: word });
    const second = await submitAudit(t, `${word} Bakery`, { email, firstName: 'Dana', lastName: word });
    const person = await personOf(first);
    // Both past the 2-business-day promise with nobody having reached out.
    await t.sql`update leads set reply_by = ${new Date(Date.now() - 86_400_000)} where id in ${t.sql([first, second])}`;
    const status = async (id: string, body: Record<string, unknown>) => {
      const res = await t.request(`/admin/api/leads/audit/${id}/status`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: session.cookie, 'x-csrf-token': session.csrf },
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(200);
      return (await res.json()) as { status: string; changed: boolean; followUp: Record<string, unknown>; overdueLeads: number };
    };
    const due = expect.stringMatching(/^Due (today, )?[A-Z]/);

    // The first reply done becomes a follow-up; the other lead is still past its promise, so the row stays flagged.
    // The headline's count of leads past the promise comes with each answer, as the page then draws it.
    const headline = (page: string) => Number(page.match(/data-overdue-count="(\d+)"/)?.[1]);
    const before = headline(await html('/admin/leads'));
    const one = await status(first, { status: 'contacted' });
    expect(one).toEqual({ status: 'contacted', changed: true, followUp: { what: 'Follow up', due, late: false, flag: 'overdue' }, overdueLeads: before - 1 });
    const page = await html(`/admin/leads?q=${word}`);
    expect(headline(page)).toBe(before - 1);
    const row = rowOf(page, person);
    expect(row).toContain('data-flag="overdue"');
    expect(row).toContain(`<div class="text-slate-900">Follow up</div>`);
    expect(row).toContain(`>${one.followUp.due}</div>`);

    // The second reached as well: nothing is late any more.
    const two = await status(second, { status: 'contacted' });
    expect(two.followUp).toEqual({ what: 'Follow up', due, late: false, flag: null });
    expect(two.overdueLeads).toBe(before - 2);
    // The same status again changes nothing and still says what is next.
    expect(await status(second, { status: 'contacted' })).toEqual({
      status: 'contacted',
      changed: false,
      followUp: { what: 'Follow up', due, late: false, flag: null },
      overdueLeads: before - 2,
    });
    // One lead closed: the other is open, the follow-up stays. The last one closed: nothing left to do, nothing flagged.
    expect((await status(first, { status: 'lost' })).followUp).toEqual({ what: 'Follow up', due, late: false, flag: null });
    expect((await status(second, { status: 'won', wonValue: 1200 })).followUp).toEqual({ what: null, due: null, late: false, flag: null });
    const closed = rowOf(await html(`/admin/leads?q=${word}`), person);
    expect(closed).toContain('No next action set');
    expect(closed).not.toContain('data-flag=');
    // Reopened with no next action: the row asks for one.
    expect((await status(first, { status: 'contacted' })).followUp).toEqual({ what: null, due: null, late: false, flag: 'no-action' });
  });

  test('through a lead of a person merged into another, the answer is the merged person’s; closing one lead unanswered keeps the first reply to do', async () => {
    const { t, session, personOf } = await staffApp();
    const word = token();
    const audit = await submitAudit(t, `${word} Cafe`, { email: `sam.${word}@cafe.example`, firstName: 'Sam', lastName: word });
    const application = await submitIntake(t, `${word} Cafe`, { workEmail: `sam.${word}@gmail.example`, firstName: 'Sam', lastName: word });
    const into = await personOf(audit);
    const away = await personOf(application);
    expect(away).not.toBe(into);
    const merged = await t.request(`/admin/people/${into}/merge`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: session.cookie },
      body: formBody({ _csrf: session.csrf, email: `sam.${word}@gmail.example` }).body,
    });
    expect(merged.status).toBe(303);
    const [{ what }] = await t.sql<{ what: string }[]>`select next_action_what as what from people where id = ${into}`;
    expect(what).toBe('Reply to their audit');
    const status = async (kind: string, id: string, body: Record<string, unknown>) => {
      const res = await t.request(`/admin/api/leads/${kind}/${id}/status`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: session.cookie, 'x-csrf-token': session.csrf },
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(200);
      return ((await res.json()) as { followUp: Record<string, unknown> }).followUp;
    };
    const due = expect.stringMatching(/^Due (today, )?[A-Z]/);
    // The application (now the merged person's) turned away unanswered: their audit still wants its reply.
    expect(await status('intake', application, { status: 'not a fit' })).toEqual({ what: 'Reply to their audit', due, late: false, flag: null });
    // The audit answered: a follow-up, read the same through either lead.
    expect(await status('audit', audit, { status: 'contacted' })).toEqual({ what: 'Follow up', due, late: false, flag: null });
    expect(await status('intake', application, { status: 'not a fit' })).toEqual({ what: 'Follow up', due, late: false, flag: null });
    const [gone] = await t.sql<{ mergedInto: string }[]>`select merged_into from people where id = ${away}`;
    expect(gone.mergedInto).toBe(into);
  });

  test('the board: a column per status, each person once as their newest open lead, a plain form per card', async () => {
    const { t, get, personOf, session } = await staffApp();
    const word = token();
    const email = `board.${word}@example.com`;
    const older = await submitAudit(t, `${word} Board`, { email, firstName: 'Bo', lastName: word });
    const newer = await submitAudit(t, `${word} Board`, { email, firstName: 'Bo', lastName: word });
    await t.sql`update leads set status = 'won' where id = ${newer}`;
    const person = await personOf(older);
    // Narrowed to this test's people (the inbox's search, carried by its link to the board).
    const res = await get(`/admin/board?q=${word}`);
    expect(res.status).toBe(200);
    const page = await res.text();
    for (const label of ['New', 'Contacted', 'Session booked', 'Won', 'Lost', 'Not a fit']) expect(page).toContain(`>${label}<span`);
    // Their newest open lead, once (the won one is not open).
    expect(page.match(new RegExp(`data-card="audit/${older}"`, 'g'))).toHaveLength(1);
    expect(page).not.toContain(`data-card="audit/${newer}"`);
    expect(page).toContain(`href="/admin/people/${person}"`);
    expect(page).toContain(`action="/admin/leads/audit/${older}/status"`);
    expect(page).toContain(`href="/admin/leads?q=${word}"`);
    expect(await (await get(`/admin/board?q=${crypto.randomUUID()}`)).text()).not.toContain(`data-card="audit/${older}"`);
    // The won lead leaves the older one open, and nothing more: the card names no other open lead.
    const cardOf = (html: string, lead: string) => html.match(new RegExp(`<li data-card="${lead}"[\\s\\S]*?</li>`))?.[0] ?? '';
    expect(cardOf(page, `audit/${older}`)).not.toContain('more open');
    // A third lead, open: the card is the newest open one, and says what keeps the person on the board once it is closed.
    const third = await submitIntake(t, `${word} Board`, { workEmail: email, firstName: 'Bo', lastName: word });
    const three = await (await get(`/admin/board?q=${word}`)).text();
    expect(three.match(/data-card="/g)).toHaveLength(1);
    expect(cardOf(three, `intake/${third}`)).toContain(
      `<a href="/admin/people/${person}" class="mt-1 block w-fit text-xs font-medium text-blue-800 hover:underline">1 more open lead</a>`,
    );
    await t.sql`update leads set status = 'lost' where id = ${third}`;
    const closed = await (await get(`/admin/board?q=${word}`)).text();
    expect(cardOf(closed, `audit/${older}`)).not.toContain('more open');
    await t.sql`update leads set status = 'new' where id = ${newer}`;
    // Two open leads (the lost one not counted): the card, the newest of them, names the other.
    expect(cardOf(await (await get(`/admin/board?q=${word}`)).text(), `audit/${newer}`)).toContain('>1 more open lead<');
    await t.sql`update leads set status = 'new' where id = ${third}`;
    expect(cardOf(await (await get(`/admin/board?q=${word}`)).text(), `intake/${third}`)).toContain('>2 more open leads<');
    await t.sql`update leads set status = 'won' where id = ${newer}`;
    await t.sql`update leads set status = 'lost' where id = ${third}`;

    // The card's plain form: back on the board, which says what moved.
    const form = formBody({ _csrf: session.csrf, status: 'contacted', back: `/admin/board?q=${word}&moved=audit/${older}` });
    const moved = await t.request(`/admin/leads/audit/${older}/status`, {
      method: 'POST',
      redirect: 'manual',
      headers: { ...form.headers, cookie: session.cookie },
      body: form.body,
    });
    expect(moved.status).toBe(303);
    expect(moved.headers.get('location')).toBe(`/admin/board?q=${word}&moved=audit/${older}`);
    expect(await (await get(`/admin/board?q=${word}&moved=audit/${older}`)).text()).toContain(`Moved Bo ${word} to Contacted.`);

    const anonymous = await t.request('/admin/board', { redirect: 'manual' });
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.get('location')).toBe('/admin/login?next=%2Fadmin%2Fboard');
    expect((await t.request('/admin/leads', { redirect: 'manual' })).status).toBe(303);
  });
});

test('the inbox says when nobody takes bookings (visitors find no time on /book), and stops once someone sets hours', async () => {
  const scratch = await scratchDatabase();
  try {
    const db = await scratch.open();
    const { staff, html } = await staffApp({ sql: db.sql });
    const alert = /<a href="\/admin\/booking" data-no-bookings=""[^>]*>[\s\S]*?<\/a>/;
    const before = (await html('/admin/leads')).replaceAll('<!-- -->', '');
    expect(before.match(alert)?.[0]).toContain('Nobody is taking bookings: visitors who want a strategy session find no time to book');
    expect(before.match(alert)?.[0]).toContain('Set your hours');
    // Hours without taking bookings, or taking bookings without hours, still offer nothing.
    await saveBookingHours(db.sql, staff.id, { hours: 'Mon-Fri 10:00-16:00', accepting: false }, new Date());
    expect(await html('/admin/leads')).toMatch(alert);
    await saveBookingHours(db.sql, staff.id, { hours: '', accepting: true }, new Date());
    expect(await html('/admin/leads')).toMatch(alert);
    await saveBookingHours(db.sql, staff.id, { hours: 'Mon-Fri 10:00-16:00', accepting: true }, new Date());
    expect(await html('/admin/leads')).not.toContain('data-no-bookings');
  } finally {
    await scratch.drop();
  }
});
