import { useAtomValue } from 'jotai';
import { overdueLeadsAtom } from '../client/follow-ups.ts';
import { AlertLink } from '../components/staff/AlertLink.tsx';
import { overdueHeadline } from '../lib/leads/pipeline.ts';

export type OverdueHeadlineProps = {
  /** Leads past the 2-business-day promise when the page was drawn. */
  count: number;
  /** The inbox filtered to them. */
  href: string;
};

/**
 * The inbox's first headline: how many leads are past the 2-business-day promise (a link to them), or
 * that none is. Rendered by the server; once hydrated, redrawn with the count each one-click status
 * answers, so reaching an overdue lead from its row takes it out of the headline at once.
 */
export default function OverdueHeadline({ count: rendered, href }: OverdueHeadlineProps) {
  const count = useAtomValue(overdueLeadsAtom) ?? rendered;
  return count > 0 ? (
    <AlertLink href={href} tone="red" data={{ 'data-overdue-count': count }}>
      {overdueHeadline(count)}
    </AlertLink>
  ) : (
    <p data-overdue-count={0} className="mt-4 rounded-xl border border-green-200 bg-green-50 px-4 py-2 text-sm font-medium text-green-800 sm:py-3">
      Every new lead is inside the 2-business-day promise.
    </p>
  );
}
