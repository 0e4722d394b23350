import { describe, expect, test } from 'bun:test';
import { services } from '../site.ts';
import { AUDIT_STEPS, auditSchema, currentChallengeOptions, emptyAuditForm, firstStepWithError, REQUIRED_AUDIT_FIELDS } from './schema.ts';
import {
  auditScore,
  computeAudit,
  estimatedMonthlyValue,
  estimateWorking,
  formatDollars,
  packageTier,
  recommendServices,
  type ScoredAnswers,
  scoreBreakdown,
  scoreMessage,
} from './scoring.ts';

/** A middling profile; each test changes only what it pins. */
const base: ScoredAnswers = {
  website: 'https://example.ca',
  monthlyRevenue: '10000-25000',
  currentMarketing: ['social-media', 'referrals'],
  marketingBudget: '1000-5000',
  primaryGoals: ['lead-generation'],
  timeframe: '3-6-months',
  currentChallenges: ['low-traffic'],
  onlinePresence: 'fair',
  competitorAnalysis: 'some-idea',
  previousAgency: 'no',
};

const points = (a: ScoredAnswers) => Object.fromEntries(scoreBreakdown(a).map((c) => [c.key, c.points]));

describe('score with what the site check found (issue 32)', () => {
  const found = (pass: number, fail: number, unknown = 0) => [
    ...Array.from({ length: pass }, () => ({ status: 'pass' as const })),
    ...Array.from({ length: fail }, () => ({ status: 'fail' as const })),
    ...Array.from({ length: unknown }, () => ({ status: 'unknown' as const })),
  ];
  const presence = (a: ScoredAnswers, findings: Parameters<typeof scoreBreakdown>[1]) =>
    scoreBreakdown(a, findings).find((c) => c.key === 'presence') as { points: number; max: number; why: string };

  test('half the self-rating plus 18 × the share of counted checks that passed, out of 30', () => {
    expect(presence({ ...base, onlinePresence: 'excellent' }, found(20, 0)).points).toBe(30);
    expect(presence({ ...base, onlinePresence: 'excellent' }, found(0, 20)).points).toBe(12);
    expect(presence({ ...base, onlinePresence: 'good' }, found(10, 10)).points).toBe(9 + 9);
    expect(presence({ ...base, onlinePresence: 'fair' }, found(14, 3, 3)).points).toBe(5 + Math.round((18 * 14) / 17));
    expect(presence({ ...base, onlinePresence: 'poor' }, found(1, 2)).points).toBe(1 + 6);
    expect(presence({ ...base }, found(3, 1)).max).toBe(30);
  });

  test('unknown is never a failure: it is not counted either way', () => {
    expect(presence(base, found(5, 0, 15)).points).toBe(presence(base, found(5, 0)).points);
  });

  test('no findings, only unknowns, or no website: the questionnaire’s rule, unchanged', () => {
    expect(presence(base, null).points).toBe(points(base).presence);
    expect(presence(base, []).points).toBe(points(base).presence);
    expect(presence(base, found(0, 0, 20)).points).toBe(points(base).presence);
    expect(presence({ ...base, website: '' }, found(20, 0)).points).toBe(points({ ...base, website: '' }).presence);
  });

  test('the sentence says the site was checked and how it went', () => {
    const why = presence({ ...base, onlinePresence: 'good' }, found(14, 3, 3)).why;
    expect(why).toBe(
      'You say people can find you online, with gaps in search and reviews. We also checked your website: 14 of 17 checks passed (3 we could not tell from outside, and did not count), so what we found counts for 15 of 18 points here, and what you told us for 9 of 12.',
    );
    expect(presence(base, found(2, 0)).why).not.toContain('could not tell');
  });

  test('the total and computeAudit use the findings too; the same findings, the same score', () => {
    const f = found(4, 12, 4);
    expect(auditScore(base, f)).toBe(scoreBreakdown(base, f).reduce((s, c) => s + c.points, 0));
    expect(computeAudit(base, f).auditScore).toBe(auditScore(base, f));
    expect(computeAudit(base, f)).toEqual(computeAudit(base, f));
    expect(auditScore(base, f)).toBeLessThan(auditScore(base));
  });
});

