import { expect, test } from 'bun:test';
import { describeLeadEvent } from '../../components/staff/LeadDetail.tsx';
import type { LeadEvent } from '../../lib/leads/pipeline.ts';

const event = (e: Partial<LeadEvent>): LeadEvent => ({
  id: '1',
  kind: 'submitted',
  actorEmail: null,
  fromValue: null,
  toValue: null,
  note: null,
  at: new Date(0),
  ...e,
});

test('where a lead was sent from: a page by its address, a form sent again from its correction page as the form', () => {
  expect(describeLeadEvent(event({ toValue: '/' }), 'audit')).toBe('Submitted from the home page (/)');
  expect(describeLeadEvent(event({ toValue: '/services/seo-services' }), 'audit')).toBe('Submitted from /services/seo-services');
  expect(describeLeadEvent(event({ toValue: '/api/business-audit' }), 'audit')).toBe('Submitted from the audit form');
  expect(describeLeadEvent(event({ toValue: '/api/q4-intake' }), 'intake')).toBe('Submitted from the Q4 intake form');
});

test('a website check that ran says so whatever it found; one not run or given up says that', () => {
  const check = (toValue: string) => describeLeadEvent(event({ kind: 'delivery', fromValue: 'site-check', toValue }), 'audit');
  expect(check('delivered')).toBe('Website check: finished (what it found is under Website check)');
  expect(check('delivered')).not.toContain('done');
  expect(check('skipped')).toBe('Website check: not run');
  expect(check('dead')).toBe('Website check: failed for good');
});
