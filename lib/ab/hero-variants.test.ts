import { expect, test } from 'bun:test';
import { figures } from '../site.ts';
import { HERO_VARIANT_NAMES, heroVariants } from './hero-variants.ts';

test('three variants; Variant B carries the brand tagline', () => {
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