describe('score', () => {
  test('online presence: the rating plus 6 for a website, 3 when it was left blank (unknown), out of 30', () => {
    expect(points({ ...base, onlinePresence: 'excellent' }).presence).toBe(30);
    expect(points({ ...base, onlinePresence: 'good' }).presence).toBe(24);
    expect(points({ ...base, onlinePresence: 'fair' }).presence).toBe(16);
    expect(points({ ...base, onlinePresence: 'poor' }).presence).toBe(9);
    expect(points({ ...base, onlinePresence: 'poor', website: '' }).presence).toBe(6);
    expect(points({ ...base, onlinePresence: 'poor', website: null }).presence).toBe(6);
    expect(points({ ...base, onlinePresence: 'poor', website: '   ' }).presence).toBe(6);
    expect(points({ ...base, onlinePresence: 'excellent', website: '' }).presence).toBe(27);
  });

  test('channels: 5 per digital channel, 2 per offline one, capped at 25; none adds nothing; nothing ticked is unknown, 12', () => {
    expect(points({ ...base, currentMarketing: [] }).channels).toBe(12);
    expect(points({ ...base, currentMarketing: ['none'] }).channels).toBe(0);
    expect(points({ ...base, currentMarketing: ['none', 'seo'] }).channels).toBe(5);
    expect(points({ ...base, currentMarketing: ['seo'] }).channels).toBe(5);
    expect(points({ ...base, currentMarketing: ['referrals', 'traditional'] }).channels).toBe(4);
    expect(points({ ...base, currentMarketing: ['seo', 'paid-ads', 'social-media', 'email-marketing'] }).channels).toBe(20);
    expect(points({ ...base, currentMarketing: ['seo', 'paid-ads', 'social-media', 'email-marketing', 'referrals', 'traditional'] }).channels).toBe(24);
    expect(points({ ...base, currentMarketing: ['seo', 'paid-ads', 'social-media', 'email-marketing', 'content-marketing', 'referrals'] }).channels).toBe(25);
  });

  test('tracking and competitor awareness: 12/8/4/0, plus 8 when challenges were named without tracking, 4 when none were named', () => {
    expect(points({ ...base, competitorAnalysis: 'yes-monitoring', currentChallenges: ['roi'] }).tracking).toBe(20);
    expect(points({ ...base, competitorAnalysis: 'yes-aware', currentChallenges: ['roi'] }).tracking).toBe(16);
    expect(points({ ...base, competitorAnalysis: 'some-idea', currentChallenges: ['roi'] }).tracking).toBe(12);
    expect(points({ ...base, competitorAnalysis: 'no-idea', currentChallenges: ['roi'] }).tracking).toBe(8);
    expect(points({ ...base, competitorAnalysis: 'no-idea', currentChallenges: ['tracking'] }).tracking).toBe(0);
    expect(points({ ...base, competitorAnalysis: 'yes-monitoring', currentChallenges: [] }).tracking).toBe(16);
    expect(points({ ...base, competitorAnalysis: 'no-idea', currentChallenges: [] }).tracking).toBe(4);
  });

  test('challenges: 15 minus 3 for each one other than tracking, never below 0; none named is unknown, 7', () => {
    expect(points({ ...base, currentChallenges: [] }).challenges).toBe(7);
    expect(points({ ...base, currentChallenges: ['tracking'] }).challenges).toBe(15);
    expect(points({ ...base, currentChallenges: ['roi'] }).challenges).toBe(12);
    expect(points({ ...base, currentChallenges: ['roi', 'time'] }).challenges).toBe(9);
    expect(points({ ...base, currentChallenges: ['low-traffic', 'lead-quality', 'conversion', 'competition', 'roi', 'time', 'expertise'] }).challenges).toBe(0);
  });

  test('agency experience: satisfied 10, mixed 7, none 5, unsatisfied 3', () => {
    expect(points({ ...base, previousAgency: 'yes-satisfied' }).experience).toBe(10);
    expect(points({ ...base, previousAgency: 'yes-mixed' }).experience).toBe(7);
    expect(points({ ...base, previousAgency: 'no' }).experience).toBe(5);
    expect(points({ ...base, previousAgency: 'yes-unsatisfied' }).experience).toBe(3);
  });

  test('the score is the sum of the categories, each with a reason', () => {
    const breakdown = scoreBreakdown(base);
    expect(breakdown.map((c) => c.max)).toEqual([30, 25, 20, 15, 10]);
    expect(auditScore(base)).toBe(breakdown.reduce((s, c) => s + c.points, 0));
    // 16 + (5 + 2) + (4 + 8) + 12 + 5
    expect(auditScore(base)).toBe(52);
    for (const c of breakdown) expect(c.why.length).toBeGreaterThan(20);
  });

  test('the strongest reachable profile scores 97 and the weakest 9', () => {
    // Challenges have no "none" box: naming none is unknown, so the best is one challenge other than tracking.
    const strongest: ScoredAnswers = {
      ...base,
      onlinePresence: 'excellent',
      currentMarketing: ['seo', 'paid-ads', 'social-media', 'email-marketing', 'content-marketing'],
      competitorAnalysis: 'yes-monitoring',
      currentChallenges: ['roi'],
      previousAgency: 'yes-satisfied',
    };
    const weakest: ScoredAnswers = {
      ...base,
      website: '',
      onlinePresence: 'poor',
      currentMarketing: ['none'],
      competitorAnalysis: 'no-idea',
      currentChallenges: ['low-traffic', 'lead-quality', 'conversion', 'competition', 'roi', 'tracking'],
      previousAgency: 'yes-unsatisfied',
    };
    expect(auditScore(strongest)).toBe(97);
    expect(auditScore({ ...strongest, currentChallenges: [] })).toBe(88);
    expect(auditScore({ ...strongest, currentChallenges: ['tracking'] })).toBe(92);
    expect(auditScore(weakest)).toBe(9);
  });

  test('score messages at the thresholds 70 and 40', () => {
    expect(scoreMessage(100)).toBe('Excellent foundation!');
    expect(scoreMessage(70)).toBe('Excellent foundation!');
    expect(scoreMessage(69)).toBe('Good potential for growth');
    expect(scoreMessage(40)).toBe('Good potential for growth');
    expect(scoreMessage(39)).toBe('Significant opportunity for improvement');
    expect(scoreMessage(0)).toBe('Significant opportunity for improvement');
  });
});

