import { type Database, openDatabase } from '../db/client.ts';
import { DataDirInUse } from '../db/data-dir-lock.ts';
import { MigrationFailed } from '../db/migrate.ts';
import { sealedCalendarCount } from '../db/queries/booking-settings.ts';
import { type AnalyticsRollup, startAnalyticsRollup } from '../features/analytics/rollup.ts';
import { startWeeklyDigest, type WeeklyDigest } from '../features/analytics/weekly-digest.ts';
import type { SiteChecker } from '../features/leads/delivery/types.ts';
import { type LeadWorker, startWorker } from '../features/leads/delivery/worker.ts';
import { packAndCheckAsAsked } from '../features/operations/backup/pack-and-check.ts';
import { type BackupService, createBackupService } from '../features/operations/backup/service.ts';
import { backupStatus } from '../features/operations/backup/status.ts';
import { type Retention, startRetention } from '../features/operations/retention/schedule.ts';
import { type StaffDigests, startStaffDigests } from '../features/people/digest.ts';
import { type Config, ConfigError, loadConfig } from '../lib/config.ts';
import { channelsFor } from '../lib/leads/notifications.ts';
import type { Clock } from '../lib/time/clock.ts';
import type { Site } from '../server/app.ts';
import { systemClock } from '../server/clock.ts';
import { type ControlSocket, startControlSocket } from '../server/control-socket.ts';
import { setDatabaseDeadline, withDeadline } from '../server/deadline.ts';
import { flushLog, setLogProcess, stdoutLog } from '../server/log.ts';
import { startMemoryGovernor } from '../server/memory.ts';
import { counter, gauge } from '../server/metrics.ts';
import { serveOnUncaughtErrors } from '../server/process-errors.ts';
import { diskSource, embeddedSource, loadAssets } from '../server/static-files.ts';
import { type ChildMessage, supervise } from '../server/supervisor.ts';
import { createSite } from './app.ts';

/** The environment, parsed once; a bad value stops the process with one line naming it. */
function configFromEnvironment(): Config {
  try {
    return loadConfig(process.env);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    // One line naming the variable, through the one logger; the exit handler writes it.
    stdoutLog.error(err.message);
    process.exit(1);
  }
}

/**
 * The database cannot be used: the process stops (exit 1). Another server holding DATA_DIR, or a migration
 * the database refused, says so in its own line; anything else (a file where the embedded database's
 * folder should be, no permission, a damaged database) in the logger's with the error.
 */
function cannotOpen(error: unknown): never {
  if (error instanceof DataDirInUse || error instanceof MigrationFailed) stdoutLog.error(error.message);
  else stdoutLog.error('the embedded database could not be opened', { error: String(error) });
  // The exit handler writes what is pending, synchronously.
  process.exit(1);
}

/**
 * Starts the site: reads the environment (through lib/config.ts, once), builds the assets when they are
 * missing or stale (a compiled binary passes the static files embedded in it instead), and then either
 * supervises WEB_CONCURRENCY server processes (server/supervisor.ts) or is one: opens the database in
 * the background, listens, starts the notification worker (with the retention sweep, the analytics roll-up and the staff's
 * morning emails) and the A/B tests' watch once the database is ready (unless WORKER=off), and on the embedded database its daily backup and the control socket
 * `bun run backup` asks through, and stops cleanly on SIGTERM or SIGINT.
 */
