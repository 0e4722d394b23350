import type { Sql } from 'postgres';
import { claimWeeklyDigest, finishWeeklyDigest, type WeeklyClaim, weeklyFigures } from '../../db/queries/analytics-digest.ts';
import { rangeInstants } from '../../lib/analytics/range.ts';
import { weekDue, weekKey, weeklyDigestEmail } from '../../lib/analytics/weekly-digest.ts';
import type { Config } from '../../lib/config.ts';
import { DIGEST_RETRY } from '../../lib/people/digest.ts';
import { emailDomain } from '../../lib/text/email-domain.ts';
import { isoDay } from '../../lib/time/calendar.ts';
import type { Clock } from '../../lib/time/clock.ts';
import { withDatabaseDeadline } from '../../server/deadline.ts';
import type { Logger } from '../../server/log.ts';
import { sendAndRecord, sendClaimedEmail } from '../leads/delivery/claimed-email.ts';
import { createMailer, type Mailer } from '../leads/delivery/mailer.ts';
import { startLooks } from '../operations/looks.ts';

// The owner's Monday email (lib/analytics/weekly-digest.ts) to LEAD_NOTIFY_EMAIL, beside the staff's
// morning email and on the same mechanism (features/people/digest.ts): site/main.ts starts it in every
// process that runs the notification worker; every minute by the deps' clock (so tests move it) each
// looks whether last week's email is due and claims the week's row (db/queries/analytics-digest.ts)
// before sending, so it is sent once however many processes look. A refused send is tried again at a
// later look, as the staff's is (DIGEST_RETRY).

export type WeeklyDigestOptions = {
  sql: Sql;
  log: Logger;
  now: Clock;
  config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'PUBLIC_SITE_URL' | 'LEAD_NOTIFY_EMAIL'>;
  mailer?: Mailer;
  /** How often to look (a minute), and how long after start the first look is. */
  checkEveryMs?: number;
  firstCheckMs?: number;
};

/** What one look did: the week it is for, and whether this process sent it, failed, or found it not its to send. */
export type WeeklyDigestRun = { week: string; outcome: 'sent' | 'failed' | 'not-mine' };

export type WeeklyDigest = {
  /** Sends last week's email when due and claimable here; null when none is due (Wednesday to Sunday, Monday before 08:00). */
  runDue(): Promise<WeeklyDigestRun | null>;
  /** No further looks; waits for a look under way. */
  stop(): Promise<void>;
};

type Outcome = Parameters<typeof finishWeeklyDigest>[2];

const CHECK_EVERY_MS = 60_000;
/** Not in the first moments after start, when the embedded database is busiest. */
const FIRST_CHECK_MS = 30_000;

export function startWeeklyDigest(options: WeeklyDigestOptions): WeeklyDigest {
  const { sql, log, now, config } = options;
  const mailer = options.mailer ?? createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM });
  const to = config.LEAD_NOTIFY_EMAIL ?? [];

  /** The claimed week's email; what to record. */
  const sendWeek = async (claim: WeeklyClaim, week: NonNullable<ReturnType<typeof weekDue>>, at: Date): Promise<Outcome> => {
    const figures = await withDatabaseDeadline(sql, (db) =>
      weeklyFigures(db, { week, ...rangeInstants({ from: isoDay(week.from), to: isoDay(week.to) }) }, at),
    );
    // Counts only: no names, no addresses.
    const fields = {
      week: claim.week,
      attempt: claim.attempts,
      visitors: figures.visitors,
      leads: figures.leads,
      booked: figures.booked,
      won: figures.won,
      waiting: figures.waitingCount,
    };
    if (to.length === 0) {
      log.info('weekly digest not sent: LEAD_NOTIFY_EMAIL is not set', fields);
      return { state: 'failed', detail: 'Not sent: LEAD_NOTIFY_EMAIL is not set', final: true, attempts: DIGEST_RETRY.attempts };
    }
    if (!mailer.configured) {
      log.info('weekly digest not sent: SMTP_URL is not set', fields);
      return { state: 'failed', detail: 'Not sent: SMTP_URL is not set', final: true, attempts: DIGEST_RETRY.attempts };
    }
    return sendClaimedEmail({
      mailer,
      log,
      what: 'weekly digest',
      fields,
      attempt: claim.attempts,
      email: {
        to,
        replyTo: config.MAIL_FROM,
        messageId: `<weekly-digest.${claim.week}@${emailDomain(config.MAIL_FROM)}>`,
        message: weeklyDigestEmail(figures, { siteUrl: config.PUBLIC_SITE_URL, now: at }),
      },
    });
  };

  const sendDue = async (): Promise<WeeklyDigestRun | null> => {
    const at = now();
    const week = weekDue(at);
    if (!week) return null;
    const key = weekKey(week);
    const claim = await withDatabaseDeadline(sql, (db) => claimWeeklyDigest(db, { week: key, now: at }, DIGEST_RETRY));
    if (!claim) return { week: key, outcome: 'not-mine' };
    const outcome = await sendAndRecord(
      () => sendWeek(claim, week, at),
      (tried) => withDatabaseDeadline(sql, (db) => finishWeeklyDigest(db, claim, tried, now())),
      () => log.warn('weekly digest outcome not recorded (the claim was lost)', { week: key }),
    );
    return { week: key, outcome };
  };

  const looks = startLooks(sendDue, {
    log,
    failure: 'the weekly digest did not finish; it is tried again at the next look',
    firstMs: options.firstCheckMs ?? FIRST_CHECK_MS,
    everyMs: options.checkEveryMs ?? CHECK_EVERY_MS,
  });

  return {
    runDue: looks.runDue,
    async stop() {
      await looks.stop();
      if (!options.mailer) mailer.close();
    },
  };
}
