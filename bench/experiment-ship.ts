import { openDatabase } from '../db/client.ts';
import { VISITOR_USER_AGENT } from '../tests/helpers/browser.ts';
import { msUntilServed, runHeroExperimentOver, shipOver, signInOver } from '../tests/helpers/content-servers.ts';
import { type RunningServer, startServer } from '../tests/helpers/server.ts';
import { scratchPostgresDatabase } from './scratch-postgres.ts';

// `bun bench/experiment-ship.ts`: the time from pressing Ship on one server process to every process
// serving the shipped copy to a new visitor (p50/p99 over BENCH_SHIPS, 20 by default), two server
// processes on one PostgreSQL: a scratch database bench_experiment_ship on the server DATABASE_URL names
// (by default postgres://postgres@127.0.0.1:5432/postgres), made and dropped here. Each round creates and
// starts a hero experiment through /admin/api/experiments, waits until both processes run it, then
// times POST /{id}/ship {variantId}. Writes bench/results/experiment-ship.md. Never part of the test suite.

const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SHIPS = Number(process.env.BENCH_SHIPS ?? 20);

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;

const scratch = await scratchPostgresDatabase(ADMIN_URL, 'bench_experiment_ship');
const servers: RunningServer[] = [];
try {
  const db = await openDatabase({ DATABASE_URL: scratch.url, DATA_DIR: '' });
  // The seeded hero test makes way: one experiment runs on a slot at a time.
  await db.sql`update ab_tests set is_active = false, end_date = now()`;
  const env = { DATABASE_URL: scratch.url, RATE_LIMITS: 'off' };
  servers.push(await startServer(env), await startServer(env));
  const urls = servers.map((s) => s.url);
  const staff = await signInOver(urls[0]!, db.sql);
  const times: number[] = [];
  for (let i = 0; i < SHIPS; i++) {
    const headline = `Shipped copy number ${i} for Toronto`;
    const { id, variantId } = await runHeroExperimentOver(urls[0]!, staff, `ship-timing-${i}`, headline);
    // Both processes run the test before Ship is pressed (some new visitors see the challenger already).
    if ((await msUntilServed(urls, headline, performance.now(), 10_000)) === null) throw new Error('the started test never reached both processes');
    await Bun.sleep(100);
    const since = performance.now();
    await shipOver(urls[0]!, staff, id, variantId);
    // Served to every new visitor: ten in a row on each process show the shipped headline.
    const all = await Promise.all(
      urls.map(async (url) => {
        let streak = 0;
        let at = 0;
        while (streak < 10) {
          if (performance.now() - since > 10_000) throw new Error('not served within 10 s');
          const html = await (await fetch(`${url}/`, { headers: { 'user-agent': VISITOR_USER_AGENT } })).text();
          if (html.includes(headline)) {
            if (streak++ === 0) at = performance.now();
          } else streak = 0;
        }
        return at;
      }),
    );
    times.push(Math.max(...all) - since);
  }
  await db.close();
  const sorted = [...times].sort((a, b) => a - b);
  const report = `# Ship to every process serving the shipped copy

\`bun bench/experiment-ship.ts\` (${new Date().toISOString().slice(0, 10)}): ${SHIPS} rounds, each a hero experiment created and
started through \`/admin/api/experiments\` on process A of two \`bun server.ts\` processes on one PostgreSQL,
then \`POST /admin/api/experiments/{id}/ship {variantId}\` on process A. Each time runs from sending Ship until
both processes serve the shipped headline to every new visitor (the first of ten new visitors in a row on
each process who all see it; before Ship about half of them saw the control).

| ships | p50 | p99 | max |
| --- | --- | --- | --- |
| ${SHIPS} | ${quantile(sorted, 0.5).toFixed(1)} ms | ${quantile(sorted, 0.99).toFixed(1)} ms | ${sorted[sorted.length - 1]!.toFixed(1)} ms |
`;
  console.log(report);
  await Bun.write('bench/results/experiment-ship.md', report);
} finally {
  await Promise.all(servers.map((s) => s.stop()));
  await scratch.drop();
}
