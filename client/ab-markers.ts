import type { AbTracking } from '../lib/ab/definitions.ts';

// Marking what shows a tracked A/B variant: the island loader (client/islands/loader.ts) is the one
// sender of A/B events from the browser, with no React needed: a `view` the first time a marked element
// is on screen, a `click` when a marked call to action is clicked. Free of zod (types only), so a
// component or island that marks stays small.

/** Marks the element that shows a tracked variant: its one `view` event is sent the first time it is on screen. */
export function abViewMarker(tracking: AbTracking | null | undefined): { 'data-ab-view'?: string } {
  return tracking ? { 'data-ab-view': JSON.stringify({ testId: tracking.testId, variantId: tracking.variantId }) } : {};
}

/** Marks a variant's call to action: a `click` event (with `eventData`) is sent when it is clicked. */
export function abClickMarker(tracking: AbTracking | null | undefined, eventData: Record<string, unknown>): { 'data-ab-click'?: string } {
  return tracking ? { 'data-ab-click': JSON.stringify({ testId: tracking.testId, variantId: tracking.variantId, eventData }) } : {};
}
