/**
 * The free business growth audit: a pure, deterministic function of the 16 answers. The same answers
 * always give the same score, value, services and tier; nothing here reads the clock or chance.
 *
 * UNANSWERED QUESTIONS: the website and the step-3 lists (marketing in use, challenges) are optional.
 * An empty one means the visitor told us nothing, not that the answer is "none" (for marketing, "none"
 * is its own box; challenges have no such box). Whatever part of a category rests on an unanswered
 * question scores HALF its points, rounded down (the neutral middle), and the category's sentence says
 * so; it never scores as the best or the worst answer.
 *
 * SCORE (integer 0–100): the sum of five weighted categories.
 *   1. Online presence, 30 points: the self-rating (excellent 24, good 18, fair 10, poor 3) plus 6
 *      when a website was given (3 when the website was left blank: unknown).
 *      WHEN THE WEBSITE COULD BE CHECKED (issue 32: the site check finished and told pass or fail on at
 *      least one of its twenty checks), what was found counts beside what was said: half the
 *      self-rating, rounded down (excellent 12, good 9, fair 5, poor 1), plus 18 × the share of the
 *      counted checks that passed, rounded (checks that could not tell, `unknown`, are not counted
 *      either way). The sentence says the site was checked and how many checks passed. A check that
 *      failed, was refused or is still pending changes nothing: the rule above applies.
 *   2. Channels in use, 25 points: 5 for each digital channel in use (seo, paid-ads, social-media,
 *      email-marketing, content-marketing), 2 each for referrals and traditional; capped at 25.
 *      'none' adds nothing. Nothing ticked at all: unknown, 12.
 *   3. Tracking and competitor awareness, 20 points: competitor analysis (yes-monitoring 12,
 *      yes-aware 8, some-idea 4, no-idea 0) plus 8 when challenges were named without 'tracking',
 *      0 when 'tracking' is one of them, 4 when no challenge was named (unknown).
 *   4. Challenges, 15 points: 15 minus 3 for each challenge other than 'tracking' (counted in 3),
 *      never below 0; 7 when no challenge was named (unknown: there is no "none" box), so the
 *      highest reachable score is 97 (one challenge named, not 'tracking'). A challenge ticked twice
 *      (only an API call can) counts once; the sentence counts and names every challenge ticked,
 *      tracking included, and says where tracking was scored.
 *   5. Experience with agencies, 10 points: yes-satisfied 10, yes-mixed 7, no 5, yes-unsatisfied 3.
 *   The results view reads 'Excellent foundation!' at 70 or more, 'Good potential for growth' from 40
 *   to 69, and 'Significant opportunity for improvement' below 40.
 *   Audits stored before unanswered questions scored half keep their stored score; their breakdown is
 *   recomputed by these rules when shown, so for a skipped step 3 it can differ from the stored total.
 *
 * ESTIMATED MONTHLY VALUE (whole dollars, rounded to the nearest $100): the extra monthly revenue a
 *   well-run program can add. Revenue band midpoint (0-10000 → 5,000; 10000-25000 → 17,500;
 *   25000-50000 → 37,500; 50000+ → 75,000) × growth rate by budget (0-1000 → 10%, 1000-5000 → 15%,
 *   5000-15000 → 20%, 15000+ → 25%) × (1 + 5% per primary goal chosen, each goal once).
 *   estimateWorking shows this sum in one line, with the same numbers.
 *
 * RECOMMENDED SERVICES (2 to 4 of the six): each service collects relevance points from the answers:
 *   - Digital Marketing (full service): challenge time +3, expertise +2, tracking +2; goal
 *     market-expansion or competitive-edge +2; no channels in use (or 'none') +2.
 *   - Social Media Management: goal brand-awareness +3; social-media not in use +2; goal customer-retention +1.
 *   - Lead Generation: goal lead-generation +3; challenge lead-quality +2, conversion +2; goal increase-sales +1.
 *   - SEO Services: seo not in use +3; challenge low-traffic +2, competition +2; presence fair or poor +1.
 *   - Google Ads: goal increase-sales +2; paid-ads not in use +2; challenge roi +2; timeframe 1-3-months +2.
 *   - Content Marketing: content-marketing not in use +2; challenge expertise +1, low-traffic +1; goal
 *     customer-retention +1; timeframe 6-12-months or 12+ months +1.
 *   Services with points are ordered by points, ties in the site's service order, and the first four
 *   kept. When fewer than two have points, the list is filled up from Digital Marketing, then SEO Services.
 *
 * PACKAGE TIER: 'enterprise' for the top revenue band (50000+) or the top budget (15000+); otherwise
 *   'growth' for the second-highest revenue (25000-50000) or budget (5000-15000); otherwise 'starter'.
 */

