import { atom } from 'jotai';
import type { NextActionView } from '../lib/people/inbox.ts';

// An inbox row's next action as its one-click status last left it, by the row's lead (`kind/id`): the
// LeadStatus island writes what the server answered, the row's NextAction island draws it (islands share
// jotai's default store). A row never changed here is drawn from what the server rendered.
export const followUpsAtom = atom<Readonly<Record<string, NextActionView>>>({});

/** How many leads are past the 2-business-day promise, as the last one-click status answered (null: none answered yet). */
export const overdueLeadsAtom = atom<number | null>(null);