const why = (a: ScoredAnswers) => Object.fromEntries(scoreBreakdown(a).map((c) => [c.key, c.why]));

describe('each explanation follows from the answers given', () => {
  test('online presence: the rating in the visitor’s terms, and the website only as given', () => {
    const ratings = {
      excellent: 'You rate your online presence as excellent: customers find you and leave reviews',
      good: 'You say people can find you online, with gaps in search and reviews',
      fair: 'You say your presence is a website and not much else',
      poor: 'You say customers struggle to find you online',
    } as const;
    for (const [rating, opening] of Object.entries(ratings) as [keyof typeof ratings, string][]) {
      expect(why({ ...base, onlinePresence: rating }).presence).toBe(`${opening}, and you have a website to build on.`);
      for (const website of ['', null, '  '])
        expect(why({ ...base, onlinePresence: rating, website }).presence).toBe(
          `${opening}. You left the website address blank, so that part gets half marks until we can look at it.`,
        );
    }
  });

  test('marketing channels: unknown, none, offline only, a few digital, many digital', () => {
    expect(why({ ...base, currentMarketing: [] }).channels).toBe('You did not say what marketing you do today, so this part gets half marks until we know.');
    expect(why({ ...base, currentMarketing: ['none'] }).channels).toBe('You are not marketing yet, so customers searching online are finding someone else.');
    expect(why({ ...base, currentMarketing: ['referrals'] }).channels).toBe(
      'Your work comes from referrals, but no digital channel is working for you yet, so people searching online find someone else.',
    );
    expect(why({ ...base, currentMarketing: ['traditional'] }).channels).toBe(
      'Your work comes from print, radio or flyers, but no digital channel is working for you yet, so people searching online find someone else.',
    );
    expect(why({ ...base, currentMarketing: ['traditional', 'referrals'] }).channels).toBe(
      'Your work comes from referrals and print, radio or flyers, but no digital channel is working for you yet, so people searching online find someone else.',
    );
    expect(why({ ...base, currentMarketing: ['seo'] }).channels).toBe(
      'You use 1 of the 5 core digital channels; each one you add is another way for customers to find you.',
    );
    // 'Nothing yet' ticked beside a real channel: the channels ticked are what counts.
    expect(why({ ...base, currentMarketing: ['none', 'seo', 'paid-ads', 'referrals'] }).channels).toBe(
      'You use 2 of the 5 core digital channels; each one you add is another way for customers to find you.',
    );
    expect(why({ ...base, currentMarketing: ['seo', 'paid-ads', 'social-media', 'email-marketing'] }).channels).toBe(
      'You already run 4 digital channels; the gains now come from making them work together.',
    );
  });

  test('tracking and competitors: each competitor answer with each tracking state, never claiming what was not said', () => {
    const competitor = {
      'yes-monitoring': 'You track your competitors regularly, so you can see where to win ground.',
      'yes-aware': 'You know who your competitors are; a closer watch would show where to win ground.',
      'some-idea': 'You have some idea of who you compete with; a closer look would show where to win ground.',
      'no-idea': 'You do not know yet who you compete with, so their moves can take customers from you unnoticed.',
    } as const;
    const tracking: [ScoredAnswers['currentChallenges'], string][] = [
      [['roi'], 'You did not name tracking as a challenge, so you can likely tell which marketing brings customers in.'],
      [['roi', 'tracking'], 'You cannot yet tell which marketing brings customers in, so budget is hard to put where it pays.'],
      [[], 'You named no challenges, so whether you can tell where customers come from gets half marks.'],
    ];
    for (const [answer, first] of Object.entries(competitor) as [keyof typeof competitor, string][])
      for (const [currentChallenges, second] of tracking)
        expect(why({ ...base, competitorAnalysis: answer, currentChallenges }).tracking).toBe(`${first} ${second}`);
    // The report that started this: 'No idea' read "You know where customers come from".
    expect(why({ ...base, competitorAnalysis: 'no-idea', currentChallenges: [] }).tracking).not.toContain('You know');
  });

  test('growth challenges: unknown, tracking only, named ones counted and listed, tracking among them said to be scored above', () => {
    expect(why({ ...base, currentChallenges: [] }).challenges).toBe('You did not name any challenges, so this part gets half marks until we talk.');
    expect(why({ ...base, currentChallenges: ['tracking'] }).challenges).toBe(
      'You named 1 challenge (cannot tell where customers come from), scored in the part above; with no other roadblock named, new marketing can build on solid ground.',
    );
    expect(why({ ...base, currentChallenges: ['time'] }).challenges).toBe(
      'You named 1 challenge holding growth back (no time to do marketing); each has a known fix.',
    );
    expect(why({ ...base, currentChallenges: ['roi', 'time'] }).challenges).toBe(
      'You named 2 challenges holding growth back (unclear return on ad spend; no time to do marketing); each has a known fix.',
    );
    // The report that started this: three ticked, "You named 2 challenges".
    expect(why({ ...base, currentChallenges: ['low-traffic', 'tracking', 'conversion'] }).challenges).toBe(
      'You named 3 challenges holding growth back (not enough website visitors; cannot tell where customers come from; visitors who do not call or book); each has a known fix. Tracking is scored in the part above, so the other 2 count here.',
    );
    expect(why({ ...base, currentChallenges: ['tracking', 'roi'] }).challenges).toBe(
      'You named 2 challenges holding growth back (cannot tell where customers come from; unclear return on ad spend); each has a known fix. Tracking is scored in the part above, so only the other one counts here.',
    );
  });

  test('the number of challenges said is the number ticked, for every set of them; one ticked twice counts once', () => {
    const all = ['low-traffic', 'lead-quality', 'conversion', 'competition', 'roi', 'time', 'expertise', 'tracking'] as const;
    for (let mask = 1; mask < 1 << all.length; mask++) {
      const ticked = all.filter((_, i) => mask & (1 << i));
      const text = why({ ...base, currentChallenges: ticked }).challenges;
      expect(text).toStartWith(`You named ${ticked.length} challenge${ticked.length === 1 ? '' : 's'} `);
      for (const ch of ticked) expect(text).toContain(currentChallengeOptions.find((o) => o.value === ch)!.label.toLowerCase());
    }
    expect(why({ ...base, currentChallenges: ['roi', 'roi'] }).challenges).toBe(why({ ...base, currentChallenges: ['roi'] }).challenges);
    expect(points({ ...base, currentChallenges: ['roi', 'roi'] }).challenges).toBe(12);
  });

  test('tracking for a business not marketing, or not saying: never "which marketing brings customers in"', () => {
    const competitor = 'You have some idea of who you compete with; a closer look would show where to win ground.';
    const cases: [ScoredAnswers['currentMarketing'], ScoredAnswers['currentChallenges'], string][] = [
      [
        ['none'],
        ['roi'],
        'You are not marketing yet, so there is nothing to measure; tracking goes in with your first campaign, and you see what brings customers in from day one.',
      ],
      [
        ['none'],
        ['tracking'],
        'You cannot yet tell where customers come from; tracking goes in with your first campaign, so you see what brings them in from day one.',
      ],
      [[], ['roi'], 'You did not name tracking as a challenge, so you can likely tell where your customers come from.'],
      [[], ['tracking'], 'You cannot yet tell where customers come from, so it is hard to know what to do more of.'],
      [['none'], [], 'You named no challenges, so whether you can tell where customers come from gets half marks.'],
      // "Nothing yet" beside a channel: the channel is marketing.
      [['none', 'referrals'], ['roi'], 'You did not name tracking as a challenge, so you can likely tell which marketing brings customers in.'],
    ];
    for (const [currentMarketing, currentChallenges, second] of cases)
      expect(why({ ...base, currentMarketing, currentChallenges }).tracking).toBe(`${competitor} ${second}`);
    for (const currentMarketing of [['none'], []] as ScoredAnswers['currentMarketing'][])
      for (const currentChallenges of [['roi'], ['tracking'], []] as ScoredAnswers['currentChallenges'][])
        expect(why({ ...base, currentMarketing, currentChallenges }).tracking).not.toContain('which marketing');
  });

  test('agency experience: one sentence per answer', () => {
    expect(why({ ...base, previousAgency: 'yes-satisfied' }).experience).toBe('You have worked well with an agency before, so a new program can move quickly.');
    expect(why({ ...base, previousAgency: 'yes-mixed' }).experience).toBe('Your mixed agency results tell us what to keep and what to change from day one.');
    expect(why({ ...base, previousAgency: 'no' }).experience).toBe('This would be your first agency, so we start with clear goals and weekly check-ins.');
    expect(why({ ...base, previousAgency: 'yes-unsatisfied' }).experience).toBe(
      'A past agency let you down; clear reporting and month-to-month terms fix the trust gap.',
    );
  });

  test('skipping the optional step 3 and the website scores those parts in the middle and says so, never full marks', () => {
    const skipped: ScoredAnswers = {
      ...base,
      website: '',
      onlinePresence: 'excellent',
      currentMarketing: [],
      currentChallenges: [],
      competitorAnalysis: 'no-idea',
    };
    const breakdown = Object.fromEntries(scoreBreakdown(skipped).map((c) => [c.key, c]));
    expect([breakdown.presence.points, breakdown.channels.points, breakdown.tracking.points, breakdown.challenges.points]).toEqual([27, 12, 4, 7]);
    for (const key of ['presence', 'channels', 'tracking', 'challenges']) expect(breakdown[key].why).toContain('half marks');
    expect(breakdown.presence.why).not.toContain('no website');
    expect(breakdown.challenges.why).not.toContain('no major roadblocks');
  });

  test('an unanswered part always lands strictly between the worst and the best answered one', () => {
    const channelAnswers: ScoredAnswers['currentMarketing'][] = [['none'], ['seo', 'paid-ads', 'social-media', 'email-marketing', 'content-marketing']];
    const answered = channelAnswers.map((currentMarketing) => points({ ...base, currentMarketing }).channels);
    expect(points({ ...base, currentMarketing: [] }).channels).toBeGreaterThan(Math.min(...answered));
    expect(points({ ...base, currentMarketing: [] }).channels).toBeLessThan(Math.max(...answered));
    const challengeAnswers: ScoredAnswers['currentChallenges'][] = [
      ['tracking'],
      ['low-traffic', 'lead-quality', 'conversion', 'competition', 'roi', 'time', 'expertise'],
    ];
    const answeredChallenges = challengeAnswers.map((currentChallenges) => points({ ...base, currentChallenges }).challenges);
    expect(points({ ...base, currentChallenges: [] }).challenges).toBeGreaterThan(Math.min(...answeredChallenges));
    expect(points({ ...base, currentChallenges: [] }).challenges).toBeLessThan(Math.max(...answeredChallenges));
  });
});

