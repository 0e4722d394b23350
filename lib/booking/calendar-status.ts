import { formatDateTime } from '../time/display.ts';

// What a staff member's booking page says about their calendar: connected and to what, or why it
// cannot be read and what to do about it. The page shows these words as they are; nothing here ever
// holds the password or a secret feed address. Pure: the moment is a parameter.

/** How long ago `then` was, as the page says it: "just now", "2 min ago", "3 hours ago", or the date and time. */
export function timeAgo(then: Date, now: Date): string {
  const seconds = Math.floor((now.getTime() - then.getTime()) / 1000);
  if (seconds < 60) return 'just now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return hours === 1 ? '1 hour ago' : `${hours} hours ago`;
  return `on ${formatDateTime(then)}`;
}

export type CalendarState = {
  kind: 'caldav' | 'ical' | null;
  /** The calendar's name, as its server gave it when last checked. */
  name: string | null;
  /** Why it could not be read when last tried (null: it answered). */
  problem: string | null;
  checkedAt: Date | null;
  /** The stored password cannot be opened (APP_SECRET unset, or changed since it was sealed). */
  sealed: boolean;
};

export type CalendarStatus = { tone: 'none' | 'ok' | 'problem'; headline: string; advice: string };

/** A sentence ends with one full stop, however the reason it quotes ends. */
const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/** The calendar's state as one headline and what it means or what to do next. */
export function calendarStatus(state: CalendarState, now: Date): CalendarStatus {
  if (state.kind === null)
    return {
      tone: 'none',
      headline: 'No calendar connected.',
      advice: 'Visitors are offered all of your hours, whatever else you have on then, and sessions are not added to a calendar. Connect one below.',
    };
  const checked = state.checkedAt ? ` (checked ${timeAgo(state.checkedAt, now)})` : '';
  if (state.sealed)
    return {
      tone: 'problem',
      headline: 'Your calendar’s app password cannot be opened: APP_SECRET is not set on the server, or it changed after you connected the calendar.',
      advice: 'Visitors are offered none of your times until this is fixed. Ask whoever runs the site to set APP_SECRET, then connect your calendar again.',
    };
  if (state.problem)
    return {
      tone: 'problem',
      headline: `Your calendar could not be read${checked}: ${sentence(state.problem)}`,
      advice:
        state.kind === 'caldav'
          ? 'Visitors are offered none of your times until it can be read. Check the address, username and app password, then connect it again.'
          : 'Visitors are offered none of your times until it can be read. Check the feed’s address (your calendar app’s secret iCal address), then connect it again.',
    };
  const name = state.name ? `“${state.name}”` : 'your calendar';
  return state.kind === 'caldav'
    ? { tone: 'ok', headline: `Connected to ${name}${checked}.`, advice: 'Your events there block your times, and each session booked is added to it.' }
    : {
        tone: 'ok',
        headline: `Reading the iCal feed of ${name}${checked}.`,
        advice: 'Your events there block your times. A feed is read-only: sessions are not added to it (the invitation email has each one).',
      };
}
