import { describe, expect, test } from 'bun:test';
import { buildReport, type ReportLead, reportJson } from './report.ts';

const NOW = new Date('2026-11-24T17:00:00Z');
const touch = (fields: Record<string, string>) => JSON.stringify({ landing: '/', at: '2026-11-20T12:00:00.000Z', ...fields });
const lead = (over: Partial<ReportLead>): ReportLead => ({
  kind: 'audit',
  createdAt: new Date('2026-11-24T15:00:00Z'),
  replyBy: new Date('2026-11-26T23:00:00Z'),
  firstReachedAt: null,
  firstTouch: null,
  page: '/',
  budget: null,
  estimatedValue: '1200.00',
  wonValue: null,
  status: 'new',
  booked: false,
  variants: [],
  ...over,
});

const report = (leads: ReportLead[]) =>
  buildReport({
    range: { from: '2026-11-23', to: '2026-11-24' },
    days: [{ date: '2026-11-24', visitors: 10, pageviews: 25 }],
    pages: [
      { route: '/services/google-ads', visitors: 4, pageviews: 5 },
      { route: '/', visitors: 8, pageviews: 20 },
    ],
    visits: [
      { source: 'direct', medium: 'none', campaign: '', landing: '/', visitors: 6, auditStarted: 1 },
      { source: 'google', medium: 'cpc', campaign: 'fall', landing: '/services/google-ads', visitors: 4, auditStarted: 2 },
    ],
    leads,
    variants: [
      { testName: 'hero-variant', variantId: 'c', variantName: 'Control', isControl: true, visitors: 3 },
      { testName: 'hero-variant', variantId: 'a', variantName: 'Variant A', isControl: false, visitors: 2 },
      { testName: 'contact-form', variantId: 'x', variantName: 'Control', isControl: true, visitors: 0 },
    ],
    now: NOW,
    timeZone: 'America/Toronto',
  });

describe('buildReport', () => {
  test('every day of the range, zeros included; pages most viewed first', () => {
    const r = report([]);
    expect(r.days).toEqual([
      { date: '2026-11-23', visitors: 0, pageviews: 0 },
      { date: '2026-11-24', visitors: 10, pageviews: 25 },
    ]);
    expect([r.visitors, r.pageviews]).toEqual([10, 25]);
    expect(r.pages.map((p) => p.route)).toEqual(['/', '/services/google-ads']);
  });

  test('leads counted by their first touch: source, campaign, landing; booked includes won; values in CAD', () => {
    const r = report([
      lead({
        firstTouch: touch({ utm_source: 'Google', utm_medium: 'CPC', utm_campaign: 'fall', landing: '/services/google-ads' }),
        status: 'won',
        wonValue: 2500,
        booked: true,
        variants: ['a'],
      }),
      lead({ firstTouch: touch({ gclid: 'abc', landing: '/services/google-ads' }), status: 'session booked', booked: true, estimatedValue: '800' }),
      lead({ kind: 'intake', budget: '2500-5000', estimatedValue: null, page: '/q4-intake' }),
      lead({ kind: 'booking', estimatedValue: null, status: 'won', wonValue: null, page: '/book' }),
    ]);
    expect(r.sources.find((s) => s.source === 'google' && s.campaign === 'fall')).toEqual({
      source: 'google',
      medium: 'cpc',
      campaign: 'fall',
      visitors: 4,
      auditStarted: 2,
      leads: 1,
      booked: 1,
      won: 1,
      pipelineValue: 1200,
      wonValue: 2500,
    });
    // An ad click with no campaign tags: google / cpc, a row of its own (no visits of that key in the range).
    expect(r.sources.find((s) => s.source === 'google' && s.campaign === '')).toMatchObject({
      medium: 'cpc',
      visitors: 0,
      leads: 1,
      booked: 1,
      pipelineValue: 800,
    });
    expect(r.sources.find((s) => s.source === 'direct')).toMatchObject({ visitors: 6, leads: 2, booked: 1, won: 1, pipelineValue: 3750, wonValue: 0 });
    expect(r.landings.find((l) => l.landing === '/q4-intake')).toMatchObject({ visitors: 0, leads: 1, pipelineValue: 3750 });
    expect(r.landings.find((l) => l.landing === '/services/google-ads')).toMatchObject({ visitors: 4, leads: 2 });
    expect(r.totals).toEqual({ leads: 4, booked: 3, won: 2, pipelineValue: 5750, wonValue: 2500, auditStarted: 3 });
    expect(r.funnel.map((f) => f.visitors)).toEqual([10, 3, 4, 3, 2]);
  });

  test('variants: the tests own visitor counts, the leads their visitors became; a test with nobody is left out', () => {
    const r = report([lead({ variants: ['a', 'unknown'] }), lead({ variants: ['a'], status: 'won', wonValue: 900.5 })]);
    expect(r.variants.map((v) => [v.test, v.variant, v.visitors, v.leads, v.won, v.wonValue])).toEqual([
      ['hero-variant', 'Control', 3, 0, 0, 0],
      ['hero-variant', 'Variant A', 2, 2, 1, 900.5],
    ]);
  });

  test('as JSON: the issue’s keys first and in order, then the rest and the period before', () => {
    const r = report([lead({})]);
    const json = reportJson(r, report([]));
    expect(Object.keys(json)).toEqual([
      'from',
      'to',
      'visitors',
      'pageviews',
      'days',
      'pages',
      'sources',
      'funnel',
      'totals',
      'landings',
      'variants',
      'speed',
      'previous',
    ]);
    expect(json.funnel).toEqual([
      { step: 'visit', visitors: 10 },
      { step: 'audit_started', visitors: 3 },
      { step: 'lead', visitors: 1 },
      { step: 'booked', visitors: 0 },
      { step: 'won', visitors: 0 },
    ]);
    expect(Object.keys(json.sources[0])).toEqual([
      'source',
      'medium',
      'campaign',
      'visitors',
      'leads',
      'booked',
      'won',
      'wonValue',
      'auditStarted',
      'pipelineValue',
    ]);
  });
});
