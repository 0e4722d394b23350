import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import type { Database } from '../../db/client.ts';
import { type CollectorOptions, createPageViewCollector, type PageViewCollector } from '../../features/analytics/collector.ts';
import { startAnalyticsRollup } from '../../features/analytics/rollup.ts';
import { dayBounds } from '../../lib/analytics/days.ts';
import { visitorKey } from '../../lib/analytics/visitor-key.ts';
import { DAY_MS } from '../../lib/time/calendar.ts';
import { createLogger, type LogEntry } from '../../server/log.ts';
import { pagePaths } from '../../site/app.ts';
import { testApp } from '../helpers/app.ts';
import { type ScratchDatabase, scratchDatabase } from '../helpers/isolated-db.ts';
import { rawRequest, serveApp } from '../helpers/raw-http.ts';
import { startServer } from '../helpers/server.ts';

// Real servers and databases of this file's own: longer than Bun's 5 s default.
setDefaultTimeout(120_000);

// Page views counted on the server (issue 31), with no cookie and no script: what counts (a person's GET
// of a page answered 200, on the fast lane and rendered) and what does not, one visitor per address and
// browser per Toronto day (another key the next day, the old day's salt deleted), the source of a
// visitor's day from their first view, batches bounded in memory, ANALYTICS=off, the daily roll-up once
// across processes, and raw rows deleted after ANALYTICS_RAW_DAYS. The clock is the test's: each test
// counts on days of its own.

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const SLACK_PREVIEW = 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)';

/** Noon in Toronto on `day`. */
const noon = (day: string) => new Date(dayBounds(day).startMs + 12 * 3_600_000);

let scratch: ScratchDatabase;
let db: Database;
beforeAll(async () => {
  scratch = await scratchDatabase();
  db = await scratch.open();
});
afterAll(async () => {
  await scratch.drop();
});

type Clock = { now: Date };

/** The site on this file's database, served on a real socket, behind one trusted proxy (so each test names its visitors' addresses). */
async function countingSite(clock: Clock, env: Record<string, string> = {}) {
  const logs: LogEntry[] = [];
  const t = await testApp(
    { sql: db.sql, now: () => clock.now, log: createLogger((entry) => logs.push(entry)) },
    { TRUST_PROXY: '1', RATE_LIMITS: 'off', ...env },
  );
  const served = serveApp(t);
  const get = async (path: string, headers: Record<string, string> = {}, method = 'GET') => {
    const res = await fetch(served.url + path, { method, headers: { 'user-agent': CHROME, 'x-forwarded-for': '203.0.113.7', ...headers } });
    const body = await res.text();
    return { status: res.status, headers: res.headers, body };
  };
  return { t, served, get, logs, collector: t.deps.pageViews as PageViewCollector };
}

const viewsOn = async (day: string) => [
  ...(await db.sql<
    {
      route: string;
      visitorKey: string;
      referrerHost: string | null;
      utmSource: string | null;
      utmMedium: string | null;
      utmCampaign: string | null;
      device: string;
    }[]
  >`
    select route, visitor_key, referrer_host, utm_source, utm_medium, utm_campaign, device from analytics_page_views where day = ${day}::date order by at, id`),
];
const visitsOn = async (day: string) => [
  ...(await db.sql<{ visitorKey: string; landing: string; source: string; medium: string; campaign: string; device: string; pageviews: number }[]>`
    select visitor_key, landing, source, medium, campaign, device, pageviews from analytics_visits where day = ${day}::date order by first_at`),
];
const saltOn = async (day: string) => (await db.sql<{ salt: string }[]>`select salt from analytics_salts where day = ${day}::date`)[0]?.salt;
const sha256 = (text: string) => new Bun.CryptoHasher('sha256').update(text).digest('base64url');

