import * as z from 'zod/mini';
import { FIRST_RETRY_MS } from './leads/notifications.ts';
import { agency } from './site.ts';
import { parseAllowHosts } from './site-check/address.ts';

// Every environment variable the site reads, validated once at start-up: the one reader of the
// environment (each entry point passes process.env to loadConfig; scripts/house-rules.ts checks that
// nothing else reads it).
const optionalText = z.pipe(
  z.optional(z.string()),
  z.transform((v) => (v && v.trim() !== '' ? v.trim() : undefined)),
);

/** A whole number from `min` to `max`, from its text. */
const wholeNumber = (min: number, max: number, tooSmall?: string) => z.pipe(z.coerce.number(), z.int().check(z.minimum(min, tooSmall), z.maximum(max)));

/**
 * A list of hosts let through although their address is private (SITE_CHECK_ALLOW_HOSTS,
 * CALENDAR_ALLOW_HOSTS): comma-separated `host` or `host:port` (lib/site-check/address.ts); none by default.
 */
const allowHosts = z._default(
  z.pipe(
    z.string(),
    z.transform((text, ctx) => {
      const hosts = parseAllowHosts(text);
      if (hosts === null) ctx.issues.push({ code: 'custom', message: 'expected comma-separated host or host:port entries', input: text });
      return hosts ?? [];
    }),
  ),
  [],
);

/**
 * How many proxies in front of the site append to X-Forwarded-For: 0 (the default) trusts none and uses
 * the socket address; 1 (or true/on/yes) the last hop, e.g. a load balancer; 2 a CDN and a load balancer.
 */
const proxyHops = z.pipe(
  z.pipe(
    z.string().check(
      z.trim(),
      z.toLowerCase(),
      z.refine((v) => /^(\d{1,2}|true|false|on|off|yes|no|)$/.test(v), 'expected a number of proxies (0-10), or true/false'),
    ),
    z.transform((v) => (['true', 'on', 'yes'].includes(v) ? 1 : ['false', 'off', 'no', ''].includes(v) ? 0 : Number(v))),
  ),
  z.int().check(z.minimum(0), z.maximum(10)),
);

/** A yes/no switch: true/false, on/off, yes/no, 1/0 (unset or empty: false). */
const flag = z.pipe(
  z.string().check(
    z.trim(),
    z.toLowerCase(),
    z.refine((v) => /^(true|false|on|off|yes|no|1|0|)$/.test(v), 'expected true or false'),
  ),
  z.transform((v) => ['true', 'on', 'yes', '1'].includes(v)),
);

const httpUrl = z.pipe(
  z.url({ protocol: /^https?$/ }),
  z.transform((v) => v.replace(/\/+$/, '')),
);

const emailAddress = z.email();

/** An email address, alone or with a display name: `hello@example.ca` or `"Northline Digital" <hello@example.ca>`. */
const mailbox = z.string().check(
  z.trim(),
  z.refine((v) => {
    const address = v.match(/^(?:"?[^"<>]*"?\s*)?<([^<>\s]+)>$/)?.[1] ?? v;
    return z.safeParse(emailAddress, address).success;
  }, 'expected an email address, or a name and an address: "Name" <name@example.ca>'),
);

/** Comma-separated email addresses (at least one). */
const addressList = z.pipe(
  z.pipe(
    z.string(),
    z.transform((v) =>
      v
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean),
    ),
  ),
  z.array(z.email('expected email addresses separated by commas')).check(z.minLength(1, 'expected at least one email address')),
);

/** A Standard Webhooks signing secret: `whsec_` and 24 to 64 random bytes in base64. */
const webhookSecret = z.string().check(
  z.trim(),
  z.refine((v) => {
    const match = v.match(/^whsec_([A-Za-z0-9+/]+={0,2})$/);
    if (!match) return false;
    try {
      const bytes = atob(match[1]).length;
      return bytes >= 24 && bytes <= 64;
    } catch {
      return false;
    }
  }, 'expected whsec_ followed by 24 to 64 random bytes in base64 (e.g. whsec_ and `openssl rand -base64 32`)'),
);

