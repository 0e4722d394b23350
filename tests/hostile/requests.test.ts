import { afterAll, beforeAll, beforeEach, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { AB_TEST_IDS, AB_VARIANT_IDS } from '../../lib/ab/definitions.ts';
import { LOGIN_FAILED, LOGIN_SLOWED, LOGIN_THROTTLED } from '../../routes/admin/login.tsx';
import { PageCache } from '../../server/page-cache.ts';
import { pagePaths } from '../../site/app.ts';
import { createTest, eventCount, uid } from '../helpers/ab-tests.ts';
import { testApp } from '../helpers/app.ts';
import { validAudit } from '../helpers/audit.ts';
import { rawRequest, serveApp } from '../helpers/raw-http.ts';
import { createStaff, ownAddresses, postLogin, signedIn } from '../helpers/staff.ts';

// Real servers, browsers and databases: a test may take longer than Bun's 5 s default.
setDefaultTimeout(60_000);

// Requests an attacker would send, and above all what every other visitor gets afterwards. Each test
// would have caught a hole found by hostile testing: a POST that filed the 404 page under a page's
// address for everyone, a request without a Host read as another address, an eviction flood, refused
// requests spending other people's allowances, conversions claimed from the browser, unlimited password
// guesses. The barrage against a production server is in barrage.test.ts; processes in processes.test.ts.

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const ROUTES = [...pagePaths, '/api/rss-feed'];
const titleOf = (html: string) => html.match(/<title>([^<]*)<\/title>/)?.[1] ?? `(no title: ${html.slice(0, 80)})`;

/** What each route answers a plain GET from a browser: its status and, for pages, its title. */
async function fingerprints(get: (path: string) => Promise<Response>) {
  const seen: Record<string, string> = {};
  for (const path of ROUTES) {
    const res = await get(path);
    const body = await res.text();
    seen[path] = `${res.status} ${path.startsWith('/api/') ? res.headers.get('content-type') : titleOf(body)}`;
  }
  return seen;
}

describe('on a real socket', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let served: ReturnType<typeof serveApp>;
  let before: Record<string, string>;
  const get = (path: string) => fetch(served.url + path, { headers: { 'user-agent': BROWSER, 'accept-encoding': 'gzip, deflate, br' } });

  beforeAll(async () => {
    t = await testApp({ pageCache: new PageCache() }, { RATE_LIMITS: 'off', NODE_ENV: 'production' });
    // /healthz answers from a background check of the database: let it report once.
    await t.healthy();
    served = serveApp(t);
    before = await fingerprints(get);
    for (const path of ROUTES) expect(before[path]).toStartWith('200 ');
  });
  afterAll(() => served.stop());

  test('every method on every page and the feed, then GET: still 200 with its own content', async () => {
    for (const path of ROUTES) {
      for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'PROPFIND', 'PURGE']) {
        // As an auto-submitting form on another site would send it, and as a script would.
        const res = await rawRequest(
          served.port,
          `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1:${served.port}\r\nOrigin: https://evil.example\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 3\r\nConnection: close\r\n\r\na=1`,
        );
        expect(res.status, `${method} ${path}`).toBe(405);
        expect(res.headers.allow).toBe('GET, HEAD');
      }
      for (const _method of ['GET', 'HEAD']) expect((await get(path)).status).toBe(200);
    }
    expect(await fingerprints(get)).toEqual(before);
  });

  test('a missing, empty or invalid Host is routed by its path and never shared; /healthz answers a Host-less HTTP/1.0 check', async () => {
    const hostForms = ['', 'Host:\r\n', 'Host: a/b\r\n', 'Host: h@evil\r\n', 'Host: two words\r\n'];
    for (const path of ROUTES) {
      for (const host of hostForms) {
        for (const target of [path, `/x${path}`, `/x/y${path}`]) {
          const res = await rawRequest(served.port, `GET ${target} HTTP/1.0\r\n${host}\r\n`);
          const expected = target === path ? 200 : 404;
          expect(res.status, `${JSON.stringify(host)} ${target}`).toBe(expected);
          if (target === path && !path.startsWith('/api/')) expect(titleOf(res.body)).toBe(before[path].slice(4));
        }
      }
    }
    // HTTP/1.1 without a Host is a malformed request: Bun refuses it before the app.
    expect((await rawRequest(served.port, 'GET /services HTTP/1.1\r\nConnection: close\r\n\r\n')).status).toBe(400);
    // A load balancer's health check that sends no Host.
    const health = await rawRequest(served.port, 'GET /healthz HTTP/1.0\r\n\r\n');
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body)).toEqual({ status: 'ok', db: 'ok' });
    // Absolute-form targets name another host: routed by the path, answered with this site's pages.
    const absolute = await rawRequest(served.port, `GET http://evil.example/services HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n`);
    expect(absolute.status).toBe(200);
    expect(absolute.body).toContain('rel="canonical" href="http://localhost:3000/services"');
    expect(await fingerprints(get)).toEqual(before);
  });

  test('a flood of unique junk addresses and queries leaves every page answered from memory', async () => {
    const junk: Promise<unknown>[] = [];
    for (let i = 0; i < 2500; i++) {
      const path = i % 3 === 0 ? `/no-such-page-${i}` : i % 3 === 1 ? `${ROUTES[i % ROUTES.length]}?v=${i}` : `/services/${i}/x`;
      junk.push(fetch(served.url + path).then((r) => r.arrayBuffer()));
      if (junk.length === 50) await Promise.all(junk.splice(0));
    }
    await Promise.all(junk);
    expect(await fingerprints(get)).toEqual(before);
    // The lane still answers every shared page: a second GET right after is logged under its route, 200.
    for (const path of ['/services', '/q4-intake', '/what-is-digital-marketing']) {
      await get(path);
      expect(t.logs.at(-1)).toMatchObject({ route: path, status: 200 });
    }
  });

  test('the blog opened on the story generator (/blog?generate=…) is its own answer: it never becomes, or is served, the grid’s copy', async () => {
    const GUID = 'northline-blog-2025-09-contractor-reviews';
    const OPEN = 'Use Manual Input Instead';
    const keptBefore = t.deps.pageCache.size;
    const generator = (path: string, headers: Record<string, string> = {}) =>
      fetch(served.url + path, { headers: { 'user-agent': BROWSER, 'accept-encoding': 'identity', ...headers } });
    const grid = async () => {
      const res = await get('/blog');
      const html = await res.text();
      expect(html).not.toContain(OPEN);
      expect(html).toContain('Generate Stories');
      return res;
    };
    // The grid's copy is made and kept (the lane answers it), then the generator is asked for in every
    // way a request can reach the page: it gets the generator, and everyone else still the grid.
    const etag = (await grid()).headers.get('etag');
    for (const path of [
      `/blog?generate=${GUID}`,
      `/blog?utm_source=newsletter&generate=${GUID}`,
      `/blog/?generate=${GUID}`,
      `/%62log?generate=${GUID}`,
      `/blog?generate=${GUID}&generate=other`,
    ]) {
      const res = await generator(path, { 'if-none-match': etag ?? '' });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('etag'), path).toBeNull();
      expect(res.headers.get('cache-control'), path).not.toContain('public');
      const html = await res.text();
      expect(html, path).toContain(OPEN);
      expect(html, path).toContain('Five Reviews a Month');
      const after = await grid();
      expect(after.headers.get('etag')).toBe(etag);
    }
    // Without a valid Host (routed by its path alone, never cached) it is still the generator, for that request.
    const hostless = await rawRequest(served.port, `GET /blog?generate=${GUID} HTTP/1.0\r\n\r\n`);
    expect(hostless.status).toBe(200);
    expect(hostless.body).toContain(OPEN);
    // A guid the feed does not have, an empty one (manual input), one too long to be a guid, and markup:
    // the grid or the generator, each rendered for itself, nothing reflected as markup.
    const answers: Record<string, string> = {};
    for (const value of ['no-such-post', '', 'x'.repeat(600), '<script>alert(1)</script>', '"><img src=x onerror=alert(2)>', '%00%ff', GUID.toUpperCase()]) {
      const res = await generator(`/blog?generate=${encodeURIComponent(value)}`);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).not.toContain('<script>alert(1)');
      expect(html).not.toContain('<img src=x');
      answers[value.slice(0, 20)] = html.includes('Selected Blog Post') ? 'a post' : html.includes('Your Content') ? 'manual input' : 'grid';
    }
    expect(answers).toEqual({
      'no-such-post': 'grid',
      '': 'manual input',
      xxxxxxxxxxxxxxxxxxxx: 'grid',
      '<script>alert(1)</sc': 'grid',
      '"><img src=x onerror': 'grid',
      '%00%ff': 'grid',
      'NORTHLINE-BLOG-2025-': 'grid',
    });
    // HEAD asks the same and gets no body; none of this added a kept copy.
    const head = await fetch(`${served.url}/blog?generate=${GUID}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    expect(t.deps.pageCache.size).toBe(keptBefore);
    await grid();
    expect(t.logs.at(-1)).toMatchObject({ route: '/blog', status: 200 });
    expect(await fingerprints(get)).toEqual(before);
  });

  test('odd encodings and conditions answer consistently, and change nothing for anybody else', async () => {
    const odd = ['deflate', 'br;q=0', 'gzip;q=0', 'identity;q=0', '*;q=0', 'x;;q=abc', 'br;q=1.5, gzip', ',,,', 'GZIP', 'compress'];
    for (const path of ROUTES) {
      for (const encoding of odd) {
        const res = await fetch(served.url + path, { headers: { 'accept-encoding': encoding, 'if-none-match': '*' }, decompress: false } as RequestInit);
        expect([200, 304, 406]).toContain(res.status);
        await res.arrayBuffer();
      }
    }
    expect(await fingerprints(get)).toEqual(before);
  });
});

describe('refused requests never use up an allowance', () => {
  test('third-party no-cors posts, wrong types, oversized and invalid bodies leave a prospect’s audit, intake and events working', async () => {
    const t = await testApp();
    const refused: Record<string, number> = {};
    const count = (res: Response) => void (refused[res.status] = (refused[res.status] ?? 0) + 1);
    for (const path of ['/api/business-audit', '/api/q4-intake', '/api/ab-test/event']) {
      for (let i = 0; i < 15; i++) {
        // A third-party page's no-cors fetch: text/plain, cross-site.
        count(
          await t.request(path, {
            method: 'POST',
            headers: { 'content-type': 'text/plain', 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
            body: '{}',
          }),
        );
        count(await t.request(path, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '{}' }));
        count(await t.postJson(path, { x: 'y'.repeat(40_000) }));
        count(await t.postJson(path, {}));
        count(await t.postJson(path, '{"broken'));
      }
    }
    expect(refused).toEqual({ 400: 90, 403: 45, 413: 45, 415: 45 });
    expect((await t.postJson('/api/business-audit', validAudit())).status).toBe(201);
    expect((await t.postJson('/api/q4-intake', intake())).status).toBe(201);
    const event = await t.postJson('/api/ab-test/event', {
      testId: AB_TEST_IDS.hero,
      variantId: AB_VARIANT_IDS.hero.control,
      eventType: 'view',
      userId: uid('viewer'),
    });
    expect(event.status).not.toBe(429);
  });
});

describe("the story generator's daily budget", () => {
  // A day of its own (the budget is one row per Toronto day, shared by every test on this database).
  const dayOfOwn = () => {
    const at = new Date(Date.UTC(2040 + Math.floor(Math.random() * 50), Math.floor(Math.random() * 12), 15, 17));
    return () => at;
  };
  const story = {
    title: 'Five reviews a month',
    content: 'Ask on the last day of the job, in person, and send the link that evening.',
    link: 'https://northlinedigital.ca/blog/reviews',
  };
  const from = (client: string) => ({ 'x-forwarded-for': client });

  test('101 refused requests from one client leave another client’s valid request answered 200', async () => {
    const t = await testApp({ now: dayOfOwn() }, { TRUST_PROXY: '1' });
    const statuses: Record<number, number> = {};
    for (let i = 0; i < 101; i++) {
      const res = await t.postJson('/api/social-stories/generate', i % 2 ? {} : { title: '', content: '' }, from('203.0.113.66'));
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    }
    // Then the per-client limit refuses the same client's valid requests after five.
    for (let i = 0; i < 10; i++) {
      const res = await t.postJson('/api/social-stories/generate', story, from('203.0.113.66'));
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    }
    expect(statuses).toEqual({ 400: 101, 200: 5, 429: 5 });
    const other = await t.postJson('/api/social-stories/generate', story, from('198.51.100.20'));
    expect(other.status).toBe(200);
    const [{ used }] = await t.sql`select used from story_budget where day = ${dayKey(t.deps.now!())}`;
    expect(used).toBe(6);
  });

  test('100 stories a day across all clients, then 429 until Toronto midnight; invalid requests are still told what is wrong', async () => {
    const now = dayOfOwn();
    const t = await testApp({ now }, { TRUST_PROXY: '1' });
    for (let client = 0; client < 20; client++) {
      for (let i = 0; i < 5; i++)
        expect((await t.postJson('/api/social-stories/quick-generate', { blogPost: story, platform: 'twitter' }, from(`198.51.100.${client}`))).status).toBe(
          200,
        );
    }
    const spent = await t.postJson('/api/social-stories/generate', story, from('192.0.2.1'));
    expect(spent.status).toBe(429);
    // 17:00 UTC is 12:00 in Toronto: 12 hours left (11 or 13 across a change of clocks).
    expect(Number(spent.headers.get('retry-after'))).toBeGreaterThanOrEqual(11 * 3600);
    expect(Number(spent.headers.get('retry-after'))).toBeLessThanOrEqual(13 * 3600);
    expect((await spent.json()).error).toContain('tomorrow');
    expect((await t.postJson('/api/social-stories/generate', { title: 'x' }, from('192.0.2.1'))).status).toBe(400);
  });

  test('an unreachable database falls back to a count in this process: the stories still work', async () => {
    const hanging = (() => ({ execute: () => new Promise(() => {}) })) as never;
    const t = await testApp({ sql: hanging, dbReady: () => false, now: dayOfOwn() }, { TRUST_PROXY: '1' });
    expect((await t.postJson('/api/social-stories/generate', story, from('198.51.100.1'))).status).toBe(200);
    expect((await t.postJson('/api/social-stories/quick-generate', { blogPost: story, platform: 'linkedin' }, from('198.51.100.2'))).status).toBe(200);
    expect((await t.request('/api/rss-feed')).status).toBe(200);
    expect(t.logs.some((l) => l.msg === 'story budget unavailable: counting in this process')).toBe(true);
  }, 15_000);
});

describe('A/B events from the browser', () => {
  test('conversions cannot be claimed: 20 made-up users get a 400 naming eventType and results do not move', async () => {
    const t = await testApp({}, { RATE_LIMITS: 'off' });
    const test_ = await createTest(t.sql);
    const before = await (await t.request(`/api/ab-test/results/${test_.id}`)).json();
    for (let i = 0; i < 20; i++) {
      const res = await t.postJson('/api/ab-test/event', {
        testId: test_.id,
        variantId: test_.variantIds[i % 2],
        eventType: 'conversion',
        userId: uid('fake'),
      });
      expect(res.status).toBe(400);
      expect((await res.json()).fields).toHaveProperty('eventType');
    }
    expect(await (await t.request(`/api/ab-test/results/${test_.id}`)).json()).toEqual(before);
  });

  test('events for a stopped test are not recorded', async () => {
    const t = await testApp({}, { RATE_LIMITS: 'off' });
    const test_ = await createTest(t.sql);
    const user = uid('viewer');
    const assignment = await (await t.request(`/api/ab-test/assignment?testName=${test_.name}&userId=${user}`)).json();
    const event = { testId: test_.id, variantId: assignment.variantId, eventType: 'view', userId: user };
    expect((await t.postJson('/api/ab-test/event', event)).status).toBe(201);
    await t.sql`update ab_tests set is_active = false where id = ${test_.id}`;
    const stopped = await t.postJson('/api/ab-test/event', { ...event, eventType: 'click' });
    expect(stopped.status).toBe(202);
    expect(await stopped.json()).toEqual({ recorded: false });
    expect(await eventCount(t.sql, user)).toBe(1);
  });
});

describe('staff sign-in throttle', () => {
  // Addresses of each test's own: the counts live in the database all tests share.
  let address = ownAddresses();
  beforeEach(() => {
    address = ownAddresses();
  });
  const from = (ipv4: string, cookie = '') => ({ 'x-forwarded-for': address(ipv4), ...(cookie ? { cookie } : {}) });

  test("5 wrong passwords on an account from 5 addresses: strangers then get one try per 30 s, never a lock; the staff member's usual device signs in at once; failures are logged without what was typed", async () => {
    let now = Date.UTC(2026, 10, 23, 15);
    const t = await testApp({ now: () => new Date(now) }, { TRUST_PROXY: '1' });
    const maya = await createStaff(t.sql, 'maya');
    const omar = await createStaff(t.sql, 'omar');
    const usual = await signedIn(t, maya, from('198.51.100.9'));
    for (let i = 0; i < 5; i++) {
      const wrong = await postLogin(t, { email: maya.email, password: `guess-${i}-wrong` }, from(`203.0.113.${i + 1}`));
      expect(wrong.status).toBe(401);
      expect(await wrong.text()).toContain(LOGIN_FAILED);
    }
    // A 6th stranger, even with the right password, waits for the next 30-second window; nothing was checked.
    const slowed = await postLogin(t, { email: maya.email, password: maya.password }, from('203.0.113.50'));
    expect(slowed.status).toBe(429);
    expect(await slowed.text()).toContain(LOGIN_SLOWED);
    expect(Number(slowed.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(slowed.headers.get('retry-after'))).toBeLessThanOrEqual(30);
    expect(slowed.headers.getSetCookie()).toEqual([]);
    // Maya, from the browser she signed in on before, is not a stranger: in at once, from any address.
    const own = await postLogin(t, { email: maya.email, password: maya.password }, from('192.0.2.77', usual.device));
    expect(own.status).toBe(303);
    // Other accounts are not touched.
    expect((await postLogin(t, { email: omar.email, password: omar.password }, from('203.0.113.50'))).status).toBe(303);

    // 30 seconds on, one stranger's try; then the next waits again.
    now += 30_000;
    expect((await postLogin(t, { email: maya.email, password: 'guess-6-wrong' }, from('203.0.113.6'))).status).toBe(401);
    expect((await postLogin(t, { email: maya.email, password: 'guess-7-wrong' }, from('203.0.113.7'))).status).toBe(429);
    now += 30_000;
    expect((await postLogin(t, { email: maya.email, password: maya.password }, from('203.0.113.8'))).status).toBe(303);

    const security = t.logs.filter((l) => l.event === 'security');
    expect(security.filter((l) => l.msg === 'staff sign-in failed')).toHaveLength(6);
    expect(security.filter((l) => l.msg === 'staff sign-in refused: too many attempts')).toHaveLength(2);
    expect(JSON.stringify(t.logs)).not.toContain('guess-');
    expect(JSON.stringify(t.logs)).not.toContain(maya.password);
    expect(JSON.stringify(t.logs)).not.toContain(maya.email);

    // After the 15 minutes, strangers have their 5 again.
    now += 15 * 60_000;
    for (let i = 0; i < 5; i++) expect((await postLogin(t, { email: maya.email, password: `later-${i}` }, from(`203.0.113.${i + 1}`))).status).toBe(401);
  });

  test('a known device has 5 tries of its own, then it is a stranger again; a device cookie of another account or a forged one counts for nothing', async () => {
    const t = await testApp({}, { TRUST_PROXY: '1' });
    const maya = await createStaff(t.sql, 'maya');
    const omar = await createStaff(t.sql, 'omar');
    const mayas = await signedIn(t, maya, from('198.51.100.9'));
    const omars = await signedIn(t, omar, from('198.51.100.9'));
    // Strangers use up the account's allowance.
    for (let i = 0; i < 5; i++) expect((await postLogin(t, { email: maya.email, password: `x-${i}-wrong` }, from(`203.0.113.${i + 1}`))).status).toBe(401);
    // Omar's device cookie, or a made-up one, is a stranger on Maya's account.
    for (const cookie of [omars.device, `staff_device=${'A'.repeat(43)}`, 'staff_device=junk']) {
      expect((await postLogin(t, { email: maya.email, password: maya.password }, from('192.0.2.1', cookie))).status, cookie).toBe(429);
    }
    // Maya's own device: 5 wrong tries of its own (a typo-prone morning) ...
    for (let i = 0; i < 5; i++) expect((await postLogin(t, { email: maya.email, password: `typo-${i}` }, from('192.0.2.2', mayas.device))).status).toBe(401);
    // ... then it is a stranger again, and strangers are waiting.
    expect((await postLogin(t, { email: maya.email, password: maya.password }, from('192.0.2.2', mayas.device))).status).toBe(429);
  });

  test('10 failures from one address, each on a different email, lock that address out for every account; other addresses are unaffected', async () => {
    const t = await testApp({}, { TRUST_PROXY: '1' });
    const maya = await createStaff(t.sql, 'maya');
    const attacker = from('203.0.113.77');
    for (let i = 0; i < 10; i++) {
      const res = await postLogin(t, { email: `nobody-${i}-${crypto.randomUUID()}@example.com`, password: 'anything at all' }, attacker);
      expect(res.status).toBe(401);
      // The same words for an unknown email as for a wrong password.
      expect(await res.text()).toContain(LOGIN_FAILED);
    }
    const locked = await postLogin(t, { email: maya.email, password: maya.password }, attacker);
    expect(locked.status).toBe(429);
    expect(await locked.text()).toContain(LOGIN_THROTTLED);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
    expect(Number(locked.headers.get('retry-after'))).toBeLessThanOrEqual(15 * 60);
    expect((await postLogin(t, { email: maya.email, password: maya.password }, from('198.51.100.20'))).status).toBe(303);
    // A refused address spraying new emails adds nothing to the database: its account counts are not even taken.
    const sprayed = Array.from({ length: 20 }, (_, i) => `spray-${i}-${crypto.randomUUID()}@example.com`);
    for (const email of sprayed) expect((await postLogin(t, { email, password: 'anything at all' }, from('203.0.113.77'))).status).toBe(429);
    const [{ rows }] = await t.sql<{ rows: number }[]>`select count(*)::int as rows from rate_limit_windows where client = any(${sprayed})`;
    expect(rows).toBe(0);
  });

  test('an office behind one address signs in all day: a right password gives its attempt back, so only wrong ones count', async () => {
    const t = await testApp({}, { TRUST_PROXY: '1' });
    const office = from('198.51.100.30');
    const staff = await Promise.all(Array.from({ length: 6 }, (_, i) => createStaff(t.sql, `office${i}`)));
    // 30 sign-ins from one address, three times the address's allowance, and every one gets in.
    for (let round = 0; round < 5; round++)
      for (const member of staff) expect((await postLogin(t, { email: member.email, password: member.password }, office)).status).toBe(303);
    // The 10 wrong tries it allows are all still there.
    for (let i = 0; i < 10; i++) expect((await postLogin(t, { email: staff[i % 6].email, password: 'a typo somewhere' }, office)).status).toBe(401);
    expect((await postLogin(t, { email: staff[0].email, password: staff[0].password }, office)).status).toBe(429);
  });

  test('an IPv6 client is counted by its /64: rotating through its own network gains nothing', async () => {
    const t = await testApp({}, { TRUST_PROXY: '1' });
    const maya = await createStaff(t.sql, 'maya');
    const net = Math.floor(Math.random() * 0xffff).toString(16);
    for (let i = 0; i < 10; i++) {
      const res = await postLogin(
        t,
        { email: `nobody-${i}@example.com`, password: 'anything at all' },
        { 'x-forwarded-for': `2001:db8:${net}:2::${(i + 1).toString(16)}` },
      );
      expect(res.status).toBe(401);
    }
    expect((await postLogin(t, { email: maya.email, password: maya.password }, { 'x-forwarded-for': `2001:db8:${net}:2:ffff::1` })).status).toBe(429);
    expect((await postLogin(t, { email: maya.email, password: maya.password }, { 'x-forwarded-for': `2001:db8:${net}:3::1` })).status).toBe(303);
  });

  test('counted in the database, not in the process: a second app on the same database sees the same counts', async () => {
    const first = await testApp({}, { TRUST_PROXY: '1', RATE_LIMIT_STORE: 'memory' });
    const second = await testApp({ sql: first.sql }, { TRUST_PROXY: '1', RATE_LIMIT_STORE: 'memory' });
    const maya = await createStaff(first.sql, 'maya');
    for (let i = 0; i < 5; i++) {
      const app = i % 2 === 0 ? first : second;
      expect((await postLogin(app, { email: maya.email, password: `wrong-${i}` }, from(`203.0.113.${i + 1}`))).status).toBe(401);
    }
    expect((await postLogin(second, { email: maya.email, password: maya.password }, from('203.0.113.9'))).status).toBe(429);
    expect((await postLogin(first, { email: maya.email, password: maya.password }, from('203.0.113.9'))).status).toBe(429);
  });

  test('RATE_LIMITS=off turns sign-in throttling off', async () => {
    const t = await testApp({}, { TRUST_PROXY: '1', RATE_LIMITS: 'off' });
    const maya = await createStaff(t.sql, 'maya');
    for (let i = 0; i < 12; i++) expect((await postLogin(t, { email: maya.email, password: `wrong-${i}` }, from('203.0.113.5'))).status).toBe(401);
    expect((await postLogin(t, { email: maya.email, password: maya.password }, from('203.0.113.5'))).status).toBe(303);
  });
});

function intake() {
  return {
    id: crypto.randomUUID(),
    firstName: 'Priya',
    lastName: 'Raman',
    workEmail: `priya+${crypto.randomUUID()}@glowmedspa.example`,
    mobile: '416-555-0188',
    company: 'Glow Medspa',
    website: 'glowmedspa.example',
    industry: 'medspas',
    city: 'Toronto',
    monthlyMarketingBudget: '2500-5000',
    biggestGoal: 'Fill weekday afternoons with new facial clients.',
    howDidYouHear: '',
    caslConsent: 'true',
  };
}

function dayKey(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}
