import { expect, test } from 'bun:test';
import { restartWaitMs, STEADY_MS } from './supervision.ts';

test('a crash after a steady run restarts at once; crashes soon after starting wait longer each time, up to 30 s', () => {
  expect(restartWaitMs(60_000, 0)).toBe(250);
  expect(restartWaitMs(STEADY_MS, 16_000)).toBe(250);
  const waits: number[] = [];
  let wait = 0;
  for (let i = 0; i < 10; i++) waits.push((wait = restartWaitMs(500, wait)));
  expect(waits).toEqual([250, 500, 1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
});
