import { loadConfig } from '../../lib/config.ts';
import type { AppDepsInput } from '../../server/deps.ts';
import { createLogger, type LogEntry } from '../../server/log.ts';
import type { SiteRoutes } from '../../server/routing.ts';
import { loadAssets } from '../../server/static-files.ts';
import { createSite } from '../../site/app.ts';
import { testDatabase } from './db.ts';

export const TEST_SITE_URL = 'http://localhost:3000';

/**
 * The real app on the real test database (or the one whose `sql` is given); `logs` captures every log
 * line. `routes` replaces the site's routes (a test's copy of routes/).
 */
export async function testApp(overrides: Partial<AppDepsInput> = {}, env: Record<string, string> = {}, { routes }: { routes?: SiteRoutes } = {}) {
  const sql = overrides.sql ?? (await testDatabase()).sql;
  const logs: LogEntry[] = [];
  const config = loadConfig({ NODE_ENV: 'test', PUBLIC_SITE_URL: TEST_SITE_URL, ...env });
  const site = createSite({ sql, config, assets: await loadAssets(), log: createLogger((e) => logs.push(e)), ...overrides }, { routes });
  // Requests carry a socket address as Bun.serve would give them.
  const server = { requestIP: () => ({ address: '127.0.0.1', family: 'IPv4', port: 50000 }) };
  const request = async (path: string, init?: RequestInit) => site.fetch(new Request(path.startsWith('/') ? TEST_SITE_URL + path : path, init), { server });
  const postJson = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  /** /healthz answers from a background check of the database: resolves once it has reported 200. */
  const healthy = async () => {
    for (const started = Date.now(); (await request('/healthz')).status !== 200; await Bun.sleep(20))
      if (Date.now() - started > 10_000) throw new Error('/healthz never answered 200');
  };
  return { app: site.app, deps: site.deps, fetch: site.fetch, sql, logs, request, postJson, healthy };
}
