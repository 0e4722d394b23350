import { describe, expect, test } from 'bun:test';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  test('every variable has a working default', () => {
    const config = loadConfig({}, () => {});
    expect(config).toMatchObject({
      PORT: 3000,
      NODE_ENV: 'development',
      DATA_DIR: './data',
      PUBLIC_SITE_URL: 'http://localhost:3000',
      RATE_LIMITS: 'on',
      TRUST_PROXY: false,
    });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  test('production without PUBLIC_SITE_URL falls back to localhost and warns once', () => {
    const warnings: string[] = [];
    const config = loadConfig({ NODE_ENV: 'production', PORT: '8080' }, (w) => warnings.push(w));
    expect(config.PUBLIC_SITE_URL).toBe('http://localhost:8080');
    expect(config.isProduction).toBe(true);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('PUBLIC_SITE_URL');
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
    expect(config.TRUST_PROXY).toBe(true);
    expect(config.RATE_LIMITS).toBe('off');
  });

  test.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['NODE_ENV', 'staging'],
    ['DATABASE_URL', 'mysql://root@localhost/db'],
    ['PUBLIC_SITE_URL', 'ftp://example.com'],
    ['OPENAI_BASE_URL', 'not a url'],
    ['TRUST_PROXY', 'perhaps'],
    ['RATE_LIMITS', 'sometimes'],
  ])('a bad %s stops start-up with one line naming it', (name, value) => {
    let error: unknown;
    try {
      loadConfig({ [name]: value }, () => {});
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toStartWith(`Invalid environment variable ${name}:`);
    expect(message).not.toContain('\n');
  });
});
