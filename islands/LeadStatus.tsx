import { useEffect, useState } from 'react';
import { ApiError, apiRequest, serverMessage } from '../client/api-client.ts';
import { useFieldId } from '../client/islands/root.tsx';
import { LEAD_STATUSES, type LeadKind, leadPath, leadStatusLabel, type LeadStatus as Status } from '../lib/leads/pipeline.ts';
import { CSRF_FIELD, CSRF_HEADER } from '../lib/staff/session.ts';

export type LeadStatusProps = { kind: LeadKind; id: string; status: Status; csrfToken: string; label: string; back: string };

type Saving = { state: 'idle' } | { state: 'saving' } | { state: 'saved' } | { state: 'failed'; message: string };

/**
 * A lead's status in the inbox. Rendered by the server as a plain form (a select and Save) that works
 * without JavaScript; once hydrated, choosing a status saves it at once (one click) through the staff
 * API, and Save steps aside.
 */
export default function LeadStatus({ kind, id, status, csrfToken, label, back }: LeadStatusProps) {
  const [current, setCurrent] = useState(status);
  const [saving, setSaving] = useState<Saving>({ state: 'idle' });
  const [hydrated, setHydrated] = useState(false);
  const selectId = useFieldId('status');
  // Effects run only in the browser, once hydrated: until then the form posts like any other.
  useEffect(() => setHydrated(true), []);

  const choose = async (next: Status) => {
    const previous = current;
    setCurrent(next);
    setSaving({ state: 'saving' });
    try {
      await apiRequest('POST', `/admin/api${leadPath(kind, id).slice('/admin'.length)}/status`, { status: next }, { headers: { [CSRF_HEADER]: csrfToken } });
      setSaving({ state: 'saved' });
    } catch (error) {
      setCurrent(previous);
      const signedOut = error instanceof ApiError && error.status === 401;
      setSaving({ state: 'failed', message: signedOut ? 'Signed out: reload to sign in' : (serverMessage(error) ?? 'Not saved: try again') });
    }
  };

  return (
    <form method="post" action={`${leadPath(kind, id)}/status`} className="flex items-center gap-2" onSubmit={(e) => hydrated && e.preventDefault()}>
      <input type="hidden" name={CSRF_FIELD} value={csrfToken} />
      <input type="hidden" name="back" value={back} />
      <label htmlFor={selectId} className="sr-only">
        {label}
      </label>
      <select
        id={selectId}
        name="status"
        value={current}
        disabled={saving.state === 'saving'}
        onChange={(e) => void choose(e.target.value as Status)}
        className="rounded-md border border-slate-300 bg-white py-1.5 pl-2 pr-7 text-sm text-slate-900 focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-600/30"
      >
        {LEAD_STATUSES.map((s) => (
          <option key={s} value={s}>
            {leadStatusLabel[s]}
          </option>
        ))}
      </select>
      {hydrated ? null : (
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
