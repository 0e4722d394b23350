import { describe, expect, test } from 'bun:test';
import { figures, links } from '../site.ts';
import { faq } from './faq.ts';
import { approach, components, definition, guideStats, reasons } from './guide.ts';

describe('guide content', () => {
  test('has the three definitions, three external links, four components and six reasons', () => {
    expect(definition.parts.map((p) => p.title)).toEqual(['Digital marketing', 'A digital marketer', 'A digital marketing strategy']);
    expect(approach.links.map((l) => l.href)).toEqual([links.bigDataAdvantage, links.successStories, links.team]);
    expect(components.items.map((c) => c.title)).toEqual([
      'Search engine optimization (SEO)',
      'Pay-per-click advertising (PPC)',
      'Social media marketing',
      'Data analysis',
    ]);
    expect(reasons.items).toHaveLength(6);
  });

  test('the statistics are the spec figures from lib/site.ts', () => {
    expect(guideStats.items.map((s) => s.value)).toEqual([
      figures.researchOnlineFirst,
      figures.cheaperThanTraditional,
      figures.revenueIncrease,
      figures.typicalMonthlyCost,
      figures.seoTimeToResults,
    ]);
  });

  test('the FAQ has exactly the eight spec topics and its claims', () => {
    expect(faq.map((f) => f.topic)).toEqual([
      'cost',
      'time to results',
      'inclusions',
      'need for a website',
      'differentiation',
      'small businesses',
      'measuring success',
      'suitability',
    ]);
    expect(new Set(faq.map((f) => f.question)).size).toBe(8);
    expect(faq[0]!.answer).toContain('$2,000–$10,000');
    expect(faq[1]!.answer).toContain('3–6 months');
  });
});
