import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { DEFAULT_SLOT_FIELDS } from '../../lib/content/slots.ts';
import { testApp } from '../helpers/app.ts';
import { type ScratchDatabase, scratchDatabase } from '../helpers/isolated-db.ts';
import { createStaff, formBody, signedIn, staffPost } from '../helpers/staff.ts';

setDefaultTimeout(30_000);

// Content slots (issue 33) on a database of their own (a publish changes the home page for everyone):
// publishing as JSON and through the plain forms, the preview, the history and rollback, the home page
// serving the published copy, and what is refused.

let scratch: ScratchDatabase;
let t: Awaited<ReturnType<typeof testApp>>;
let session: { cookie: string; csrf: string };
let staffOnly: { cookie: string; csrf: string };

beforeAll(async () => {
  scratch = await scratchDatabase();
  const db = await scratch.open();
  // No test running: every visitor sees the published copy (a running test's challengers show their own).
  await db.sql`update ab_tests set is_active = false`;
  t = await testApp({ sql: db.sql });
  const staff = await createStaff(db.sql, 'content', 'owner', { twoFactor: true });
  session = await signedIn(t, staff);
  staffOnly = await signedIn(t, await createStaff(db.sql, 'reader', 'staff'));
});
afterAll(async () => {
  await scratch.drop();
});

