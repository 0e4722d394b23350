import { openDatabase } from '../db/client.ts';
import { DataDirInUse } from '../db/data-dir-lock.ts';
import { type LeadWorker, startWorker } from '../features/lead-delivery/worker.ts';
import { type Config, ConfigError, loadConfig } from '../lib/config.ts';
import { channelsFor } from '../lib/lead-notifications.ts';
import { createApp, type Site } from './app.ts';
import { deadline } from './deadline.ts';
import { flushLog, stdoutLog } from './log.ts';
import { diskSource, embeddedSource, loadAssets } from './static-files.ts';

/** The environment, parsed once; a bad value stops the process with one line naming it. */
function configFromEnvironment(): Config {
  try {
    return loadConfig(process.env);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    process.exit(1);
  }
}

/**
 * Starts the site: reads the environment (the only place that does), builds the assets when they are
 * missing or stale (a compiled binary passes the static files embedded in it instead), opens the
 * database in the background, listens, starts the notification worker once the database is ready
 * (unless WORKER=off), and stops cleanly on SIGTERM or SIGINT.
 */
export async function main({ embeddedFiles }: { embeddedFiles?: Record<string, string> } = {}) {
  let config = configFromEnvironment();
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
  let stopping = false;
  const server = Bun.serve({ port: config.PORT, fetch: (req, srv) => site.fetch(req, { server: srv }), development: false });
  if (!config.publicSiteUrlGiven) {
    // The fallback names the port actually bound (PORT=0 picks one).
    config = { ...config, PUBLIC_SITE_URL: `http://localhost:${server.port}` };
    if (config.isProduction) stdoutLog.warn(`PUBLIC_SITE_URL is not set; canonical links will use ${config.PUBLIC_SITE_URL}`);
  }
  let worker: LeadWorker | null = null;
  const notifications = { channels: channelsFor({ webhookConfigured: config.LEAD_WEBHOOK_URL !== undefined }), queued: () => worker?.poke() };
  site = createApp({ sql: db.sql, config, assets, dbReady: db.isReady, log: stdoutLog, notifications }, { staticSource });
  if (config.WORKER === 'on') {
    const workerConfig = config;
    void db.ready.then(() => {
      if (stopping) return;
      worker = startWorker({ sql: db.sql, config: workerConfig, log: stdoutLog, listen: db.kind === 'postgres' });
      stdoutLog.info('notification worker started', {
        smtp: workerConfig.SMTP_URL ? 'on' : 'off (emails are logged)',
        webhook: workerConfig.LEAD_WEBHOOK_URL ? 'on' : 'off',
      });
    });
  }
  stdoutLog.info('listening', { url: `http://localhost:${server.port}`, database: db.kind });
  if (config.retiredAdminPasswordSet)
    stdoutLog.warn(
      `ADMIN_PASSWORD is retired and no longer signs anyone in: staff sign in at /admin/login (bun run staff:add EMAIL). The A/B dashboard is ${config.AB_DASHBOARD_ACCESS === 'staff' ? 'staff-only' : 'open'} (AB_DASHBOARD_ACCESS).`,
    );
  if (!config.RSS_FEED_URL) stdoutLog.info('RSS_FEED_URL is not set; the blog shows the sample feed (static/feed/sample.xml)');

  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    // Stop accepting (then say so); give in-flight requests and deliveries up to 10 s, then close what
    // remains (deliveries still running go back to the queue).
    const drained = server.stop(false);
    stdoutLog.info('shutting down', { signal });
    flushLog();
    await Promise.all([deadline(drained, 10_000, () => undefined), worker?.stop(10_000)]);
    await server.stop(true);
    await db.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

/**
 * `bun run worker`: the notification worker alone, for a deployment whose web processes run with
 * WORKER=off. It needs PostgreSQL (the embedded database belongs to the server process, which runs its
 * own worker), LISTENs for new work, and on SIGTERM puts deliveries still running back in the queue.
 */
export async function workerMain() {
  const config = configFromEnvironment();
  if (!config.DATABASE_URL) {
    console.error('bun run worker needs DATABASE_URL: the embedded database belongs to the server process, whose own worker delivers notifications.');
    process.exit(1);
  }
  const db = await openDatabase(config, { background: true, log: stdoutLog });
  await db.ready;
  const worker = startWorker({ sql: db.sql, config, log: stdoutLog, listen: true });
  stdoutLog.info('notification worker started', { smtp: config.SMTP_URL ? 'on' : 'off (emails are logged)', webhook: config.LEAD_WEBHOOK_URL ? 'on' : 'off' });
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    stdoutLog.info('shutting down', { signal });
    await worker.stop(10_000);
    await db.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}