import { type ServiceSlug, services } from '../site.ts';
import type { SiteCheckFinding } from '../site-check/types.ts';
import {
  type AuditAnswers,
  type CompetitorAnalysis,
  type CurrentChallenge,
  currentChallengeOptions,
  type MarketingBudget,
  type MonthlyRevenue,
  type OnlinePresence,
  type PreviousAgency,
} from './schema.ts';
import { tally } from './site-check.ts';

export type PackageTier = 'enterprise' | 'growth' | 'starter';

export const SCORE_THRESHOLDS = { excellent: 70, good: 40 } as const;

export type CategoryKey = 'presence' | 'channels' | 'tracking' | 'challenges' | 'experience';

export type CategoryScore = { key: CategoryKey; label: string; points: number; max: number; why: string };

export type AuditResult = {
  auditScore: number;
  estimatedValue: number;
  recommendedServices: ServiceSlug[];
  packageTier: PackageTier;
};

/** A stored audit as the API answers it: the answers, the server-set result (numeric columns arrive as strings), id and time. */
export type AuditRecord = Omit<AuditAnswers, 'id' | 'phone' | 'website'> & {
  id: string;
  phone: string | null;
  website: string | null;
  recommendedServices: string[];
  packageTier: string;
  estimatedValue: string;
  auditScore: string;
  createdAt: string;
};

/** The answers the scoring reads; the stored audit row has them all. */
export type ScoredAnswers = { website: string | null } & Pick<
  AuditAnswers,
  | 'monthlyRevenue'
  | 'currentMarketing'
  | 'marketingBudget'
  | 'primaryGoals'
  | 'timeframe'
  | 'currentChallenges'
  | 'onlinePresence'
  | 'competitorAnalysis'
  | 'previousAgency'
>;

const PRESENCE_POINTS: Record<OnlinePresence, number> = { excellent: 24, good: 18, fair: 10, poor: 3 };
const WEBSITE_POINTS = 6;
const DIGITAL_CHANNELS = ['seo', 'paid-ads', 'social-media', 'email-marketing', 'content-marketing'] as const;
const OFFLINE_CHANNELS = ['referrals', 'traditional'] as const;
const DIGITAL_CHANNEL_POINTS = 5;
const OFFLINE_CHANNEL_POINTS = 2;
const CHANNEL_MAX = 25;
const COMPETITOR_POINTS: Record<CompetitorAnalysis, number> = { 'yes-monitoring': 12, 'yes-aware': 8, 'some-idea': 4, 'no-idea': 0 };
const TRACKING_POINTS = 8;
const CHALLENGE_MAX = 15;
const CHALLENGE_PENALTY = 3;
const AGENCY_POINTS: Record<PreviousAgency, number> = { 'yes-satisfied': 10, 'yes-mixed': 7, no: 5, 'yes-unsatisfied': 3 };

/** What an unanswered question's part of a category scores: the neutral middle, half its points rounded down. */
const unknownPoints = (max: number) => Math.floor(max / 2);

const REVENUE_MIDPOINT: Record<MonthlyRevenue, number> = { '0-10000': 5_000, '10000-25000': 17_500, '25000-50000': 37_500, '50000+': 75_000 };
const BUDGET_GROWTH_RATE: Record<MarketingBudget, number> = { '0-1000': 0.1, '1000-5000': 0.15, '5000-15000': 0.2, '15000+': 0.25 };
const GOAL_BONUS = 0.05;

