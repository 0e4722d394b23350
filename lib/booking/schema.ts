// zod/mini: the booking form's island checks its answers with these too, so no node imports here.
import * as z from 'zod/mini';
import { oneLine, plainParagraphs } from '../forms/plain-text.ts';
import { rowIdSchema } from '../forms/row-id.ts';
import { submissionIdSchema } from '../forms/submission.ts';
import { parseHours } from './hours.ts';

// What the booking page and the staff's hours page send: a visitor's request for one offered start,
// the slots query, and a staff member's hours. Whether the start is still offered is the server's to
// decide with the calendars in hand; these say only what was sent. Pure.

/** Longest accepted answer per field, in characters. */
export const bookingLimits = { name: 100, email: 254, phone: 30, note: 1000, hours: 500 } as const;

export const START_MESSAGE = 'Choose one of the times shown';
export const NAME_MESSAGE = 'Enter your name';
export const EMAIL_MESSAGE = 'Enter an email address like name@business.ca';
export const PHONE_MESSAGE = 'Enter a phone number like 416-555-0123, or leave it empty';
export const DAYS_MESSAGE = 'Ask for 1 to 60 days of times';
export const DISPLAY_NAME_MESSAGE = 'Write the name as text, or leave it empty';
export const MEETING_URL_MESSAGE = 'Enter your video room’s full link, starting with https://, or leave it empty';
export const MEETING_URL_MAX = 500;

/** An optional answer: trimmed, empty becomes undefined, then `checks` (a missing field reads the same as an empty one). */
const optionalText = (message: string, checks: readonly z.core.$ZodCheck<string>[]) =>
  z.pipe(
    z.optional(z.string({ error: message }).check(z.trim())),
    z.pipe(
      z.transform((v: string | undefined) => v || undefined),
      z.optional(z.string().check(...checks)),
    ),
  );

const PHONE_CHARS = /^[\d +().-]+$/;
const digitCount = (v: string) => v.replace(/\D/g, '').length;
/** What the form takes as a phone number: digits, spaces, + ( ) . - and at least 7 digits. */
export const isPhoneNumber = (v: string): boolean => PHONE_CHARS.test(v) && digitCount(v) >= 7;

export const bookingRequestSchema = z.object({
  /** Made once per booking by the form (crypto.randomUUID()), so a retried request books once. */
  id: submissionIdSchema,
  /** The offered start, as the slots carry it (toISOString): a date and time with its offset or Z. */
  start: z.pipe(
    z.string({ error: START_MESSAGE }).check(z.trim(), z.iso.datetime({ offset: true, error: START_MESSAGE })),
    z.transform((v: string) => new Date(v)),
  ),
  name: z
    .string({ error: NAME_MESSAGE })
    .check(
      z.trim(),
      z.minLength(1, { error: NAME_MESSAGE, abort: true }),
      z.maxLength(bookingLimits.name, `Your name must be ${bookingLimits.name} characters or fewer`),
      oneLine(),
    ),
  email: z
    .string({ error: EMAIL_MESSAGE })
    .check(
      z.trim(),
      z.minLength(1, { error: EMAIL_MESSAGE, abort: true }),
      z.maxLength(bookingLimits.email, { error: `An email address has at most ${bookingLimits.email} characters`, abort: true }),
      z.email({ error: EMAIL_MESSAGE }),
    ),
  phone: optionalText(PHONE_MESSAGE, [
    z.maxLength(bookingLimits.phone, `A phone number has at most ${bookingLimits.phone} characters`),
    z.refine(isPhoneNumber, PHONE_MESSAGE),
  ]),
  note: optionalText('A note must be text', [
    z.maxLength(bookingLimits.note, `Keep your note to ${bookingLimits.note.toLocaleString('en-CA')} characters or fewer`),
    plainParagraphs(),
  ]),
  /** The token of the visitor's audit results, when they book from that page, so the session links to it. */
  results: optionalText('That results link is not valid', [z.regex(/^[\w-]{20,128}$/, 'That results link is not valid')]),
  /** The token of the booking link a staff member sent from a lead (/book?lead=…), so the session joins that lead. */
  lead: optionalText('That booking link is not valid', [z.regex(/^[\w-]{20,128}$/, 'That booking link is not valid')]),
});

/** What the form holds. */
export type BookingRequestInput = z.input<typeof bookingRequestSchema>;
/** What the server books after validation: the start as a Date, empty optional answers left out. */
export type BookingRequest = z.output<typeof bookingRequestSchema>;

export const DEFAULT_SLOT_DAYS = 7;

/** GET of the offered times: `?days=14`, a whole number from 1 to 60 (7 when absent or empty). */
export const slotsQuerySchema = z.object({
  days: z.pipe(
    z.optional(z.string({ error: DAYS_MESSAGE }).check(z.regex(/^\d{0,3}$/, DAYS_MESSAGE))),
    z.pipe(
      z.transform((v: string | undefined) => (v ? Number(v) : DEFAULT_SLOT_DAYS)),
      z.number().check(z.minimum(1, DAYS_MESSAGE), z.maximum(60, DAYS_MESSAGE)),
    ),
  ),
});

