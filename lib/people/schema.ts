import * as z from 'zod/mini';
import { isDay } from '../forms/day.ts';
import { oneLine, plainParagraphs } from '../forms/plain-text.ts';
import { rowIdSchema } from '../forms/row-id.ts';
import { findUnstorableText, UNSTORABLE_TEXT_MESSAGE } from '../forms/validation.ts';
import { visibleText } from '../forms/visible-text.ts';
import { type LEAD_KINDS, NOTE_MAX } from '../leads/pipeline.ts';
import { agency } from '../site.ts';
import { addDays } from '../time/calendar.ts';
import { wallClock, zonedInstant } from '../time/zoned.ts';
import { CALL_OUTCOMES, NEXT_ACTION_MAX } from './next-action.ts';
import { TEMPLATE_IDS } from './templates.ts';

// What staff send about a person, checked by the server (server/api/validate.ts): the person a path
// names, the search, a call, a next action, an email, a merge and an erasure; as JSON from a script or
// an island, or as a plain form from the person's page. Pure: no I/O.

const SEARCH_MAX = 100;
export const SUBJECT_MAX = 200;
export const BODY_MAX = 10_000;

/** The person a path names (`/admin/people/{id}`); anything else names nobody. */
export const personParamsSchema = z.object({ id: rowIdSchema() });

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optional = <T extends z.core.SomeType>(schema: T) => z.pipe(z.transform(blankToUndefined), z.optional(schema));
const storable = (error: string) => z.string({ error }).check(z.refine((v) => findUnstorableText(v) === null, UNSTORABLE_TEXT_MESSAGE));
/**
 * Staff text: stored as typed, trimmed, within `max`; a one-line field (a next action, a subject) without
 * line breaks, tabs or invisible characters, a note or message without invisible characters (line breaks
 * are fine): a bidirectional override in either would reorder what the next reader sees.
 */
const text = (label: string, max: number, lines: 'one line' | 'paragraphs') =>
  z.pipe(
    storable(`Write the ${label} as text`),
    z.string().check(
      z.trim(),
      z.minLength(1, { error: `Write the ${label} first` }),
      // Only zero-width or filler characters is nothing written: it would show as a blank.
      visibleText(`Write the ${label} first`),
      z.maxLength(max, { error: `The ${label} has at most ${max.toLocaleString('en-CA')} characters` }),
      lines === 'one line' ? oneLine() : plainParagraphs(),
    ),
  );

/** GET /admin/api/people?q=: the search (blank: everyone, newest first). */
export const peopleSearchSchema = z.object({
  q: optional(z.string().check(z.trim(), z.maxLength(SEARCH_MAX, { error: `Search for at most ${SEARCH_MAX} characters` }))),
});

/** A call logged: how it went and, optionally, a note. */
export const callSchema = z.object({
  outcome: z.enum(CALL_OUTCOMES, { error: `Choose one of: ${CALL_OUTCOMES.join(', ')}` }),
  note: optional(text('note', NOTE_MAX, 'paragraphs')),
});

/** ISO 8601 with its offset (`Z` or `±hh:mm`): a time without one would be read in whichever zone the server runs in. */
const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;
/** An instant whose day (in UTC) is one of the days staff may name anywhere (DAYS_ASKED). */
const sensible = (d: Date) => !Number.isNaN(d.getTime()) && isDay(d.toISOString().slice(0, 10));

const isoInstant = z.pipe(
  z.string({ error: 'Give the due time as ISO 8601 with its offset, like 2026-12-01T10:00:00-05:00' }).check(
    z.regex(ISO_WITH_OFFSET, { error: 'Give the due time as ISO 8601 with its offset, like 2026-12-01T10:00:00-05:00' }),
    // JavaScript's Date moves February 30 into March: the day written must be one the calendar has.
    z.refine((v) => isDay(v.slice(0, 10)), 'Give a real date between 2000 and 2099'),
  ),
  z.pipe(
    z.transform((v: string) => new Date(v)),
    z.date({ error: 'Give a real date between 2000 and 2099' }).check(z.refine(sensible, 'Give a real date between 2000 and 2099')),
  ),
);