describe('what counts as a page view', () => {
  test("a person's GET of a page counts, rendered and on the fast lane; a crawler, a link preview, a prefetch, a HEAD, a 304, a 404 and a staff page do not", async () => {
    const day = '2033-03-01';
    // The ETag of /q4-intake as another process makes it: the same page, the same tag.
    const probe = await testApp({ sql: db.sql, now: () => noon(day) }, { ANALYTICS: 'off' });
    const q4Etag = (await probe.request('/q4-intake', { headers: { 'accept-encoding': 'gzip' } })).headers.get('etag') as string;
    expect(q4Etag).toBeString();
    const site = await countingSite({ now: noon(day) });
    const { get, t, collector } = site;
    try {
      // The first view of /services is rendered; the second comes from the lane.
      expect((await get('/services')).status).toBe(200);
      const laneHits = t.deps.pageCache.stats.laneHits;
      const kept = await get('/services');
      expect(t.deps.pageCache.stats.laneHits).toBe(laneHits + 1);
      // /book is rendered for each request.
      expect((await get('/book')).status).toBe(200);

      // Not people: a crawler (on the lane, and rendered: the home page leaves crawlers to the app), a
      // link preview, Bun's own fetch, and a request with no user agent at all.
      expect((await get('/services', { 'user-agent': GOOGLEBOT })).status).toBe(200);
      expect((await get('/', { 'user-agent': GOOGLEBOT })).status).toBe(200);
      expect((await get('/services/seo-services', { 'user-agent': SLACK_PREVIEW })).status).toBe(200);
      expect((await get('/services', { 'user-agent': `Bun/${Bun.version}` })).status).toBe(200);
      const anonymous = await rawRequest(
        site.served.port,
        'GET /services HTTP/1.1\r\nHost: localhost\r\nX-Forwarded-For: 203.0.113.7\r\nConnection: close\r\n\r\n',
      );
      expect(anonymous.status).toBe(200);
      // Not yet looked at: prefetches, prerenders and preview thumbnails.
      const prefetches: Record<string, string>[] = [
        { 'sec-purpose': 'prefetch' },
        { 'sec-purpose': 'prefetch;prerender' },
        { purpose: 'prefetch' },
        { 'x-moz': 'prefetch' },
        { 'x-purpose': 'preview' },
      ];
      for (const headers of prefetches) expect((await get('/services', headers)).status).toBe(200);
      // Nothing shown: a HEAD (lane and rendered), a 304 revalidation (lane and rendered), a 404 (rendered, then the lane's copy).
      expect((await get('/services', {}, 'HEAD')).status).toBe(200);
      expect((await get('/book', {}, 'HEAD')).status).toBe(200);
      const etag = kept.headers.get('etag') as string;
      expect((await get('/services', { 'if-none-match': etag })).status).toBe(304);
      const before304 = t.deps.pageCache.stats.laneHits;
      expect((await get('/q4-intake', { 'if-none-match': q4Etag, 'accept-encoding': 'gzip' })).status).toBe(304);
      expect(t.deps.pageCache.stats.laneHits).toBe(before304);
      expect((await get('/no-such-page')).status).toBe(404);
      expect((await get('/no-such-page')).status).toBe(404);
      // A staff page is work, not a visit.
      expect((await get('/admin/login')).status).toBe(200);

      await collector.flush();
      // /services twice (rendered, then the lane) and /book.
      expect(collector.counts).toMatchObject({ counted: 3, programs: 5, prefetches: 5, dropped: 0, late: 0, failedBatches: 0 });
      const views = await viewsOn(day);
      // Views of one batch may share a millisecond: compared in any order.
      expect(views.map((v) => v.route).sort()).toEqual(['/book', '/services', '/services']);
      // The route, never the raw URL.
      expect(views.every((v) => !v.route.includes('?'))).toBe(true);
    } finally {
      site.served.stop();
    }
  });

  test('a page that answers with a query of its own (rendered, never kept) counts under its route', async () => {
    const day = '2033-03-02';
    const site = await countingSite({ now: noon(day) });
    try {
      expect((await site.get('/book?days=7')).status).toBe(200);
      expect((await site.get('/blog?generate=1')).status).toBe(200);
      await site.collector.flush();
      expect((await viewsOn(day)).map((v) => v.route)).toEqual(['/book', '/blog']);
    } finally {
      site.served.stop();
    }
  });
});

