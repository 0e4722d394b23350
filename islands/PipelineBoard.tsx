import { type DragEvent, type FormEvent, useEffect, useRef, useState } from 'react';
import { ApiError, apiRequest, serverMessage } from '../client/api-client.ts';
import { WonValueField } from '../components/staff/WonValueField.tsx';
import { LEAD_STATUSES, type LeadKind, leadPath, leadStatusLabel, type LeadStatus as Status } from '../lib/leads/pipeline.ts';
import { type NextActionView, nextActionLine } from '../lib/people/inbox.ts';
import { CSRF_FIELD, CSRF_HEADER } from '../lib/staff/session.ts';

/** A person on the board, as their newest open lead; every text made on the server (render is deterministic). */
export type BoardCardProps = {
  personId: string;
  personHref: string;
  name: string;
  business: string | null;
  phone: string | null;
  tel: string | null;
  kind: LeadKind;
  kindLabel: string;
  id: string;
  status: Status;
  nextAction: string | null;
  overdue: boolean;
  owner: string | null;
  /** "1 more open lead": what keeps the person on the board once this lead is closed; null when nothing does. */
  moreOpen: string | null;
};

export type PipelineBoardProps = {
  cards: BoardCardProps[];
  /** How many people each column holds in all (a column shows at most its first cards). */
  totals: Record<Status, number>;
  csrfToken: string;
  /** What the last plain-form move did, said once in the live region. */
  notice: string | null;
  /** The search the board is narrowed to (kept by a card's form on its way back). */
  search: string | null;
};

const keyOf = (card: { kind: LeadKind; id: string }) => `${card.kind}/${card.id}`;

/**
 * The pipeline board: a column per status, a card per person, each card with a plain form (a status
 * and Move) that works without JavaScript. Hydrated, the form moves the card in place through the
 * staff status API, and on a desktop (a fine pointer) a card can be dragged to another column; either
 * way focus stays on the moved card and the live region says what happened. Won takes the monthly
 * retainer: the card's form shows its field while Won is chosen, and a card dropped on Won waits for it.
 */
export default function PipelineBoard({ cards: initial, totals: initialTotals, csrfToken, notice, search }: PipelineBoardProps) {
  const [cards, setCards] = useState(initial);
  const [totals, setTotals] = useState(initialTotals);
  const [said, setSaid] = useState(notice ?? '');
  const [hydrated, setHydrated] = useState(false);
  const [canDrag, setCanDrag] = useState(false);
  const [over, setOver] = useState<Status | null>(null);
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const board = useRef<HTMLDivElement>(null);

  useEffect(() => {
    setHydrated(true);
    setCanDrag(window.matchMedia('(pointer: fine)').matches);
  }, []);

  // After a move, focus follows the card to its new column.
  useEffect(() => {
    if (!focusKey) return;
    board.current?.querySelector<HTMLSelectElement>(`[data-card="${focusKey}"] select`)?.focus();
    setFocusKey(null);
  }, [focusKey]);

  const move = async (key: string, to: Status, wonValue?: string) => {
    const card = cards.find((c) => keyOf(c) === key);
    if (!card || card.status === to) return;
    const from = card.status;
    const place = (status: Status) => {
      setCards((all) => all.map((c) => (keyOf(c) === key ? { ...c, status } : c)));
      setTotals((t) => ({ ...t, [from]: t[from] + (status === from ? 1 : -1), [to]: t[to] + (status === to ? 1 : -1) }));
    };
    place(to);
    setFocusKey(key);
    setSaid(`Moving ${card.name} to ${leadStatusLabel[to]}…`);
    try {
      const answer = await apiRequest<{ followUp: NextActionView | null }>(
        'POST',
        `/admin/api${leadPath(card.kind, card.id).slice('/admin'.length)}/status`,
        to === 'won' ? { status: to, wonValue } : { status: to },
        { headers: { [CSRF_HEADER]: csrfToken } },
      );
      // The card's next action follows the move (a first reply done becomes a follow-up; a last lead closed clears it).
      const followUp = answer?.followUp;
      if (followUp) setCards((all) => all.map((c) => (keyOf(c) === key ? { ...c, nextAction: nextActionLine(followUp), overdue: followUp.late } : c)));
      setSaid(`Moved ${card.name} to ${leadStatusLabel[to]}.`);
    } catch (error) {
      place(from);
      setFocusKey(key);
      const signedOut = error instanceof ApiError && error.status === 401;
      const retainer = error instanceof ApiError ? (error.body as { fields?: Record<string, unknown> } | undefined)?.fields?.wonValue : undefined;
      const why = signedOut ? 'you are signed out, reload to sign in' : typeof retainer === 'string' ? retainer : (serverMessage(error) ?? 'try again');
      setSaid(`${card.name} was not moved: ${why}.`);
    }
  };

  const submit = (e: FormEvent<HTMLFormElement>, key: string) => {
    if (!hydrated) return;
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    void move(key, form.get('status') as Status, String(form.get('wonValue') ?? ''));
  };

  const drop = (e: DragEvent<HTMLElement>, to: Status) => {
    e.preventDefault();
    setOver(null);
    const key = e.dataTransfer.getData('text/plain');
    if (!key) return;
    if (to !== 'won') return void move(key, to);
    // Won needs the retainer: the card's own form is set to Won (which shows its field) and waits for it.
    const card = cards.find((c) => keyOf(c) === key);
    const form = board.current?.querySelector<HTMLFormElement>(`[data-card="${key}"] form`);
    if (!card || card.status === 'won' || !form) return;
    const select = form.querySelector<HTMLSelectElement>('select[name="status"]');
    if (select) select.value = 'won';
    form.querySelector<HTMLInputElement>('input[name="wonValue"]')?.focus();
    setSaid(`Enter ${card.name}’s monthly retainer, then Move.`);
  };

  return (
    <div ref={board}>
      <p
        role="status"
        aria-live="polite"
        data-board-status
        className={said ? 'mb-3 rounded-lg bg-green-50 px-4 py-2 text-sm font-medium text-green-800' : 'sr-only'}
      >
        {said}
      </p>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 min-[1600px]:grid-cols-6">
        {LEAD_STATUSES.map((status) => {
          const inColumn = cards.filter((c) => c.status === status);
          return (
            <section
              key={status}
              aria-labelledby={`column-${status.replace(/ /g, '-')}`}
              data-column={status}
              onDragOver={
                canDrag
                  ? (e) => {
                      e.preventDefault();
                      setOver(status);
                    }
                  : undefined
              }
              onDragLeave={canDrag ? () => setOver(null) : undefined}
              onDrop={canDrag ? (e) => drop(e, status) : undefined}
              className={`min-w-0 rounded-xl border p-3 ${over === status ? 'border-blue-600 bg-blue-50' : 'border-slate-200 bg-slate-50'}`}
            >
              <h2 id={`column-${status.replace(/ /g, '-')}`} className="flex items-baseline justify-between text-sm font-semibold text-slate-900">
                {leadStatusLabel[status]}
                <span className="text-xs font-medium text-slate-600" data-column-total>
                  {`${totals[status].toLocaleString('en-CA')} ${totals[status] === 1 ? 'person' : 'people'}`}
                </span>
              </h2>
              <ul className="mt-3 space-y-3">
                {inColumn.map((card) => (
                  <Card key={keyOf(card)} card={card} csrfToken={csrfToken} draggable={canDrag} onSubmit={submit} search={search} />
                ))}
              </ul>
              {totals[status] > inColumn.length ? (
                <a href={`/admin/leads?status=${encodeURIComponent(status)}`} className="mt-3 inline-block text-sm font-medium text-blue-800 hover:underline">
                  {`All ${totals[status].toLocaleString('en-CA')} in the list`}
                </a>
              ) : null}
            </section>
          );
        })}
      </div>
    </div>
  );
}

