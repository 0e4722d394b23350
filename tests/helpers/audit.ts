import type { AuditFormValues } from '../../lib/audit/schema.ts';

/** A complete submission with a unique email and id, so tests never depend on what else is stored. */
export function validAudit(overrides: Partial<AuditFormValues> = {}): AuditFormValues & { id: string } {
  const id = crypto.randomUUID();
  return {
    id,
    firstName: 'Marisol',
    lastName: 'Reyes',
    email: `marisol+${id}@spotlessnest.example`,
    phone: '416-555-0199',
    businessName: `Spotless Nest Cleaning ${id.slice(0, 8)}`,
    industry: 'other',
    website: 'https://spotlessnest.example',
    monthlyRevenue: '25000-50000',
    currentMarketing: ['social-media', 'referrals'],
    marketingBudget: '1000-5000',
    primaryGoals: ['lead-generation', 'increase-sales'],
    timeframe: '1-3-months',
    currentChallenges: ['low-traffic', 'tracking'],
    onlinePresence: 'fair',
    competitorAnalysis: 'some-idea',
    previousAgency: 'no',
    ...overrides,
  };
}
