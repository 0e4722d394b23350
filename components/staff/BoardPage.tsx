import type { BoardCardProps } from '../../islands/PipelineBoard.tsx';
import { LEAD_STATUSES, type LeadStatus, leadKindLabel, leadStatusLabel } from '../../lib/leads/pipeline.ts';
import { telHref } from '../../lib/people/identity.ts';
import { type BoardCard, nextActionLine, personPath } from '../../lib/people/inbox.ts';
import { dueText } from '../../lib/people/next-action.ts';
import { Island } from '../../server/islands/Island.tsx';
import { buttonClass } from '../ui/styles.ts';
import { type StaffPageProps, StaffShell } from './StaffShell.tsx';

export type BoardPageProps = StaffPageProps & {
  cards: BoardCard[];
  /** The lead a plain-form move just changed (`/admin/board?moved=audit/…`), to say so. */
  moved: { kind: string; id: string } | null;
  /** The search the board is narrowed to, if any. */
  q: string | null;
  now: Date;
};

/** The card as the island shows it: every text worked out here, on the server. */
function cardProps(card: BoardCard, now: Date): BoardCardProps {
  return {
    personId: card.personId,
    personHref: personPath(card.personId),
    name: card.name ?? 'No name given',
    business: card.business,
    phone: card.phone,
    tel: telHref(card.phone),
    kind: card.kind,
    kindLabel: leadKindLabel[card.kind],
    id: card.id,
    status: card.status,
    nextAction: nextActionLine({ what: card.nextActionWhat, due: card.nextActionDue && dueText(card.nextActionDue, now) }),
    overdue: card.nextActionDue !== null && card.nextActionDue < now,
    owner: card.ownerEmail,
    moreOpen: card.otherOpenLeads > 0 ? `${card.otherOpenLeads} more open ${card.otherOpenLeads === 1 ? 'lead' : 'leads'}` : null,
  };
}

/** The pipeline board: people by the status of their newest open lead, moved by a plain form or, on a desktop, by dragging. */
export function BoardPage({ staff, cards, moved, q, now }: BoardPageProps) {
  const totals = Object.fromEntries(LEAD_STATUSES.map((s) => [s, cards.find((c) => c.status === s)?.inColumn ?? 0])) as Record<LeadStatus, number>;
  const movedCard = moved ? cards.find((c) => c.kind === moved.kind && c.id === moved.id) : undefined;
  const notice = movedCard ? `Moved ${movedCard.name ?? 'the lead'} to ${leadStatusLabel[movedCard.status]}.` : null;
  return (
    <StaffShell staff={staff} current="/admin/leads">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Pipeline board</h1>
          {q ? <p className="mt-1 text-sm font-medium text-slate-800">{`Only people matching “${q}”`}</p> : null}
          <p className="mt-1 text-sm text-slate-600">
            Each person once, by the status of their newest open lead; the soonest next action first. Move a card with its form, or drag it on a computer.
          </p>
        </div>
        <a href={`/admin/leads${q ? `?${new URLSearchParams({ q })}` : ''}`} className={`${buttonClass.secondary} px-4 py-2 text-sm`}>
          List of people
        </a>
      </div>
      <div className="mt-6">
        <Island name="PipelineBoard" props={{ cards: cards.map((c) => cardProps(c, now)), totals, csrfToken: staff.csrfToken, notice, search: q }} />
      </div>
    </StaffShell>
  );
}
