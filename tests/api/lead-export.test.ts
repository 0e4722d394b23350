import { describe, expect, setDefaultTimeout, test } from 'bun:test';
import { saveBookingHours } from '../../db/queries/booking-settings.ts';
import { mergePeople, setNextAction } from '../../db/queries/people.ts';
import { auditAnswerRows, intakeAnswerRows, NO_ANSWER } from '../../lib/leads/answers.ts';
import { tierMeaning } from '../../lib/leads/tier.ts';
import { CSV_BOM } from '../../lib/text/csv.ts';
import { replyBy } from '../../lib/time/business-days.ts';
import { formatStamp } from '../../lib/time/display.ts';
import { testApp } from '../helpers/app.ts';
import { validAudit } from '../helpers/audit.ts';
import { csvObjects, parseCsv } from '../helpers/csv.ts';
import { validIntake } from '../helpers/intake.ts';
import { createStaff, signedIn, staffPost } from '../helpers/staff.ts';

// The lead export staff open in a spreadsheet (GET /admin/leads.csv, lib/leads/export.ts), on the real
// database: headings in words, every answer, the phone, the tier explained, the notes; and the
// machine-named columns still at ?format=raw (tests/api/back-office.test.ts checks those byte for byte).

/** A word no other test's leads contain, so each export holds only this test's leads. */
setDefaultTimeout(30_000);

const token = () => `zq${crypto.randomUUID().replace(/-/g, '').slice(0, 10)}`;

const HEADER = [
  'Received (Toronto time)',
  'Type',
  'Name',
  'Business',
  'Email',
  'Phone',
  'Status',
  'Owner',
  'Score',
  'Package tier',
  'What the tier means',
  'Monthly budget',
  'Source',
  'Next action',
  'Next action due (Toronto time)',
  'Notes',
  'Audit: First name',
  'Audit: Last name',
  'Audit: Email',
  'Audit: Phone',
  'Audit: Business name',
  'Audit: Industry',
  'Audit: Website',
  'Audit: Monthly revenue',
  'Audit: What marketing do you do today?',
  'Audit: Monthly marketing budget',
  'Audit: Primary goals',
  'Audit: When do you want to see results?',
  'Audit: Biggest challenges',
  'Audit: How would you rate your online presence?',
  'Audit: Do you keep an eye on your competitors?',
  'Audit: Have you worked with a marketing agency before?',
  'Q4 application: First name',
  'Q4 application: Last name',
  'Q4 application: Work email',
  'Q4 application: Mobile',
  'Q4 application: Company',
  'Q4 application: Website (optional)',
  'Q4 application: Industry',
  'Q4 application: City',
  'Q4 application: Monthly marketing budget',
  'Q4 application: Biggest goal for the next 6 months',
  'Q4 application: How did you hear about us? (optional)',
  'Q4 application: Consent to emails about the application (CASL)',
  'Q4 application: Marketing emails (optional box)',
];

/** Monday Nov 2, 2026, 10:00 in Toronto; each step of a test moves the clock on. */
const START = new Date('2026-11-02T15:00:00Z');

async function exportApp() {
  let clock = START;
  const t = await testApp({ now: () => clock }, { RATE_LIMITS: 'off' });
  const later = (hours: number) => {
    clock = new Date(clock.getTime() + hours * 3_600_000);
  };
  const staff = await createStaff(t.sql, 'priya');
  await saveBookingHours(t.sql, staff.id, { hours: '', accepting: false, displayName: 'Priya' }, START);
  // Signed in afresh for each request: the tests move the clock on by days, past a session's idle time.
  const get = async (path: string) => t.request(path, { headers: { cookie: (await signedIn(t, staff)).cookie }, redirect: 'manual' });
  const text = async (path: string) => {
    const res = await get(path);
    expect(res.status, path).toBe(200);
    return new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer());
  };
  return { t, staff, get, text, later };
}

