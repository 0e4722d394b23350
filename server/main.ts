import { openDatabase } from '../db/client.ts';
import { DataDirInUse } from '../db/data-dir-lock.ts';
import { ConfigError, loadConfig } from '../lib/config.ts';
import { createApp, type Site } from './app.ts';
import { deadline } from './deadline.ts';
import { flushLog, stdoutLog } from './log.ts';
import { diskSource, embeddedSource, loadAssets } from './static-files.ts';

/**
 * Starts the site: reads the environment (the only place that does), builds the assets when they are
 * missing or stale (a compiled binary passes the static files embedded in it instead), opens the
 * database in the background, listens, and stops cleanly on SIGTERM or SIGINT.
 */
export async function main({ embeddedFiles }: { embeddedFiles?: Record<string, string> } = {}) {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    process.exit(1);
  }
  if (!embeddedFiles) {
    // A computed specifier keeps the build tooling (esbuild, Tailwind) out of a compiled binary.
    const buildModule = '../build.ts';
    const { ensureBuild } = (await import(buildModule)) as typeof import('../build.ts');
    await ensureBuild();
  }
  const staticSource = embeddedFiles ? embeddedSource(embeddedFiles) : diskSource('static');
  const assets = await loadAssets(staticSource);
  // The database comes up in the background: pages that need no data are served meanwhile, and what
  // needs it answers 503 until it is ready.
  const cannotOpen = (error: unknown): never => {
    // Another server holding DATA_DIR says so in its own line; anything else (a file where the folder
    // should be, no permission, a damaged database) in this one.
    if (error instanceof DataDirInUse) console.error(error.message);
    else stdoutLog.error('the embedded database could not be opened', { error: String(error) });
    // The exit handler writes what is pending, synchronously.
    process.exit(1);
  };
  const db = await openDatabase(config, { background: true, log: stdoutLog, onFatal: cannotOpen }).catch(cannotOpen);
  // The site is made right after binding (no await in between), once the real port is known.
  let site: Site;
  const server = Bun.serve({ port: config.PORT, fetch: (req, srv) => site.fetch(req, { server: srv }), development: false });
  if (!config.publicSiteUrlGiven) {
    // The fallback names the port actually bound (PORT=0 picks one).
    config = { ...config, PUBLIC_SITE_URL: `http://localhost:${server.port}` };
    if (config.isProduction) stdoutLog.warn(`PUBLIC_SITE_URL is not set; canonical links will use ${config.PUBLIC_SITE_URL}`);
  }
  site = createApp({ sql: db.sql, config, assets, dbReady: db.isReady, log: stdoutLog }, { staticSource });
  stdoutLog.info('listening', { url: `http://localhost:${server.port}`, database: db.kind });
  if (config.retiredAdminPasswordSet)
    stdoutLog.warn(
      `ADMIN_PASSWORD is retired and no longer signs anyone in: staff sign in at /admin/login (bun run staff:add EMAIL). The A/B dashboard is ${config.AB_DASHBOARD_ACCESS === 'staff' ? 'staff-only' : 'open'} (AB_DASHBOARD_ACCESS).`,
    );
  if (!config.RSS_FEED_URL) stdoutLog.info('RSS_FEED_URL is not set; the blog shows the sample feed (static/feed/sample.xml)');

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    // Stop accepting (then say so); give in-flight requests up to 10 s, then close what remains.
    const drained = server.stop(false);
    stdoutLog.info('shutting down', { signal });
    flushLog();
    await deadline(drained, 10_000, () => undefined);
    await server.stop(true);
    await db.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}