/** The staff member's hours page: their weekly hours (parseHours's sentence when they do not read) and whether they take bookings. */
export const bookingHoursFormSchema = z.object({
  hours: z.pipe(
    z.optional(
      z
        .string({ error: 'Write your hours as text, like Mon-Fri 10:00-16:00' })
        .check(z.maxLength(bookingLimits.hours, `Keep your hours to ${bookingLimits.hours} characters or fewer`)),
    ),
    z.transform((text: string | undefined, ctx) => {
      const parsed = parseHours(text ?? '');
      if (parsed.ok) return parsed.hours;
      ctx.issues.push({ code: 'custom', message: parsed.error, input: text });
      return z.NEVER;
    }),
  ),
  /** A checkbox: 'on' (or true, as validForm's flags give it) when ticked, absent when not. */
  accepting: z.pipe(
    z.optional(z.union([z.boolean(), z.literal('on'), z.literal('true')], { error: 'Tick the box or leave it empty' })),
    z.transform((v: boolean | 'on' | 'true' | undefined) => v === true || v === 'on' || v === 'true'),
  ),
  /** The name visitors see ("with Priya Shah"); empty is the one made from the email. */
  displayName: optionalText(DISPLAY_NAME_MESSAGE, [z.maxLength(bookingLimits.name, `Keep the name to ${bookingLimits.name} characters or fewer`), oneLine()]),
  /** The staff member's video room (Google Meet, Zoom, Teams…), sent in the invite; empty is none. */
  meetingUrl: optionalText(MEETING_URL_MESSAGE, [
    z.maxLength(MEETING_URL_MAX, `A video room link has at most ${MEETING_URL_MAX} characters`),
    z.refine((v) => /^https:\/\/[^\s/]+/i.test(v) && URL.canParse(v), MEETING_URL_MESSAGE),
  ]),
});
export type BookingHoursForm = z.output<typeof bookingHoursFormSchema>;

/**
 * A calendar's address: a full http(s) address, at most 2,000 characters. A `webcal://` feed (what
 * Apple and Outlook hand out for a published calendar) is the same feed over https.
 */
const calendarUrl = (message: string) =>
  z.pipe(
    z.string({ error: message }).check(
      z.trim(),
      z.minLength(1, { error: message, abort: true }),
      z.maxLength(CALENDAR_URL_MAX, { error: `A calendar address has at most ${CALENDAR_URL_MAX.toLocaleString('en-CA')} characters`, abort: true }),
      z.refine((v) => /^(https?|webcal):\/\/[^\s/]+/i.test(v) && URL.canParse(v.replace(/^webcal:/i, 'https:')), message),
    ),
    z.transform((v: string) => v.replace(/^webcal:/i, 'https:')),
  );

export const CALDAV_URL_MESSAGE = 'Enter the calendar’s CalDAV address, starting with https://';
export const ICAL_URL_MESSAGE = 'Enter the secret iCal address of your calendar, starting with https:// (or webcal://)';
export const CALDAV_USER_MESSAGE = 'Enter the username you sign in to your calendar with (often your email address)';
export const CALDAV_PASSWORD_MESSAGE = 'Enter an app password made for this site in your calendar account’s security settings';
export const CALENDAR_URL_MAX = 2000;

/** Connecting a CalDAV calendar: its address, the username and an app password (sealed before it is stored). */
export const caldavFormSchema = z.object({
  url: calendarUrl(CALDAV_URL_MESSAGE),
  username: z
    .string({ error: CALDAV_USER_MESSAGE })
    .check(z.trim(), z.minLength(1, { error: CALDAV_USER_MESSAGE, abort: true }), z.maxLength(254, 'A username has at most 254 characters'), oneLine()),
  // Taken as given (an app password may have spaces: Apple writes them in groups of four with dashes, Google with spaces).
  password: z
    .string({ error: CALDAV_PASSWORD_MESSAGE })
    .check(z.minLength(1, CALDAV_PASSWORD_MESSAGE), z.maxLength(500, 'An app password has at most 500 characters')),
});

/** Connecting a read-only iCal feed: its secret address. */
export const icalFormSchema = z.object({ url: calendarUrl(ICAL_URL_MESSAGE) });

/** How a session went, as staff mark it after it started. */
export const sessionOutcomeSchema = z.object({
  outcome: z.enum(['held', 'no-show'], { error: 'Choose Held or No-show' }),
});

/** A session's id in the back office's addresses (the booking's id: a UUID, or any id a visitor's form made). */
export const sessionParamsSchema = z.object({ id: rowIdSchema() });

/** "Make a booking link" on a lead's page: a form with nothing in it but its CSRF token. */
export const bookingLinkSchema = z.object({});
