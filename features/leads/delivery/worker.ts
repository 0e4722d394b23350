import type { Sql } from 'postgres';
import {
  claimDueJobs,
  deferJob,
  failJob,
  finishJob,
  JOBS_CHANNEL,
  type Job,
  type JobLane,
  laneOf,
  reclaimExpiredLeases,
  releaseJobs,
  renewLeases,
} from '../../../db/queries/jobs.ts';
import type { Config } from '../../../lib/config.ts';
import { type Channel, nextAttemptAt } from '../../../lib/leads/notifications.ts';
import type { Clock } from '../../../lib/time/clock.ts';
import { withDatabaseDeadline, withDeadline } from '../../../server/deadline.ts';
import type { Logger } from '../../../server/log.ts';
import { deliver } from './deliver.ts';
import { DeliveryFailure } from './failure.ts';
import { createMailer, type Mailer, withoutAddresses, withoutMailboxes } from './mailer.ts';
import type { DeliveryDeps, SiteChecker } from './types.ts';
import { WEBHOOK_TIMEOUT_MS } from './webhook.ts';

// The notification worker: claims due jobs from the queue (db/queries/jobs.ts), delivers a few at a
// time, records each outcome, and retries failures with backoff until they are dead. The audits' website
// checks have slots of their own, apart from the deliveries' (the lanes of db/queries/jobs.ts): a check may
// wait its whole 5 s on a site that takes the connection and never answers, and a stranger can name as
// many such sites as the audit's rate limit lets them, so checks queue behind checks and never in front of
// an email, a webhook or a booking's job. It runs inside the server process by default (WORKER=off for
// web-only processes; `bun run worker` for a worker alone).
// Work arrives by a poke from this process's submissions, by LISTEN on PostgreSQL from other
// processes, and by polling, which also picks up retries as they fall due and jobs a killed worker left.

export type WorkerOptions = {
  sql: Sql;
  /** What to deliver with, and the queue's timings (JOB_LEASE_MS, JOB_POLL_MS, JOB_RETRY_MS: lib/config.ts). */
  config: DeliveryDeps['config'] & Pick<Config, 'SMTP_URL' | 'JOB_LEASE_MS' | 'JOB_POLL_MS' | 'JOB_RETRY_MS'>;
  log: Logger;
  /** The clock: leases, retries and the housekeeping's pace all go by it, so a test that moves it moves them all. */
  now: Clock;
  /** Whether to LISTEN for work queued by other processes (PostgreSQL; the embedded database is one process's). */
  listen?: boolean;
  mailer?: Mailer;
  /** Deliveries (emails, webhooks, booking jobs) at once in this process. */
  concurrency?: number;
  /** Website checks at once in this process, in slots of their own beside the deliveries'. */
  siteCheckConcurrency?: number;
  webhookTimeoutMs?: number;
  /** Jitter for retries, in [0, 1). */
  random?: () => number;
  /**
   * Checks an audit's website (channel 'site-check'): the site hands in the engine bound to its
   * SITE_CHECK_ALLOW_HOSTS (site/main.ts); without one, every website check ends as not checked.
   */
  siteCheck?: SiteChecker;
  /** Told each attempt's outcome (for /metrics): delivered, or failed. */
  onOutcome?: (channel: Channel, outcome: 'sent' | 'failed') => void;
};

export type LeadWorker = {
  /** Look at the queue now (a submission just queued work). */
  poke(): void;
  /**
   * Stops claiming, gives deliveries under way up to `graceMs` to finish, and puts the ones still
   * running back in the queue (their try not counted) for the next worker.
   */
  stop(graceMs?: number): Promise<void>;
};

const CONCURRENCY = 4;
/**
 * Fewer than the deliveries: a check is mostly waiting on someone else's site, reads up to 2 MB and
 * parses it, and an audit's results email goes after 15 s whether or not its check is done.
 */
const SITE_CHECK_CONCURRENCY = 2;

/** A worker given no site checker (a test of other jobs) ends each website check as not checked. */
const notChecking =
  (now: Clock): SiteChecker =>
  async (url) => ({ status: 'failed', url, checkedAt: now().toISOString(), checks: [], reason: 'The website check is not set up here.' });

