import { expect, test } from 'bun:test';
import type { AbTestSummary } from './definitions.ts';
import { RESULTS_CSV_COLUMNS, resultsCsv, resultsCsvFilename } from './results-csv.ts';
import { analyzeTest } from './stats.ts';

const test1: AbTestSummary = {
  id: 't1',
  name: 'contact-form-optimization',
  description: null,
  isActive: true,
  startDate: '2026-11-01T12:00:00.000Z',
  endDate: null,
  trafficAllocation: 100,
};
const now = new Date('2026-11-23T15:30:00Z');
const counts = [
  { id: 'c', name: 'Control', isControl: true, weight: 1, views: 1000, clicks: 300, conversions: 100, booked: 25 },
  { id: 'b', name: '=HYPERLINK("http://evil.example","Short, form")', isControl: false, weight: 1, views: 1000, clicks: 310, conversions: 90, booked: 0 },
];
const configurations = {
  c: { formTitle: 'Get Your Free Business Audit', submitButtonText: 'Get My Free Audit', showPhone: true, showCompany: true },
  b: { formTitle: '@SUM(A1)', submitButtonText: 'Go', showPhone: false, showCompany: false },
};

test('a header and a row per variant, plain numbers (negative lifts too), the verdict and when, in Toronto time, then the booked sessions', () => {
  const csv = resultsCsv({ test: test1, results: analyzeTest(counts, new Date(test1.startDate), now), configurations }, now);
  expect(csv.startsWith('\uFEFF')).toBe(true);
  const lines = csv.slice(1).split('\r\n');
  expect(lines.at(-1)).toBe('');
  expect(lines[0]).toBe(RESULTS_CSV_COLUMNS.join(','));
  expect(lines[0]).toEndWith(',data_as_of_toronto,booked,booked_rate_pct');
  expect(lines[1]).toBe(
    't1,contact-form-optimization,c,Control,yes,Form title: Get Your Free Business Audit | Button: Get My Free Audit | Optional fields: Phone and website,1000,300,30,100,10,8.29,12.02,,,,,,,No clear winner yet,2026-11-23 10:30,25,2.5',
  );
  // A name that looks like a formula is made text (a description always starts with its label); the figures stay numbers.
  expect(lines[2]).toStartWith(
    `t1,contact-form-optimization,b,"'=HYPERLINK(""http://evil.example"",""Short, form"")",no,Form title: @SUM(A1) | Button: Go | Optional fields: None,`,
  );
  expect(lines[2]).toEndWith(',1000,310,31,90,9,7.38,10.93,-10,-31.36,18.01,22.34,95,0.4457,No clear winner yet,2026-11-23 10:30,0,0');
});

test('file names keep only letters, digits and dashes from the test name', () => {
  expect(resultsCsvFilename('hero-variant', now)).toBe('northline-ab-hero-variant-2026-11-23.csv');
  expect(resultsCsvFilename('../../etc/passwd"\r\nX: y', now)).toBe('northline-ab-etc-passwd-x-y-2026-11-23.csv');
  expect(resultsCsvFilename('Ünïcode only ☃', now)).toBe('northline-ab-n-code-only-2026-11-23.csv');
  expect(resultsCsvFilename('☃☃', now)).toBe('northline-ab-test-2026-11-23.csv');
  expect(resultsCsvFilename('x'.repeat(255), now)).toBe(`northline-ab-${'x'.repeat(60)}-2026-11-23.csv`);
});
