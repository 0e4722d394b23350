import { describe, expect, test } from 'bun:test';
import { INVISIBLE } from '../../tests/fixtures/invisible-text.ts';
import { type AuditFormValues, auditSchema } from './schema.ts';

const valid: AuditFormValues = {
  firstName: 'Marisol',
  lastName: 'Reyes',
  email: 'marisol@spotlessnest.ca',
  phone: '416-555-0199',
  businessName: 'Spotless Nest Cleaning',
  industry: 'other',
  website: 'https://spotlessnest.ca',
  monthlyRevenue: '25000-50000',
  currentMarketing: ['social-media'],
  marketingBudget: '1000-5000',
  primaryGoals: ['lead-generation'],
  timeframe: '1-3-months',
  currentChallenges: ['tracking'],
  onlinePresence: 'fair',
  competitorAnalysis: 'some-idea',
  previousAgency: 'no',
};

/** The message for each failing field, first one per field (as the API and the form show them). */
function errors(input: unknown): Record<string, string> {
  const result = auditSchema.safeParse(input);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) out[issue.path.join('.')] ??= issue.message;
  return out;
}

/** The audit's required text answers and the spec's message for each. */
const REQUIRED_TEXT = { firstName: 'First name is required', lastName: 'Last name is required', businessName: 'Business name is required' } as const;

describe('auditSchema: a required answer with nothing visible in it is an empty answer', () => {
  test.each(Object.entries(REQUIRED_TEXT))('%s of invisible characters only is refused with %p', (field, message) => {
    expect(errors({ ...valid, [field]: '' })).toEqual({ [field]: message });
    for (const c of INVISIBLE) {
      expect(errors({ ...valid, [field]: c })).toEqual({ [field]: message });
      expect(errors({ ...valid, [field]: ` ${c}${c} ` })).toEqual({ [field]: message });
    }
    expect(errors({ ...valid, [field]: INVISIBLE.join(' ') })).toEqual({ [field]: message });
  });

  test('all three at once are each named', () => {
    expect(errors({ ...valid, firstName: '\u200b', lastName: '\u3164', businessName: '\u115f' })).toEqual(REQUIRED_TEXT);
  });

  test('visible answers with such a character inside them still pass, as they are', () => {
    const parsed = auditSchema.parse({ ...valid, firstName: 'Zoë', lastName: '김\u200b', businessName: 'Glow 💆‍♀️ Spa' });
    expect([parsed.firstName, parsed.lastName, parsed.businessName]).toEqual(['Zoë', '김\u200b', 'Glow 💆‍♀️ Spa']);
  });
});
