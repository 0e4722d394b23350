import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { AB_TEST_IDS } from '../../lib/ab/definitions.ts';
import { DEFAULT_SLOT_FIELDS } from '../../lib/content/slots.ts';
import { PageCache } from '../../server/page-cache.ts';
import { testApp } from '../helpers/app.ts';
import { VISITOR_USER_AGENT } from '../helpers/browser.ts';
import { type ScratchDatabase, scratchDatabase } from '../helpers/isolated-db.ts';
import { rawRequest, serveApp } from '../helpers/raw-http.ts';
import { createStaff, signedIn } from '../helpers/staff.ts';

setDefaultTimeout(120_000);

// The experiment builder attacked on a real socket (issue 33's hostile cases): an owner's previews and
// writes sent with a missing or odd Host, a flood of made-up experiment and variant ids, the same
// start and ship sent many times over; and, above all, what a visitor is shown afterwards: the
// published copy, never a staff preview, and the page cache no bigger than its table allows.

const CHALLENGER = 'Booked solid by Friday, without the guesswork';

let scratch: ScratchDatabase;
let t: Awaited<ReturnType<typeof testApp>>;
let served: ReturnType<typeof serveApp>;
let owner: { cookie: string; csrf: string };
let experimentId: string;
let challengerId: string;

