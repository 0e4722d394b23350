import { describe, expect, test } from 'bun:test';
import { goalsLine, industryLine, personalLines } from './personal.ts';
import { industryOptions, primaryGoalOptions } from './schema.ts';

describe('the industry line', () => {
  const expected = {
    retail:
      'For a retail shop, people check your hours, stock and reviews online before they visit, so your Google listing and local search do much of the selling.',
    restaurants:
      'For a restaurant, diners choose from the map, the photos and the reviews, often within minutes, so your listing, menu and reviews decide who gets the table.',
    healthcare: 'For a clinic or medspa, new clients compare reviews, photos and treatments before they book, so trust online decides who gets the call.',
    legal: 'For a law firm, people search when they need help now and call the first firm they trust, so local search and reviews matter most.',
    'real-estate':
      'For a real estate business, buyers and sellers size you up online long before they call, so local know-how in your content and steady follow-up win the listings.',
    fitness:
      'For a gym or studio, people join where they can see classes, prices and reviews at a glance, and they stay where they feel they belong, so both sign-ups and retention count.',
    'professional-services':
      'For a professional practice or coaching business, clients buy trust, so a clear offer, reviews and useful content bring the right ones to you.',
    technology:
      'For a technology business, buyers research for weeks before they talk to anyone, so useful content and search bring them to you before your competitors.',
    construction:
      'For a contractor, homeowners compare reviews and past projects before they ask for a quote, so photos of your work and fast replies win jobs.',
    automotive:
      'For an auto business, drivers search “near me” when something goes wrong, so showing up on the map with strong reviews brings them to your door.',
    other:
      'For a local service business like yours, most customers search nearby and call the first one they trust, so local search and reviews do much of the work.',
  } as const;

  for (const { value } of industryOptions)
    test(`${value}: its own line`, () => {
      expect(industryLine(value)).toBe(expected[value]);
    });

  test('every industry option has a line of its own', () => {
    expect(Object.keys(expected).sort()).toEqual(industryOptions.map((o) => o.value).sort());
    expect(new Set(industryOptions.map((o) => industryLine(o.value))).size).toBe(industryOptions.length);
  });

  test('a value the form no longer offers reads as a local service business', () => {
    expect(industryLine('plumbing')).toBe(expected.other);
  });
});

describe('the goals line', () => {
  const single = {
    'increase-sales': 'You want to increase sales, so a plan for you starts with turning more of your enquiries into paying customers.',
    'brand-awareness': 'You want to build brand awareness, so a plan for you starts with putting your name in front of nearby customers again and again.',
    'lead-generation': 'You want to generate more leads, so a plan for you starts with more calls and booking requests from people ready to buy.',
    'customer-retention': 'You want to keep customers coming back, so a plan for you starts with bringing past customers back with email, offers and reviews.',
    'market-expansion': 'You want to expand to new areas, so a plan for you starts with reaching customers in the areas you do not serve yet.',
    'competitive-edge': 'You want to get ahead of competitors, so a plan for you starts with finding the searches your competitors neglect and winning them.',
  } as const;

  for (const { value } of primaryGoalOptions)
    test(`${value} alone: named, with where a plan starts`, () => {
      expect(goalsLine([value])).toBe(single[value]);
    });

  test('no goal: the consultation agrees one', () => {
    expect(goalsLine([])).toBe('You did not pick a goal, so the consultation starts by agreeing the one that matters most to you.');
  });

  test('two goals: both named, both focuses in the order chosen', () => {
    expect(goalsLine(['lead-generation', 'customer-retention'])).toBe(
      'You want to generate more leads and keep customers coming back, so a plan for you starts with more calls and booking requests from people ready to buy, then bringing past customers back with email, offers and reviews.',
    );
  });

  test('every goal chosen: each named, the first two say where a plan starts; a repeat counts once', () => {
    const all = primaryGoalOptions.map((o) => o.value);
    expect(goalsLine([...all, 'increase-sales'])).toBe(
      'You want to increase sales, build brand awareness, generate more leads, keep customers coming back, expand to new areas and get ahead of competitors, so a plan for you starts with turning more of your enquiries into paying customers, then putting your name in front of nearby customers again and again.',
    );
  });

  test('both lines together, industry first', () => {
    expect(personalLines({ industry: 'healthcare', primaryGoals: ['lead-generation'] })).toEqual([industryLine('healthcare'), single['lead-generation']]);
  });
});