describe('estimated monthly value', () => {
  test('revenue midpoint × budget growth rate × (1 + 5% per goal), to the nearest $100', () => {
    expect(estimatedMonthlyValue({ monthlyRevenue: '0-10000', marketingBudget: '0-1000', primaryGoals: [] })).toBe(500);
    expect(estimatedMonthlyValue({ monthlyRevenue: '10000-25000', marketingBudget: '1000-5000', primaryGoals: ['lead-generation'] })).toBe(2800);
    expect(estimatedMonthlyValue({ monthlyRevenue: '25000-50000', marketingBudget: '5000-15000', primaryGoals: ['increase-sales', 'brand-awareness'] })).toBe(
      8300,
    );
    expect(
      estimatedMonthlyValue({ monthlyRevenue: '50000+', marketingBudget: '15000+', primaryGoals: ['increase-sales', 'brand-awareness', 'lead-generation'] }),
    ).toBe(21600);
  });

  test('a goal ticked twice counts once', () => {
    expect(estimatedMonthlyValue({ monthlyRevenue: '10000-25000', marketingBudget: '1000-5000', primaryGoals: ['lead-generation', 'lead-generation'] })).toBe(
      2800,
    );
  });

  test('the working, in one line: midpoint × rate × goal factor, = when exact, ≈ when rounded', () => {
    expect(estimateWorking({ monthlyRevenue: '10000-25000', marketingBudget: '1000-5000', primaryGoals: ['lead-generation'] })).toBe(
      '$17,500 a month (the middle of $10,000–$25,000) × 15% (for a $1,000–$5,000 budget) × 1.05 (5% for your 1 goal) ≈ $2,800',
    );
    expect(estimateWorking({ monthlyRevenue: '0-10000', marketingBudget: '0-1000', primaryGoals: [] })).toBe(
      '$5,000 a month (the middle of under $10,000) × 10% (for a budget under $1,000) = $500',
    );
    expect(estimateWorking({ monthlyRevenue: '25000-50000', marketingBudget: '5000-15000', primaryGoals: ['increase-sales', 'brand-awareness'] })).toBe(
      '$37,500 a month (the middle of $25,000–$50,000) × 20% (for a $5,000–$15,000 budget) × 1.10 (5% for each of your 2 goals) ≈ $8,300',
    );
    expect(
      estimateWorking({ monthlyRevenue: '50000+', marketingBudget: '15000+', primaryGoals: ['increase-sales', 'brand-awareness', 'lead-generation'] }),
    ).toBe('$75,000 a month (what we take for $50,000 or more) × 25% (for a budget of $15,000 or more) × 1.15 (5% for each of your 3 goals) ≈ $21,600');
    expect(estimateWorking({ monthlyRevenue: '50000+', marketingBudget: '5000-15000', primaryGoals: ['brand-awareness', 'customer-retention'] })).toBe(
      '$75,000 a month (what we take for $50,000 or more) × 20% (for a $5,000–$15,000 budget) × 1.10 (5% for each of your 2 goals) = $16,500',
    );
  });

  test('the working ends in the estimate itself, for every revenue, budget and number of goals', () => {
    const goals = ['increase-sales', 'brand-awareness', 'lead-generation', 'customer-retention', 'market-expansion', 'competitive-edge'] as const;
    for (const monthlyRevenue of ['0-10000', '10000-25000', '25000-50000', '50000+'] as const)
      for (const marketingBudget of ['0-1000', '1000-5000', '5000-15000', '15000+'] as const)
        for (let n = 0; n <= goals.length; n++) {
          const a = { monthlyRevenue, marketingBudget, primaryGoals: goals.slice(0, n) };
          const line = estimateWorking(a);
          expect(line).toEndWith(` ${formatDollars(estimatedMonthlyValue(a))}`);
          expect(line.includes('(5% for')).toBe(n > 0);
        }
  });

  test('formats as dollars with thousands separators', () => {
    expect(formatDollars(12500)).toBe('$12,500');
    expect(formatDollars('21600.00')).toBe('$21,600');
    expect(formatDollars(500)).toBe('$500');
    expect(formatDollars(1234567)).toBe('$1,234,567');
  });
});

