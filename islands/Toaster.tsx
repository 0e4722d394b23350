import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { dismissToastAtom, TOAST_DURATION_MS, toastAtom } from '../client/toast.ts';

/**
 * Shows the one current toast for 5 seconds. Destructive toasts are alerts; others are status messages.
 * On a phone it sits at the top, under the header: at the bottom it covered what a toast announces (the
 * audit's results) and the form's action bar. A toast is news of the moment: leaving the page ends it,
 * so Back to a page the browser kept does not show it again.
 */
export default function Toaster() {
  const toast = useAtomValue(toastAtom);
  const dismiss = useSetAtom(dismissToastAtom);
  // The server renders no toast; one raised before this island hydrated shows right after, not during,
  // hydration (which must match the server's HTML).
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    if (!toast) return;
    // Synchronously: a page the browser keeps for Back is frozen right after this event.
    const leave = () => flushSync(() => dismiss(toast.id));
    window.addEventListener('pagehide', leave);
    return () => window.removeEventListener('pagehide', leave);
  }, [toast, dismiss]);
  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => dismiss(toast.id), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast, dismiss]);
  if (!toast || !hydrated) return null;
  const destructive = toast.variant === 'destructive';
  return (
    <div className="pointer-events-none fixed inset-x-0 top-16 z-[100] flex justify-center p-4 sm:top-auto sm:bottom-0 sm:justify-end">
      <div
        role={destructive ? 'alert' : 'status'}
        data-toast=""
        className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-xl border p-4 shadow-lg ${destructive ? 'border-red-700 bg-red-600 text-white' : 'border-slate-200 bg-white text-slate-900'}`}
      >
        <div className="flex-1">
          <p className="font-semibold">{toast.title}</p>
          {toast.description ? <p className={`mt-1 text-sm ${destructive ? 'text-red-50' : 'text-slate-600'}`}>{toast.description}</p> : null}
        </div>
        <button type="button" onClick={() => dismiss(toast.id)} aria-label="Dismiss notification" className="rounded p-1 opacity-80 hover:opacity-100">
          <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
            <path d="M6 6l12 12M18 6L6 18" />
          </svg>
        </button>
      </div>
    </div>
  );
}
