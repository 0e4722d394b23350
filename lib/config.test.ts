import { describe, expect, test } from 'bun:test';
import { ConfigError, loadConfig } from './config.ts';

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
});