/** What the site check found, as the score reads it: its findings (lib/audit/site-check.ts usableFindings), or null when the site could not be checked. */
export type SiteFindings = readonly Pick<SiteCheckFinding, 'status'>[] | null | undefined;

/** The points of the online presence that the site check's findings decide, when there are any. */
const FOUND_POINTS = 18;

/**
 * The score by category, each with one or two sentences on why it landed where it did, from the answers
 * given and, when the website could be checked, what was found on it.
 */
export function scoreBreakdown(a: ScoredAnswers, findings?: SiteFindings): CategoryScore[] {
  const hasWebsite = (a.website ?? '').trim().length > 0;
  const found = hasWebsite && findings ? tally(findings) : null;
  const checked = found && found.pass + found.fail > 0 ? found : null;
  const ratingPart = checked ? Math.floor(PRESENCE_POINTS[a.onlinePresence] / 2) : PRESENCE_POINTS[a.onlinePresence];
  const foundPart = checked ? Math.round((FOUND_POINTS * checked.pass) / (checked.pass + checked.fail)) : 0;
  const presence = checked ? ratingPart + foundPart : ratingPart + (hasWebsite ? WEBSITE_POINTS : unknownPoints(WEBSITE_POINTS));

  const marketingAnswered = a.currentMarketing.length > 0;
  const digital = DIGITAL_CHANNELS.filter((ch) => a.currentMarketing.includes(ch)).length;
  const offline = OFFLINE_CHANNELS.filter((ch) => a.currentMarketing.includes(ch));
  const channels = marketingAnswered
    ? Math.min(CHANNEL_MAX, digital * DIGITAL_CHANNEL_POINTS + offline.length * OFFLINE_CHANNEL_POINTS)
    : unknownPoints(CHANNEL_MAX);

  const challengesAnswered = a.currentChallenges.length > 0;
  const tracking: Tracking = !challengesAnswered ? 'unknown' : a.currentChallenges.includes('tracking') ? 'lost' : 'likely';
  const trackingPart = { likely: TRACKING_POINTS, lost: 0, unknown: unknownPoints(TRACKING_POINTS) }[tracking];

  const otherChallenges = unique(a.currentChallenges).filter((ch) => ch !== 'tracking');
  const challenges = challengesAnswered ? Math.max(0, CHALLENGE_MAX - CHALLENGE_PENALTY * otherChallenges.length) : unknownPoints(CHALLENGE_MAX);

  return [
    {
      key: 'presence',
      label: 'Online presence',
      points: presence,
      max: 30,
      why: checked ? checkedPresenceWhy(a.onlinePresence, checked, ratingPart, foundPart) : presenceWhy(a.onlinePresence, hasWebsite),
    },
    {
      key: 'channels',
      label: 'Marketing channels',
      points: channels,
      max: CHANNEL_MAX,
      why: channelsWhy(marketingAnswered, digital, offline),
    },
    {
      key: 'tracking',
      label: 'Tracking & competitor awareness',
      points: COMPETITOR_POINTS[a.competitorAnalysis] + trackingPart,
      max: 20,
      why: `${COMPETITOR_WHY[a.competitorAnalysis]} ${trackingWhy(tracking, marketingState(a.currentMarketing))}`,
    },
    {
      key: 'challenges',
      label: 'Growth challenges',
      points: challenges,
      max: CHALLENGE_MAX,
      why: challengesWhy(unique(a.currentChallenges)),
    },
    { key: 'experience', label: 'Agency experience', points: AGENCY_POINTS[a.previousAgency], max: 10, why: AGENCY_WHY[a.previousAgency] },
  ];
}

/** Whether the visitor can tell where customers come from: ticked as a challenge (lost), other challenges named (likely), none named (unknown). */
type Tracking = 'likely' | 'lost' | 'unknown';

const PRESENCE_WHY: Record<OnlinePresence, string> = {
  excellent: 'You rate your online presence as excellent: customers find you and leave reviews',
  good: 'You say people can find you online, with gaps in search and reviews',
  fair: 'You say your presence is a website and not much else',
  poor: 'You say customers struggle to find you online',
};

