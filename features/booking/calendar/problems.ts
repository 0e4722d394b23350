// Why a staff member's calendar could not be used, in one sentence they can act on (the staff page shows
// it as it is). No sentence ever holds what they typed: not the password, not a secret feed address.

/** How long one call (discovery and query together, or a feed's download) may take. */
export const CALENDAR_TIMEOUT_MS = 10_000;
/** The largest iCal feed read (Google's feed of a busy calendar with years of history is 1 to 2 MB). */
export const FEED_MAX_BYTES = 5 * 1024 * 1024;

export const calendarProblems = {
  refused: 'The calendar server refused the username or app password',
  forbidden: 'The calendar server does not let this account use that calendar',
  notFound: 'No calendar at that address',
  timedOut: `The calendar did not answer within ${CALENDAR_TIMEOUT_MS / 1000} seconds`,
  stopped: 'The calendar did not answer in time',
  noConnection: 'Could not connect to a calendar server at that address: check it for typos',
  certificate: 'The calendar server’s security certificate is not valid',
  badAddress: 'The calendar address must be a full web address, starting with https://',
  credentialsInAddress: 'Put the username and app password in their own fields, not in the calendar address',
  // Refused before any connection (features/booking/calendar/guard.ts): whether anything listens there is never said.
  notPublic: 'That address is on a private network: this site reads calendars only from the internet (or from hosts listed in CALENDAR_ALLOW_HOSTS)',
  portRefused:
    'That address names a port this site does not connect to: calendars are read on the web’s usual ports, 443 and 80 (or from hosts listed in CALENDAR_ALLOW_HOSTS)',
  tooManyRedirects: 'The calendar address redirects too many times',
  feedRefused: 'The calendar feed refused this site: copy its secret address again',
  notICalendar: 'The calendar feed is not an iCalendar file',
  tooLarge: `The calendar feed is larger than ${FEED_MAX_BYTES / 1024 / 1024} MB`,
  unreadable: 'The calendar holds an event this site cannot read',
  serverError: (status: number) => `The calendar server had a problem (HTTP ${status}); try again later`,
  unexpected: (status: number) => `The calendar server gave an unexpected answer (HTTP ${status})`,
} as const;

export type CalendarProblem = Exclude<keyof typeof calendarProblems, 'serverError' | 'unexpected'> | 'server-error' | 'unexpected';

export class CalendarUnreachable extends Error {
  override name = 'CalendarUnreachable';
  constructor(
    /** Which problem, for code (the message is for people). */
    readonly problem: CalendarProblem,
    message: string,
  ) {
    super(message);
  }
}

export const unreachable = (problem: Exclude<CalendarProblem, 'server-error' | 'unexpected'>) => new CalendarUnreachable(problem, calendarProblems[problem]);

/** The problem an HTTP answer that is not a success stands for (a feed has no password to refuse). */
export function problemOfStatus(status: number, { feed = false } = {}): CalendarUnreachable {
  if (feed && (status === 401 || status === 403)) return unreachable('feedRefused');
  if (status === 401) return unreachable('refused');
  if (status === 403) return unreachable('forbidden');
  if (status === 404 || status === 410) return unreachable('notFound');
  if (status >= 500) return new CalendarUnreachable('server-error', calendarProblems.serverError(status));
  return new CalendarUnreachable('unexpected', calendarProblems.unexpected(status));
}

/** The problem a fetch that failed before any answer stands for (Bun names the cause in `code`). */
export function problemOfFailure(error: unknown): CalendarUnreachable {
  if (error instanceof CalendarUnreachable) return error;
  const code = String((error as { code?: unknown })?.code ?? '');
  if (/CERT|TLS|SSL|SELF_SIGNED|UNABLE_TO_VERIFY/i.test(code)) return unreachable('certificate');
  return unreachable('noConnection');
}