export async function main({ embeddedFiles, preparedData }: { embeddedFiles?: Record<string, string>; preparedData?: string } = {}) {
  let config = configFromEnvironment();
  // A compiled binary started again by its own server to pack and check a backup (features/operations/backup/).
  if (config.NORTHLINE_BACKUP_PACK_AND_CHECK) return packAndCheckAsAsked(config.NORTHLINE_BACKUP_PACK_AND_CHECK);
  const processNumber = config.WEB_PROCESS;
  if (!embeddedFiles && !processNumber) {
    // A computed specifier keeps the build tooling (esbuild, Tailwind) out of a compiled binary. Built
    // once, here, before a supervisor starts its processes.
    const buildModule = '../build.ts';
    const { ensureBuild } = (await import(buildModule)) as typeof import('../build.ts');
    await ensureBuild({ embeddedDatabase: !config.DATABASE_URL });
  }
  if (config.WEB_CONCURRENCY > 1 && !processNumber) {
    if (config.RATE_LIMIT_STORE === 'memory')
      stdoutLog.warn('RATE_LIMIT_STORE=memory with several processes: each counts its own, so a client gets up to WEB_CONCURRENCY times each limit');
    return supervise({ processes: config.WEB_CONCURRENCY, port: config.PORT });
  }
  if (processNumber) setLogProcess(processNumber);
  setDatabaseDeadline(config.DB_DEADLINE_MS);
  const tellSupervisor = (message: ChildMessage) => process.send?.(message);
  const staticSource = embeddedFiles ? embeddedSource(embeddedFiles) : diskSource('static');
  const assets = await loadAssets(staticSource);
  // The database comes up in the background: pages that need no data are served meanwhile, and what
  // needs it answers 503 until it is ready.
  const db = await openDatabase(config, {
    background: true,
    log: stdoutLog,
    onFatal: cannotOpen,
    statementTimeoutMs: config.DB_DEADLINE_MS,
    preparedData,
  }).catch(cannotOpen);
  // A process the supervisor restarts joins the port only once its database is ready: until then the
  // others answer everything, where this one would answer 503 to what needs data.
  if (config.WEB_PROCESS_JOIN === 'when-ready') await db.ready;
  // The site is made right after binding (no await in between), once the real port is known.
  let site: Site;
  let stopping = false;
  // A supervisor's processes share the port; a lone server keeps it to itself (a second one fails loudly).
  const server = Bun.serve({
    port: config.PORT,
    reusePort: processNumber > 0,
    fetch: (req, srv) => site.fetch(req, { server: srv }),
    // What escapes the app (its own errors are answered in server/middleware/errors.ts).
    error: (error) => {
      stdoutLog.error('request failed outside the app', { error: String(error), stack: error.stack });
      return new Response('Internal Server Error', { status: 500, headers: { 'Content-Type': 'text/plain; charset=UTF-8', 'Cache-Control': 'no-store' } });
    },
    development: false,
  });
  if (!config.publicSiteUrlGiven) {
    // The fallback names the port actually bound (PORT=0 picks one).
    config = { ...config, PUBLIC_SITE_URL: `http://localhost:${server.port}` };
    if (config.isProduction) stdoutLog.warn(`PUBLIC_SITE_URL is not set; canonical links will use ${config.PUBLIC_SITE_URL}`);
  }
  let worker: LeadWorker | null = null;
  const notifications = { channels: channelsFor({ webhookConfigured: config.LEAD_WEBHOOK_URL !== undefined }), queued: () => worker?.poke() };
  site = createSite({ sql: db.sql, config, assets, dbReady: db.isReady, log: stdoutLog, notifications }, { staticSource });
  site.deps.databaseHealth.start();
  let stopWatchingTests: (() => Promise<void>) | null = null;
  let backups: { service: BackupService; stopSchedule: () => void; control: ControlSocket } | null = null;
  let retention: Retention | null = null;
  let digests: StaffDigests | null = null;
  let rollup: AnalyticsRollup | null = null;
  let weeklyDigest: WeeklyDigest | null = null;
  site.deps.metrics.registry.register(() => retentionMetrics(retention));
  const memory = startMemoryGovernor({ softLimitMb: config.MEMORY_SOFT_LIMIT_MB });
  site.deps.metrics.registry.register(memory.metrics);
  const workerConfig = config;
  void db.ready.then(async () => {
    if (stopping) return;
    // Calendar passwords are sealed with APP_SECRET: without it, every CalDAV calendar would be unreadable.
    if (!workerConfig.APP_SECRET && (await sealedCalendarCount(db.sql)) > 0) {
      stdoutLog.error('Invalid environment variable APP_SECRET: required once a staff member has connected a CalDAV calendar (its password is sealed with it)');
      process.exit(1);
    }
    stopWatchingTests = site.deps.homeVariants.watch({ listen: db.canListen });
    // The embedded database is backed up by its server, daily and when `bun run backup` asks; PostgreSQL
    // by `bun run backup` from cron or a timer, or by the provider (README).
    if (db.embedded) {
      site.deps.metrics.registry.register(backupMetrics);
      const service = createBackupService({ db, config: workerConfig, log: stdoutLog, now: site.deps.now, checkElsewhere: true });
      const control = startControlSocket(db.embedded.dataDir, { backup: () => service.run('request') });
      db.embedded.announce({ control: control.path });
      backups = { service, stopSchedule: service.schedule(), control };
    }
    if (workerConfig.WORKER === 'on') {
      worker = startWorker({
        sql: db.sql,
        config: workerConfig,
        log: stdoutLog,
        now: site.deps.now,
        listen: db.canListen,
        onOutcome: site.deps.metrics.notification,
        siteCheck: siteCheckerFor(workerConfig, site.deps.now),
      });
      retention = startRetention(retentionOptions(db, workerConfig, site.deps.now, notifications.queued));
      digests = startStaffDigests({ sql: db.sql, log: stdoutLog, now: site.deps.now, config: workerConfig });
      rollup = startAnalyticsRollup(rollupOptions(db, workerConfig, site.deps.now));
      weeklyDigest = startWeeklyDigest({ sql: db.sql, log: stdoutLog, now: site.deps.now, config: workerConfig });
      stdoutLog.info('notification worker started', {
        smtp: workerConfig.SMTP_URL ? 'on' : 'off (emails are logged)',
        webhook: workerConfig.LEAD_WEBHOOK_URL ? 'on' : 'off',
      });
    }
    tellSupervisor({ type: 'ready' });
  });
  // From here on, an error nothing caught is logged and the server serves on; before (the port taken, a
  // bad configuration, a database folder in use) it is fatal, as it should be.
  serveOnUncaughtErrors({ log: stdoutLog, resetDatabase: db.resetConnections });
  stdoutLog.info('listening', { url: `http://localhost:${server.port}`, database: db.kind });
  tellSupervisor({ type: 'listening', port: server.port ?? config.PORT });
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
    site.deps.databaseHealth.stop();
    memory.stop();
    backups?.stopSchedule();
    backups?.control.stop();
    await Promise.all([
      withDeadline(10_000, drained, { onExpiry: () => undefined }),
      worker?.stop(10_000),
      stopWatchingTests?.(),
      retention?.stop(),
      digests?.stop(),
      rollup?.stop(),
      weeklyDigest?.stop(),
      // A backup under way finishes first (seconds); one that hangs is cut off when the database closes.
      backups && withDeadline(10_000, backups.service.idle(), { onExpiry: () => undefined }),
      // A password reset email asked for just before the signal goes out first.
      withDeadline(10_000, site.deps.passwordResets.idle(), { onExpiry: () => undefined }),
    ]);
    await server.stop(true);
    // The page views of the requests just answered, in one last batch (dropped if the database is gone).
    await site.deps.pageViews.stop();
    await db.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  // A supervisor that is gone (kill -9) leaves no process behind holding the port.
  if (processNumber) process.on('disconnect', () => void shutdown('disconnect'));
}