const put = (slot: string, body: unknown, headers: Record<string, string> = {}) =>
  t.request(`/admin/api/content/${slot}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', cookie: session.cookie, 'x-csrf-token': session.csrf, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
const home = async () => (await t.request('/')).text();

describe('content slots', () => {
  test('each slot starts at version 1 with the spec control copy, and the home page shows it', async () => {
    const rows = [...(await t.sql<{ slot: string; version: number; fields: unknown }[]>`select slot, version, fields from content_versions order by slot`)];
    expect(rows).toEqual([
      { slot: 'audit-form', version: 1, fields: DEFAULT_SLOT_FIELDS['audit-form'] },
      { slot: 'hero', version: 1, fields: DEFAULT_SLOT_FIELDS.hero },
    ]);
    expect(await home()).toContain(DEFAULT_SLOT_FIELDS.hero.headline);
  });

  test('PUT /admin/api/content/hero changes the fields given, keeps the others, and the home page serves it at once', async () => {
    const res = await put('hero', { fields: { headline: 'More booked jobs for Toronto trades', ctaStyle: 'gradient' } });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ slot: 'hero', version: 2, changed: true });
    expect(body.fields).toEqual({ ...DEFAULT_SLOT_FIELDS.hero, headline: 'More booked jobs for Toronto trades', ctaStyle: 'gradient' });
    const page = await home();
    expect(page).toContain('More booked jobs for Toronto trades');
    expect(page).not.toContain(DEFAULT_SLOT_FIELDS.hero.headline);
    // The same fields again: nothing new is written.
    expect(await (await put('hero', { fields: { headline: 'More booked jobs for Toronto trades' } })).json()).toMatchObject({ version: 2, changed: false });
    const [who] = await t.sql<{ publishedBy: string }[]>`select published_by from content_versions where slot = 'hero' and version = 2`;
    expect(who.publishedBy).toMatch(/^content-.*@northlinedigital\.ca$/);
  });

  test('the audit form publishes through the plain form (JavaScript off): an unticked box is false, and the page serves the new title', async () => {
    const preview = await staffPost(t, session, '/admin/content/audit-form/preview', {
      formTitle: 'Your free 10-minute audit',
      submitButtonText: 'Send me my audit',
      showPhone: 'on',
    });
    expect(preview.status).toBe(200);
    const previewed = await preview.text();
    expect(previewed).toContain('Preview of your changes (not published yet)');
    expect(previewed).toContain('Your free 10-minute audit');
    expect(await home()).not.toContain('Your free 10-minute audit');

    const published = await staffPost(t, session, '/admin/content/audit-form', {
      formTitle: 'Your free 10-minute audit',
      submitButtonText: 'Send me my audit',
      showPhone: 'on',
    });
    expect(published.status).toBe(303);
    expect(published.headers.get('location')).toBe('/admin/content/audit-form?done=published');
    const [row] = await t.sql<{ fields: unknown }[]>`select fields from content_versions where slot = 'audit-form' order by version desc limit 1`;
    expect(row.fields).toEqual({ formTitle: 'Your free 10-minute audit', submitButtonText: 'Send me my audit', showPhone: true, showCompany: false });
    const page = await home();
    expect(page).toContain('Your free 10-minute audit');
    expect(page).toContain('Send me my audit');
  });

  test('the editor shows the history before → after, and a rollback to version 1 publishes it again as a new version', async () => {
    const editor = await (await t.request('/admin/content/hero', { headers: { cookie: session.cookie } })).text();
    expect(editor).toContain('data-version="2"');
    expect(editor).toContain('“Digital marketing that fills your calendar” → <!-- -->“More booked jobs for Toronto trades”');
    // Each change is named as the editor labels the field, not by its key.
    expect(editor).toContain('<span class="font-medium">Headline</span>');
    const back = await staffPost(t, session, '/admin/content/hero/rollback', { version: '1' });
    expect(back.status).toBe(303);
    const versions = await t.sql<
      { version: number; fields: unknown; reason: string }[]
    >`select version, fields, reason from content_versions where slot = 'hero' order by version`;
    expect(versions.map((v) => v.version)).toEqual([1, 2, 3]);
    expect(versions[2]).toEqual({ version: 3, fields: DEFAULT_SLOT_FIELDS.hero, reason: 'back to version 1' });
    expect(await home()).toContain(DEFAULT_SLOT_FIELDS.hero.headline);
    const list = await (await t.request('/admin/content', { headers: { cookie: session.cookie } })).text();
    expect(list).toContain('data-slot-version="3"');
  });

  test('hostile: unknown slot 404, unknown field and wrong types 400 naming the field, no CSRF 403, no session 401, other methods 405, nothing written', async () => {
    const before = await t.sql`select slot, version from content_versions`;
    expect((await put('footer', { fields: { headline: 'x' } })).status).toBe(404);
    const unknown = await put('hero', { fields: { headline: 'Fine', colour: 'red' } });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).fields).toEqual({ colour: 'colour is not a field of the hero slot' });
    for (const [fields, field] of [
      [{ showPhone: 'yes' }, 'showPhone'],
      [{ formTitle: '' }, 'formTitle'],
      [{ formTitle: 'x'.repeat(101) }, 'formTitle'],
      [{ submitButtonText: 42 }, 'submitButtonText'],
    ] as const) {
      const res = await put('audit-form', { fields });
      expect(res.status).toBe(400);
      expect(Object.keys((await res.json()).fields)).toEqual([field]);
    }
    const style = await put('hero', { fields: { ctaStyle: 'neon' } });
    expect(style.status).toBe(400);
    expect((await style.json()).fields).toEqual({ ctaStyle: 'ctaStyle: must be one of default, gradient' });
    expect((await put('hero', { fields: [] })).status).toBe(400);
    expect((await put('hero', '{"fields":')).status).toBe(400);
    expect((await put('hero', { fields: { headline: 'No token' } }, { 'x-csrf-token': '' })).status).toBe(403);
    expect((await put('hero', { fields: { headline: 'No session' } }, { cookie: '' })).status).toBe(401);
    expect((await put('hero', { fields: { headline: 'Wrong type' } }, { 'content-type': 'text/plain' })).status).toBe(415);
    const form = formBody({ headline: 'No token' });
    expect((await t.request('/admin/content/hero', { method: 'POST', headers: { ...form.headers, cookie: session.cookie }, body: form.body })).status).toBe(
      403,
    );
    expect((await staffPost(t, session, '/admin/content/footer', { headline: 'x' })).status).toBe(404);
    expect((await staffPost(t, session, '/admin/content/hero/rollback', { version: '99' })).status).toBe(400);
    expect((await staffPost(t, session, '/admin/content/hero/rollback', { version: 'one' })).status).toBe(400);
    const noHeadline = await staffPost(t, session, '/admin/content/hero', {
      headline: '',
      subheadline: 'x',
      ctaText: 'Go',
      ctaStyle: 'default',
      brandName: '',
    });
    expect(noHeadline.status).toBe(400);
    expect(await noHeadline.text()).toContain('data-error-field="headline"');
    const del = await t.request('/admin/api/content/hero', { method: 'DELETE', headers: { cookie: session.cookie, 'x-csrf-token': session.csrf } });
    expect(del.status).toBe(405);
    expect((await t.request('/admin/content/hero', { method: 'PUT', headers: { cookie: session.cookie } })).status).toBe(405);
    expect(await t.sql`select slot, version from content_versions`).toEqual(before);
    // A `staff` account reads and previews, but may not publish or roll back.
    const asStaff = { cookie: staffOnly.cookie, 'x-csrf-token': staffOnly.csrf };
    expect((await put('hero', { fields: { headline: 'Staff may not' } }, asStaff)).status).toBe(403);
    expect(
      (await staffPost(t, staffOnly, '/admin/content/hero', { headline: 'Staff may not', subheadline: 'x', ctaText: 'Go', ctaStyle: 'default', brandName: '' }))
        .status,
    ).toBe(403);
    expect((await staffPost(t, staffOnly, '/admin/content/hero/rollback', { version: '2' })).status).toBe(403);
    expect(
      (
        await staffPost(t, staffOnly, '/admin/content/hero/preview', {
          headline: 'Staff may look',
          subheadline: 'x',
          ctaText: 'Go',
          ctaStyle: 'default',
          brandName: '',
        })
      ).status,
    ).toBe(200);
    expect((await t.request('/admin/content/hero', { headers: { cookie: staffOnly.cookie } })).status).toBe(200);
    // Without a session the pages send the browser to sign in.
    expect((await t.request('/admin/content', { redirect: 'manual' })).status).toBe(303);
  });
});
