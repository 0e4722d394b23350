import { expect, test } from 'bun:test';
import { countScale, trafficChart } from './chart.ts';

test('a count axis in steps of 1, 2 or 5 times a power of ten', () => {
  expect(countScale(0)).toEqual({ step: 1, top: 4 });
  expect(countScale(3)).toEqual({ step: 1, top: 3 });
  expect(countScale(7)).toEqual({ step: 2, top: 8 });
  expect(countScale(19)).toEqual({ step: 5, top: 20 });
  expect(countScale(11_437)).toEqual({ step: 5000, top: 15_000 });
});

test('no chart when nothing was counted', () => {
  expect(trafficChart([])).toBeNull();
  expect(trafficChart([{ date: '2026-11-24', visitors: 0, pageviews: 0 }])).toBeNull();
});

test('a bar per day for visitors, a line through the days for page views, labels at the first, middle and last day', () => {
  const chart = trafficChart([
    { date: '2026-11-22', visitors: 2, pageviews: 4 },
    { date: '2026-11-23', visitors: 0, pageviews: 0 },
    { date: '2026-11-24', visitors: 4, pageviews: 8 },
  ]);
  if (!chart) throw new Error('no chart');
  expect(chart.yTicks.map((t) => t.label)).toEqual(['0', '2', '4', '6', '8']);
  expect(chart.yTicks[0].y).toBe(100);
  expect(chart.bars.map((b) => b.y)).toEqual([75, 100, 50]);
  expect(chart.bars[0].x + chart.bars[0].width / 2).toBeCloseTo(100 / 6, 1);
  expect(chart.line).toBe('16.67,50 50,100 83.33,0');
  expect(chart.xTicks.map((t) => [t.label, t.essential])).toEqual([
    ['Nov 22', true],
    ['Nov 23', true],
    ['Nov 24', true],
  ]);
  for (const b of chart.bars) expect(b.x).toBeGreaterThanOrEqual(0);
});
