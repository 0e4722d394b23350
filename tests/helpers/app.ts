import { loadConfig } from '../../lib/config.ts';
import type { AppDeps } from '../../routes/app-env.ts';
import { createApp, loadAssets } from '../../server.ts';
import { testDatabase } from './db.ts';

export const TEST_SITE_URL = 'http://localhost:3000';

/** The real app on the real test database; `logs` captures every log line. */
export async function testApp(overrides: Partial<AppDeps> = {}, env: Record<string, string> = {}) {
  const db = await testDatabase();
  const logs: Record<string, unknown>[] = [];
  const config = loadConfig({ NODE_ENV: 'test', PUBLIC_SITE_URL: TEST_SITE_URL, ...env }, () => {});
  const deps: AppDeps = { sql: db.sql, config, assets: await loadAssets(), log: (e) => logs.push(e), ...overrides };
  const app = createApp(deps);
  // Requests carry a socket address as Bun.serve would give them.
  const server = { requestIP: () => ({ address: '127.0.0.1', family: 'IPv4', port: 50000 }) };
  const request = (path: string, init?: RequestInit) => app.request(path, init, { server });
  const postJson = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  return { app, deps, sql: db.sql, logs, request, postJson };
}