const LOOPBACK_HOST = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

const envSchema = z.object({
  PORT: z._default(wholeNumber(0, 65535), 3000),
  NODE_ENV: z._default(z.enum(['development', 'production', 'test']), 'development'),
  DATABASE_URL: z.pipe(optionalText, z.optional(z.url({ protocol: /^postgres(ql)?$/ }))),
  DATA_DIR: z._default(z.string().check(z.minLength(1)), './data'),
  PUBLIC_SITE_URL: z.pipe(optionalText, z.optional(httpUrl)),
  RSS_FEED_URL: optionalText,
  OPENAI_API_KEY: optionalText,
  OPENAI_BASE_URL: z.pipe(optionalText, z.optional(httpUrl)),
  OPENAI_MODEL: z._default(z.string().check(z.minLength(1)), 'gpt-4o-mini'),
  AB_DASHBOARD_ACCESS: z.optional(z.enum(['open', 'staff'])),
  /** Retired (basic auth on the dashboard); still read so a deployment that set it is not opened up. */
  ADMIN_PASSWORD: optionalText,
  TRUST_PROXY: z._default(proxyHops, 0),
  RATE_LIMITS: z._default(z.enum(['on', 'off']), 'on'),
  SMTP_URL: z.pipe(optionalText, z.optional(z.url({ protocol: /^smtps?$/, error: 'expected smtp://user:pass@host:587 or smtps://user:pass@host:465' }))),
  MAIL_FROM: z.pipe(optionalText, z.optional(mailbox)),
  LEAD_NOTIFY_EMAIL: z.pipe(optionalText, z.optional(addressList)),
  LEAD_WEBHOOK_URL: z.pipe(optionalText, z.optional(httpUrl)),
  LEAD_WEBHOOK_SECRET: z.pipe(optionalText, z.optional(webhookSecret)),
  WORKER: z._default(z.enum(['on', 'off']), 'on'),
  /** Leads that never became clients are erased this many days after they arrived (features/operations/retention/). */
  LEAD_RETENTION_DAYS: z._default(wholeNumber(30, 36_500, 'expected at least 30 days'), 730),
  /** First-party page-view counting on the server (features/analytics/): no cookie, no script; off counts nothing. */
  ANALYTICS: z._default(z.enum(['on', 'off']), 'on'),
  /** Days raw page views and each visitor's day are kept before deletion (the daily figures are kept for good). */
  ANALYTICS_RAW_DAYS: z._default(wholeNumber(1, 3650, 'expected at least 1 day'), 90),
  /** Server processes on this machine, sharing the port (server/supervisor.ts). */
  WEB_CONCURRENCY: z._default(wholeNumber(1, 64), 1),
  /** Where per-client rate-limit counts live: this process's memory, or PostgreSQL (shared by every process). */
  RATE_LIMIT_STORE: z._default(z.enum(['memory', 'postgres']), 'memory'),
  /** Connections each process may open to PostgreSQL (LISTEN connections come on top). */
  DATABASE_POOL_MAX: z._default(wholeNumber(1, 1000), 10),
  /** DATABASE_URL is a PgBouncer in transaction mode: no prepared statements, no session settings, no LISTEN. */
  DATABASE_PGBOUNCER: z._default(flag, false),
  /**
   * How long a request's database work may take before it is cancelled and answered 503; on PostgreSQL
   * also every connection's statement_timeout and idle_in_transaction_session_timeout.
   */
  DB_DEADLINE_MS: z._default(wholeNumber(50, 120_000), 5000),
  /** The bearer token GET /metrics asks for; unset, only loopback clients get it (and none behind TRUST_PROXY). */
  METRICS_TOKEN: z.pipe(optionalText, z.optional(z.string().check(z.minLength(16, 'expected at least 16 characters (e.g. `openssl rand -hex 32`)')))),
  /** Where backups are written: the embedded database's daily one, and `bun run backup`'s. */
  BACKUP_DIR: z._default(z.string().check(z.trim(), z.minLength(1)), './backups'),
  /** How many backups of the database's kind to keep in BACKUP_DIR: the oldest beyond it are deleted. */
  BACKUP_KEEP: z._default(wholeNumber(1, 1000), 14),
  /**
   * Above this resident memory (MB) the server collects garbage and hands freed memory back at once
   * (server/memory.ts); 0 turns it off. Unset: 200 on the embedded database, 120 on PostgreSQL.
   */
  MEMORY_SOFT_LIMIT_MB: z.optional(wholeNumber(0, 65_536)),
  /**
   * The notification queue's timings, for tests and tuning (features/leads/delivery/worker.ts): how long a
   * claimed job is its worker's before another may take it (renewed every third of it while delivering,
   * so it is how long a killed worker's jobs wait), how often the queue is looked at without a poke, and
   * the first retry's wait, which doubles up to an hour.
   */
  JOB_LEASE_MS: z._default(wholeNumber(300, 3_600_000), 30_000),
  JOB_POLL_MS: z._default(wholeNumber(10, 60_000), 1000),
  JOB_RETRY_MS: z._default(wholeNumber(10, 3_600_000), FIRST_RETRY_MS),
  /** Strategy sessions booked on the site (lib/booking/rules.ts): their length, the least notice a visitor may book with, and how far ahead. */
  BOOKING_SESSION_MINUTES: z._default(wholeNumber(15, 240), 45),
  BOOKING_MIN_NOTICE_HOURS: z._default(wholeNumber(0, 24 * 14), 4),
  BOOKING_DAYS_AHEAD: z._default(wholeNumber(1, 90), 21),
  /**
   * The secret calendar passwords are sealed with (lib/booking/secret-box.ts): required once a staff
   * member connects a CalDAV calendar; changing it means connecting the calendars again.
   */
  APP_SECRET: z.pipe(optionalText, z.optional(z.string().check(z.minLength(32, 'expected at least 32 characters (e.g. `openssl rand -hex 32`)')))),
  /** `bun run staff:booking`'s CalDAV app password when --caldav-password is not given (as STAFF_PASSWORD for staff:add). */
  CALDAV_PASSWORD: z.optional(z.string()),
  /**
   * Hosts a staff member's calendar (CalDAV or iCal feed) may be read from although their address is
   * private: an office's Nextcloud or Radicale, the tests' servers on loopback. Comma-separated `host` or
   * `host:port`, each let through at that port only, as SITE_CHECK_ALLOW_HOSTS (features/booking/calendar/guard.ts).
   */
  CALENDAR_ALLOW_HOSTS: allowHosts,
  /** `bun run staff:add`'s new password (scripts, tests); unset, the command asks on the terminal. Taken as given, spaces and all. */
  STAFF_PASSWORD: z.optional(z.string()),

  // Internal: set by the site on the processes it starts itself, never by hand. The names are a
  // contract between a process and its children (an older binary's children read the same ones).
  /** The server process's number under a supervisor, from 1 (server/supervisor.ts); 0: not one of a supervisor's. */
  WEB_PROCESS: z._default(wholeNumber(0, 64), 0),
  /** `when-ready`: a process started while others serve binds the port only once its database is ready. */
  WEB_PROCESS_JOIN: z._default(z.enum(['at-once', 'when-ready']), 'at-once'),
  /** Set on the process that packs and checks an embedded backup for its server: the paths, as JSON (features/operations/backup/pack-and-check.ts). */
  /**
   * Hosts the site check may fetch although their address is private (tests, intranets): comma-separated
   * `host` or `host:port`, each let through at that port only (lib/site-check/address.ts).
   */
  SITE_CHECK_ALLOW_HOSTS: allowHosts,
  NORTHLINE_BACKUP_PACK_AND_CHECK: optionalText,
});