describe('visitors', () => {
  test('the same address and browser twice on one day are one visitor; the next day another key, and the old day’s salt is gone', async () => {
    const monday = '2033-04-04';
    const tuesday = '2033-04-05';
    const clock = { now: noon(monday) };
    const site = await countingSite(clock);
    try {
      await site.get('/services');
      clock.now = new Date(noon(monday).getTime() + 3 * 3_600_000);
      await site.get('/services/google-ads', { referer: `${site.served.url}/services` });
      // Another browser at the same address, and the same browser at another: two more visitors, a
      // minute apart (the visits are read in the order they began: at one instant, PostgreSQL may return them either way).
      clock.now = new Date(clock.now.getTime() + 60_000);
      await site.get('/services', { 'user-agent': IPHONE });
      clock.now = new Date(clock.now.getTime() + 60_000);
      await site.get('/services', { 'x-forwarded-for': '198.51.100.23' });
      await site.collector.flush();
      const mondayVisits = await visitsOn(monday);
      expect(mondayVisits.map((v) => v.pageviews)).toEqual([2, 1, 1]);
      expect(new Set(mondayVisits.map((v) => v.visitorKey)).size).toBe(3);
      expect(mondayVisits[1].device).toBe('mobile');
      // The key is the hash of the day's salt, the address and the browser: nothing else, nothing stored of either.
      const mondaySalt = await saltOn(monday);
      expect(mondaySalt).toBeString();
      expect(mondayVisits[0].visitorKey).toBe(visitorKey(mondaySalt as string, '203.0.113.7', CHROME, sha256));

      clock.now = noon(tuesday);
      await site.get('/services');
      await site.collector.flush();
      const tuesdayVisits = await visitsOn(tuesday);
      expect(tuesdayVisits).toHaveLength(1);
      expect(tuesdayVisits[0].visitorKey).not.toBe(mondayVisits[0].visitorKey);
      expect(await saltOn(tuesday)).toBeString();
      // Monday's salt is deleted: its keys can never be made again.
      expect(await saltOn(monday)).toBeUndefined();
      // Monday's figures stay.
      expect(await visitsOn(monday)).toHaveLength(3);
    } finally {
      site.served.stop();
    }
  });

  test("a campaign landing sets the visitor's source for the day, though later pages come without it", async () => {
    const day = '2033-04-12';
    const clock = { now: noon(day) };
    const site = await countingSite(clock);
    try {
      await site.get('/?utm_source=Newsletter&utm_medium=email&utm_campaign=fall-audit', { 'user-agent': IPHONE });
      await site.collector.flush();
      clock.now = new Date(clock.now.getTime() + 60_000);
      await site.get('/services', { 'user-agent': IPHONE, referer: `${site.served.url}/` });
      // Even a later landing from elsewhere, in another batch, leaves the first source.
      await site.collector.flush();
      clock.now = new Date(clock.now.getTime() + 60_000);
      await site.get('/q4-intake', { 'user-agent': IPHONE, referer: 'https://www.google.com/' });
      await site.collector.flush();
      expect(await visitsOn(day)).toEqual([
        { visitorKey: expect.any(String), landing: '/', source: 'newsletter', medium: 'email', campaign: 'fall-audit', device: 'mobile', pageviews: 3 },
      ]);
      const views = await viewsOn(day);
      expect(views.map(({ route, referrerHost, utmSource, utmMedium, utmCampaign }) => ({ route, referrerHost, utmSource, utmMedium, utmCampaign }))).toEqual([
        { route: '/', referrerHost: null, utmSource: 'Newsletter', utmMedium: 'email', utmCampaign: 'fall-audit' },
        { route: '/services', referrerHost: null, utmSource: null, utmMedium: null, utmCampaign: null },
        { route: '/q4-intake', referrerHost: 'www.google.com', utmSource: null, utmMedium: null, utmCampaign: null },
      ]);
    } finally {
      site.served.stop();
    }
  });

  test('a Google ad click without utm values is google / cpc; another site is a referral; nothing is direct', async () => {
    const day = '2033-04-13';
    const site = await countingSite({ now: noon(day) });
    try {
      await site.get('/services?gclid=Cj0KCQiA', { 'x-forwarded-for': '198.51.100.1' });
      await site.get('/blog', { 'x-forwarded-for': '198.51.100.2', referer: 'https://www.bing.com/search?q=toronto+seo' });
      await site.get('/', { 'x-forwarded-for': '198.51.100.3' });
      await site.collector.flush();
      // Visits of one batch may start in the same millisecond: compared in any order.
      const visits = (await visitsOn(day)).map(({ landing, source, medium }) => ({ landing, source, medium }));
      expect(visits.sort((a, b) => a.landing.localeCompare(b.landing))).toEqual([
        { landing: '/', source: 'direct', medium: 'none' },
        { landing: '/blog', source: 'www.bing.com', medium: 'referral' },
        { landing: '/services', source: 'google', medium: 'cpc' },
      ]);
    } finally {
      site.served.stop();
    }
  });
});