function presenceWhy(rating: OnlinePresence, hasWebsite: boolean): string {
  return hasWebsite
    ? `${PRESENCE_WHY[rating]}, and you have a website to build on.`
    : `${PRESENCE_WHY[rating]}. You left the website address blank, so that part gets half marks until we can look at it.`;
}

function checkedPresenceWhy(rating: OnlinePresence, found: { pass: number; fail: number; unknown: number }, ratingPart: number, foundPart: number): string {
  const counted = found.pass + found.fail;
  const unknown = found.unknown > 0 ? ` (${found.unknown} we could not tell from outside, and did not count)` : '';
  return `${PRESENCE_WHY[rating]}. We also checked your website: ${found.pass} of ${counted} checks passed${unknown}, so what we found counts for ${foundPart} of ${FOUND_POINTS} points here, and what you told us for ${ratingPart} of ${Math.floor(PRESENCE_POINTS.excellent / 2)}.`;
}

const OFFLINE_NAMES: Record<(typeof OFFLINE_CHANNELS)[number], string> = { referrals: 'referrals', traditional: 'print, radio or flyers' };

function channelsWhy(answered: boolean, digital: number, offline: readonly (typeof OFFLINE_CHANNELS)[number][]): string {
  if (!answered) return 'You did not say what marketing you do today, so this part gets half marks until we know.';
  if (digital === 0 && offline.length === 0) return 'You are not marketing yet, so customers searching online are finding someone else.';
  if (digital === 0)
    return `Your work comes from ${offline.map((ch) => OFFLINE_NAMES[ch]).join(' and ')}, but no digital channel is working for you yet, so people searching online find someone else.`;
  if (digital >= 4) return `You already run ${digital} digital channels; the gains now come from making them work together.`;
  return `You use ${digital} of the 5 core digital channels; each one you add is another way for customers to find you.`;
}

const COMPETITOR_WHY: Record<CompetitorAnalysis, string> = {
  'yes-monitoring': 'You track your competitors regularly, so you can see where to win ground.',
  'yes-aware': 'You know who your competitors are; a closer watch would show where to win ground.',
  'some-idea': 'You have some idea of who you compete with; a closer look would show where to win ground.',
  'no-idea': 'You do not know yet who you compete with, so their moves can take customers from you unnoticed.',
};

/**
 * What the visitor said about their marketing: some channel ticked ('active'), only 'Nothing yet'
 * ('none'), or nothing ticked ('unknown'). A business doing no marketing is never told it can tell
 * "which marketing" brings customers in.
 */
type MarketingState = 'active' | 'none' | 'unknown';

function marketingState(marketing: ScoredAnswers['currentMarketing']): MarketingState {
  if (marketing.length === 0) return 'unknown';
  return marketing.some((ch) => ch !== 'none') ? 'active' : 'none';
}

const TRACKING_WHY: Record<Exclude<Tracking, 'unknown'>, Record<MarketingState, string>> = {
  likely: {
    active: 'You did not name tracking as a challenge, so you can likely tell which marketing brings customers in.',
    unknown: 'You did not name tracking as a challenge, so you can likely tell where your customers come from.',
    none: 'You are not marketing yet, so there is nothing to measure; tracking goes in with your first campaign, and you see what brings customers in from day one.',
  },
  lost: {
    active: 'You cannot yet tell which marketing brings customers in, so budget is hard to put where it pays.',
    unknown: 'You cannot yet tell where customers come from, so it is hard to know what to do more of.',
    none: 'You cannot yet tell where customers come from; tracking goes in with your first campaign, so you see what brings them in from day one.',
  },
};

function trackingWhy(tracking: Tracking, marketing: MarketingState): string {
  if (tracking === 'unknown') return 'You named no challenges, so whether you can tell where customers come from gets half marks.';
  return TRACKING_WHY[tracking][marketing];
}

