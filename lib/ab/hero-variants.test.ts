import { expect, test } from 'bun:test';
import { figures } from '../site.ts';
import { AB_TEST_NAMES, DEFAULT_CONFIGURATIONS, HERO_VARIANTS } from './definitions.ts';
import { CONTROL_HERO, HERO_VARIANT_NAMES, heroVariants, isHeroVariantName } from './hero-variants.ts';

test('three variants keyed as the A/B hero test configures them; Variant B carries the brand tagline', () => {
  expect(HERO_VARIANT_NAMES).toEqual([...HERO_VARIANTS]);
  expect(HERO_VARIANT_NAMES.map((key) => heroVariants[key].name)).toEqual(['Control', 'Variant A', 'Variant B']);
  for (const name of HERO_VARIANT_NAMES) {
    const v = heroVariants[name];
    expect(v.headline && v.subheadline && v.ctaText && v.backgroundClass).toBeTruthy();
    expect(['default', 'gradient']).toContain(v.ctaStyle);
    expect(v.subheadline).toContain(figures.moreLeads);
    // The hero's figures row says how many businesses we serve; the copy never repeats it.
    expect(`${v.headline} ${v.subheadline}`).not.toContain(figures.businessesServed);
  }
  expect(heroVariants['variant-b']).toMatchObject({ brandName: 'Northline Digital', highlightBrand: true, separateTagline: true });
});

test('names are checked, and the control is the A/B default', () => {
  expect(isHeroVariantName('variant-a')).toBe(true);
  expect(isHeroVariantName('Variant A')).toBe(false);
  expect(DEFAULT_CONFIGURATIONS[AB_TEST_NAMES.hero]).toEqual({ heroVariant: CONTROL_HERO });
});
