/**
 * The results' personal lines: one on the visitor's industry, one on the goals they chose. Pure and
 * deterministic like the scoring beside it; every industry option and every goal has its words, so the
 * results never read the same for a medspa wanting leads as for a shop wanting repeat customers.
 */

import { type Industry, type PrimaryGoal, primaryGoalOptions } from './schema.ts';

/** Where customers of each kind of business decide, and so where the work pays first. */
const INDUSTRY_LINE: Record<Industry, string> = {
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
  construction: 'For a contractor, homeowners compare reviews and past projects before they ask for a quote, so photos of your work and fast replies win jobs.',
  automotive:
    'For an auto business, drivers search “near me” when something goes wrong, so showing up on the map with strong reviews brings them to your door.',
  other:
    'For a local service business like yours, most customers search nearby and call the first one they trust, so local search and reviews do much of the work.',
};

/** The line on the visitor's industry (a value the schema no longer knows reads as a local service business). */
export function industryLine(industry: string): string {
  return INDUSTRY_LINE[industry as Industry] ?? INDUSTRY_LINE.other;
}

/** What a plan puts first for each goal. */
const GOAL_FOCUS: Record<PrimaryGoal, string> = {
  'increase-sales': 'turning more of your enquiries into paying customers',
  'brand-awareness': 'putting your name in front of nearby customers again and again',
  'lead-generation': 'more calls and booking requests from people ready to buy',
  'customer-retention': 'bringing past customers back with email, offers and reviews',
  'market-expansion': 'reaching customers in the areas you do not serve yet',
  'competitive-edge': 'finding the searches your competitors neglect and winning them',
};

/** A goal as the visitor ticked it, to follow "You want to": "Generate more leads" → "generate more leads". */
const goalWords = (goal: PrimaryGoal) => {
  const label = primaryGoalOptions.find((o) => o.value === goal)?.label ?? goal;
  return label.charAt(0).toLowerCase() + label.slice(1);
};

const joinAnd = (words: readonly string[]) => (words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`);

/** The line on the goals chosen, in the order given: each named, and the first two say where a plan starts. */
export function goalsLine(goals: readonly string[]): string {
  const known = [...new Set(goals)].filter((g): g is PrimaryGoal => g in GOAL_FOCUS);
  if (known.length === 0) return 'You did not pick a goal, so the consultation starts by agreeing the one that matters most to you.';
  const focus = known.slice(0, 2).map((g) => GOAL_FOCUS[g]);
  return `You want to ${joinAnd(known.map(goalWords))}, so a plan for you starts with ${focus.join(', then ')}.`;
}

/** Both lines, industry first. */
export function personalLines(a: { industry: string; primaryGoals: readonly string[] }): [string, string] {
  return [industryLine(a.industry), goalsLine(a.primaryGoals)];
}