describe('no cookie, no script', () => {
  const scripts = (html: string) => [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
  const cookieNames = (headers: Headers) => headers.getSetCookie().map((cookie) => cookie.split('=')[0]);

  test('every public page answers the same cookies and scripts with counting on as with ANALYTICS=off, and counting sets none', async () => {
    const clock = { now: noon('2033-05-03') };
    const on = await countingSite(clock);
    const off = await countingSite(clock, { ANALYTICS: 'off' });
    try {
      const publicPages = pagePaths.filter((path) => !path.startsWith('/admin'));
      expect(publicPages.length).toBeGreaterThan(10);
      for (const path of publicPages) {
        // Rendered, then kept (the lane), for a returning browser with the A/B cookie the page itself gave.
        for (let i = 0; i < 2; i++) {
          const [a, b] = [await on.get(path), await off.get(path)];
          expect(a.status).toBe(200);
          expect(cookieNames(a.headers)).toEqual(cookieNames(b.headers));
          expect(scripts(a.body)).toEqual(scripts(b.body));
        }
        // A page other than the home page (whose A/B test gives a new browser its cookie) sets none.
        if (path !== '/') expect((await on.get(path)).headers.getSetCookie()).toEqual([]);
      }
      await on.collector.flush();
      expect(on.collector.counts.counted).toBe(publicPages.length * 3 - 1);
    } finally {
      on.served.stop();
      off.served.stop();
    }
  });

  test('ANALYTICS=off counts nothing: no counter, no rows', async () => {
    const day = '2033-05-04';
    const site = await countingSite({ now: noon(day) }, { ANALYTICS: 'off' });
    try {
      expect(site.t.deps.pageViews.view).toBeUndefined();
      for (const path of ['/', '/services', '/services', '/book', '/?utm_source=newsletter']) expect((await site.get(path)).status).toBe(200);
      expect(await viewsOn(day)).toEqual([]);
      expect(await visitsOn(day)).toEqual([]);
      expect(await saltOn(day)).toBeUndefined();
    } finally {
      site.served.stop();
    }
  });
});

describe('batches', () => {
  test('a flood of 5,000 views from 5,000 addresses is written in a few multi-row batches, every view accounted for', async () => {
    const day = '2033-06-01';
    const site = await countingSite({ now: noon(day) });
    try {
      let mostHeld = 0;
      const send = async (from: number) => {
        for (let i = from; i < 5000; i += 50) {
          const res = await fetch(`${site.served.url}/services`, {
            headers: { 'user-agent': CHROME, 'x-forwarded-for': `10.${i >> 16}.${(i >> 8) & 255}.${i & 255}` },
          });
          await res.arrayBuffer();
          mostHeld = Math.max(mostHeld, site.collector.held());
        }
      };
      await Promise.all(Array.from({ length: 50 }, (_, k) => send(k)));
      await site.collector.flush();
      const { counts } = site.collector;
      expect(mostHeld).toBeLessThanOrEqual(2000);
      expect(counts.largestBatch).toBeLessThanOrEqual(2000);
      expect(counts.counted + counts.dropped).toBe(5000);
      // Never one insert per view: at most a batch per 1,000 views held or per second that passed.
      expect(counts.batches).toBeLessThan(100);
      const [{ views, visitors }] = await db.sql<{ views: number; visitors: number }[]>`
        select count(*)::int as views, count(distinct visitor_key)::int as visitors from analytics_page_views where day = ${day}::date`;
      expect(views).toBe(counts.counted);
      expect(visitors).toBe(counts.counted);
    } finally {
      site.served.stop();
    }
  });

  /** Views handed to a counter as the lane hands them, each from its own address. */
  const flood = (collector: PageViewCollector, n: number) => {
    const server = { requestIP: () => ({ address: '127.0.0.1' }) };
    for (let i = 0; i < n; i++) {
      const url = `http://localhost:3000/services?n=${i}`;
      const request = new Request(url, { headers: { 'user-agent': CHROME, 'x-forwarded-for': `10.9.${(i >> 8) & 255}.${i & 255}` } });
      collector.view(request, request.headers, url, '/services', performance.now(), server);
    }
  };
  const collectorOn = (sql: Database['sql'], clock: Clock, logs: LogEntry[], options: Partial<CollectorOptions> = {}) =>
    createPageViewCollector({
      sql,
      now: () => clock.now,
      log: createLogger((entry) => logs.push(entry)),
      siteHost: 'localhost',
      trustProxy: 1,
      capacity: 1000,
      batchRows: 1000,
      flushEveryMs: 3_600_000,
      ...options,
    });

  test('held views never pass the capacity: what does not fit is dropped and counted, and a batch holds at most the capacity', async () => {
    const day = '2033-06-02';
    const logs: LogEntry[] = [];
    const collector = collectorOn(db.sql, { now: noon(day) }, logs);
    try {
      // 5,000 views in one go, as a burst arrives while a batch is being written: the first 1,000 go
      // out as a batch, the next 1,000 are held, the other 3,000 are dropped.
      flood(collector, 5000);
      expect(collector.held()).toBe(1000);
      expect(collector.counts.dropped).toBe(3000);
      await collector.flush();
      expect(collector.held()).toBe(0);
      expect(collector.counts).toMatchObject({ counted: 2000, dropped: 3000, batches: 2, largestBatch: 1000, failedBatches: 0 });
      const [{ views }] = await db.sql<{ views: number }[]>`select count(*)::int as views from analytics_page_views where day = ${day}::date`;
      expect(views).toBe(2000);
    } finally {
      await collector.stop();
    }
  });

  test('a database that does not answer: batches are dropped and counted, one warning, nothing thrown', async () => {
    const logs: LogEntry[] = [];
    const { default: postgres } = await import('postgres');
    // A port nothing listens on: every query fails.
    const closed = postgres('postgres://postgres@127.0.0.1:9/none', { connect_timeout: 1, max: 1, onnotice: () => {} });
    const collector = collectorOn(closed, { now: noon('2033-06-03') }, logs, { deadlineMs: 500 });
    try {
      flood(collector, 2500);
      await collector.flush();
      await collector.flush();
      expect(collector.held()).toBe(0);
      expect(collector.counts).toMatchObject({ counted: 0, dropped: 2500, batches: 0 });
      expect(collector.counts.failedBatches).toBeGreaterThanOrEqual(2);
      expect(logs.filter((line) => line.msg.startsWith('page views not written'))).toHaveLength(1);
    } finally {
      await collector.stop();
      await closed.end({ timeout: 0 });
    }
  });
});

describe('the daily roll-up', () => {
  const FIRST = '2033-07-06';
  const SECOND = '2033-07-07';

  /** Views over two days, from several addresses, browsers, pages and sources, written by a counter. */
  async function countTwoDays() {
    const clock = { now: noon(FIRST) };
    const logs: LogEntry[] = [];
    const collector = createPageViewCollector({
      sql: db.sql,
      now: () => clock.now,
      log: createLogger((entry) => logs.push(entry)),
      siteHost: 'localhost',
      trustProxy: 1,
    });
    const view = (address: string, userAgent: string, path: string, referer?: string) => {
      const url = `http://localhost:3000${path}`;
      const request = new Request(url, { headers: { 'user-agent': userAgent, 'x-forwarded-for': address, ...(referer ? { referer } : {}) } });
      collector.view(request, request.headers, url, path.split('?')[0], performance.now(), undefined);
    };
    for (const day of [FIRST, SECOND]) {
      clock.now = noon(day);
      view('198.51.100.1', CHROME, '/?utm_source=google&utm_medium=cpc&utm_campaign=seo');
      view('198.51.100.1', CHROME, '/services', 'http://localhost:3000/');
      view('198.51.100.2', IPHONE, '/services/seo-services', 'https://www.bing.com/');
      view('198.51.100.3', CHROME, '/');
      view('198.51.100.3', CHROME, '/q4-intake');
      if (day === SECOND) view('198.51.100.4', IPHONE, '/blog?gclid=abc');
      await collector.flush();
    }
    await collector.stop();
  }

  const rawPages = (day: string) =>
    db.sql`select route, count(distinct visitor_key)::int as visitors, count(*)::int as pageviews from analytics_page_views where day = ${day}::date group by route order by route`;
  const rawSources = (day: string) =>
    db.sql`select source, medium, campaign, landing, device, count(*)::int as visitors, sum(pageviews)::int as pageviews, count(audit_started_at)::int as audit_started
           from analytics_visits where day = ${day}::date group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`;
  const dailyPages = (day: string) => db.sql`select route, visitors, pageviews from analytics_daily_pages where day = ${day}::date order by route`;
  const dailySources = (day: string) =>
    db.sql`select source, medium, campaign, landing, device, visitors, pageviews, audit_started from analytics_daily_sources where day = ${day}::date order by 1, 2, 3, 4, 5`;

  test('two processes on one database roll each ended day up once, with the figures the raw rows give', async () => {
    await countTwoDays();
    const expected = { pages: [await rawPages(FIRST), await rawPages(SECOND)], sources: [await rawSources(FIRST), await rawSources(SECOND)] };
    expect(expected.pages[0].length).toBeGreaterThan(2);
    // A second process: on PostgreSQL a pool of its own; the embedded database has one connection to share.
    const other = process.env.DATABASE_URL ? await scratch.open() : db;
    const at = new Date(dayBounds(SECOND).endMs + 20 * 60_000);
    const logs: LogEntry[] = [];
    const options = { log: createLogger((entry) => logs.push(entry)), now: () => at, rawDays: 90, firstCheckMs: 3_600_000 };
    const one = startAnalyticsRollup({ ...options, sql: db.sql });
    const two = startAnalyticsRollup({ ...options, sql: other.sql });
    try {
      const [a, b] = await Promise.all([one.runDue(), two.runDue()]);
      const rolled = [...a.daysRolledUp, ...b.daysRolledUp].filter((day) => day === FIRST || day === SECOND);
      expect(rolled.sort()).toEqual([FIRST, SECOND]);
      const [{ rollups }] = await db.sql<
        { rollups: number }[]
      >`select count(*)::int as rollups from analytics_rollups where day in (${FIRST}::date, ${SECOND}::date)`;
      expect(rollups).toBe(2);
      expect([await dailyPages(FIRST), await dailyPages(SECOND)]).toEqual(expected.pages);
      expect([await dailySources(FIRST), await dailySources(SECOND)]).toEqual(expected.sources);
      // The figures, as the reports read them: 3 visitors and 5 views the first day, 4 and 6 the second.
      const [{ visitors, pageviews }] = await db.sql<{ visitors: number; pageviews: number }[]>`
        select sum(visitors)::int as visitors, sum(pageviews)::int as pageviews from analytics_daily_sources where day = ${SECOND}::date`;
      expect({ visitors, pageviews }).toEqual({ visitors: 4, pageviews: 6 });
      // Looking again rolls up nothing.
      expect((await one.runDue()).daysRolledUp).toEqual([]);
      expect((await two.runDue()).daysRolledUp).toEqual([]);
      // Days and counts only in the log.
      for (const line of logs.filter((entry) => entry.msg === 'analytics roll-up'))
        expect(Object.keys(line).sort()).toEqual(expect.arrayContaining(['daysRolledUp', 'rawDays']));
    } finally {
      await one.stop();
      await two.stop();
    }
  });

  test('a day is not rolled up before a quarter of an hour after it ends', async () => {
    const day = '2033-07-20';
    const collector = createPageViewCollector({ sql: db.sql, now: () => noon(day), log: createLogger(() => {}), siteHost: 'localhost', trustProxy: 0 });
    const request = new Request('http://localhost:3000/', { headers: { 'user-agent': CHROME } });
    collector.view(request, request.headers, request.url, '/', performance.now(), { requestIP: () => ({ address: '203.0.113.9' }) });
    await collector.stop();
    const early = startAnalyticsRollup({
      sql: db.sql,
      log: createLogger(() => {}),
      now: () => new Date(dayBounds(day).endMs + 5 * 60_000),
      rawDays: 90,
      firstCheckMs: 3_600_000,
    });
    expect((await early.runDue()).daysRolledUp).not.toContain(day);
    await early.stop();
    const later = startAnalyticsRollup({
      sql: db.sql,
      log: createLogger(() => {}),
      now: () => new Date(dayBounds(day).endMs + 16 * 60_000),
      rawDays: 90,
      firstCheckMs: 3_600_000,
    });
    expect((await later.runDue()).daysRolledUp).toContain(day);
    await later.stop();
  });

  test('raw rows older than ANALYTICS_RAW_DAYS are deleted, their daily figures kept; newer ones stay', async () => {
    const old = '2033-07-06';
    const pagesBefore = await dailyPages(old);
    expect(pagesBefore.length).toBeGreaterThan(0);
    const recentDay = '2033-09-01';
    const collector = createPageViewCollector({ sql: db.sql, now: () => noon(recentDay), log: createLogger(() => {}), siteHost: 'localhost', trustProxy: 0 });
    const request = new Request('http://localhost:3000/services', { headers: { 'user-agent': CHROME } });
    collector.view(request, request.headers, request.url, '/services', performance.now(), { requestIP: () => ({ address: '203.0.113.10' }) });
    await collector.stop();
    // 91 days after the old day: past the 90 raw days; the recent day is within them.
    const at = new Date(noon(old).getTime() + 91 * DAY_MS);
    // On the embedded database the tables are vacuumed after the deletion, as the server does.
    const rollup = startAnalyticsRollup({
      sql: db.sql,
      log: createLogger(() => {}),
      now: () => at,
      rawDays: 90,
      vacuum: !process.env.DATABASE_URL,
      firstCheckMs: 3_600_000,
    });
    try {
      const run = await rollup.runDue();
      expect(run.pageViewsDeleted).toBeGreaterThanOrEqual(5);
      expect(await viewsOn(old)).toEqual([]);
      expect(await visitsOn(old)).toEqual([]);
      expect(await dailyPages(old)).toEqual(pagesBefore);
      expect((await viewsOn(recentDay)).length).toBe(1);
      // Every salt of a day that ended is gone.
      const [{ salts }] = await db.sql<{ salts: number }[]>`select count(*)::int as salts from analytics_salts where day < ${'2033-10-06'}::date`;
      expect(salts).toBe(0);
    } finally {
      await rollup.stop();
    }
  });
});

describe('the server process', () => {
  test('counts what it answers, and writes what it holds when it stops', async () => {
    const own = await scratchDatabase();
    try {
      const server = await startServer({ ...own.env, TRUST_PROXY: '1' }, own.env.DATA_DIR);
      for (const path of ['/services', '/services', '/', '/blog'])
        await (await fetch(`${server.url}${path}`, { headers: { 'user-agent': CHROME, 'x-forwarded-for': '203.0.113.77' } })).arrayBuffer();
      // Stopped at once: what the last second's batch has not written yet is written on the way out.
      expect(await server.stop({ keepData: true })).toBe(0);
      const after = await own.open();
      const [{ views, visitors }] = await after.sql<{ views: number; visitors: number }[]>`
        select count(*)::int as views, count(distinct visitor_key)::int as visitors from analytics_page_views`;
      expect({ views, visitors }).toEqual({ views: 4, visitors: 1 });
    } finally {
      await own.drop();
    }
  });
});
