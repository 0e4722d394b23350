import { describe, expect, test } from 'bun:test';
import { emailText } from '../leads/emails.ts';
import { bestAndWorst, type WeeklyFigures, weekDue, weekKey, weeklyDigestEmail } from './weekly-digest.ts';

const at = (iso: string) => new Date(iso);
const week = { from: { year: 2026, month: 11, day: 23 }, to: { year: 2026, month: 11, day: 29 } };
const NOW = at('2026-11-30T08:00:00-05:00');
const SITE = 'https://northlinedigital.ca';

const figures = (overrides: Partial<WeeklyFigures> = {}): WeeklyFigures => ({
  week,
  visitors: 1240,
  leads: 9,
  booked: 3,
  won: 2,
  wonValue: 4000,
  wonWithoutValue: 0,
  sources: [
    { source: 'google', visitors: 240, leads: 6 },
    { source: 'facebook', visitors: 310, leads: 0 },
    { source: 'direct', visitors: 690, leads: 3 },
  ],
  waiting: [],
  waitingCount: 0,
  ...overrides,
});

describe('when the weekly email is due', () => {
  test('from 08:00 Toronto time on Monday, and on Tuesday if Monday’s could not go; for the week before, Monday to Sunday', () => {
    expect(weekDue(at('2026-11-30T07:59:59-05:00'))).toBeNull();
    expect(weekDue(NOW)).toEqual(week);
    expect(weekDue(at('2026-11-30T23:59:00-05:00'))).toEqual(week);
    expect(weekDue(at('2026-12-01T17:00:00-05:00'))).toEqual(week);
    for (const day of ['2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05', '2026-12-06']) expect(weekDue(at(`${day}T09:00:00-05:00`)), day).toBeNull();
    expect(weekKey(week)).toBe('2026-11-23');
    // In Toronto it is still Sunday evening when it is already Monday 08:00 in UTC+8.
    expect(weekDue(at('2026-11-30T00:30:00Z'))).toBeNull();
    // A holiday Monday (Family Day) is still Monday: the owner wants the figures.
    expect(weekDue(at('2026-02-16T08:00:00-05:00'))).toEqual({ from: { year: 2026, month: 2, day: 9 }, to: { year: 2026, month: 2, day: 15 } });
    // The week the clocks change: 08:00 is EDT on 9 March 2026, the week before ended on the 8th.
    expect(weekDue(at('2026-03-09T07:59:00-04:00'))).toBeNull();
    expect(weekDue(at('2026-03-09T08:00:00-04:00'))).toEqual({ from: { year: 2026, month: 3, day: 2 }, to: { year: 2026, month: 3, day: 8 } });
    // Across a year's end.
    expect(weekDue(at('2027-01-04T08:00:00-05:00'))).toEqual({ from: { year: 2026, month: 12, day: 28 }, to: { year: 2027, month: 1, day: 3 } });
  });
});

describe('the best and the weakest source', () => {
  test('most leads, and fewest, among the sources that brought visitors', () => {
    const { best, worst } = bestAndWorst(figures().sources);
    expect(best?.source).toBe('google');
    expect(worst?.source).toBe('facebook');
  });

  test('ties: the best converted more (fewer visitors for the same leads), the weakest brought more visitors for them', () => {
    const { best, worst } = bestAndWorst([
      { source: 'a', visitors: 100, leads: 2 },
      { source: 'b', visitors: 50, leads: 2 },
      { source: 'c', visitors: 10, leads: 0 },
      { source: 'd', visitors: 80, leads: 0 },
    ]);
    expect([best?.source, worst?.source]).toEqual(['b', 'd']);
  });

  test('a source with leads but no counted visitors is not compared; one source is no contest; no leads anywhere is no best', () => {
    expect(
      bestAndWorst([
        { source: 'newsletter', visitors: 0, leads: 4 },
        { source: 'google', visitors: 10, leads: 1 },
      ]),
    ).toEqual({
      best: { source: 'google', visitors: 10, leads: 1 },
      worst: null,
    });
    expect(
      bestAndWorst([
        { source: 'google', visitors: 10, leads: 0 },
        { source: 'bing', visitors: 5, leads: 0 },
      ]),
    ).toEqual({
      best: null,
      worst: { source: 'google', visitors: 10, leads: 0 },
    });
    expect(bestAndWorst([])).toEqual({ best: null, worst: null });
  });
});

