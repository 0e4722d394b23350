import { useCallback, useEffect, useState } from 'react';
import { sendViewOnce, trackQuietly } from './ab-events.ts';
import { type AbEventType, type Assignment, defaultVariant, type SplitTestVariant } from './ab-tests.ts';
import { apiRequest } from './api-client.ts';

// The split-test hook for islands (spec §4 "Split-test hook"): assignment loading, then loaded; one
// `view` event when the assignment arrives, once per page view; with no assignment (unknown test,
// network or server error) the default configuration, the name `default` and control status.
// Tracking never breaks the page: the hook swallows tracking errors; `trackEvent` itself raises
// 'Failed to track event' for callers who want to know. Event posting lives in lib/ab-events.ts (zod-free).

export { type SplitTestEvent, sendViewOnce, TRACK_EVENT_ERROR, trackEvent } from './ab-events.ts';

/** GET /api/ab-test/assignment: not cached, not retried. Raises the api-client error on a non-OK answer. */
export function fetchAssignment(testName: string, userId?: string, signal?: AbortSignal): Promise<Assignment> {
  const query = new URLSearchParams({ testName });
  if (userId) query.set('userId', userId);
  return apiRequest<Assignment>('GET', `/api/ab-test/assignment?${query}`, undefined, { signal });
}

/** The assignment, or the fallback (null assignment, default variant) when it cannot be had. */
export async function loadSplitTest(
  testName: string,
  userId?: string,
  signal?: AbortSignal,
): Promise<{ assignment: Assignment | null; variant: SplitTestVariant }> {
  try {
    const assignment = await fetchAssignment(testName, userId, signal);
    return { assignment, variant: assignment.variant };
  } catch {
    return { assignment: null, variant: defaultVariant(testName) };
  }
}

export type SplitTest = {
  isLoading: boolean;
  /** Null while loading and when falling back. */
  assignment: Assignment | null;
  /** The variant to show: the assigned one, or the default while loading or on error. */
  variant: SplitTestVariant;
  configuration: Record<string, unknown>;
  /** Records a click or conversion for the assigned variant; a no-op without an assignment; never throws. */
  track: (eventType: AbEventType, eventData?: Record<string, unknown>) => void;
};

/**
 * `useSplitTest(testName, userId?)`. Pass `initial` when the server already resolved the assignment
 * during the request (it renders loaded at once, with no flash, and still sends its one view).
 */
export function useSplitTest(testName: string, userId?: string, options: { initial?: Assignment | null } = {}): SplitTest {
  const initial = options.initial ?? null;
  const [state, setState] = useState<{ isLoading: boolean; assignment: Assignment | null; variant: SplitTestVariant }>(() =>
    initial ? { isLoading: false, assignment: initial, variant: initial.variant } : { isLoading: true, assignment: null, variant: defaultVariant(testName) },
  );

  useEffect(() => {
    if (initial) {
      void sendViewOnce(initial, userId);
      return;
    }
    const controller = new AbortController();
    void loadSplitTest(testName, userId, controller.signal).then((loaded) => {
      if (controller.signal.aborted) return;
      setState({ isLoading: false, ...loaded });
      if (loaded.assignment) void sendViewOnce(loaded.assignment, userId);
    });
    return () => controller.abort();
    // The initial assignment is read once, on mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [testName, userId]);

  const { assignment } = state;
  const track = useCallback(
    (eventType: AbEventType, eventData?: Record<string, unknown>) => {
      if (!assignment) return;
      trackQuietly(assignment, eventType, eventData, userId);
    },
    [assignment, userId],
  );

  return { ...state, configuration: state.variant.configuration, track };
}