/** Counts and names every challenge ticked, in the order given; tracking is scored in the part above, and the sentence says so. */
function challengesWhy(named: readonly CurrentChallenge[]): string {
  if (named.length === 0) return 'You did not name any challenges, so this part gets half marks until we talk.';
  const names = named.map((ch) => challengeLabel[ch].toLowerCase()).join('; ');
  const others = named.filter((ch) => ch !== 'tracking').length;
  if (others === 0)
    return `You named 1 challenge (${names}), scored in the part above; with no other roadblock named, new marketing can build on solid ground.`;
  const count = `You named ${named.length} challenge${named.length === 1 ? '' : 's'} holding growth back (${names}); each has a known fix.`;
  if (others === named.length) return count;
  return `${count} Tracking is scored in the part above, so ${others === 1 ? 'only the other one counts' : `the other ${others} count`} here.`;
}

/** Each answer once: a list ticked twice (only an API call can) counts once. */
const unique = <T>(list: readonly T[]): T[] => [...new Set(list)];

const challengeLabel = Object.fromEntries(currentChallengeOptions.map((o) => [o.value, o.label])) as Record<CurrentChallenge, string>;

const AGENCY_WHY: Record<PreviousAgency, string> = {
  'yes-satisfied': 'You have worked well with an agency before, so a new program can move quickly.',
  'yes-mixed': 'Your mixed agency results tell us what to keep and what to change from day one.',
  no: 'This would be your first agency, so we start with clear goals and weekly check-ins.',
  'yes-unsatisfied': 'A past agency let you down; clear reporting and month-to-month terms fix the trust gap.',
};

export function auditScore(a: ScoredAnswers, findings?: SiteFindings): number {
  return scoreBreakdown(a, findings).reduce((sum, c) => sum + c.points, 0);
}

type EstimateAnswers = Pick<ScoredAnswers, 'monthlyRevenue' | 'marketingBudget' | 'primaryGoals'>;

const rawEstimate = (a: EstimateAnswers) =>
  REVENUE_MIDPOINT[a.monthlyRevenue] * BUDGET_GROWTH_RATE[a.marketingBudget] * (1 + GOAL_BONUS * unique(a.primaryGoals).length);

export function estimatedMonthlyValue(a: EstimateAnswers): number {
  return Math.round(rawEstimate(a) / 100) * 100;
}

const REVENUE_BASIS: Record<MonthlyRevenue, string> = {
  '0-10000': 'the middle of under $10,000',
  '10000-25000': 'the middle of $10,000–$25,000',
  '25000-50000': 'the middle of $25,000–$50,000',
  '50000+': 'what we take for $50,000 or more',
};

const BUDGET_BASIS: Record<MarketingBudget, string> = {
  '0-1000': 'for a budget under $1,000',
  '1000-5000': 'for a $1,000–$5,000 budget',
  '5000-15000': 'for a $5,000–$15,000 budget',
  '15000+': 'for a budget of $15,000 or more',
};

/**
 * The estimate's working in one line, with the numbers estimatedMonthlyValue uses:
 * "$17,500 a month (the middle of $10,000–$25,000) × 15% (for a $1,000–$5,000 budget) × 1.05 (5% for your 1 goal) ≈ $2,800".
 * "=" when the product is exact, "≈" when it was rounded to the nearest $100.
 */
export function estimateWorking(a: EstimateAnswers): string {
  const goals = unique(a.primaryGoals).length;
  const revenue = `${formatDollars(REVENUE_MIDPOINT[a.monthlyRevenue])} a month (${REVENUE_BASIS[a.monthlyRevenue]})`;
  const rate = `${Math.round(BUDGET_GROWTH_RATE[a.marketingBudget] * 100)}% (${BUDGET_BASIS[a.marketingBudget]})`;
  const goalFactor =
    goals === 0
      ? ''
      : ` × ${(1 + GOAL_BONUS * goals).toFixed(2)} (${Math.round(GOAL_BONUS * 100)}% ${goals === 1 ? 'for your 1 goal' : `for each of your ${goals} goals`})`;
  const value = estimatedMonthlyValue(a);
  const exact = Math.abs(rawEstimate(a) - value) < 0.005;
  return `${revenue} × ${rate}${goalFactor} ${exact ? '=' : '≈'} ${formatDollars(value)}`;
}