const visitorHome = async () => (await fetch(`${served.url}/`, { headers: { 'user-agent': VISITOR_USER_AGENT } })).text();
const api = (method: string, path: string, body?: unknown) =>
  fetch(`${served.url}/admin/api/experiments${path}`, {
    method,
    headers: { 'content-type': 'application/json', cookie: owner.cookie, 'x-csrf-token': owner.csrf },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

beforeAll(async () => {
  scratch = await scratchDatabase();
  const db = await scratch.open();
  t = await testApp({ sql: db.sql, pageCache: new PageCache() }, { RATE_LIMITS: 'off', NODE_ENV: 'production' });
  owner = await signedIn(t, await createStaff(db.sql, 'attacked-owner', 'owner', { twoFactor: true }));
  served = serveApp(t);
  // A draft on the hero whose challenger nobody may see until it runs (the seeded hero test keeps running).
  const made = await api('POST', '', {
    name: 'Hostile hero',
    slot: 'hero',
    hypothesis: 'A promise about the week gets more owners to ask for the audit',
    trafficAllocation: 100,
    goal: 'lead',
    variants: [
      { name: 'Control', isControl: true },
      { name: 'Booked solid', isControl: false, fields: { headline: CHALLENGER } },
    ],
  });
  expect(made.status).toBe(201);
  const { experiment } = await made.json();
  experimentId = experiment.id;
  challengerId = experiment.variants.find((v: { isControl: boolean }) => !v.isControl).id;
});
afterAll(async () => {
  served?.stop();
  await scratch?.drop();
});

describe('the experiment builder on a real socket', () => {
  test('a staff preview with a missing, empty or odd Host is the owner’s alone: visitors keep the published copy, and no preview is kept', async () => {
    const preview = `/admin/experiments/${experimentId}/preview/${challengerId}`;
    for (const host of ['', 'Host:\r\n', 'Host: evil.example\r\n', 'Host: a/b\r\n']) {
      const res = await rawRequest(served.port, `GET ${preview} HTTP/1.0\r\n${host}Cookie: ${owner.cookie}\r\n\r\n`);
      expect(res.status, JSON.stringify(host)).toBe(200);
      expect(res.body).toContain(CHALLENGER);
      expect(res.headers['cache-control']).toBe('no-store');
      // The same preview without the session: the login page, nothing of the challenger.
      const anonymous = await rawRequest(served.port, `GET ${preview} HTTP/1.0\r\n${host}\r\n`);
      expect(anonymous.status).toBe(303);
      expect(anonymous.headers.location).toStartWith('/admin/login');
      expect(anonymous.body).not.toContain(CHALLENGER);
    }
    for (let i = 0; i < 20; i++) {
      const home = await visitorHome();
      expect(home).not.toContain(CHALLENGER);
      expect(home).toContain(DEFAULT_SLOT_FIELDS.hero.headline.split(' ')[0]);
    }
  });

  test('writes with a missing or odd Host are held to the session and CSRF token like any other; without them nothing changes', async () => {
    const body = JSON.stringify({});
    const start = (host: string, auth: string) =>
      rawRequest(
        served.port,
        `POST /admin/api/experiments/${experimentId}/start HTTP/1.0\r\n${host}Content-Type: application/json\r\nContent-Length: ${body.length}\r\n${auth}\r\n${body}`,
      );
    for (const host of ['', 'Host:\r\n', 'Host: a/b\r\n', 'Host: evil.example\r\n']) {
      expect((await start(host, '')).status, JSON.stringify(host)).toBe(401);
      expect((await start(host, `Cookie: ${owner.cookie}\r\n`)).status, JSON.stringify(host)).toBe(403);
    }
    // Another site's page posting with the owner's cookie (its browser sends its Origin, and our Host): refused.
    for (const host of ['', 'Host: localhost:3000\r\n', 'Host: 127.0.0.1\r\n']) {
      const crossSite = await start(host, `Cookie: ${owner.cookie}\r\nX-CSRF-Token: ${owner.csrf}\r\nOrigin: https://evil.example\r\n`);
      expect(crossSite.status, JSON.stringify(host)).toBe(403);
    }
    const [row] = await t.sql<{ isActive: boolean }[]>`select is_active from ab_tests where id = ${experimentId}`;
    expect(row.isActive).toBe(false);
    expect(await visitorHome()).not.toContain(CHALLENGER);
  });

  test('a flood of made-up ids is 404 or 400, never a 500; nothing is made, and the page cache stays within its table', async () => {
    const before = await t.sql<{ n: number }[]>`select count(*)::int as n from ab_tests`;
    const cacheBefore = t.deps.pageCache.size;
    const statuses = new Map<number, number>();
    const flood: Promise<void>[] = [];
    for (let i = 0; i < 600; i++) {
      const junk = i % 3 === 0 ? crypto.randomUUID() : i % 3 === 1 ? `x${i}-${'z'.repeat(i % 50)}` : `${experimentId}-${i}`;
      const sent =
        i % 2 === 0
          ? api('POST', `/${junk}/start`, {})
          : fetch(`${served.url}/admin/experiments/${experimentId}/preview/${junk}`, { headers: { cookie: owner.cookie } });
      flood.push(
        sent.then(async (res) => {
          await res.arrayBuffer();
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        }),
      );
      if (flood.length === 50) await Promise.all(flood.splice(0));
    }
    await Promise.all(flood);
    expect([...statuses.keys()].every((status) => status === 400 || status === 404)).toBe(true);
    expect(await t.sql<{ n: number }[]>`select count(*)::int as n from ab_tests`).toEqual(before);
    expect(t.deps.pageCache.size).toBeLessThanOrEqual(cacheBefore + 2);
    expect(t.logs.filter((line) => line.level === 'error')).toEqual([]);
  });

  test('start sent 30 times at once runs one experiment on the slot once its seeded test stops; ship sent 30 times publishes once', async () => {
    expect((await api('POST', `/${AB_TEST_IDS.hero}/stop`, {})).status).toBe(200);
    const starts = await Promise.all(Array.from({ length: 30 }, () => api('POST', `/${experimentId}/start`, {})));
    const startStatuses = starts.map((r) => r.status);
    expect(startStatuses.filter((s) => s === 200)).toHaveLength(1);
    expect(startStatuses.every((s) => s === 200 || s === 409)).toBe(true);
    const versionsBefore = await t.sql<{ n: number }[]>`select count(*)::int as n from content_versions where slot = 'hero'`;
    const ships = await Promise.all(Array.from({ length: 30 }, () => api('POST', `/${experimentId}/ship`, { variantId: challengerId })));
    const shipStatuses = ships.map((r) => r.status);
    expect(shipStatuses.filter((s) => s === 200)).toHaveLength(1);
    expect(shipStatuses.every((s) => s === 200 || s === 409)).toBe(true);
    const versionsAfter = await t.sql<{ n: number }[]>`select count(*)::int as n from content_versions where slot = 'hero'`;
    expect(versionsAfter[0].n).toBe(versionsBefore[0].n + 1);
    // Every visitor now gets the shipped copy, new and returning alike.
    for (let i = 0; i < 10; i++) expect(await visitorHome()).toContain(CHALLENGER);
  });
});