function Card({
  card,
  csrfToken,
  draggable,
  onSubmit,
  search,
}: {
  card: BoardCardProps;
  search: string | null;
  csrfToken: string;
  draggable: boolean;
  onSubmit: (e: FormEvent<HTMLFormElement>, key: string) => void;
}) {
  const key = keyOf(card);
  const selectId = `move-${card.kind}-${card.id}`;
  return (
    <li
      data-card={key}
      draggable={draggable || undefined}
      onDragStart={draggable ? (e) => e.dataTransfer.setData('text/plain', key) : undefined}
      className={`rounded-lg border border-slate-200 bg-white p-3 text-sm shadow-sm ${draggable ? 'cursor-grab' : ''}`}
    >
      <a href={card.personHref} className="font-semibold text-blue-800 hover:underline">
        {card.name}
      </a>
      {card.business ? <div className="break-words text-slate-700">{card.business}</div> : null}
      {card.tel ? (
        <a href={card.tel} className="block w-fit text-blue-800 hover:underline">
          {card.phone}
        </a>
      ) : null}
      <div className="mt-1 flex flex-wrap items-center gap-x-2 text-xs text-slate-600">
        <a href={leadPath(card.kind, card.id)} className="font-medium text-slate-700 underline">
          {card.kindLabel}
        </a>
        <span>{card.owner ?? 'Unassigned'}</span>
      </div>
      {card.nextAction ? <div className={`mt-1 text-xs ${card.overdue ? 'font-semibold text-red-700' : 'text-slate-600'}`}>{card.nextAction}</div> : null}
      {card.moreOpen ? (
        <a href={card.personHref} className="mt-1 block w-fit text-xs font-medium text-blue-800 hover:underline">
          {card.moreOpen}
        </a>
      ) : null}
      <form
        method="post"
        action={`${leadPath(card.kind, card.id)}/status`}
        className="mt-2 flex flex-wrap items-center gap-2"
        onSubmit={(e) => onSubmit(e, key)}
      >
        <input type="hidden" name={CSRF_FIELD} value={csrfToken} />
        <input type="hidden" name="back" value={`/admin/board?${new URLSearchParams({ ...(search ? { q: search } : {}), moved: key })}`} />
        <label htmlFor={selectId} className="sr-only">
          {`Move ${card.name} to`}
        </label>
        <select
          id={selectId}
          name="status"
          defaultValue={card.status}
          key={card.status}
          className="min-w-0 flex-1 rounded-md border border-slate-300 bg-white py-1 pl-2 pr-7 text-sm text-slate-900"
        >
          {LEAD_STATUSES.map((s) => (
            <option key={s} value={s}>
              {leadStatusLabel[s]}
            </option>
          ))}
        </select>
        <WonValueField id={`${selectId}-won-value`} label={`Monthly retainer of ${card.name}, CAD`} compact />
        <button type="submit" className="rounded-md border border-slate-300 bg-white px-2.5 py-1 text-sm font-medium text-slate-800 hover:bg-slate-50">
          Move
        </button>
      </form>
    </li>
  );
}
