import { expect, test } from 'bun:test';
import { abClickMarker, abViewMarker } from './ab-markers.ts';

// What the island loader reads (client/islands/loader.ts sendEvent): the ids as JSON, and for a click
// its event data. Sending them is checked in the browser (tests/browser/ab-home.test.ts).

const tracking = { testId: 'test-1', variantId: 'variant-a' };

test('a tracked variant is marked with its ids; an untracked one is not marked', () => {
  expect(JSON.parse(abViewMarker(tracking)['data-ab-view'] ?? '')).toEqual(tracking);
  expect(abViewMarker(null)).toEqual({});
  expect(abViewMarker(undefined)).toEqual({});
});

test('a call to action is marked with its ids and event data', () => {
  expect(JSON.parse(abClickMarker(tracking, { cta: 'hero' })['data-ab-click'] ?? '')).toEqual({ ...tracking, eventData: { cta: 'hero' } });
  expect(abClickMarker(null, { cta: 'hero' })).toEqual({});
});
