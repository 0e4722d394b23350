import { z } from 'zod';

// Every environment variable the server reads, validated once at start-up.
const flag = z.enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no', '']).transform((v) => ['1', 'true', 'on', 'yes'].includes(v));

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined));

const httpUrl = z.url({ protocol: /^https?$/ }).transform((v) => v.replace(/\/+$/, ''));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  DATABASE_URL: optionalText.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  DATA_DIR: z.string().min(1).default('./data'),
  PUBLIC_SITE_URL: optionalText.pipe(httpUrl.optional()),
  RSS_FEED_URL: optionalText,
  OPENAI_API_KEY: optionalText,
  OPENAI_BASE_URL: optionalText.pipe(httpUrl.optional()),
  OPENAI_MODEL: z.string().min(1).default('gpt-4o-mini'),
  ADMIN_PASSWORD: optionalText,
  TRUST_PROXY: flag.default(false),
  RATE_LIMITS: z.enum(['on', 'off']).default('on'),
});

export type Config = Omit<z.output<typeof envSchema>, 'PUBLIC_SITE_URL'> & {
  PUBLIC_SITE_URL: string;
  isProduction: boolean;
};

export class ConfigError extends Error {}

/**
 * Parses the environment. A bad value throws a ConfigError whose message is one line naming the
 * variable; missing values fall back to defaults that work, also in production.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env, warn: (line: string) => void = console.warn): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue.path[0] ?? 'environment');
    throw new ConfigError(`Invalid environment variable ${name}: ${issue.message}`);
  }
  const values = parsed.data;
  let siteUrl = values.PUBLIC_SITE_URL;
  if (!siteUrl) {
    siteUrl = `http://localhost:${values.PORT}`;
    if (values.NODE_ENV === 'production') {
      warn(`PUBLIC_SITE_URL is not set; canonical links will use ${siteUrl}`);
    }
  }
  return { ...values, PUBLIC_SITE_URL: siteUrl, isProduction: values.NODE_ENV === 'production' };
}
