import { expect, test } from 'bun:test';
import { HERO_VARIANT_NAMES, heroVariantFor, heroVariants, isHeroVariantName, unitHash } from './hero-variants.ts';
import { HERO_VARIANTS } from './ab-tests.ts';
import { figures } from './site.ts';

test('three variants keyed as the A/B hero test configures them; Variant B carries the brand tagline', () => {
  expect(HERO_VARIANT_NAMES).toEqual([...HERO_VARIANTS]);
  expect(HERO_VARIANT_NAMES.map((key) => heroVariants[key].name)).toEqual(['Control', 'Variant A', 'Variant B']);
  for (const name of HERO_VARIANT_NAMES) {
    const v = heroVariants[name];
    expect(v.headline && v.subheadline && v.ctaText && v.backgroundClass).toBeTruthy();
    expect(['default', 'gradient']).toContain(v.ctaStyle);
    expect(v.subheadline).toContain(figures.moreLeads);
    expect(v.subheadline).toContain(figures.businessesServed);
  }
  expect(heroVariants['variant-b']).toMatchObject({ brandName: 'Northline Digital', highlightBrand: true, separateTagline: true });
});

test('the choice is sticky per visitor, Control without an id, and close to equal thirds', () => {
  expect(heroVariantFor(null)).toBe('control');
  expect(heroVariantFor('visitor-123')).toBe(heroVariantFor('visitor-123'));
  const counts = { control: 0, 'variant-a': 0, 'variant-b': 0 };
  for (let i = 0; i < 9000; i++) counts[heroVariantFor(`00000000-0000-4000-8000-${String(i).padStart(12, '0')}`)]++;
  for (const n of Object.values(counts)) expect(Math.abs(n - 3000)).toBeLessThan(300);
});

test('unitHash stays in [0, 1) and names are checked', () => {
  for (const s of ['', 'a', 'hero:x', 'z'.repeat(100)]) {
    const h = unitHash(s);
    expect(h).toBeGreaterThanOrEqual(0);
    expect(h).toBeLessThan(1);
  }
  expect(isHeroVariantName('variant-a')).toBe(true);
  expect(isHeroVariantName('Variant A')).toBe(false);
});
