import { atom, useSetAtom } from 'jotai';

// One toast is visible at a time; a new one replaces the old. The Toaster island shows it.
export const TOAST_DURATION_MS = 5000;

export type ToastInput = { title: string; description?: string; variant?: 'default' | 'destructive' };
export type Toast = ToastInput & { id: number };

export const toastAtom = atom<Toast | null>(null);

let nextToastId = 1;
const showToastAtom = atom(null, (_get, set, input: ToastInput) => {
  set(toastAtom, { ...input, id: nextToastId++ });
});

export const dismissToastAtom = atom(null, (get, set, id: number) => {
  if (get(toastAtom)?.id === id) set(toastAtom, null);
});

/** For islands: `const toast = useToast(); toast({ title, description, variant })`. */
export const useToast = () => useSetAtom(showToastAtom);