export type Config = Omit<z.output<typeof envSchema>, 'PUBLIC_SITE_URL' | 'AB_DASHBOARD_ACCESS' | 'ADMIN_PASSWORD' | 'MAIL_FROM' | 'MEMORY_SOFT_LIMIT_MB'> & {
  MEMORY_SOFT_LIMIT_MB: number;
  /** Who the site's emails come from (MAIL_FROM; the agency's own address by default). */
  MAIL_FROM: string;
  /** Who may see the A/B dashboard: anyone (the spec's default) or signed-in staff. */
  AB_DASHBOARD_ACCESS: 'open' | 'staff';
  /** ADMIN_PASSWORD is set: it no longer does anything but keep the dashboard staff-only (the server warns). */
  retiredAdminPasswordSet: boolean;
  PUBLIC_SITE_URL: string;
  /** False when PUBLIC_SITE_URL was not set and the site names itself http://localhost:PORT. */
  publicSiteUrlGiven: boolean;
  isProduction: boolean;
};

/**
 * Whether the site sends email (a mail server is set: SMTP_URL). Without, emails are logged, not sent:
 * staff cannot send from a person's page or reset a password by email, and visitors are not told that
 * an email is on its way.
 */
export const sendsEmail = (config: Pick<Config, 'SMTP_URL'>): boolean => Boolean(config.SMTP_URL);