describe('the email', () => {
  test('the week’s figures, the best and weakest source, and nobody waiting', () => {
    const message = weeklyDigestEmail(figures(), { siteUrl: SITE, now: NOW });
    expect(message.subject).toBe('Your website last week: 1,240 visitors, 9 leads, 3 booked, 2 won');
    expect(message.heading).toBe('Your website last week: Monday, November 23 to Sunday, November 29');
    const text = emailText(message);
    for (const line of [
      'Good morning. Here is how the website did last week, Monday, November 23 to Sunday, November 29 (Toronto time).',
      'Visitors: 1,240',
      'New leads: 9 (0.7% of visitors)',
      'Sessions booked: 3',
      'Clients won: 2, worth $4,000 a month',
      'Best source: google brought 6 leads from 240 visitors (2.5%).',
      'Weakest source: facebook brought no leads from 310 visitors.',
      'No lead is waiting past the 2-business-day promise.',
      `See the full figures: ${SITE}/admin/analytics?from=2026-11-23&to=2026-11-29`,
      'Sent to the Northline Digital team every Monday at 8:00 a.m. by the website (LEAD_NOTIFY_EMAIL).',
    ])
      expect(text).toContain(line);
    expect(message.preheader).toBe('Best source: google, with 6 leads.');
  });

  test('leads waiting past the promise, the longest first, linked; more than ten are counted, not listed', () => {
    const waiting = Array.from({ length: 12 }, (_, i) => ({
      kind: 'audit' as const,
      id: `lead-${i}`,
      name: i === 0 ? null : `Person ${i}`,
      business: i === 1 ? null : `Business ${i}`,
      replyBy: at(`2026-11-${String(10 + i).padStart(2, '0')}T23:00:00Z`),
    }));
    const message = weeklyDigestEmail(figures({ waiting, waitingCount: 12, won: 1, wonValue: 0, wonWithoutValue: 1 }), { siteUrl: SITE, now: NOW });
    const text = emailText(message);
    expect(message.preheader).toBe('12 leads are still waiting for a reply.');
    expect(text).toContain('12 leads are still waiting for a reply, past the 2-business-day promise');
    expect(text).toContain('Name not given, Business 0');
    expect(text).toContain(`${SITE}/admin/leads/audit/lead-0`);
    expect(text).toContain('Reply overdue by 19 days');
    expect(text).toContain('A reply was due Tuesday, November 10, 2026 at 6:00 p.m.');
    expect(text).toContain('Person 1\n');
    expect(text).toContain('Person 9, Business 9');
    expect(text).not.toContain('Person 10');
    expect(text).toContain('And 2 more in the inbox.');
    expect(text).toContain(`Open the leads waiting for a reply: ${SITE}/admin/leads?overdue=1`);
    expect(text).toContain('Clients won: 1 (1 without a retainer entered)');
    // Names and businesses stay out of the subject and preheader (lock screens).
    expect(`${message.subject} ${message.preheader}`).not.toMatch(/Person|Business/);
  });

  test('a quiet week: no visits counted, no leads, nothing booked or won', () => {
    const message = weeklyDigestEmail(figures({ visitors: 0, leads: 0, booked: 0, won: 0, wonValue: 0, sources: [] }), { siteUrl: SITE, now: NOW });
    const text = emailText(message);
    expect(message.subject).toBe('Your website last week: 0 visitors, 0 leads, 0 booked, 0 won');
    expect(text).toContain('New leads: 0\n');
    expect(text).toContain('Sessions booked: None');
    expect(text).toContain('Clients won: None');
    expect(text).toContain('No visits were counted last week, so there is no best or weakest source to compare.');
    expect(message.preheader).toBe('Monday, November 23 to Sunday, November 29.');
  });

  test('one visitor, one lead: singular words', () => {
    const text = emailText(
      weeklyDigestEmail(figures({ visitors: 1, leads: 1, sources: [{ source: 'google', visitors: 1, leads: 1 }], waitingCount: 1, waiting: [] }), {
        siteUrl: SITE,
        now: NOW,
      }),
    );
    expect(text).toContain('Best source: google brought 1 lead from 1 visitor (100.0%).');
    expect(text).toContain('1 lead is still waiting for a reply');
    expect(text).not.toContain('Weakest source');
  });
});
