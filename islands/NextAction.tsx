import { useAtomValue } from 'jotai';
import { useLayoutEffect, useRef } from 'react';
import { followUpsAtom } from '../client/follow-ups.ts';
import { flagLabel, type NextActionView } from '../lib/people/inbox.ts';

export type NextActionProps = {
  /** The row's lead, `kind/id`: the key its LeadStatus island saves under. */
  lead: string;
  view: NextActionView;
};

const flagTone = { overdue: 'bg-red-100 text-red-800', 'no-action': 'bg-amber-100 text-amber-900' } as const;

/**
 * A person's next action in their inbox row, and the badge when they need attention. Rendered by the
 * server; once hydrated, redrawn when the row's status is changed in place (a first reply done becomes
 * "Follow up", a last lead closed leaves nothing to do), along with the row's overdue tint, so the row
 * never contradicts the status beside it until a reload.
 */
export default function NextAction({ lead, view: rendered }: NextActionProps) {
  const changed = useAtomValue(followUpsAtom)[lead];
  const view = changed ?? rendered;
  const cell = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (!changed) return;
    // The row is the server's markup, outside any island: its tint and flag follow this cell's.
    const row = cell.current?.closest('tr');
    if (!row) return;
    row.classList.toggle('bg-red-50', changed.flag === 'overdue');
    if (changed.flag) row.dataset.flag = changed.flag;
    else delete row.dataset.flag;
    if (changed.flag === 'overdue') row.dataset.overdue = 'true';
    else delete row.dataset.overdue;
  }, [changed]);
  return (
    <div ref={cell}>
      {view.what ? (
        <>
          <div className="text-slate-900">{view.what}</div>
          <div className={`text-xs ${view.late ? 'font-semibold text-red-700' : 'text-slate-600'}`}>{view.due}</div>
        </>
      ) : (
        <div className="text-slate-600">No next action set</div>
      )}
      {view.flag ? (
        <span className={`mt-1 inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${flagTone[view.flag]}`} data-flag-badge>
          {flagLabel[view.flag]}
        </span>
      ) : null}
    </div>
  );
}
