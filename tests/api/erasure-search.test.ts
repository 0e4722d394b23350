import { expect, setDefaultTimeout, test } from 'bun:test';
import { openDatabase } from '../../db/client.ts';
import { AB_TEST_IDS, AB_TEST_NAMES } from '../../lib/ab/definitions.ts';
import { startSmtpServer } from '../fixtures/smtp-server.ts';
import { startWebhookReceiver } from '../fixtures/webhook-receiver.ts';
import { validAudit } from '../helpers/audit.ts';
import { VISITOR_USER_AGENT } from '../helpers/browser.ts';
import { csvObjects } from '../helpers/csv.ts';
import { dumpDatabase, occurrences } from '../helpers/database-dump.ts';
import { validIntake } from '../helpers/intake.ts';
import { scratchDatabase } from '../helpers/isolated-db.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';
import { cookieSet, createStaff, formBody, passSecondStep, type TestStaff } from '../helpers/staff.ts';

// Real servers, browsers and databases: a test may take longer than Bun's 5 s default.
setDefaultTimeout(180_000);

// Erasure that erases (issue 26), end to end on a real server process: a person lands from a
// newsletter and an ad, takes part in the A/B tests, sends an audit and a Q4 application with
// distinctive details; the mail server refuses their address (its answer names it); staff read the
// leads and write a note naming them; then erase both. Afterwards the whole database (pg_dump on
// PostgreSQL; every row of every table on the embedded database) and everything the server printed
// are searched for each detail: none may be left. The same search before the erasure finds each one,
// so the search itself is known to work.

const browser = { 'user-agent': VISITOR_USER_AGENT };
const SECRET = `whsec_${Buffer.from('northline-erasure-test-secret-32').toString('base64')}`;
const TEAM = 'leads@northlinedigital.ca';

const PERSON = {
  first: 'Zephyrine',
  last: 'Quillfeather',
  email: 'zephyrine.q7731@quillhaven-bakery.example',
  workEmail: 'orders.zq7731@quillhaven-bakery.example',
  phone: '416-555-7731',
  business: 'Quillhaven Artisan Bakery',
  website: 'https://www.quillhaven-bakery.example/about',
  domain: 'quillhaven-bakery.example',
};
const TOUCH = {
  campaign: 'zq-spring-digest-7731',
  term: 'subscriber.zq7731@zqmail-letters.example',
  content: 'zqsub-884213',
  gclid: 'ZQgclidCj0KCQ7731',
  referrerHost: 'news.zqmail-letters.example',
  referrerPath: '/issues/7731-spring',
  referrerQuery: 'reader=zqref5521',
  lastCampaign: 'zq-retarget-7731',
  fbclid: 'ZQfbclidIwAR7731',
  wbraid: 'ZQwbraidCj4KCQ7731',
};

/**
 * An owner's session cookie on the server at `site` (erasing needs an owner with two-factor sign-in):
 * the password, then a recovery code.
 */
async function signedInAt(site: string, staff: TestStaff): Promise<string> {
  const password = await fetch(`${site}/admin/login`, { method: 'POST', redirect: 'manual', ...formBody({ email: staff.email, password: staff.password }) });
  expect(password.status).toBe(303);
  const signIn = await passSecondStep(password, staff, (path, init) => fetch(`${site}${path}`, { method: 'POST', redirect: 'manual', ...init }));
  expect(signIn.status).toBe(303);
  const cookie = cookieSet(signIn, 'staff_session');
  expect(cookie).not.toBe('');
  return cookie;
}

