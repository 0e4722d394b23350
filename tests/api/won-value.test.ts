import { describe, expect, setDefaultTimeout, test } from 'bun:test';
import { testApp } from '../helpers/app.ts';
import { submitAudit, submitIntake } from '../helpers/inbox.ts';
import { createStaff, formBody, signedIn } from '../helpers/staff.ts';

// A won client's monthly retainer (`wonValue`) on the real database: asked for by the lead page's form
// and the staff status API whenever the status is won, stored on the lead, shown on its page and on its
// timeline; refused, naming the field, when it is missing or not an amount; never set in bulk.

setDefaultTimeout(60_000);

const token = () => `zq${crypto.randomUUID().replace(/-/g, '').slice(0, 10)}`;

async function staffApp() {
  const t = await testApp({}, { RATE_LIMITS: 'off' });
  const staff = await createStaff(t.sql, 'won');
  const session = await signedIn(t, staff);
  const get = (path: string) => t.request(path, { headers: { cookie: session.cookie }, redirect: 'manual' });
  const post = (path: string, fields: Record<string, string>) => {
    const form = formBody({ _csrf: session.csrf, ...fields });
    return t.request(path, { method: 'POST', redirect: 'manual', headers: { ...form.headers, cookie: session.cookie }, body: form.body });
  };
  const api = (path: string, body: unknown) =>
    t.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: session.cookie, 'x-csrf-token': session.csrf },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const lead = async (id: string) => {
    const [row] = await t.sql<{ status: string; wonValue: string | null }[]>`select status, won_value::text from leads where id = ${id}`;
    return row;
  };
  const events = async (id: string) =>
    t.sql<{ kind: string; fromValue: string | null; toValue: string | null; actorEmail: string }[]>`
      select kind, from_value, to_value, actor_email from lead_events where lead_id = ${id} and kind in ('status', 'won value') order by id`;
  return { t, staff, get, post, api, lead, events };
}

describe('the lead page marks a lead won with its monthly retainer', () => {
  test('the form asks for it, refuses won without it or with a wrong amount, stores it and says it on the page and the timeline', async () => {
    const { t, staff, get, post, lead, events } = await staffApp();
    const id = await submitAudit(t, token());
    const path = `/admin/leads/audit/${id}`;

    // The field is in the status form (shown by CSS while Won is chosen), named as the API names it.
    const page = await (await get(path)).text();
    expect(page).toContain('name="wonValue"');
    expect(page).toContain('Monthly retainer (CAD)');

    for (const wonValue of [undefined, '', 'a lot', '-100', '1000000.01', '12.345', '1e5']) {
      const res = await post(`${path}/status`, { status: 'won', ...(wonValue === undefined ? {} : { wonValue }) });
      expect(res.status, String(wonValue)).toBe(400);
      const html = await res.text();
      // Named in words on the page staff read, not by its code name.
      expect(html).toContain('won value: Enter the monthly retainer in CAD');
      expect(html).not.toContain('wonValue:');
      expect(html).toContain('Nothing was changed');
    }
    expect(await lead(id)).toEqual({ status: 'new', wonValue: null });

    const done = await post(`${path}/status`, { status: 'won', wonValue: '$2,500.50', note: 'Signed for the local SEO package.' });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(`${path}?saved=status#status`);
    expect(await lead(id)).toEqual({ status: 'won', wonValue: '2500.50' });
    expect([...(await events(id))]).toEqual([
      { kind: 'status', fromValue: 'new', toValue: 'won', actorEmail: staff.email },
      { kind: 'won value', fromValue: null, toValue: '2500.50', actorEmail: staff.email },
    ]);
    const saved = await (await get(`${path}?saved=status`)).text();
    expect(saved).toContain('Saved: Won, $2,500.50 a month.');
    expect(saved).toContain('Won: $2,500.50 a month');
    expect(saved).toContain('set the monthly retainer to $2,500.50 a month');
    expect(saved).toContain('value="2500.5"');

    // The same again changes nothing; a new amount is one event saying both.
    await post(`${path}/status`, { status: 'won', wonValue: '2500.50' });
    expect(await events(id)).toHaveLength(2);
    await post(`${path}/status`, { status: 'won', wonValue: '3000' });
    expect(await lead(id)).toEqual({ status: 'won', wonValue: '3000.00' });
    expect((await events(id)).at(-1)).toEqual({ kind: 'won value', fromValue: '2500.50', toValue: '3000.00', actorEmail: staff.email });
    expect(await (await get(path)).text()).toContain('changed the monthly retainer from $2,500.50 a month to $3,000 a month');

    // Moved on from won (lost after all), the amount is kept on the lead but no longer said as won.
    await post(`${path}/status`, { status: 'lost', wonValue: '' });
    expect(await lead(id)).toEqual({ status: 'lost', wonValue: '3000.00' });
    expect(await (await get(path)).text()).not.toContain('Won: $3,000');
  });
});

describe('the staff status API', () => {
  test('won takes wonValue (a number or an amount as text); missing or hostile values are 400 naming wonValue', async () => {
    const { t, api, lead, events } = await staffApp();
    const id = await submitIntake(t, token());
    const path = `/admin/api/leads/intake/${id}/status`;
    for (const body of [
      { status: 'won' },
      { status: 'won', wonValue: null },
      { status: 'won', wonValue: -1 },
      { status: 'won', wonValue: 1_000_001 },
      { status: 'won', wonValue: 'NaN' },
      { status: 'won', wonValue: [2500] },
      { status: 'won', wonValue: { amount: 2500 } },
      { status: 'won', wonValue: true },
      { status: 'won', wonValue: '2500'.repeat(1000) },
      '{"status":"won","wonValue":1e400}',
    ]) {
      const res = await api(path, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const answer = (await res.json()) as { error: string; fields: Record<string, string> };
      expect(Object.keys(answer.fields), JSON.stringify(body)).toEqual(['wonValue']);
    }
    expect((await lead(id)).status).toBe('new');

    const ok = await api(path, { status: 'won', wonValue: 1800 });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ status: 'won', wonValue: 1800, changed: true, followUp: expect.any(Object), overdueLeads: expect.any(Number) });
    expect(await lead(id)).toEqual({ status: 'won', wonValue: '1800.00' });
    const again = await api(path, { status: 'won', wonValue: '1,800' });
    expect(await again.json()).toEqual({ status: 'won', wonValue: 1800, changed: false, followUp: expect.any(Object), overdueLeads: expect.any(Number) });
    expect((await events(id)).map((e) => e.kind)).toEqual(['status', 'won value']);
    // Any other status needs no retainer and answers as before.
    expect(await (await api(path, { status: 'contacted', wonValue: 'ignored' })).json()).toEqual({
      status: 'contacted',
      changed: true,
      followUp: expect.any(Object),
      overdueLeads: expect.any(Number),
    });
  });
});

describe('bulk actions', () => {
  test('won is refused in bulk (each client has a retainer of its own), naming the field', async () => {
    const { t, post } = await staffApp();
    const id = await submitAudit(t, token());
    const [row] = await t.sql<{ personId: string }[]>`select person_id from leads where id = ${id}`;
    const form = new URLSearchParams([
      ['people', row.personId],
      ['action', 'status'],
      ['value', 'won'],
    ]);
    const res = await post('/admin/leads/bulk', Object.fromEntries(form));
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('Mark a lead won on its own page, with its monthly retainer');
    const [lead] = await t.sql`select status from leads where id = ${id}`;
    expect(lead.status).toBe('new');
  });
});
