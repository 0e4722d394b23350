import { expect } from 'bun:test';
import type { testApp } from './app.ts';
import { validAudit } from './audit.ts';

type TestApp = Awaited<ReturnType<typeof testApp>>;

// Leads for the inbox's tests, sent as a visitor's browser sends them (each with its own email unless given one).

/** A free audit from `business`; its id. */
export async function submitAudit(t: TestApp, business: string, overrides: Record<string, unknown> = {}): Promise<string> {
  const audit = validAudit({ businessName: business, email: `owner+${crypto.randomUUID().slice(0, 6)}@example.com`, ...overrides });
  const res = await t.postJson('/api/business-audit', { ...audit, fillMs: 60_000 }, { referer: 'http://localhost:3000/' });
  expect(res.status).toBe(201);
  return audit.id;
}

/** A Q4 application from `company`; its id. */
export async function submitIntake(t: TestApp, company: string, overrides: Record<string, unknown> = {}): Promise<string> {
  const id = crypto.randomUUID();
  const res = await t.postJson(
    '/api/q4-intake',
    {
      id,
      firstName: 'Priya',
      lastName: 'Raman',
      workEmail: `priya+${crypto.randomUUID().slice(0, 6)}@glow.example`,
      mobile: '416-555-0188',
      company,
      industry: 'medspas',
      city: 'Toronto',
      monthlyMarketingBudget: '2500-5000',
      biggestGoal: 'Fill weekday afternoons with new facial clients.',
      caslConsent: 'true',
      fillMs: 60_000,
      ...overrides,
    },
    { referer: 'http://localhost:3000/q4-intake' },
  );
  expect(res.status).toBe(201);
  return id;
}