export class ConfigError extends Error {}

/**
 * Parses the environment (the server reads process.env once, at start-up, and passes it here). A bad
 * value throws a ConfigError whose message is one line naming the variable; missing values fall back
 * to defaults that work, also in production. Without PUBLIC_SITE_URL the site names itself
 * http://localhost:PORT, and `publicSiteUrlGiven` says so (the server warns in production).
 */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const parsed = z.safeParse(envSchema, env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue.path[0] ?? 'environment');
    throw new ConfigError(`Invalid environment variable ${name}: ${issue.message}`);
  }
  const { ADMIN_PASSWORD, AB_DASHBOARD_ACCESS, MAIL_FROM, ...values } = parsed.data;
  const isProduction = values.NODE_ENV === 'production';
  if (values.LEAD_WEBHOOK_URL) {
    const webhook = new URL(values.LEAD_WEBHOOK_URL);
    // Lead data crosses the internet only encrypted; a relay on this machine may listen in plain HTTP.
    if (isProduction && webhook.protocol !== 'https:' && !LOOPBACK_HOST.test(webhook.hostname))
      throw new ConfigError('Invalid environment variable LEAD_WEBHOOK_URL: must be https in production (plain http only to a loopback address)');
    if (!values.LEAD_WEBHOOK_SECRET) throw new ConfigError('Invalid environment variable LEAD_WEBHOOK_SECRET: required when LEAD_WEBHOOK_URL is set');
  }
  // The embedded database is one process's (a kernel lock on DATA_DIR): more processes need PostgreSQL.
  if (values.WEB_CONCURRENCY > 1 && !values.DATABASE_URL)
    throw new ConfigError(
      `Invalid environment variable WEB_CONCURRENCY: ${values.WEB_CONCURRENCY} processes need DATABASE_URL (the embedded database belongs to one process)`,
    );
  return {
    ...values,
    // A dashboard that ADMIN_PASSWORD closed stays closed until someone chooses otherwise.
    AB_DASHBOARD_ACCESS: AB_DASHBOARD_ACCESS ?? (ADMIN_PASSWORD ? 'staff' : 'open'),
    retiredAdminPasswordSet: ADMIN_PASSWORD !== undefined,
    PUBLIC_SITE_URL: values.PUBLIC_SITE_URL ?? `http://localhost:${values.PORT}`,
    publicSiteUrlGiven: values.PUBLIC_SITE_URL !== undefined,
    MAIL_FROM: MAIL_FROM ?? `"${agency.name}" <${agency.email}>`,
    // The embedded database lives in the server's process (its WebAssembly memory and code, about 100 MB).
    MEMORY_SOFT_LIMIT_MB: values.MEMORY_SOFT_LIMIT_MB ?? (values.DATABASE_URL ? 120 : 200),
    isProduction,
  };
}