describe('package tier', () => {
  test('enterprise for the top revenue or budget band', () => {
    expect(packageTier({ monthlyRevenue: '50000+', marketingBudget: '0-1000' })).toBe('enterprise');
    expect(packageTier({ monthlyRevenue: '0-10000', marketingBudget: '15000+' })).toBe('enterprise');
  });
  test('growth for the second band of either, starter otherwise', () => {
    expect(packageTier({ monthlyRevenue: '25000-50000', marketingBudget: '0-1000' })).toBe('growth');
    expect(packageTier({ monthlyRevenue: '0-10000', marketingBudget: '5000-15000' })).toBe('growth');
    expect(packageTier({ monthlyRevenue: '10000-25000', marketingBudget: '1000-5000' })).toBe('starter');
  });
});

describe('recommended services', () => {
  test('2 to 4 known services, ordered by relevance, ties in service order', () => {
    const recs = recommendServices(base);
    // lead-generation 3, seo-services 3+2+1 = 6, google-ads 2, content-marketing 2+1 = 3
    expect(recs).toEqual(['seo-services', 'lead-generation', 'content-marketing', 'google-ads']);
  });

  test('a business already doing everything still gets two, from the fallbacks', () => {
    const busy: ScoredAnswers = {
      ...base,
      currentMarketing: ['seo', 'paid-ads', 'social-media', 'email-marketing', 'content-marketing'],
      primaryGoals: [],
      currentChallenges: [],
      onlinePresence: 'excellent',
      timeframe: '3-6-months',
    };
    expect(recommendServices(busy)).toEqual(['digital-marketing', 'seo-services']);
  });

  test('every recommendation is one of the six services', () => {
    const slugs = services.map((s) => s.slug) as string[];
    for (const rec of recommendServices({ ...base, currentMarketing: ['none'], currentChallenges: ['time', 'expertise'] })) expect(slugs).toContain(rec);
  });
});

