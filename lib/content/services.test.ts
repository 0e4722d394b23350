import { describe, expect, test } from 'bun:test';
import { figures, services } from '../site.ts';
import { icons } from './icons.ts';
import { serviceContent, serviceContentFor } from './services.ts';

const figureValues = new Set<string>(Object.values(figures).map(String));

describe('service content', () => {
  test('there is exactly one entry per service, in the site order', () => {
    expect(serviceContent.map((s) => s.slug)).toEqual(services.map((s) => s.slug));
    expect(serviceContentFor('seo-services').title).toBe('SEO Services');
  });

  test.each(serviceContent.map((s) => [s.slug, s] as const))('%s has 4 features, 4 steps, stats from lib/site.ts and its own metadata', (_slug, s) => {
    expect(s.features.items).toHaveLength(4);
    expect(s.steps.items).toHaveLength(4);
    expect(s.stats.length).toBeGreaterThanOrEqual(3);
    for (const stat of s.stats) expect(figureValues.has(stat.value)).toBe(true);
    for (const f of s.features.items) expect(icons[f.icon]).toBeDefined();
    expect(s.metaDescription.length).toBeGreaterThan(70);
    expect(s.metaDescription.length).toBeLessThanOrEqual(170);
    expect(s.metaTitle).toContain('Toronto');
  });

  test('titles, descriptions and hero headings are unique across services', () => {
    for (const key of ['metaTitle', 'metaDescription', 'summary'] as const) {
      expect(new Set(serviceContent.map((s) => s[key])).size).toBe(serviceContent.length);
    }
    expect(new Set(serviceContent.map((s) => s.hero.heading)).size).toBe(serviceContent.length);
  });

  test('the spec figures each service is known for appear on its page', () => {
    const stats = (slug: Parameters<typeof serviceContentFor>[0]) => serviceContentFor(slug).stats.map((s) => s.value);
    expect(stats('seo-services')).toContain(figures.seoMoreLeads);
    expect(stats('google-ads')).toContain(figures.roasRange);
    expect(stats('content-marketing')).toContain(figures.emailRoi);
    expect(stats('content-marketing')).toContain(figures.blogTrafficIncrease);
  });
});
