import { describe, expect, test } from 'bun:test';
import { DEFAULT_SLOT_FIELDS } from '../content/slots.ts';
import { completeExperiment, controlChangesDuring, dashboardBadge, experimentStatus, newExperimentSchema, planBaseline } from './experiments.ts';

const hero = DEFAULT_SLOT_FIELDS.hero;
const body = (variants: unknown[], over: Record<string, unknown> = {}) =>
  newExperimentSchema.parse({
    name: 'shorter-headline',
    slot: 'hero',
    hypothesis: 'A shorter promise gets more audits',
    trafficAllocation: 50,
    goal: 'lead',
    variants,
    ...over,
  });

describe('a new experiment', () => {
  test('its name and its variants’ names are one line; the hypothesis may break lines; neither takes invisible characters', () => {
    const variants = [
      { name: 'Control', isControl: true },
      { name: 'Short', isControl: false },
    ];
    const fields = (over: Record<string, unknown>) =>
      newExperimentSchema
        .safeParse({ name: 'n', slot: 'hero', hypothesis: 'h', trafficAllocation: 50, goal: 'lead', variants, ...over })
        .error?.issues.map((i) => i.path.join('.'));
    expect(fields({ name: 'shorter\nheadline' })).toEqual(['name']);
    expect(fields({ name: 'RTL \u202edrow' })).toEqual(['name']);
    expect(fields({ variants: [variants[0], { name: 'Sh\u0007ort', isControl: false }] })).toEqual(['variants.1.name']);
    expect(fields({ hypothesis: 'Shorter wins.\n\nWe saw it on the blog.' })).toBeUndefined();
    expect(fields({ hypothesis: 'Shorter \u202ewins' })).toEqual(['hypothesis']);
  });

  test('partial fields take the rest from the published copy; the control is the published copy', () => {
    const made = completeExperiment(
      body([
        { name: 'Control', isControl: true },
        { name: 'Short', isControl: false, fields: { headline: 'Booked solid' } },
      ]),
      hero,
    );
    expect(made).toEqual({
      ok: true,
      value: expect.objectContaining({
        variants: [
          { name: 'Control', isControl: true, fields: hero },
          { name: 'Short', isControl: false, fields: { ...hero, headline: 'Booked solid' } },
        ],
      }),
    });
  });

  test.each([
    [
      'the control not first',
      [
        { name: 'B', isControl: false, fields: { headline: 'x' } },
        { name: 'Control', isControl: true },
      ],
      'variants.0.isControl',
    ],
    [
      'two controls',
      [
        { name: 'Control', isControl: true },
        { name: 'Also', isControl: true },
      ],
      'variants.1.isControl',
    ],
    [
      'names that differ only in case',
      [
        { name: 'Control', isControl: true },
        { name: 'control', isControl: false, fields: { headline: 'x' } },
      ],
      'variants.1.name',
    ],
    [
      'an unknown field',
      [
        { name: 'Control', isControl: true },
        { name: 'B', isControl: false, fields: { colour: 'red' } },
      ],
      'variants.1.fields.colour',
    ],
    [
      'a wrong type',
      [
        { name: 'Control', isControl: true },
        { name: 'B', isControl: false, fields: { ctaStyle: 'loud' } },
      ],
      'variants.1.fields.ctaStyle',
    ],
    [
      'a control that edits the copy',
      [
        { name: 'Control', isControl: true, fields: { headline: 'x' } },
        { name: 'B', isControl: false, fields: { headline: 'y' } },
      ],
      'variants.0.fields',
    ],
    [
      'a challenger that changes nothing',
      [
        { name: 'Control', isControl: true },
        { name: 'Same', isControl: false, fields: { headline: hero.headline } },
      ],
      'variants',
    ],
  ])('%s is refused, naming the field', (_label, variants, field) => {
    const made = completeExperiment(body(variants), hero);
    expect(made.ok).toBe(false);
    if (!made.ok) {
      expect(made.field).toBe(field);
      expect(made.message.startsWith(field)).toBe(true);
    }
  });

  test.each([
    ['one variant', { variants: [{ name: 'Control', isControl: true }] }, 'variants'],
    ['five variants', { variants: ['A', 'B', 'C', 'D', 'E'].map((name, i) => ({ name, isControl: i === 0 })) }, 'variants'],
    ['traffic 0', { trafficAllocation: 0 }, 'trafficAllocation'],
    ['traffic 50.5', { trafficAllocation: 50.5 }, 'trafficAllocation'],
    ['traffic as text', { trafficAllocation: '50' }, 'trafficAllocation'],
    ['an unknown goal', { goal: 'clicks' }, 'goal'],
    ['an unknown slot', { slot: 'footer' }, 'slot'],
    ['a blank name', { name: '   ' }, 'name'],
    ['a name of 256 characters', { name: 'x'.repeat(256) }, 'name'],
  ])('the schema refuses %s', (_label, over, field) => {
    const parsed = newExperimentSchema.safeParse({
      name: 'n',
      slot: 'hero',
      hypothesis: 'h',
      trafficAllocation: 50,
      goal: 'lead',
      variants: [
        { name: 'Control', isControl: true },
        { name: 'B', isControl: false },
      ],
      ...over,
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path[0]).toBe(field);
  });
});

describe('status', () => {
  const now = new Date('2026-11-28T12:00:00Z');
  const at = (iso: string) => new Date(iso);
  test.each([
    ['draft', { isActive: false, startDate: at('2026-11-01'), endDate: null, shippedVariantId: null }],
    ['running', { isActive: true, startDate: at('2026-11-01'), endDate: null, shippedVariantId: null }],
    ['running', { isActive: true, startDate: at('2026-11-01'), endDate: at('2026-12-01'), shippedVariantId: null }],
    ['stopped', { isActive: true, startDate: at('2026-11-01'), endDate: at('2026-11-20'), shippedVariantId: null }],
    ['stopped', { isActive: false, startDate: at('2026-11-01'), endDate: at('2026-11-20'), shippedVariantId: null }],
    ['shipped', { isActive: false, startDate: at('2026-11-01'), endDate: at('2026-11-20'), shippedVariantId: 'v' }],
  ])('%s', (status, e) => {
    expect(experimentStatus(e, now)).toBe(status as never);
  });
});

describe('the dashboard badge', () => {
  const now = new Date('2026-11-28T12:00:00Z');
  const at = (iso: string) => new Date(iso);
  const base = { isActive: true, startDate: at('2026-11-01'), endDate: null, shippedVariantId: null };
  test.each([
    // An experiment reads as on its staff page, past its end date and once shipped included.
    ['hero', base, 'Running', true],
    ['hero', { ...base, isActive: false }, 'Draft', false],
    ['hero', { ...base, endDate: at('2026-11-20') }, 'Stopped', false],
    ['audit-form', { ...base, isActive: false, endDate: at('2026-11-20'), shippedVariantId: 'v' }, 'Shipped', false],
    // A test made through the API: active, paused, or ended once its end date has passed whatever its flag says.
    [null, base, 'Active', true],
    [null, { ...base, isActive: false }, 'Paused', false],
    [null, { ...base, endDate: at('2026-11-20') }, 'Ended', false],
    [null, { ...base, endDate: at('2026-12-20') }, 'Active', true],
  ] as const)('%s %o: %s', (slot, t, label, live) => {
    expect(dashboardBadge({ slot, ...t }, now)).toEqual({ label, live });
  });
});

test('the plan reads a day of home page visitors and the goal’s rate per site visitor', () => {
  const traffic = { days: 28, homeVisitors: 2800, siteVisitors: 5600, leads: 112, booked: 28 };
  expect(planBaseline('lead', traffic)).toEqual({ dailyVisitors: 100, baselineRate: 0.02 });
  expect(planBaseline('booked', traffic)).toEqual({ dailyVisitors: 100, baselineRate: 0.005 });
  expect(planBaseline('value', traffic)).toEqual({ dailyVisitors: 100, baselineRate: 0.02 });
  expect(planBaseline('lead', { days: 28, homeVisitors: 0, siteVisitors: 0, leads: 0, booked: 0 })).toEqual({ dailyVisitors: 0, baselineRate: 0 });
});

describe('controlChangesDuring', () => {
  const at = (iso: string) => new Date(iso);
  const publishes = [
    { version: 5, publishedAt: at('2026-11-20T12:00:00Z'), publishedBy: 'ship' },
    { version: 4, publishedAt: at('2026-11-15T09:00:00Z'), publishedBy: 'owner@northlinedigital.ca' },
    { version: 3, publishedAt: at('2026-11-10T09:00:00Z'), publishedBy: 'owner@northlinedigital.ca' },
    { version: 2, publishedAt: at('2026-11-01T09:00:00Z'), publishedBy: null },
  ];
  const now = at('2026-11-25T00:00:00Z');

  test('the publishes after the start and before the end: not the ship that ended it, nor those before it began', () => {
    const stopped = { isActive: false, startDate: at('2026-11-05T00:00:00Z'), endDate: at('2026-11-20T12:00:00Z') };
    expect(controlChangesDuring(stopped, publishes, now).map((p) => p.version)).toEqual([4, 3]);
  });

  test('while it runs, every publish since its start, up to now', () => {
    const running = { isActive: true, startDate: at('2026-11-12T00:00:00Z'), endDate: null };
    expect(controlChangesDuring(running, publishes, now).map((p) => p.version)).toEqual([5, 4]);
    expect(controlChangesDuring(running, publishes, at('2026-11-16T00:00:00Z')).map((p) => p.version)).toEqual([4]);
  });

  test('a draft never ran, and a test not started yet has none', () => {
    expect(controlChangesDuring({ isActive: false, startDate: at('2026-10-01T00:00:00Z'), endDate: null }, publishes, now)).toEqual([]);
    expect(controlChangesDuring({ isActive: true, startDate: at('2026-12-01T00:00:00Z'), endDate: null }, publishes, now)).toEqual([]);
  });

  test('the first copy, written when the slots were made after a seeded test began, is no change', () => {
    const seeded = { isActive: true, startDate: at('2026-01-01T00:00:00Z'), endDate: null };
    const first = { version: 1, publishedAt: at('2026-10-01T00:00:00Z'), publishedBy: null };
    expect(controlChangesDuring(seeded, [first], now)).toEqual([]);
    expect(controlChangesDuring(seeded, [...publishes, first], now).map((p) => p.version)).toEqual([5, 4, 3, 2]);
  });
});