describe('whole profiles', () => {
  test('a new cleaning company with no marketing: low score, starter, full-service first', () => {
    const result = computeAudit({
      website: '',
      monthlyRevenue: '0-10000',
      currentMarketing: ['none'],
      marketingBudget: '0-1000',
      primaryGoals: ['lead-generation', 'increase-sales'],
      timeframe: '1-3-months',
      currentChallenges: ['time', 'expertise', 'tracking'],
      onlinePresence: 'poor',
      competitorAnalysis: 'no-idea',
      previousAgency: 'no',
    });
    // presence 3 + 3 (website left blank), channels 0, tracking 0, challenges 15 - 6 = 9, experience 5
    expect(result).toEqual({
      auditScore: 20,
      estimatedValue: 600,
      // digital 3+2+2+2 = 9, google-ads 2+2+2 = 6, lead-generation 3+1 = 4, seo 3+1 = 4
      recommendedServices: ['digital-marketing', 'google-ads', 'lead-generation', 'seo-services'],
      packageTier: 'starter',
    });
    expect(scoreMessage(result.auditScore)).toBe('Significant opportunity for improvement');
  });

  test('an established medspa: excellent score, enterprise tier', () => {
    const result = computeAudit({
      website: 'https://lumen.example',
      monthlyRevenue: '50000+',
      currentMarketing: ['seo', 'social-media', 'email-marketing', 'paid-ads'],
      marketingBudget: '5000-15000',
      primaryGoals: ['brand-awareness', 'customer-retention'],
      timeframe: '6-12-months',
      currentChallenges: ['roi'],
      onlinePresence: 'good',
      competitorAnalysis: 'yes-monitoring',
      previousAgency: 'yes-mixed',
    });
    // presence 24, channels 20, tracking 20, challenges 12, experience 7
    expect(result.auditScore).toBe(83);
    expect(result.estimatedValue).toBe(16500);
    expect(result.packageTier).toBe('enterprise');
    // social 3+1 = 4, content 2+1+1 = 4, google-ads 2
    expect(result.recommendedServices).toEqual(['social-media-management', 'content-marketing', 'google-ads']);
    expect(scoreMessage(result.auditScore)).toBe('Excellent foundation!');
  });

  test('a contractor in the middle: growth tier, good potential', () => {
    const result = computeAudit({
      ...base,
      monthlyRevenue: '25000-50000',
      currentMarketing: ['seo', 'referrals'],
      competitorAnalysis: 'yes-aware',
      currentChallenges: ['competition', 'lead-quality'],
      onlinePresence: 'good',
      previousAgency: 'yes-unsatisfied',
    });
    // presence 24, channels 7, tracking 16, challenges 9, experience 3
    expect(result.auditScore).toBe(59);
    expect(result.packageTier).toBe('growth');
    expect(scoreMessage(result.auditScore)).toBe('Good potential for growth');
  });

  test('the same answers always give the same result', () => {
    expect(computeAudit(base)).toEqual(computeAudit(structuredClone(base)));
  });
});