test('an erased lead leaves nothing personal in any table or in the log', async () => {
  const scratch = await scratchDatabase();
  const smtp = await startSmtpServer();
  const receiver = startWebhookReceiver(SECRET);
  // The mail server refuses the person's address, naming it, as Postfix does.
  smtp.setMode('no-such-mailbox');
  const visitorId = crypto.randomUUID();
  const audit = validAudit({
    firstName: PERSON.first,
    lastName: PERSON.last,
    email: PERSON.email,
    phone: PERSON.phone,
    businessName: PERSON.business,
    website: PERSON.website,
    marketingConsent: true,
  });
  const intake = validIntake({
    firstName: PERSON.first,
    lastName: PERSON.last,
    workEmail: PERSON.workEmail,
    mobile: PERSON.phone,
    company: PERSON.business,
    website: PERSON.website,
    biggestGoal: `Wholesale for ${PERSON.business}`,
  });
  const env = { ...scratch.env, RATE_LIMITS: 'off', SMTP_URL: smtp.url, LEAD_NOTIFY_EMAIL: TEAM, LEAD_WEBHOOK_URL: receiver.url, LEAD_WEBHOOK_SECRET: SECRET };
  const outputs: string[] = [];
  let server: RunningServer | null = null;
  try {
    // A staff account, made before the server holds the database.
    const setup = await openDatabase(scratch.env.DATABASE_URL ? { DATABASE_URL: scratch.env.DATABASE_URL, DATA_DIR: '' } : { DATA_DIR: scratch.env.DATA_DIR });
    const staff = await createStaff(setup.sql, 'eraser', 'owner', { twoFactor: true });
    await setup.close();

    server = await startServer(env, scratch.env.DATA_DIR);
    const site = server.url;
    // The person lands from the newsletter (first touch), later from an ad (last touch).
    let cookies: Record<string, string> = { vid: visitorId };
    const cookieHeader = () =>
      Object.entries(cookies)
        .map(([k, v]) => `${k}=${v}`)
        .join('; ');
    const keep = (res: Response) => {
      for (const line of res.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const at = pair.indexOf('=');
        cookies = { ...cookies, [pair.slice(0, at)]: pair.slice(at + 1) };
      }
    };
    const land = async (query: string, referer: string) => {
      const res = await fetch(`${site}/?${query}`, { headers: { ...browser, cookie: cookieHeader(), referer } });
      expect(res.status).toBe(200);
      await res.arrayBuffer();
      keep(res);
    };
    await land(
      new URLSearchParams({
        utm_source: 'newsletter',
        utm_medium: 'email',
        utm_campaign: TOUCH.campaign,
        utm_term: TOUCH.term,
        utm_content: TOUCH.content,
        gclid: TOUCH.gclid,
      }).toString(),
      `https://${TOUCH.referrerHost}${TOUCH.referrerPath}?${TOUCH.referrerQuery}`,
    );
    await land(
      new URLSearchParams({
        utm_source: 'facebook',
        utm_medium: 'paid-social',
        utm_campaign: TOUCH.lastCampaign,
        fbclid: TOUCH.fbclid,
        wbraid: TOUCH.wbraid,
      }).toString(),
      'https://l.facebook.com/',
    );
    expect(Object.keys(cookies).sort()).toEqual(['first_touch', 'last_touch', 'vid']);

    // The A/B tests: assigned and seen, so the audit is a conversion of each.
    for (const name of [AB_TEST_NAMES.contactForm, AB_TEST_NAMES.hero]) {
      const assigned = await fetch(`${site}/api/ab-test/assignment?testName=${name}`, { headers: { ...browser, cookie: cookieHeader() } });
      const { testId, variantId } = (await assigned.json()) as { testId: string; variantId: string };
      const seen = await fetch(`${site}/api/ab-test/event`, {
        method: 'POST',
        headers: { ...browser, 'content-type': 'application/json', cookie: cookieHeader() },
        body: JSON.stringify({ testId, variantId, eventType: 'view', eventData: { seenBy: visitorId } }),
      });
      expect(seen.status).toBe(201);
    }
    const post = (path: string, body: unknown) =>
      fetch(`${site}${path}`, {
        method: 'POST',
        headers: { ...browser, 'content-type': 'application/json', cookie: cookieHeader(), referer: `${site}/` },
        body: JSON.stringify(body),
      });
    const auditRes = await post('/api/business-audit', { ...audit, fillMs: 60_000 });
    expect(auditRes.status).toBe(201);
    const { resultsUrl } = (await auditRes.json()) as { resultsUrl: string };
    expect((await post('/api/q4-intake', { ...intake, fillMs: 60_000 })).status).toBe(201);
    const results = async () => {
      const res = await fetch(`${site}/api/ab-test/results/${AB_TEST_IDS.contactForm}`);
      return ((await res.json()) as { variant: { id: string }; metrics: unknown }[]).map((r) => [r.variant.id, r.metrics]);
    };
    const resultsBefore = await results();
    expect(JSON.stringify(resultsBefore)).toContain('"conversions":1');

    // Each email is refused for good (550); the lead.created webhooks arrive.
    await waitFor(() => server?.output().split('"msg":"notification failed for good"').length === 5, 'four refused emails');
    await receiver.waitFor(2);

    // Staff sign in, read both leads (the refusal names the person's domain), and write a note about them.
    const staffCookie = await signedInAt(site, staff);
    const staffGet = (path: string) => fetch(`${site}${path}`, { headers: { cookie: staffCookie } });
    const csrf = (await (await staffGet('/admin/leads')).text()).match(/name="_csrf" value="([^"]+)"/)?.[1] ?? '';
    const staffPost = (path: string, fields: Record<string, string>) =>
      fetch(`${site}${path}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: staffCookie },
        body: new URLSearchParams({ ...fields, _csrf: csrf }),
      });
    const leads = [`/admin/leads/audit/${audit.id}`, `/admin/leads/intake/${intake.id}`];
    for (const lead of leads) {
      const page = await (await staffGet(lead)).text();
      expect(page).toContain(PERSON.first);
      expect(page).toContain(`Last error: SMTP EENVELOPE 550`);
      expect(page).toContain(`…@${PERSON.domain}`);
      expect(page).toContain(TOUCH.term);
      expect(
        (await staffPost(`${lead}/notes`, { note: `Called ${PERSON.first} ${PERSON.last} on ${PERSON.phone}; send the quote to ${PERSON.email}.` })).status,
      ).toBe(303);
    }

    const values = searchedValues(visitorId, resultsUrl);
    // Before: each detail is somewhere in the database (the search finds what is there).
    await server.stop();
    outputs.push(server.output());
    server = null;
    const before = await dumpDatabase(scratch);
    const foundBefore = occurrences(before.tables.map((t) => t.text).join('\n'), values);
    // The other site's path and query, and the phone's bare digits, are never stored (searched all the same).
    const neverStored = [TOUCH.referrerPath, TOUCH.referrerQuery, PERSON.phone.replace(/\D/g, '')];
    expect(Object.entries(foundBefore).filter(([value, n]) => n === 0 && !neverStored.includes(value))).toEqual([]);

    server = await startServer(env, scratch.env.DATA_DIR);
    const again = server.url;
    const cookie = await signedInAt(again, staff);
    const token = (await (await fetch(`${again}/admin/leads`, { headers: { cookie } })).text()).match(/name="_csrf" value="([^"]+)"/)?.[1] ?? '';
    for (const lead of leads) {
      const erased = await fetch(`${again}${lead}/erase`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
        body: new URLSearchParams({ confirm: 'erase', _csrf: token }),
      });
      expect(erased.status).toBe(303);
      expect(erased.headers.get('location')).toStartWith(lead);
    }
    // The receiver is told, signed, once per lead, with nothing personal.
    await receiver.waitFor(4);
    const notices = receiver.requests.filter((r) => r.id.startsWith('msg_lead_erased_'));
    expect(notices.map((r) => r.id).sort()).toEqual([`msg_lead_erased_audit_${audit.id}`, `msg_lead_erased_intake_${intake.id}`]);
    expect(notices.every((r) => r.validSignature)).toBe(true);
    for (const notice of notices) {
      const body = JSON.parse(notice.body);
      expect(body.type).toBe('lead.erased');
      expect(Object.keys(body.data).sort()).toEqual(['erasedAt', 'id', 'type']);
    }
    expect(Object.values(occurrences(notices.map((r) => r.body).join('\n'), values)).every((n) => n === 0)).toBe(true);

    // What staff see of the erased leads, and the CSV: nothing personal, where they came from as source and medium.
    const shown = [...(await Promise.all(leads.map(async (lead) => (await fetch(`${again}${lead}`, { headers: { cookie } })).text())))];
    const csv = await (await fetch(`${again}/admin/leads.csv?format=raw`, { headers: { cookie } })).text();
    const staffCsv = await (await fetch(`${again}/admin/leads.csv`, { headers: { cookie } })).text();
    expect(shown.every((page) => page.includes('Erased lead') && page.includes('newsletter / email'))).toBe(true);
    expect(csv).toContain(',newsletter,email,,,,,,,,,facebook,paid-social,,,,,');
    expect(csvObjects(staffCsv.replace(/^\uFEFF/, '')).map((row) => row.Source)).toContain('newsletter / email');
    expect(occurrences([...shown, csv, staffCsv].join('\n'), values)).toEqual(Object.fromEntries(values.map((v) => [v, 0])));
    // The A/B test counts the same visitors and conversions.
    const resultsRes = await fetch(`${again}/api/ab-test/results/${AB_TEST_IDS.contactForm}`);
    const resultsAfter = ((await resultsRes.json()) as { variant: { id: string }; metrics: unknown }[]).map((r) => [r.variant.id, r.metrics]);
    expect(resultsAfter).toEqual(resultsBefore);
    // The person's own results link shows nothing now.
    expect((await fetch(`${again}${resultsUrl}`)).status).toBe(404);

    await server.stop();
    outputs.push(server.output());
    server = null;
    const after = await dumpDatabase(scratch);
    const log = outputs.join('');
    let total = 0;
    for (const { table, text } of after.tables) {
      const found = Object.values(occurrences(text, values)).reduce((a, b) => a + b, 0);
      total += found;
      console.log('erasure:', `${after.kind} table ${table}: ${found} found (${text.length} characters searched)`);
    }
    const inLog = occurrences(log, values);
    console.log('erasure:', `${after.kind} server log: ${Object.values(inLog).reduce((a, b) => a + b, 0)} found (${log.length} characters searched)`);
    console.log('erasure:', `${after.kind} values searched: ${values.length}; found before erasure: ${JSON.stringify(foundBefore)}`);
    const everywhere = occurrences(after.tables.map((t) => t.text).join('\n'), values);
    expect(Object.entries(everywhere).filter(([, n]) => n > 0)).toEqual([]);
    expect(total).toBe(0);
    expect(Object.entries(inLog).filter(([, n]) => n > 0)).toEqual([]);
    // The search reads real data: what erasure keeps is there.
    const kept = after.tables.map((t) => t.text).join('\n');
    expect(kept).toContain(audit.id);
    expect(kept).toContain(intake.id);
    expect(kept).toContain('newsletter');
    expect(log).toContain(audit.id);
  } finally {
    if (server) await server.stop();
    await receiver.stop();
    await smtp.stop();
    await scratch.drop();
  }
});

/** Every detail the person gave or brought, and what it was stored under. */
function searchedValues(visitorId: string, resultsUrl: string): string[] {
  return [
    PERSON.first,
    PERSON.last,
    PERSON.email,
    PERSON.workEmail,
    PERSON.phone,
    PERSON.phone.replace(/\D/g, ''),
    PERSON.business,
    PERSON.website,
    PERSON.domain,
    visitorId,
    TOUCH.campaign,
    TOUCH.term,
    TOUCH.content,
    TOUCH.gclid,
    TOUCH.referrerHost,
    TOUCH.referrerPath,
    TOUCH.referrerQuery,
    TOUCH.lastCampaign,
    TOUCH.fbclid,
    TOUCH.wbraid,
    // The audit's private results link.
    resultsUrl.slice(resultsUrl.lastIndexOf('/') + 1),
  ];
}

async function waitFor(check: () => boolean, what: string, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`never happened: ${what}`);
    await Bun.sleep(50);
  }
}
