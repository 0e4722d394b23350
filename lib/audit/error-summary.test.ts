import { describe, expect, test } from 'bun:test';
import { validationErrorBody } from '../forms/validation.ts';
import { errorSummaryTitle, errorsByStep } from './error-summary.ts';
import { auditSchema, emptyAuditForm } from './schema.ts';

describe('errorsByStep', () => {
  test('an empty audit: every required field, grouped by its step in the form’s order, with the spec’s messages', () => {
    const parsed = auditSchema.safeParse(emptyAuditForm);
    if (parsed.success) throw new Error('an empty audit must not pass');
    const groups = errorsByStep(validationErrorBody(parsed.error).fields);
    expect(groups.map((g) => [g.step, g.title, g.fields.map((f) => f.field)])).toEqual([
      [1, 'Basic Information', ['firstName', 'lastName', 'email', 'businessName', 'industry']],
      [2, 'Business Scale & Goals', ['monthlyRevenue', 'marketingBudget', 'timeframe']],
      [4, 'Online Presence Assessment', ['onlinePresence', 'competitorAnalysis', 'previousAgency']],
    ]);
    expect(groups[0]?.fields[2]).toEqual({ field: 'email', question: 'Email', message: 'Invalid email address', text: 'Invalid email address' });
    // The spec's two "Please select an option" say which question they are about.
    expect(groups[2]?.fields.map((f) => f.text)).toEqual([
      'Please rate your online presence',
      'Do you keep an eye on your competitors? Please select an option',
      'Have you worked with a marketing agency before? Please select an option',
    ]);
  });

  test('only the steps with an error; fields the form does not ask are left out; none is none', () => {
    expect(errorsByStep({ timeframe: 'Please select your timeframe', id: 'Invalid id', fillMs: 'x' })).toEqual([
      {
        step: 2,
        title: 'Business Scale & Goals',
        fields: [
          { field: 'timeframe', question: 'When do you want to see results?', message: 'Please select your timeframe', text: 'Please select your timeframe' },
        ],
      },
    ]);
    expect(errorsByStep({})).toEqual([]);
  });

  test('a message that says what it is about stands alone; one that does not, or that another field shares, names its question', () => {
    expect(errorsByStep({ industry: 'Please select your industry' })[0]?.fields[0]?.text).toBe('Please select your industry');
    // The same words with and without JavaScript: the summary does not depend on how many fields were refused.
    expect(errorsByStep({ previousAgency: 'Please select an option' })[0]?.fields[0]?.text).toBe(
      'Have you worked with a marketing agency before? Please select an option',
    );
    expect(errorsByStep({ businessName: 'Please keep this under 200 characters' })[0]?.fields[0]?.text).toBe(
      'Business name: Please keep this under 200 characters',
    );
    expect(errorsByStep({ phone: 'Please keep this on one line, without line breaks, tabs or invisible characters' })[0]?.fields[0]?.text).toStartWith('Phone');
    expect(errorsByStep({ firstName: 'Required', lastName: 'Required' })[0]?.fields.map((f) => f.text)).toEqual([
      'First name: Required',
      'Last name: Required',
    ]);
  });
});

test('errorSummaryTitle counts the answers', () => {
  expect(errorSummaryTitle(1)).toBe('One answer needs a fix before we can prepare your audit');
  expect(errorSummaryTitle(11)).toBe('11 answers need a fix before we can prepare your audit');
});