/** POST /admin/api/people/{id}/next-action {due, what}. */
export const nextActionSchema = z.object({ due: isoInstant, what: text('next action', NEXT_ACTION_MAX, 'one line') });

/** A `datetime-local` field's value ("2026-12-01T10:00"), read as Toronto time. */
export function torontoLocalInstant(value: string, timeZone: string = agency.timeZone): Date | null {
  const m = value.match(/^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/);
  if (!m) return null;
  const [year, month, day, hour, minute] = m.slice(1).map(Number);
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) return null;
  // February 30 and the like: the calendar moves them into the next month.
  const real = addDays({ year, month, day }, 0);
  if (real.month !== month || real.day !== day) return null;
  const at = zonedInstant({ year, month, day }, hour * 60 + minute, timeZone);
  return sensible(at) ? at : null;
}

const localInstant = z.pipe(
  z.string({ error: 'Choose a date and time' }),
  z.pipe(
    z.transform((v: string) => torontoLocalInstant(v) ?? new Date(Number.NaN)),
    z.date({ error: 'Choose a date and time' }).check(z.refine(sensible, 'Choose a date and time')),
  ),
);

/** The person page's next-action form: a due time (Toronto, from a datetime-local field) and what; or `done`. */
export const nextActionFormSchema = z.object({
  done: optional(z.literal('1', { error: 'Say done=1' })),
  due: optional(localInstant),
  what: optional(text('next action', NEXT_ACTION_MAX, 'one line')),
});

/** A lead of the person's, as a form names it: "audit/{id}". */
const leadRef = z.pipe(
  z
    .string({ error: 'Choose the lead the email is about' })
    .check(z.regex(/^(audit|intake|booking)\/[\w-]{1,36}$/, { error: 'Choose the lead the email is about' })),
  z.transform((v: string) => {
    const [kind, id] = v.split('/');
    return { kind: kind as (typeof LEAD_KINDS)[number], id };
  }),
);

/** An email from a template, as the staff member edited it. */
export const emailFormSchema = z.object({
  template: z.enum(TEMPLATE_IDS, { error: `Choose one of: ${TEMPLATE_IDS.join(', ')}` }),
  lead: leadRef,
  subject: text('subject', SUBJECT_MAX, 'one line'),
  body: text('message', BODY_MAX, 'paragraphs'),
});

/** Choosing a template on the page (a GET form): which one, for which lead. */
export const templateChoiceSchema = z.object({
  template: optional(z.enum(TEMPLATE_IDS, { error: `Choose one of: ${TEMPLATE_IDS.join(', ')}` })),
  lead: optional(z.string().check(z.regex(/^(audit|intake|booking)\/[\w-]{1,36}$/))),
  saved: optional(z.string().check(z.regex(/^[a-z-]{1,20}$/))),
});

/** Merging another person into this one: by their id (the same-phone hint) or by their email. */
export const mergeFormSchema = z.object({
  from: optional(rowIdSchema('Choose a person')),
  email: optional(
    z.pipe(
      storable('Enter their email'),
      z
        .string()
        .check(
          z.trim(),
          z.maxLength(254, { error: 'An email has at most 254 characters' }),
          z.regex(/^[^\s@]+@[^\s@]+$/, { error: 'Enter an email like name@example.com' }),
        ),
    ),
  ),
});

export const undoMergeSchema = z.object({ merge: z.string({ error: 'Choose a merge' }).check(z.regex(/^\d{1,18}$/, { error: 'Choose a merge' })) });

/** The page's erasure: the box ticked on the confirmation step. */
export const personEraseFormSchema = z.object({ confirm: z.literal('erase', { error: 'Tick the box to confirm the erasure' }) });

/** POST /admin/api/people/{id}/erase {}: the call itself is the confirmation. */
export const personEraseSchema = z.object({});

/** A time as a `datetime-local` field shows it, on Toronto's wall clocks ("2026-12-01T10:00"). */
export function torontoLocalValue(at: Date, timeZone: string = agency.timeZone): string {
  const c = wallClock(at, timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${c.year}-${two(c.month)}-${two(c.day)}T${two(c.hour)}:${two(c.minute)}`;
}
