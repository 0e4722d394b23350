import { describe, expect, test } from 'bun:test';
import { ConfigError, loadConfig, sendsEmail } from './config.ts';

describe('loadConfig', () => {
  test('every variable has a working default', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      NODE_ENV: 'development',
      DATA_DIR: './data',
      PUBLIC_SITE_URL: 'http://localhost:3000',
      RATE_LIMITS: 'on',
      TRUST_PROXY: 0,
      BACKUP_DIR: './backups',
      BACKUP_KEEP: 14,
    });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  test('without PUBLIC_SITE_URL the site names itself localhost on its port, and says the address was not given', () => {
    const config = loadConfig({ NODE_ENV: 'production', PORT: '8080' });
    expect(config.PUBLIC_SITE_URL).toBe('http://localhost:8080');
    expect(config.publicSiteUrlGiven).toBe(false);
    expect(config.isProduction).toBe(true);
    expect(loadConfig({ PUBLIC_SITE_URL: 'https://toronto.example.ca' }).publicSiteUrlGiven).toBe(true);
  });

  test('reads and normalises given values', () => {
    const config = loadConfig({
      PUBLIC_SITE_URL: 'https://toronto.example.ca/',
      DATABASE_URL: 'postgres://u@db:5432/site',
      TRUST_PROXY: 'true',
      RATE_LIMITS: 'off',
      DATA_DIR: '/var/lib/site',
    });
    expect(config.PUBLIC_SITE_URL).toBe('https://toronto.example.ca');
    expect(config.DATABASE_URL).toBe('postgres://u@db:5432/site');
    expect(config.TRUST_PROXY).toBe(1);
    expect(config.RATE_LIMITS).toBe('off');
  });

  test.each([
    ['', 0],
    ['false', 0],
    ['0', 0],
    ['true', 1],
    ['on', 1],
    ['1', 1],
    ['2', 2],
    [' 3 ', 3],
  ])('TRUST_PROXY=%p trusts %p proxies', (value, hops) => {
    expect(loadConfig({ TRUST_PROXY: value as string }).TRUST_PROXY).toBe(hops as number);
  });

  test.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['NODE_ENV', 'staging'],
    ['DATABASE_URL', 'mysql://root@localhost/db'],
    ['PUBLIC_SITE_URL', 'ftp://example.com'],
    ['OPENAI_BASE_URL', 'not a url'],
    ['TRUST_PROXY', 'perhaps'],
    ['TRUST_PROXY', '11'],
    ['TRUST_PROXY', '-1'],
    ['RATE_LIMITS', 'sometimes'],
    ['SMTP_URL', 'http://mail.example.com'],
    ['SMTP_URL', 'smtp//nope'],
    ['MAIL_FROM', 'Northline'],
    ['MAIL_FROM', '"Northline" <not an address>'],
    ['LEAD_NOTIFY_EMAIL', 'maya@northlinedigital.ca, nobody'],
    ['LEAD_NOTIFY_EMAIL', ' , '],
    ['LEAD_WEBHOOK_URL', 'ftp://hooks.example.com'],
    ['LEAD_WEBHOOK_SECRET', 'secret'],
    ['LEAD_WEBHOOK_SECRET', 'whsec_c2hvcnQ='],
    ['LEAD_WEBHOOK_SECRET', 'whsec_!!!'],
    ['BACKUP_DIR', '  '],
    ['BACKUP_KEEP', '0'],
    ['BACKUP_KEEP', 'all'],
    ['BACKUP_KEEP', '2.5'],
    ['WORKER', 'maybe'],
    ['LEAD_RETENTION_DAYS', '7'],
    ['LEAD_RETENTION_DAYS', 'forever'],
    ['LEAD_RETENTION_DAYS', '365.5'],
    ['WEB_CONCURRENCY', '0'],
    ['WEB_CONCURRENCY', 'two'],
    ['WEB_CONCURRENCY', '1.5'],
    ['WEB_CONCURRENCY', '65'],
    ['RATE_LIMIT_STORE', 'redis'],
    ['ANALYTICS', 'maybe'],
    ['ANALYTICS', 'false'],
    ['ANALYTICS_RAW_DAYS', '0'],
    ['ANALYTICS_RAW_DAYS', 'ninety'],
    ['ANALYTICS_RAW_DAYS', '30.5'],
    ['ANALYTICS_RAW_DAYS', '3651'],
    ['DATABASE_POOL_MAX', '0'],
    ['DATABASE_POOL_MAX', 'many'],
    ['DATABASE_PGBOUNCER', 'transaction'],
    ['SITE_CHECK_ALLOW_HOSTS', 'http://fixtures.test'],
    ['SITE_CHECK_ALLOW_HOSTS', '127.0.0.1:8080/admin'],
    ['SITE_CHECK_ALLOW_HOSTS', 'user@fixtures.test'],
  ])('a bad %s stops start-up with one line naming it', (name, value) => {
    let error: unknown;
    try {
      loadConfig({ [name]: value });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toStartWith(`Invalid environment variable ${name}:`);
    expect(message).not.toContain('\n');
  });

  const secret = `whsec_${btoa('n'.repeat(32))}`;

  test('notifications: SMTP, sender, recipients, webhook and worker', () => {
    const config = loadConfig({
      SMTP_URL: 'smtp://site:pw@smtp.example.ca:587',
      MAIL_FROM: '"Northline Leads" <leads@northlinedigital.ca>',
      LEAD_NOTIFY_EMAIL: 'maya@northlinedigital.ca, dev@northlinedigital.ca,',
      LEAD_WEBHOOK_URL: 'https://hooks.example.com/lead/',
      LEAD_WEBHOOK_SECRET: secret,
      WORKER: 'off',
    });
    expect(config).toMatchObject({
      SMTP_URL: 'smtp://site:pw@smtp.example.ca:587',
      MAIL_FROM: '"Northline Leads" <leads@northlinedigital.ca>',
      LEAD_NOTIFY_EMAIL: ['maya@northlinedigital.ca', 'dev@northlinedigital.ca'],
      LEAD_WEBHOOK_URL: 'https://hooks.example.com/lead',
      LEAD_WEBHOOK_SECRET: secret,
      WORKER: 'off',
    });
    const defaults = loadConfig({});
    expect(defaults.MAIL_FROM).toBe('"Northline Digital" <hello@northlinedigital.ca>');
    expect(defaults.WORKER).toBe('on');
    expect(defaults.SMTP_URL).toBeUndefined();
    // Whether the site sends email at all: what the staff and visitor pages say rests on it.
    expect(sendsEmail(defaults)).toBe(false);
    expect(sendsEmail(loadConfig({ SMTP_URL: '' }))).toBe(false);
    expect(sendsEmail(loadConfig({ SMTP_URL: 'smtp://site:pw@smtp.example.ca:587' }))).toBe(true);
  });

  test('a webhook needs its secret, and https in production unless it is on this machine', () => {
    expect(() => loadConfig({ LEAD_WEBHOOK_URL: 'https://hooks.example.com/x' })).toThrow('Invalid environment variable LEAD_WEBHOOK_SECRET: required');
    expect(() => loadConfig({ NODE_ENV: 'production', LEAD_WEBHOOK_URL: 'http://hooks.example.com/x', LEAD_WEBHOOK_SECRET: secret })).toThrow(
      'Invalid environment variable LEAD_WEBHOOK_URL: must be https in production',
    );
    for (const local of ['http://127.0.0.1:9000/x', 'http://localhost:9000/x', 'http://[::1]:9000/x'])
      expect(loadConfig({ NODE_ENV: 'production', LEAD_WEBHOOK_URL: local, LEAD_WEBHOOK_SECRET: secret }).LEAD_WEBHOOK_URL).toBe(local);
    expect(loadConfig({ LEAD_WEBHOOK_URL: 'http://hooks.example.com/x', LEAD_WEBHOOK_SECRET: secret }).LEAD_WEBHOOK_URL).toBe('http://hooks.example.com/x');
  });

  test('retention: leads are kept 730 days unless set otherwise, never under 30', () => {
    expect(loadConfig({}).LEAD_RETENTION_DAYS).toBe(730);
    expect(loadConfig({ LEAD_RETENTION_DAYS: '1095' }).LEAD_RETENTION_DAYS).toBe(1095);
    expect(loadConfig({ LEAD_RETENTION_DAYS: '30' }).LEAD_RETENTION_DAYS).toBe(30);
  });

  test('analytics: on, raw rows kept 90 days, unless set otherwise', () => {
    expect(loadConfig({})).toMatchObject({ ANALYTICS: 'on', ANALYTICS_RAW_DAYS: 90 });
    expect(loadConfig({ ANALYTICS: 'off', ANALYTICS_RAW_DAYS: '30' })).toMatchObject({ ANALYTICS: 'off', ANALYTICS_RAW_DAYS: 30 });
    expect(loadConfig({ ANALYTICS_RAW_DAYS: '1' }).ANALYTICS_RAW_DAYS).toBe(1);
  });

  test("the notification queue's timings: 30 s lease, 1 s poll, 5 s first retry unless set (for tests and tuning)", () => {
    expect(loadConfig({})).toMatchObject({ JOB_LEASE_MS: 30_000, JOB_POLL_MS: 1000, JOB_RETRY_MS: 5000 });
    expect(loadConfig({ JOB_LEASE_MS: '2000', JOB_POLL_MS: '100', JOB_RETRY_MS: '200' })).toMatchObject({
      JOB_LEASE_MS: 2000,
      JOB_POLL_MS: 100,
      JOB_RETRY_MS: 200,
    });
    expect(() => loadConfig({ JOB_LEASE_MS: '50' })).toThrow('Invalid environment variable JOB_LEASE_MS:');
  });

  test('scaling: processes, where rate limits count, the pool and PgBouncer', () => {
    const defaults = loadConfig({});
    expect(defaults).toMatchObject({ WEB_CONCURRENCY: 1, RATE_LIMIT_STORE: 'memory', DATABASE_POOL_MAX: 10, DATABASE_PGBOUNCER: false });
    const scaled = loadConfig({
      DATABASE_URL: 'postgres://u@db:5432/site',
      WEB_CONCURRENCY: '4',
      RATE_LIMIT_STORE: 'postgres',
      DATABASE_POOL_MAX: '5',
      DATABASE_PGBOUNCER: 'true',
    });
    expect(scaled).toMatchObject({ WEB_CONCURRENCY: 4, RATE_LIMIT_STORE: 'postgres', DATABASE_POOL_MAX: 5, DATABASE_PGBOUNCER: true });
    for (const [value, on] of [
      ['on', true],
      ['1', true],
      ['Yes', true],
      ['off', false],
      ['0', false],
      ['', false],
    ] as const)
      expect(loadConfig({ DATABASE_PGBOUNCER: value }).DATABASE_PGBOUNCER).toBe(on);
    // The shared store works on either database (one embedded process counts in its own tables).
    expect(loadConfig({ RATE_LIMIT_STORE: 'postgres' }).RATE_LIMIT_STORE).toBe('postgres');
  });

  test('what the site sets on its own processes, and the staff command’s password', () => {
    const unset = loadConfig({});
    expect(unset).toMatchObject({ WEB_PROCESS: 0, WEB_PROCESS_JOIN: 'at-once' });
    expect([unset.NORTHLINE_BACKUP_PACK_AND_CHECK, unset.STAFF_PASSWORD]).toEqual([undefined, undefined]);
    expect(
      loadConfig({ WEB_PROCESS: '3', WEB_PROCESS_JOIN: 'when-ready', NORTHLINE_BACKUP_PACK_AND_CHECK: '{"copy":"/a"}', STAFF_PASSWORD: ' two words ' }),
    ).toMatchObject({ WEB_PROCESS: 3, WEB_PROCESS_JOIN: 'when-ready', NORTHLINE_BACKUP_PACK_AND_CHECK: '{"copy":"/a"}', STAFF_PASSWORD: ' two words ' });
    expect(() => loadConfig({ WEB_PROCESS_JOIN: 'later' })).toThrow('Invalid environment variable WEB_PROCESS_JOIN');
    expect(() => loadConfig({ WEB_PROCESS: '-1' })).toThrow('Invalid environment variable WEB_PROCESS');
  });

  test('more than one process on the embedded database is refused with one line', () => {
    expect(loadConfig({ WEB_CONCURRENCY: '1' }).WEB_CONCURRENCY).toBe(1);
    let error: unknown;
    try {
      loadConfig({ WEB_CONCURRENCY: '2' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toBe(
      'Invalid environment variable WEB_CONCURRENCY: 2 processes need DATABASE_URL (the embedded database belongs to one process)',
    );
  });
});

test('SITE_CHECK_ALLOW_HOSTS: none by default; hosts and host:ports, each at its port', () => {
  expect(loadConfig({}).SITE_CHECK_ALLOW_HOSTS).toEqual([]);
  expect(loadConfig({ SITE_CHECK_ALLOW_HOSTS: ' 127.0.0.1:4100 , Intranet.Example ' }).SITE_CHECK_ALLOW_HOSTS).toEqual([
    { host: '127.0.0.1', port: 4100 },
    { host: 'intranet.example' },
  ]);
});
