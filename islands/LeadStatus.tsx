import { useSetAtom } from 'jotai';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ApiError, apiRequest, serverMessage } from '../client/api-client.ts';
import { followUpsAtom, overdueLeadsAtom } from '../client/follow-ups.ts';
import { useFieldId } from '../client/islands/root.tsx';
import { WonValueField } from '../components/staff/WonValueField.tsx';
import { LEAD_STATUSES, type LeadKind, leadPath, leadStatusLabel, type LeadStatus as Status } from '../lib/leads/pipeline.ts';
import type { NextActionView } from '../lib/people/inbox.ts';
import { CSRF_FIELD, CSRF_HEADER } from '../lib/staff/session.ts';

export type LeadStatusProps = {
  kind: LeadKind;
  id: string;
  status: Status;
  csrfToken: string;
  /** The select's label ("Status of Marco DeLuca") and the retainer's ("Monthly retainer of Marco DeLuca, CAD"). */
  label: string;
  valueLabel: string;
  back: string;
};

/** The retainer's own message, when the server refused the retainer. */
function retainerProblem(error: unknown): string | undefined {
  const fields = error instanceof ApiError ? (error.body as { fields?: Record<string, unknown> } | undefined)?.fields : undefined;
  return typeof fields?.wonValue === 'string' ? fields.wonValue : undefined;
}

/** What went wrong, in words: the server's message when it answered, or that the answer never came. */
function problemOf(error: unknown): string {
  if (!(error instanceof ApiError)) return 'No answer: it may not have saved. Reload to check';
  if (error.status === 401) return 'Signed out: reload to sign in';
  return retainerProblem(error) ?? serverMessage(error) ?? 'Not saved: try again';
}

type Saving = { state: 'idle' } | { state: 'saving' } | { state: 'saved' } | { state: 'failed'; message: string };

/**
 * A lead's status in the inbox. Rendered by the server as a plain form (a select and Save) that works
 * without JavaScript; once hydrated, choosing a status saves it at once (one click) through the staff
 * API, and Save steps aside. Won is the exception: it needs the monthly retainer, so choosing it shows
 * the retainer's field (by CSS, as without JavaScript) and Save, which sends both.
 */
export default function LeadStatus({ kind, id, status, csrfToken, label, valueLabel, back }: LeadStatusProps) {
  const [saved, setSaved] = useState(status);
  const [current, setCurrent] = useState(status);
  const [saving, setSaving] = useState<Saving>({ state: 'idle' });
  const [hydrated, setHydrated] = useState(false);
  const selectId = useFieldId('status');
  const valueId = useFieldId('won-value');
  const valueInput = useRef<HTMLInputElement>(null);
  const select = useRef<HTMLSelectElement>(null);
  const setFollowUps = useSetAtom(followUpsAtom);
  const setOverdueLeads = useSetAtom(overdueLeadsAtom);

  const save = async (next: Status, wonValue?: string) => {
    setCurrent(next);
    setSaving({ state: 'saving' });
    try {
      const body = next === 'won' ? { status: next, wonValue } : { status: next };
      const answer = await apiRequest<{ followUp: NextActionView | null; overdueLeads: number }>(
        'POST',
        `/admin/api${leadPath(kind, id).slice('/admin'.length)}/status`,
        body,
        {
          headers: { [CSRF_HEADER]: csrfToken },
        },
      );
      // The row's next action follows the status (the row's NextAction island draws it), and the headline's count.
      const followUp = answer?.followUp;
      if (followUp) setFollowUps((all) => ({ ...all, [`${kind}/${id}`]: followUp }));
      if (answer) setOverdueLeads(answer.overdueLeads);
      setSaved(next);
      setSaving({ state: 'saved' });
    } catch (error) {
      // A refused retainer keeps Won chosen, so it can be corrected; a refusal of anything else goes back
      // to what was saved. With no answer at all it may have saved: the choice stays, and the message says
      // to reload.
      if (error instanceof ApiError && retainerProblem(error) === undefined) {
        setCurrent(saved);
        if (select.current) select.current.value = saved;
      }
      setSaving({ state: 'failed', message: problemOf(error) });
    }
  };

  const choose = (next: Status) => {
    if (next !== 'won') return void save(next);
    setCurrent(next);
    setSaving({ state: 'idle' });
    requestAnimationFrame(() => valueInput.current?.focus());
  };

  // Effects run only in the browser, once hydrated: until then the form posts like any other. The select
  // is the browser's own (uncontrolled), so a status chosen before the island hydrated is still chosen
  // now, and is saved as if chosen now; a controlled select would be reset to the server's value, the
  // choice silently lost. The select never has its value restored by the browser (autoComplete off: a
  // page reached by Back would otherwise show the status it had before, and saving that would undo what
  // was saved since), so a value other than the server's can only be the visitor's own choice.
  const chosenEarly = useRef(choose);
  useEffect(() => {
    setHydrated(true);
    const early = select.current?.value;
    if (!early || early === status || !(LEAD_STATUSES as readonly string[]).includes(early)) return;
    // Won early waits for its retainer and Save, where the visitor already is: focus stays put.
    if (early === 'won') setCurrent('won');
    else chosenEarly.current(early as Status);
  }, [status]);

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    if (!hydrated) return;
    e.preventDefault();
    void save(current, valueInput.current?.value ?? '');
  };

  return (
    <form method="post" action={`${leadPath(kind, id)}/status`} className="flex flex-wrap items-center gap-2" onSubmit={onSubmit}>
      <input type="hidden" name={CSRF_FIELD} value={csrfToken} />
      <input type="hidden" name="back" value={back} />
      <label htmlFor={selectId} className="sr-only">
        {label}
      </label>
      <select
        id={selectId}
        name="status"
        ref={select}
        defaultValue={status}
        autoComplete="off"
        disabled={saving.state === 'saving'}
        onChange={(e) => choose(e.target.value as Status)}
        className="rounded-md border border-slate-300 bg-white py-1.5 pl-2 pr-7 text-sm text-slate-900 focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-600/30"
      >
        {LEAD_STATUSES.map((s) => (
          <option key={s} value={s}>
            {leadStatusLabel[s]}
          </option>
        ))}
      </select>
      <WonValueField id={valueId} label={valueLabel} compact inputRef={valueInput} />
      {hydrated && current !== 'won' ? null : (
        <button type="submit" className="rounded-md border border-slate-300 bg-white px-2.5 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50">
          Save
        </button>
      )}
      <span aria-live="polite" className={`text-xs ${saving.state === 'failed' ? 'text-red-700' : 'text-slate-500'}`}>
        {saving.state === 'saving' ? 'Saving…' : saving.state === 'saved' ? 'Saved' : saving.state === 'failed' ? saving.message : ''}
      </span>
    </form>
  );
}
