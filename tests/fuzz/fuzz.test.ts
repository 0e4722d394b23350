import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import fc from 'fast-check';
import { testApp } from '../helpers/app.ts';
import { type ScratchDatabase, scratchDatabase } from '../helpers/isolated-db.ts';
import { createStaff, signedIn } from '../helpers/staff.ts';
import { FUZZ_SEED, hostileBody, hostileQuery } from './arbitraries.ts';
import { fuzzedEndpoints, validExperiment } from './endpoints.ts';

// Real servers, browsers and databases: a test may take longer than Bun's 5 s default.
setDefaultTimeout(60_000);

const RUNS = 2000;
console.log(`fuzz: fast-check seed ${FUZZ_SEED} (set FUZZ_SEED to replay)`);

async function rowCounts(sql: Awaited<ReturnType<typeof testApp>>['sql'], tables: string[]) {
  let total = 0;
  for (const table of tables) total += (await sql.unsafe(`select count(*)::int as n from ${table}`))[0].n as number;
  return total;
}

let t: Awaited<ReturnType<typeof testApp>>;
beforeAll(async () => {
  t = await testApp({}, { RATE_LIMITS: 'off' });
  // Assign the fuzz visitor so valid events have a variant to name.
  await t.request('/api/ab-test/assignment?testName=hero-variant&userId=fuzz-visitor', {
    headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0' },
  });
});

describe('fuzzed POST bodies never cause a 5xx, always answer JSON, and store nothing unless accepted', () => {
  for (const endpoint of fuzzedEndpoints) {
    test(`${endpoint.path} (${RUNS} bodies)`, async () => {
      const before = await rowCounts(t.sql, endpoint.tables);
      let expectedRows = 0;
      const statuses = new Map<number, number>();
      await fc.assert(
        fc.asyncProperty(hostileBody(endpoint.valid), async (body) => {
          const res = await t.postJson(endpoint.path, body, { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0' });
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          expect(res.status).toBeLessThan(500);
          expect(res.headers.get('content-type') ?? '').toContain('application/json');
          const text = await res.text();
          expect(() => JSON.parse(text)).not.toThrow();
          expect(text).not.toMatch(/\bat\s+\S+\s+\(|node_modules|\/work\//);
          expectedRows += endpoint.rowsFor(res.status);
        }),
        { numRuns: RUNS, seed: FUZZ_SEED, endOnFailure: true },
      );
      expect(await rowCounts(t.sql, endpoint.tables)).toBe(before + expectedRows);
      // The generators must reach both the accepted and the refused paths.
      const accepted = [...statuses].filter(([s]) => s < 300).reduce((a, [, n]) => a + n, 0);
      expect(accepted).toBeGreaterThan(0);
      expect(statuses.get(400) ?? 0).toBeGreaterThan(RUNS / 4);
    });
  }
});

describe('odd query strings on the GET APIs', () => {
  const paths = [
    '/api/ab-test/assignment',
    '/api/ab-test/tests',
    '/api/ab-test/results/a8b7c6d5-0000-4000-8000-000000000002',
    '/api/ab-test/results/not-a-uuid',
    '/api/rss-feed',
  ];
  test(`${paths.length} endpoints × 400 query strings`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...paths), hostileQuery, async (path, query) => {
        const res = await t.request(`${path}?${query}`);
        expect(res.status).toBeLessThan(500);
        expect(res.headers.get('content-type') ?? '').toContain('application/json');
        await res.json();
      }),
      { numRuns: paths.length * 400, seed: FUZZ_SEED, endOnFailure: true },
    );
  });
});

describe('fuzzed bodies on the staff side: an owner’s experiment builder (POST /admin/api/experiments)', () => {
  // A database of its own: hundreds of drafts would crowd every other test's A/B dashboard.
  let scratch: ScratchDatabase;
  let staffApp: Awaited<ReturnType<typeof testApp>>;
  let owner: { cookie: string; csrf: string };
  beforeAll(async () => {
    scratch = await scratchDatabase();
    const db = await scratch.open();
    staffApp = await testApp({ sql: db.sql }, { RATE_LIMITS: 'off' });
    owner = await signedIn(staffApp, await createStaff(db.sql, 'fuzz-owner', 'owner', { twoFactor: true }));
  });
  afterAll(async () => {
    await scratch?.drop();
  });

  test(`${RUNS} bodies: never a 5xx, always JSON naming what is wrong, a draft stored only when accepted`, async () => {
    const before = await rowCounts(staffApp.sql, ['ab_tests']);
    let created = 0;
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(hostileBody(validExperiment), async (body) => {
        const res = await staffApp.request('/admin/api/experiments', {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: owner.cookie, 'x-csrf-token': owner.csrf },
          body,
        });
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        expect([201, 400, 409]).toContain(res.status);
        expect(res.headers.get('content-type') ?? '').toContain('application/json');
        const text = await res.text();
        const answer = JSON.parse(text);
        if (res.status === 400) expect(typeof answer.error).toBe('string');
        expect(text).not.toMatch(/\bat\s+\S+\s+\(|node_modules|\/work\//);
        if (res.status === 201) created++;
      }),
      { numRuns: RUNS, seed: FUZZ_SEED, endOnFailure: true },
    );
    console.log(`fuzz: POST /admin/api/experiments answers ${JSON.stringify(Object.fromEntries(statuses))}`);
    expect(await rowCounts(staffApp.sql, ['ab_tests'])).toBe(before + created);
    expect(created).toBeGreaterThan(0);
    expect(statuses.get(400) ?? 0).toBeGreaterThan(RUNS / 4);
    // Nothing started: every visitor still gets the seeded tests alone.
    const [running] = await staffApp.sql<{ n: number }[]>`select count(*)::int as n from ab_tests where is_active and end_date is null`;
    expect(running.n).toBe(2);
    // 2,000 signed-in writes, a third of them drafts stored: 39 s beside the rest of the suite, past 60 s
    // once on a slower machine. What is tested is what each answer says, not how fast they come.
  }, 180_000);
});
