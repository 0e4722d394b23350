import type { AbTracking, BrowserEventType } from '../lib/ab/definitions.ts';
import { apiRequest } from './api-client.ts';

// Posting A/B events from the browser: the one implementation, used by the split-test hook and by
// the home page islands that receive their assignment from the server. Free of zod (it imports only
// types from lib/ab/definitions.ts), so an island that tracks stays small.

export const TRACK_EVENT_ERROR = 'Failed to track event';

export type SplitTestEvent = {
  testId: string;
  variantId: string;
  eventType: BrowserEventType;
  eventData?: Record<string, unknown>;
  userId?: string;
};

/** POST /api/ab-test/event; any failure raises Error('Failed to track event'). */
export async function trackEvent(event: SplitTestEvent): Promise<void> {
  try {
    await apiRequest<unknown>('POST', '/api/ab-test/event', event);
  } catch (cause) {
    throw new Error(TRACK_EVENT_ERROR, { cause });
  }
}

/** (test, variant) pairs already viewed on this page; a module singleton lives exactly one page view. */
const viewedThisPage = new Set<string>();

/** Sends the `view` event for an assignment unless this page already did; never throws. */
export function sendViewOnce(assignment: AbTracking, userId?: string): Promise<boolean> {
  const key = `${assignment.testId}:${assignment.variantId}`;
  if (viewedThisPage.has(key)) return Promise.resolve(false);
  viewedThisPage.add(key);
  return trackEvent({ testId: assignment.testId, variantId: assignment.variantId, eventType: 'view', userId }).then(
    () => true,
    () => false,
  );
}

/** Records a click (or other event) for a tracked variant; a no-op without tracking; never throws. */
export function trackQuietly(tracking: AbTracking | null | undefined, eventType: BrowserEventType, eventData?: Record<string, unknown>, userId?: string): void {
  if (!tracking) return;
  trackEvent({ testId: tracking.testId, variantId: tracking.variantId, eventType, eventData, userId }).catch(() => {});
}

/**
 * Marks the element that shows a tracked variant: the island loader (client/islands/loader.ts)
 * sends its one `view` event the first time it is on screen, before and without any React.
 */
export function abViewMarker(tracking: AbTracking | null | undefined): { 'data-ab-view'?: string } {
  return tracking ? { 'data-ab-view': JSON.stringify({ testId: tracking.testId, variantId: tracking.variantId }) } : {};
}

/**
 * Marks a variant's call to action: the island loader sends a `click` event (with `eventData`) when it
 * is clicked, before and without any React.
 */
export function abClickMarker(tracking: AbTracking | null | undefined, eventData: Record<string, unknown>): { 'data-ab-click'?: string } {
  return tracking ? { 'data-ab-click': JSON.stringify({ testId: tracking.testId, variantId: tracking.variantId, eventData }) } : {};
}