/**
 * The audit's website check (issue 32), as the worker runs it: the guarded engine, with
 * SITE_CHECK_ALLOW_HOSTS. Loaded with the first check (its HTML parser is memory a server that checks
 * no website never needs).
 */
const siteCheckerFor =
  (config: Pick<Config, 'SITE_CHECK_ALLOW_HOSTS' | 'PUBLIC_SITE_URL'>, now: Clock): SiteChecker =>
  async (url, signal) => {
    const { checkSite } = await import('../features/site-check/check-site.ts');
    return checkSite(url, { allowHosts: config.SITE_CHECK_ALLOW_HOSTS, siteUrl: config.PUBLIC_SITE_URL, now, signal });
  };

/**
 * `bun run worker`: the notification worker alone, for a deployment whose web processes run with
 * WORKER=off. It needs PostgreSQL (the embedded database belongs to the server process, which runs its
 * own worker), LISTENs for new work, and on SIGTERM puts deliveries still running back in the queue.
 */
export async function workerMain() {
  const config = configFromEnvironment();
  if (!config.DATABASE_URL) {
    stdoutLog.error('bun run worker needs DATABASE_URL: the embedded database belongs to the server process, whose own worker delivers notifications.');
    process.exit(1);
  }
  setDatabaseDeadline(config.DB_DEADLINE_MS);
  const db = await openDatabase(config, { background: true, log: stdoutLog, statementTimeoutMs: config.DB_DEADLINE_MS });
  await db.ready.catch(cannotOpen);
  const worker = startWorker({ sql: db.sql, config, log: stdoutLog, now: systemClock, listen: db.canListen, siteCheck: siteCheckerFor(config, systemClock) });
  const retention = startRetention(retentionOptions(db, config, systemClock, () => worker.poke()));
  const digests = startStaffDigests({ sql: db.sql, log: stdoutLog, now: systemClock, config });
  const rollup = startAnalyticsRollup(rollupOptions(db, config, systemClock));
  const weeklyDigest = startWeeklyDigest({ sql: db.sql, log: stdoutLog, now: systemClock, config });
  stdoutLog.info('notification worker started', { smtp: config.SMTP_URL ? 'on' : 'off (emails are logged)', webhook: config.LEAD_WEBHOOK_URL ? 'on' : 'off' });
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    stdoutLog.info('shutting down', { signal });
    await Promise.all([worker.stop(10_000), retention.stop(), digests.stop(), rollup.stop(), weeklyDigest.stop()]);
    await db.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

/**
 * The daily retention sweep beside the notification worker (one sweep a day per deployment, whichever
 * process claims it). Its running totals are `Retention.counts`, for /metrics.
 */
function retentionOptions(db: Database, config: Config, now: Clock, queued: () => void) {
  return {
    sql: db.sql,
    log: stdoutLog,
    now,
    retentionDays: config.LEAD_RETENTION_DAYS,
    notifyReceiver: config.LEAD_WEBHOOK_URL !== undefined,
    queued,
    vacuum: db.kind === 'embedded',
  };
}

/** The analytics roll-up beside the retention sweep (each ended day once per deployment, whichever process claims it). */
function rollupOptions(db: Database, config: Config, now: Clock) {
  return { sql: db.sql, log: stdoutLog, now, rawDays: config.ANALYTICS_RAW_DAYS, vacuum: db.kind === 'embedded' };
}

/** The retention sweep's running totals in this process (the process that claimed the day's sweep counts it). */
/** The embedded database's backups, from this server's record of them (features/operations/backup/status.ts). */
function backupMetrics() {
  const { state, lastSuccess } = backupStatus();
  return [
    gauge('backup_failing', "1 while this server's last backup attempt failed, else 0.", [{ value: state === 'failed' ? 1 : 0 }]),
    gauge('backup_last_success_timestamp_seconds', 'When the last backup that worked was taken (Unix time; 0: none since the server started).', [
      { value: lastSuccess ? lastSuccess.at.getTime() / 1000 : 0 },
    ]),
    gauge('backup_last_success_bytes', 'The size of the last backup that worked (0: none since the server started).', [{ value: lastSuccess?.bytes ?? 0 }]),
  ];
}

function retentionMetrics(retention: Retention | null) {
  const counts = retention?.counts;
  return [
    counter('retention_leads_erased_total', 'Leads erased by the retention sweep in this process (LEAD_RETENTION_DAYS passed, never won).', [
      { value: counts?.leadsErased ?? 0 },
    ]),
    counter('retention_ab_tests_archived_total', 'A/B tests whose raw rows the retention sweep in this process archived and deleted.', [
      { value: counts?.abTestsArchived ?? 0 },
    ]),
    counter('retention_ab_events_deleted_total', 'Raw A/B events deleted by the retention sweep in this process (their figures kept).', [
      { value: counts?.abEventsDeleted ?? 0 },
    ]),
    gauge('retention_last_sweep_timestamp_seconds', 'When this process last ran the daily retention sweep (Unix time; 0: not yet).', [
      { value: counts?.lastSweepAt ? counts.lastSweepAt.getTime() / 1000 : 0 },
    ]),
  ];
}
