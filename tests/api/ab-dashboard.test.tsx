import { describe, expect, test } from 'bun:test';
import { renderToString } from 'react-dom/server';
import { IslandRoot } from '../../client/islands/root.tsx';
import AbDashboard, { type AbDashboardProps } from '../../islands/AbDashboard.tsx';
import { analyzeTest } from '../../lib/ab-stats.ts';
import { AB_TEST_IDS } from '../../lib/ab-tests.ts';
import { testApp } from '../helpers/app.ts';

const render = (props: AbDashboardProps) =>
  renderToString(
    <IslandRoot id="i1">
      <AbDashboard {...props} />
    </IslandRoot>,
  );

const test1 = {
  id: 't1',
  name: 'demo-test',
  description: 'A test',
  isActive: true,
  startDate: '2025-01-01T12:00:00.000Z',
  endDate: null,
  trafficAllocation: 100,
};
const counts = (views: number[], conversions: number[]) =>
  views.map((v, i) => ({
    id: `v${i}`,
    name: i === 0 ? 'Control' : `Variant ${i}`,
    isControl: i === 0,
    weight: 1,
    views: v,
    clicks: 0,
    conversions: conversions[i],
  }));

describe('AbDashboard', () => {
  test("no tests: 'No Tests Found'", () => {
    expect(render({ tests: [], results: {}, loadedAt: '2025-02-01T00:00:00.000Z', apiBase: '/api/ab-test' })).toContain('No Tests Found');
  });

  test("a test without viewers: 'No data available yet', no verdict", () => {
    const results = analyzeTest(counts([0, 0], [0, 0]), new Date(test1.startDate), new Date('2025-02-01T00:00:00Z'));
    const html = render({ tests: [test1], results: { t1: results }, loadedAt: '2025-02-01T00:00:00.000Z', apiBase: '/api/ab-test' });
    expect(html).toContain('No data available yet');
    expect(html).not.toContain('data-verdict');
    expect(html).toContain('Jan 1, 2025');
  });

  test('results with a verdict, intervals, lift and chance; the SRM warning when it fires', () => {
    const ok = analyzeTest(counts([1000, 1000], [100, 130]), new Date(test1.startDate), new Date('2025-02-01T00:00:00Z'));
    const html = render({ tests: [test1], results: { t1: ok }, loadedAt: '2025-02-01T00:00:00.000Z', apiBase: '/api/ab-test' });
    expect(html).toContain('Leader: Variant 1 (98% chance to beat control)');
    expect(html).toContain('95% CI 11.1–15.2%');
    expect(html).toContain('+30.0%');
    expect(html).toContain('98.2%');
    expect(html).not.toContain('Sample ratio mismatch');
    const skewed = analyzeTest(counts([1000, 1300], [100, 130]), new Date(test1.startDate), new Date('2025-02-01T00:00:00Z'));
    expect(render({ tests: [test1], results: { t1: skewed }, loadedAt: '2025-02-01T00:00:00.000Z', apiBase: '/api/ab-test' })).toContain(
      'Sample ratio mismatch',
    );
  });
});

describe('/admin/ab-tests', () => {
  test('renders the seeded tests on the server, privately', async () => {
    const { request } = await testApp();
    const res = await request('/admin/ab-tests');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-robots-tag')).toBe('noindex');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const html = await res.text();
    expect(html).toContain('data-island="AbDashboard"');
    expect(html).toContain('hero-variant');
    expect(html).toContain('contact-form-optimization');
    expect(html).toContain(AB_TEST_IDS.hero);
    expect(html).toContain('Refresh');
  });
});