describe('schema', () => {
  test('an empty form fails on exactly the 11 required fields, with the spec messages', () => {
    const result = auditSchema.safeParse(emptyAuditForm);
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((i) => [String(i.path[0]), i.message]));
    expect(Object.keys(messages).sort()).toEqual([...REQUIRED_AUDIT_FIELDS].sort());
    expect(messages).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Invalid email address',
      businessName: 'Business name is required',
      industry: 'Please select your industry',
      monthlyRevenue: 'Please select your revenue range',
      marketingBudget: 'Please select your marketing budget',
      timeframe: 'Please select your timeframe',
      onlinePresence: 'Please rate your online presence',
      competitorAnalysis: 'Please select an option',
      previousAgency: 'Please select an option',
    });
  });

  test('the four steps hold the 16 fields once each; errors lead to the first step holding one', () => {
    const all = AUDIT_STEPS.flatMap((s) => s.fields);
    expect(all).toHaveLength(16);
    expect(new Set(all).size).toBe(16);
    expect(AUDIT_STEPS.map((s) => s.title)).toEqual([
      'Basic Information',
      'Business Scale & Goals',
      'Current Marketing & Challenges',
      'Online Presence Assessment',
    ]);
    expect(firstStepWithError(['previousAgency', 'timeframe'])).toBe(2);
    expect(firstStepWithError(['onlinePresence'])).toBe(4);
    expect(firstStepWithError(['email', 'previousAgency'])).toBe(1);
    expect(firstStepWithError([])).toBeNull();
  });

  test('the timeframe option keeps the spec value 12+ months', () => {
    const ok = auditSchema.shape.timeframe.safeParse('12+ months');
    expect(ok.success).toBe(true);
  });
});
