import type { Sql } from 'postgres';
import { claimDigest, type DigestClaim, dueForDigest, finishDigest, staffForDigest } from '../../db/queries/digests.ts';
import type { Config } from '../../lib/config.ts';
import { DIGEST_RETRY, digestCounts, digestDay, digestDayKey, digestEmail, endOfDay } from '../../lib/people/digest.ts';
import type { StaffRole } from '../../lib/staff/roles.ts';
import { emailDomain } from '../../lib/text/email-domain.ts';
import type { Clock } from '../../lib/time/clock.ts';
import { withDatabaseDeadline } from '../../server/deadline.ts';
import type { Logger } from '../../server/log.ts';
import { sendAndRecord, sendClaimedEmail } from '../leads/delivery/claimed-email.ts';
import { createMailer, type Mailer } from '../leads/delivery/mailer.ts';
import { startLooks } from '../operations/looks.ts';

// The staff's morning email, beside the notification worker and the retention sweep (site/main.ts starts
// it in every process that runs the worker): every minute by the deps' clock (so tests move it), each
// process looks whether today's emails are due (lib/people/digest.ts: a business day, 08:00 to 18:00
// Toronto) and claims each staff member's row for the day (db/queries/digests.ts) before sending, so each
// is sent once however many processes look. A refused send is tried again at a later look.

export type DigestOptions = {
  sql: Sql;
  log: Logger;
  now: Clock;
  config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'PUBLIC_SITE_URL'>;
  mailer?: Mailer;
  /** How often to look (a minute), and how long after start the first look is. */
  checkEveryMs?: number;
  firstCheckMs?: number;
};

/** What one look did: the day, and per staff member claimed, what came of it. */
export type DigestRun = { day: string; sent: number; skipped: number; failed: number };

export type StaffDigests = {
  /** Sends what is due now and claimable here; null outside the window (a weekend, a holiday, before 08:00, after 18:00). */
  runDue(): Promise<DigestRun | null>;
  /** No further looks; waits for a look under way. */
  stop(): Promise<void>;
};

type Outcome = Parameters<typeof finishDigest>[2];

const CHECK_EVERY_MS = 60_000;
/** Not in the first moments after start, when the embedded database is busiest. */
const FIRST_CHECK_MS = 30_000;

export function startStaffDigests(options: DigestOptions): StaffDigests {
  const { sql, log, now, config } = options;
  const mailer = options.mailer ?? createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM });
  /** One staff member's email for a claimed day; what to record. */
  const sendOne = async (
    claim: DigestClaim,
    staff: { id: string; email: string; role: StaffRole },
    at: Date,
    day: NonNullable<ReturnType<typeof digestDay>>,
  ): Promise<Outcome> => {
    const [mine, unassigned] = await withDatabaseDeadline(sql, (db) =>
      Promise.all([dueForDigest(db, staff.id, endOfDay(day)), dueForDigest(db, null, endOfDay(day))]),
    );
    const counts = digestCounts({ mine, unassigned, now: at });
    // The staff member's id and counts only: no names, no addresses.
    const fields = { user: staff.id, day: claim.day, attempt: claim.attempts, ...counts };
    const message = digestEmail({ day, now: at, mine, unassigned, assigns: staff.role === 'owner', siteUrl: config.PUBLIC_SITE_URL });
    if (!message) {
      log.info('staff digest skipped: nothing due or overdue', fields);
      return { state: 'skipped', detail: `Nothing of theirs due or overdue${counts.unassigned > 0 ? ` (${counts.unassigned} not yet assigned)` : ''}` };
    }
    if (!mailer.configured) {
      log.info('staff digest not sent: SMTP_URL is not set', fields);
      return { state: 'skipped', detail: 'SMTP_URL is not set' };
    }
    return sendClaimedEmail({
      mailer,
      log,
      what: 'staff digest',
      fields,
      attempt: claim.attempts,
      email: { to: [staff.email], replyTo: config.MAIL_FROM, messageId: `<staff-digest.${claim.day}.${staff.id}@${emailDomain(config.MAIL_FROM)}>`, message },
    });
  };

  const sendDue = async (): Promise<DigestRun | null> => {
    const at = now();
    const day = digestDay(at);
    if (!day) return null;
    const key = digestDayKey(day);
    const run: DigestRun = { day: key, sent: 0, skipped: 0, failed: 0 };
    const staff = await withDatabaseDeadline(sql, (db) => staffForDigest(db));
    for (const member of staff) {
      if (looks.stopping()) break;
      const claim = await withDatabaseDeadline(sql, (db) => claimDigest(db, { userId: member.id, day: key, now: at }, DIGEST_RETRY));
      if (!claim) continue;
      const outcome = await sendAndRecord(
        () => sendOne(claim, member, at, day),
        (tried) => withDatabaseDeadline(sql, (db) => finishDigest(db, claim, tried, now())),
        () => log.warn('staff digest outcome not recorded (the claim was lost)', { user: member.id, day: key }),
      );
      run[outcome]++;
    }
    return run;
  };

  const looks = startLooks(sendDue, {
    log,
    failure: 'the staff digests did not finish; they are tried again at the next look',
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
