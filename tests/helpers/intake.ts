import type { IntakeApplication } from '../../lib/intake/schema.ts';

/** A complete Q4 application with a unique id, email and company, so tests never depend on what else is stored. */
export function validIntake(overrides: Partial<IntakeApplication> = {}): IntakeApplication & { id: string } {
  const id = crypto.randomUUID();
  return {
    id,
    firstName: 'Priya',
    lastName: 'Raman',
    workEmail: `priya+${id.slice(0, 8)}@glowmedspa.example`,
    mobile: '416-555-0188',
    company: `Glow Med Spa ${id.slice(0, 8)}`,
    website: 'https://glowmedspa.example',
    industry: 'medspas',
    city: 'Toronto',
    monthlyMarketingBudget: '2500-5000',
    biggestGoal: 'Fill weekday afternoons with new facial clients.',
    howDidYouHear: 'A friend',
    caslConsent: 'true',
    marketingConsent: false,
    ...overrides,
  };
}