export function startWorker(options: WorkerOptions): LeadWorker {
  const { sql, config, log, now } = options;
  const random = options.random ?? Math.random;
  const slots: Record<JobLane, number> = {
    deliveries: options.concurrency ?? CONCURRENCY,
    'site-checks': options.siteCheckConcurrency ?? SITE_CHECK_CONCURRENCY,
  };
  // A claim lasts leaseMs unless renewed: the worker renews its claims every third of it while it
  // delivers (a heartbeat), so only a worker that died loses its jobs, and they are tried again this long after.
  const { JOB_POLL_MS: pollMs, JOB_LEASE_MS: leaseMs, JOB_RETRY_MS: firstRetryMs } = config;
  const deps: DeliveryDeps = {
    sql,
    config,
    log,
    now,
    mailer: options.mailer ?? createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM }),
    webhookTimeoutMs: options.webhookTimeoutMs ?? WEBHOOK_TIMEOUT_MS,
    siteCheck: options.siteCheck ?? notChecking(now),
  };

  const inFlight = new Map<string, { job: Job; controller: AbortController; done: Promise<void> }>();
  const busy = (lane: JobLane) => {
    let n = 0;
    for (const d of inFlight.values()) if (laneOf(d.job) === lane) n++;
    return n;
  };
  let running = true;
  let poked = true;
  let wake: (() => void) | null = null;
  const poke = () => {
    poked = true;
    wake?.();
  };

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (poked || !running) return resolve();
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = null;
        resolve();
      }
      wake = done;
    });

  const run = (job: Job) => {
    const controller = new AbortController();
    const started = performance.now();
    const fields = { channel: job.channel, leadKind: job.leadKind, leadId: job.leadId, attempt: job.attempts };
    const done = (async () => {
      try {
        const outcome = await deliver(job, deps, controller.signal);
        if (controller.signal.aborted) return; // stopped meanwhile: already back in the queue
        if (outcome.state === 'deferred') {
          // Not yet (the results email waiting for its website check): back in the queue, the try not counted.
          await withDatabaseDeadline(sql, (db) => deferJob(db, job, outcome.until, now()));
          return;
        }
        if (outcome.state === 'delivered') options.onOutcome?.(job.channel, 'sent');
        const recorded = await withDatabaseDeadline(sql, (db) => finishJob(db, job, outcome, now()));
        if (recorded) log.info(`notification ${outcome.state}`, { ...fields, ms: Math.round(performance.now() - started) });
        else log.warn('notification delivered after its lease ran out', fields);
      } catch (error) {
        if (controller.signal.aborted) return;
        const failure =
          error instanceof DeliveryFailure ? error : new DeliveryFailure(withoutMailboxes(String((error as Error)?.message ?? error)).slice(0, 500));
        options.onOutcome?.(job.channel, 'failed');
        const retryAt = nextAttemptAt({
          attempts: job.attempts,
          now: now(),
          giveUpAt: job.giveUpAt,
          permanent: failure.permanent,
          random: random(),
          firstRetryMs,
        });
        try {
          await withDatabaseDeadline(sql, (db) => failJob(db, job, { error: failure.message, retryAt }, now()));
          const logged = withoutAddresses(failure.message);
          if (retryAt) log.warn('notification failed, will retry', { ...fields, error: logged, retryAt: retryAt.toISOString() });
          else log.error('notification failed for good', { ...fields, error: logged });
        } catch (recordError) {
          // Its lease runs out and it is tried again.
          log.warn('notification failure could not be recorded', { ...fields, error: String(recordError) });
        }
      } finally {
        inFlight.delete(job.id);
        poke();
      }
    })();
    inFlight.set(job.id, { job, controller, done });
  };

  // Every third of a lease by the clock the leases are stamped with: renew this worker's claims, and take
  // back those of a worker that died. A clock that went back housekeeps at once.
  let housekeptAt = Number.NEGATIVE_INFINITY;
  const housekeep = async () => {
    const at = now().getTime();
    if (at >= housekeptAt && at - housekeptAt < leaseMs / 3) return;
    housekeptAt = at;
    const jobs = [...inFlight.values()].map((d) => d.job);
    await withDatabaseDeadline(sql, (db) => renewLeases(db, jobs, new Date(now().getTime() + leaseMs)));
    await withDatabaseDeadline(sql, (db) => reclaimExpiredLeases(db, now()));
  };

  const loop = (async () => {
    while (running) {
      poked = false;
      try {
        await housekeep();
        // Each lane fills its own free slots, deliveries first; a claimed job starts before the next claim,
        // so a claim that fails leaves none of them unrun.
        for (const lane of ['deliveries', 'site-checks'] as const) {
          const free = slots[lane] - busy(lane);
          if (free <= 0) continue;
          const at = now();
          const jobs = await withDatabaseDeadline(sql, (db) => claimDueJobs(db, { lane, limit: free, now: at, leasedUntil: new Date(at.getTime() + leaseMs) }));
          if (!running) {
            // Stopped while claiming: hand them straight back.
            await releaseJobs(sql, jobs, now());
            break;
          }
          for (const job of jobs) run(job);
          // A full batch: there may be more due right away.
          if (jobs.length > 0 && jobs.length === free) poked = true;
        }
      } catch (error) {
        log.warn('the notification worker cannot reach the database; trying again', { error: String((error as Error)?.message ?? error) });
      }
      await sleep(Math.min(pollMs, leaseMs / 3));
    }
  })();

  let unlisten: (() => Promise<void>) | null = null;
  if (options.listen) {
    sql
      .listen(JOBS_CHANNEL, poke)
      .then((listener) => {
        unlisten = listener.unlisten;
        if (!running) void listener.unlisten();
      })
      .catch((error) => log.warn('cannot LISTEN for notifications; polling only', { error: String(error) }));
  }

  return {
    poke,
    async stop(graceMs = 10_000) {
      if (!running) return;
      running = false;
      poke();
      await loop;
      await withDeadline(graceMs, Promise.allSettled([...inFlight.values()].map((d) => d.done)), { onExpiry: () => undefined });
      const unfinished = [...inFlight.values()];
      for (const d of unfinished) d.controller.abort();
      if (unfinished.length > 0) {
        await releaseJobs(
          sql,
          unfinished.map((d) => d.job),
          now(),
        );
        log.info('notifications returned to the queue at shutdown', { count: unfinished.length });
      }
      await unlisten?.();
      deps.mailer.close();
    },
  };
}