export function packageTier(a: Pick<ScoredAnswers, 'monthlyRevenue' | 'marketingBudget'>): PackageTier {
  if (a.monthlyRevenue === '50000+' || a.marketingBudget === '15000+') return 'enterprise';
  if (a.monthlyRevenue === '25000-50000' || a.marketingBudget === '5000-15000') return 'growth';
  return 'starter';
}

/** Relevance points per service: each rule that matches the answers adds its points. */
const RELEVANCE: Record<ServiceSlug, (a: ScoredAnswers) => number> = {
  'digital-marketing': (a) =>
    pts(a.currentChallenges.includes('time'), 3) +
    pts(a.currentChallenges.includes('expertise'), 2) +
    pts(a.currentChallenges.includes('tracking'), 2) +
    pts(a.primaryGoals.includes('market-expansion') || a.primaryGoals.includes('competitive-edge'), 2) +
    pts(a.currentMarketing.length === 0 || a.currentMarketing.includes('none'), 2),
  'social-media-management': (a) =>
    pts(a.primaryGoals.includes('brand-awareness'), 3) +
    pts(!a.currentMarketing.includes('social-media'), 2) +
    pts(a.primaryGoals.includes('customer-retention'), 1),
  'lead-generation': (a) =>
    pts(a.primaryGoals.includes('lead-generation'), 3) +
    pts(a.currentChallenges.includes('lead-quality'), 2) +
    pts(a.currentChallenges.includes('conversion'), 2) +
    pts(a.primaryGoals.includes('increase-sales'), 1),
  'seo-services': (a) =>
    pts(!a.currentMarketing.includes('seo'), 3) +
    pts(a.currentChallenges.includes('low-traffic'), 2) +
    pts(a.currentChallenges.includes('competition'), 2) +
    pts(a.onlinePresence === 'fair' || a.onlinePresence === 'poor', 1),
  'google-ads': (a) =>
    pts(a.primaryGoals.includes('increase-sales'), 2) +
    pts(!a.currentMarketing.includes('paid-ads'), 2) +
    pts(a.currentChallenges.includes('roi'), 2) +
    pts(a.timeframe === '1-3-months', 2),
  'content-marketing': (a) =>
    pts(!a.currentMarketing.includes('content-marketing'), 2) +
    pts(a.currentChallenges.includes('expertise'), 1) +
    pts(a.currentChallenges.includes('low-traffic'), 1) +
    pts(a.primaryGoals.includes('customer-retention'), 1) +
    pts(a.timeframe === '6-12-months' || a.timeframe === '12+ months', 1),
};

const pts = (condition: boolean, points: number) => (condition ? points : 0);

const FALLBACK_SERVICES: ServiceSlug[] = ['digital-marketing', 'seo-services'];
const MAX_RECOMMENDED = 4;

export function recommendServices(a: ScoredAnswers): ServiceSlug[] {
  const ranked = services
    .map((s, order) => ({ slug: s.slug, points: RELEVANCE[s.slug](a), order }))
    .filter((s) => s.points > 0)
    .sort((x, y) => y.points - x.points || x.order - y.order)
    .slice(0, MAX_RECOMMENDED)
    .map((s) => s.slug);
  for (const slug of FALLBACK_SERVICES) if (ranked.length < 2 && !ranked.includes(slug)) ranked.push(slug);
  return ranked;
}

export function computeAudit(a: ScoredAnswers, findings?: SiteFindings): AuditResult {
  return {
    auditScore: auditScore(a, findings),
    estimatedValue: estimatedMonthlyValue(a),
    recommendedServices: recommendServices(a),
    packageTier: packageTier(a),
  };
}

/** The sentence the results view shows for a score, at the spec's thresholds. */
export function scoreMessage(score: number): string {
  if (score >= SCORE_THRESHOLDS.excellent) return 'Excellent foundation!';
  if (score >= SCORE_THRESHOLDS.good) return 'Good potential for growth';
  return 'Significant opportunity for improvement';
}

/** Dollars with thousands separators and no cents, independent of the visitor's locale: 12500 → "$12,500". */
export function formatDollars(amount: number | string): string {
  const whole = Math.round(Number(amount));
  return `$${String(Math.abs(whole)).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`.replace('$', whole < 0 ? '-$' : '$');
}