describe('GET /admin/leads.csv, the staff export', () => {
  test('headings in words, a UTF-8 BOM, every answer under its question, the phone, the tier explained, values as staff read them', async () => {
    const { t, text } = await exportApp();
    const word = token();
    const audit = validAudit({ businessName: `${word} Leslieville Café`, monthlyRevenue: '10000-25000', marketingBudget: '15000+' });
    expect((await t.postJson('/api/business-audit', { ...audit, fillMs: 60_000 }, { referer: 'http://localhost:3000/' })).status).toBe(201);
    const intake = validIntake({ company: `${word} Glow Med Spa`, marketingConsent: true });
    expect((await t.postJson('/api/q4-intake', { ...intake, fillMs: 60_000 }, { referer: 'http://localhost:3000/q4-intake' })).status).toBe(201);

    const csv = await text(`/admin/leads.csv?q=${word}`);
    expect(csv.startsWith(CSV_BOM)).toBe(true);
    const records = parseCsv(csv.slice(1));
    expect(records[0]).toEqual(HEADER);
    expect(records).toHaveLength(3);
    expect(records.every((r) => r.length === HEADER.length)).toBe(true);
    const [application, auditRow] = csvObjects(csv.slice(1));

    const answersOf = (row: Record<string, string>, form: string) => HEADER.filter((h) => h.startsWith(`${form}: `)).map((h) => row[h]);
    expect(auditRow).toMatchObject({
      'Received (Toronto time)': '2026-11-02 10:00',
      Type: 'Audit',
      Name: `${audit.firstName} ${audit.lastName}`,
      Business: audit.businessName,
      Email: audit.email,
      Phone: '416-555-0199',
      Status: 'New',
      Owner: '',
      'Package tier': 'Enterprise',
      'What the tier means': tierMeaning('enterprise'),
      'Monthly budget': '$15,000 or more',
      Source: 'direct / none',
      // A new lead's person is given the reply the 2-business-day promise is about, due at its reply-by time.
      'Next action': 'Reply to their audit',
      'Next action due (Toronto time)': formatStamp(replyBy(START)),
      Notes: '',
      'Audit: Monthly revenue': '$10,000 – $25,000',
      'Audit: What marketing do you do today?': 'Social media; Word of mouth & referrals',
    });
    expect(Number(auditRow.Score)).toBeGreaterThan(0);
    // Every answer, labelled as on the lead's page (lib/leads/answers.ts), none left out.
    const stored = auditAnswerRows(audit as never).map((r) => r.answer);
    expect(answersOf(auditRow, 'Audit')).toEqual(stored);
    expect(stored.every((a) => a !== '' && a !== NO_ANSWER)).toBe(true);
    expect(answersOf(auditRow, 'Q4 application').every((a) => a === '')).toBe(true);

    expect(application).toMatchObject({
      Type: 'Q4 application',
      Name: 'Priya Raman',
      Business: intake.company,
      Email: intake.workEmail,
      Phone: '416-555-0188',
      Status: 'New',
      Score: '',
      'Package tier': '',
      'What the tier means': '',
      'Monthly budget': '$2,500 – $5,000 a month',
      'Next action': 'Reply to their Q4 application',
      'Q4 application: Industry': 'Medspa or aesthetics clinic',
      'Q4 application: Consent to emails about the application (CASL)': 'Yes, ticked',
      'Q4 application: Marketing emails (optional box)': 'Yes, ticked',
    });
    expect(answersOf(application, 'Q4 application')).toEqual(intakeAnswerRows(intake as never).map((r) => r.answer));
    expect(answersOf(application, 'Audit').every((a) => a === '')).toBe(true);
  });

  test('a formula in a business name (=cmd) is text in every cell it lands in', async () => {
    const { t, text } = await exportApp();
    const word = token();
    const business = `=cmd|' /C calc'!A0 ${word}`;
    const audit = validAudit({ businessName: business, firstName: '@SUM(1+1)', lastName: `-2+3 ${word}` });
    expect((await t.postJson('/api/business-audit', { ...audit, fillMs: 60_000 }, { referer: 'http://localhost:3000/' })).status).toBe(201);
    const csv = await text(`/admin/leads.csv?q=${word}`);
    const [row] = csvObjects(csv.slice(1));
    expect(row.Business).toBe(`'${business}`);
    expect(row['Audit: Business name']).toBe(`'${business}`);
    expect(row['Audit: First name']).toBe("'@SUM(1+1)");
    expect(row.Name).toBe(`'@SUM(1+1) -2+3 ${word}`);
    // No cell of the file starts a formula.
    expect(
      parseCsv(csv.slice(1))
        .flat()
        .filter((cell) => /^[=+\-@\t\r]/.test(cell)),
    ).toEqual([]);
  });

  test("the notes, oldest first, each with the day and the author's name, joined with |; status changes made with a note count", async () => {
    const { t, staff, text, later } = await exportApp();
    const sam = await createStaff(t.sql, 'sam.okafor');
    const word = token();
    const audit = validAudit({ businessName: `${word} Danforth Dental` });
    expect((await t.postJson('/api/business-audit', { ...audit, fillMs: 60_000 }, { referer: 'http://localhost:3000/' })).status).toBe(201);
    const lead = `/admin/leads/audit/${audit.id}`;
    // Each change a day or two apart, by someone signed in then (a session idles out after 12 hours).
    const change = async (who: typeof staff, what: string, fields: Record<string, string>) =>
      expect((await staffPost(t, await signedIn(t, who), `${lead}/${what}`, fields)).status).toBe(303);
    later(1);
    await change(staff, 'notes', { note: 'Left a voicemail, | will try again' });
    later(24);
    await change(sam, 'status', { status: 'contacted', note: 'Spoke with Marisol; wants a quote' });
    later(0.5);
    // A status change without a note, and an owner change, are not notes.
    await change(staff, 'owner', { owner: staff.id });
    await change(staff, 'status', { status: 'session booked' });
    later(48);
    await change(staff, 'notes', { note: '=HYPERLINK("x") sent the proposal\nline two' });

    const [row] = csvObjects((await text(`/admin/leads.csv?q=${word}`)).slice(1));
    const samName = sam.email
      .split('@')[0]
      .split(/[._-]+/)
      .map((w) => w[0].toUpperCase() + w.slice(1))
      .join(' ');
    expect(row.Notes).toBe(
      [
        '2026-11-02 Priya: Left a voicemail, | will try again',
        `2026-11-03 ${samName}: Spoke with Marisol; wants a quote`,
        '2026-11-05 Priya: =HYPERLINK("x") sent the proposal\nline two',
      ].join(' | '),
    );
    expect(row.Status).toBe('Session booked');
    expect(row.Owner).toBe(staff.email);
    // A formula after a line break inside the cell is made text too.
    expect(row.Notes).not.toContain('\n=');
  });

  test("the next action is the person's; a merged person's is the one of the person they were merged into", async () => {
    const { t, staff, text, later } = await exportApp();
    const word = token();
    const first = validAudit({ businessName: `${word} Kensington Coaching`, email: `mei+${word}@example.com` });
    const second = validAudit({ businessName: `${word} Kensington Coaching 2`, email: `mei.chen+${word}@example.org`, phone: '' });
    for (const audit of [first, second])
      expect((await t.postJson('/api/business-audit', { ...audit, fillMs: 60_000 }, { referer: 'http://localhost:3000/' })).status).toBe(201);
    const personOf = async (id: string) => (await t.sql<{ personId: string }[]>`select person_id from leads where kind = 'audit' and id = ${id}`)[0].personId;
    const [into, from] = [await personOf(first.id), await personOf(second.id)];
    expect(into).not.toBe(from);
    later(2);
    const change = { actor: { id: staff.id, email: staff.email }, now: new Date(START.getTime() + 2 * 3_600_000) };
    expect(await setNextAction(t.sql, into, { due: new Date('2026-11-06T19:30:00Z'), what: 'Call about the two locations' }, change)).toBe('changed');
    expect(await setNextAction(t.sql, from, { due: new Date('2026-11-09T15:00:00Z'), what: 'Send the case study' }, change)).toBe('changed');
    const byBusiness = async () => Object.fromEntries(csvObjects((await text(`/admin/leads.csv?q=${word}`)).slice(1)).map((r) => [r.Business, r]));
    let rows = await byBusiness();
    expect(rows[second.businessName]).toMatchObject({ 'Next action': 'Send the case study', 'Next action due (Toronto time)': '2026-11-09 10:00', Phone: '' });
    expect(rows[first.businessName]).toMatchObject({ 'Next action': 'Call about the two locations', 'Next action due (Toronto time)': '2026-11-06 14:30' });

    expect(await mergePeople(t.sql, from, into, change)).toMatchObject({ mergeId: expect.any(String) });
    rows = await byBusiness();
    for (const audit of [first, second])
      expect(rows[audit.businessName], audit.businessName).toMatchObject({
        'Next action': 'Call about the two locations',
        'Next action due (Toronto time)': '2026-11-06 14:30',
      });
    // Marked done: nothing next.
    expect(await setNextAction(t.sql, into, null, change)).toBe('changed');
    rows = await byBusiness();
    expect(rows[second.businessName]).toMatchObject({ 'Next action': '', 'Next action due (Toronto time)': '' });
  });

  test("the phone is the lead's; a booking lead stored before leads kept it has its session's", async () => {
    const { t, text } = await exportApp();
    const word = token();
    const id = crypto.randomUUID();
    await t.sql`insert into leads (kind, id, created_at, reply_by, name, email, status)
                values ('booking', ${id}, ${START}, ${replyBy(START)}, ${`Amira ${word}`}, 'amira@haddad-dental.example', 'session booked')`;
    const slot = (hours: number) => new Date(START.getTime() + hours * 3_600_000);
    for (const [hours, phone] of [
      [48, '647-555-0134'],
      [24, null],
    ] as const)
      await t.sql`insert into bookings (id, lead_kind, lead_id, starts_at, ends_at, blocked_until, manage_token, name, email, phone, created_at, updated_at)
                  values (${crypto.randomUUID()}, 'booking', ${id}, ${slot(hours)}, ${slot(hours + 1)}, ${slot(hours + 1)}, ${crypto.randomUUID()},
                          'Amira', 'amira@haddad-dental.example', ${phone}, ${START}, ${START})`;
    let [row] = csvObjects((await text(`/admin/leads.csv?q=${word}`)).slice(1));
    expect(row).toMatchObject({
      Type: 'Session booking',
      Phone: '647-555-0134',
      Status: 'Session booked',
      'Package tier': '',
      'Monthly budget': '',
      'Next action': '',
    });
    expect(HEADER.filter((h) => h.includes(': ')).every((h) => row[h] === '')).toBe(true);
    // The lead's own phone comes first.
    await t.sql`update leads set phone = '905-555-0101' where kind = 'booking' and id = ${id}`;
    [row] = csvObjects((await text(`/admin/leads.csv?q=${word}`)).slice(1));
    expect(row.Phone).toBe('905-555-0101');
  });

  test('the same filters as the inbox', async () => {
    const { t, text } = await exportApp();
    const word = token();
    const audit = validAudit({ businessName: `${word} Roncesvalles Bakery` });
    expect((await t.postJson('/api/business-audit', { ...audit, fillMs: 60_000 }, { referer: 'http://localhost:3000/' })).status).toBe(201);
    const intake = validIntake({ company: `${word} Yorkville Spa` });
    expect((await t.postJson('/api/q4-intake', { ...intake, fillMs: 60_000 }, { referer: 'http://localhost:3000/q4-intake' })).status).toBe(201);
    const types = async (query: string) => csvObjects((await text(`/admin/leads.csv?q=${word}${query}`)).slice(1)).map((r) => r.Type);
    expect(await types('')).toEqual(['Q4 application', 'Audit']);
    expect(await types('&type=audit')).toEqual(['Audit']);
    expect(await types('&type=intake&format=')).toEqual(['Q4 application']);
    expect(await types('&status=won')).toEqual([]);
    expect(await types('&spam=1')).toEqual([]);
  });

  test('?format=raw: the machine-named columns, for the same leads', async () => {
    const { t, text } = await exportApp();
    const word = token();
    const audit = validAudit({ businessName: `${word} Junction Realty` });
    expect((await t.postJson('/api/business-audit', { ...audit, fillMs: 60_000 }, { referer: 'http://localhost:3000/' })).status).toBe(201);
    const raw = await text(`/admin/leads.csv?q=${word}&format=raw`);
    expect(raw.startsWith(CSV_BOM)).toBe(true);
    const [row] = csvObjects(raw.slice(1));
    expect(Object.keys(row).slice(0, 6)).toEqual(['type', 'id', 'received_toronto', 'name', 'business', 'email']);
    expect(row).toMatchObject({
      type: 'Audit',
      id: audit.id,
      received_toronto: '2026-11-02 10:00',
      tier: 'growth',
      status: 'New',
      overdue: 'no',
      source: 'direct',
    });
  });

  test('an unknown format is a 400 naming format; other methods are 405; without a session, the sign-in page', async () => {
    const { t, get } = await exportApp();
    for (const format of ['xlsx', 'RAW', 'human', 'raw ', 'raw,raw']) {
      const res = await get(`/admin/leads.csv?format=${encodeURIComponent(format)}`);
      expect(res.status, format).toBe(400);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(await res.text(), format).toContain('format: ');
    }
    for (const method of ['POST', 'PUT', 'DELETE']) {
      const res = await t.request('/admin/leads.csv', { method, redirect: 'manual' });
      expect(res.status, method).toBe(405);
      expect(res.headers.get('content-type') ?? '', method).not.toContain('text/csv');
    }
    for (const path of ['/admin/leads.csv', '/admin/leads.csv?format=raw', '/admin/leads.csv?format=xlsx']) {
      const res = await t.request(path, { redirect: 'manual' });
      expect(res.status, path).toBe(303);
      expect(res.headers.get('location')).toBe(`/admin/login?next=${encodeURIComponent(path)}`);
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
  });
});
