import { describe, expect, test } from 'bun:test';
import { ONE_LINE_MESSAGE, PARAGRAPHS_MESSAGE } from '../forms/plain-text.ts';
import {
  type BookingRequestInput,
  bookingHoursFormSchema,
  bookingRequestSchema,
  CALDAV_PASSWORD_MESSAGE,
  CALDAV_URL_MESSAGE,
  CALDAV_USER_MESSAGE,
  caldavFormSchema,
  DAYS_MESSAGE,
  EMAIL_MESSAGE,
  ICAL_URL_MESSAGE,
  icalFormSchema,
  NAME_MESSAGE,
  PHONE_MESSAGE,
  START_MESSAGE,
  sessionOutcomeSchema,
  sessionParamsSchema,
  slotsQuerySchema,
} from './schema.ts';

const valid: BookingRequestInput = {
  id: '3f2b8c1e-5d4a-4b6f-9a0e-7c1d2e3f4a5b',
  start: '2026-12-21T15:00:00.000Z',
  name: 'Priya Raman',
  email: 'priya@sparkleclean.ca',
  phone: '(416) 555-0199',
  note: 'We want more weekday bookings.\nMornings suit us.',
  results: 'Xy7_abcdefghijklmnop-123',
};

/** The message for each failing field, first one per field. */
function errors(schema: { safeParse: (input: unknown) => any }, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) out[issue.path.join('.')] ??= issue.message;
  return out;
}
const requestErrors = (changes: Record<string, unknown>) => errors(bookingRequestSchema, { ...valid, ...changes });

describe('bookingRequestSchema', () => {
  test('a complete request passes, trimmed, with its start as a Date', () => {
    expect(bookingRequestSchema.parse({ ...valid, name: '  Priya Raman ', email: ' priya@sparkleclean.ca ' })).toEqual({
      id: valid.id,
      start: new Date('2026-12-21T15:00:00Z'),
      name: 'Priya Raman',
      email: 'priya@sparkleclean.ca',
      phone: '(416) 555-0199',
      note: 'We want more weekday bookings.\nMornings suit us.',
      results: 'Xy7_abcdefghijklmnop-123',
    });
  });

  test('the optional answers may be missing, empty or blank, and come out undefined', () => {
    for (const empty of [undefined, '', '   ']) {
      const parsed = bookingRequestSchema.parse({ ...valid, phone: empty, note: empty, results: empty });
      expect([parsed.phone, parsed.note, parsed.results]).toEqual([undefined, undefined, undefined]);
    }
  });

  test('the empty form names every required field, plainly', () => {
    expect(errors(bookingRequestSchema, { id: valid.id, name: '', email: '', start: '' })).toEqual({
      start: START_MESSAGE,
      name: NAME_MESSAGE,
      email: EMAIL_MESSAGE,
    });
    expect(errors(bookingRequestSchema, {})).toEqual({ id: 'id must be a version 4 UUID', start: START_MESSAGE, name: NAME_MESSAGE, email: EMAIL_MESSAGE });
    expect(NAME_MESSAGE).toBe('Enter your name');
    expect(EMAIL_MESSAGE).toBe('Enter an email address like name@business.ca');
  });

  test.each([
    ['2026-12-21T10:00:00-05:00', '2026-12-21T15:00:00.000Z'],
    ['2026-12-21T15:00:00Z', '2026-12-21T15:00:00.000Z'],
    ['2026-07-06T10:00:00.000-04:00', '2026-07-06T14:00:00.000Z'],
    [' 2026-12-21T15:00:00Z ', '2026-12-21T15:00:00.000Z'],
  ])('start %p is the instant %p', (start, instant) => {
    expect(bookingRequestSchema.parse({ ...valid, start }).start.toISOString()).toBe(instant);
  });

  test.each([
    ['2026-12-21T10:00:00'], // no offset: which zone's 10:00?
    ['2026-12-21'],
    ['2026-12-21 15:00:00Z'],
    ['2026-02-30T10:00:00Z'],
    ['tomorrow at ten'],
    [1_797_000_000_000],
  ])('start %p is refused', (start) => {
    expect(requestErrors({ start })).toEqual({ start: START_MESSAGE });
  });

  test('the id is a version 4 UUID', () => {
    expect(requestErrors({ id: 'not-a-uuid' })).toEqual({ id: 'id must be a version 4 UUID' });
    expect(requestErrors({ id: '00000000-0000-0000-0000-000000000000' })).toHaveProperty('id');
  });

  test.each([
    ['name', 'a'.repeat(100), null],
    ['name', 'a'.repeat(101), 'Your name must be 100 characters or fewer'],
    ['name', '   ', NAME_MESSAGE],
    ['name', 'Priya\nReply to: x@evil.test', ONE_LINE_MESSAGE],
    ['name', 42, NAME_MESSAGE],
    ['email', 'priya@', EMAIL_MESSAGE],
    ['email', 'priya sparkleclean.ca', EMAIL_MESSAGE],
    ['email', `${'a'.repeat(64)}@${'b'.repeat(186)}.ca`, null],
    ['email', `${'a'.repeat(64)}@${'b'.repeat(187)}.ca`, 'An email address has at most 254 characters'],
    ['phone', '+1 (416) 555-0199', null],
    ['phone', '416.555.0199', null],
    ['phone', '555-0199', null],
    ['phone', '1'.repeat(30), null],
    ['phone', '1'.repeat(31), 'A phone number has at most 30 characters'],
    ['phone', '416-555-0199 ext 4', PHONE_MESSAGE],
    ['phone', '()-+', PHONE_MESSAGE],
    ['phone', '555-019', PHONE_MESSAGE],
    ['note', 'n'.repeat(1000), null],
    ['note', 'n'.repeat(1001), 'Keep your note to 1,000 characters or fewer'],
    ['note', 'tab\tand\r\nlines are fine', null],
    ['note', 'bell \u0007', PARAGRAPHS_MESSAGE],
    ['results', 'a'.repeat(20), null],
    ['results', 'a'.repeat(128), null],
    ['results', 'a'.repeat(19), 'That results link is not valid'],
    ['results', 'a'.repeat(129), 'That results link is not valid'],
    ['results', `${'a'.repeat(20)}/../x`, 'That results link is not valid'],
  ] as [string, unknown, string | null][])('%s %p → %p', (field, value, message) => {
    const refused = requestErrors({ [field]: value })[field] as string | undefined;
    expect(refused ?? null).toBe(message);
  });

  test('fields it does not know are left out', () => {
    expect(bookingRequestSchema.parse({ ...valid, staffId: 'maya' })).not.toHaveProperty('staffId');
  });
});

describe('slotsQuerySchema', () => {
  test.each([
    [{}, 7],
    [{ days: '' }, 7],
    [{ days: '1' }, 1],
    [{ days: '14' }, 14],
    [{ days: '60' }, 60],
    [{ days: '007' }, 7],
  ])('%p → %p days', (query, days) => {
    expect(slotsQuerySchema.parse(query)).toEqual({ days });
  });

  test.each([['0'], ['61'], ['999'], ['1000'], ['-1'], ['1.5'], ['7 '], ['seven'], [['7', '14']], [7]])('days %p is refused', (days) => {
    expect(errors(slotsQuerySchema, { days })).toEqual({ days: DAYS_MESSAGE });
  });
});

describe('bookingHoursFormSchema', () => {
  test('the hours come out read, the box as a boolean', () => {
    expect(bookingHoursFormSchema.parse({ hours: 'Mon 10:00-11:00', accepting: 'on' })).toEqual({
      hours: [{ weekday: 1, from: 600, to: 660 }],
      accepting: true,
    });
    expect(bookingHoursFormSchema.parse({ hours: 'Mon 10:00-11:00' }).accepting).toBe(false);
  });

  test.each([
    ['on', true],
    ['true', true],
    [true, true],
    [false, false],
    [undefined, false],
  ])('accepting %p → %p', (accepting, value) => {
    expect(bookingHoursFormSchema.parse({ hours: '', accepting }).accepting).toBe(value);
  });

  test('any other value of the box is refused', () => {
    expect(errors(bookingHoursFormSchema, { hours: '', accepting: 'yes' })).toHaveProperty('accepting');
  });

  test('empty hours are no hours', () => {
    expect(bookingHoursFormSchema.parse({ hours: '   ', accepting: 'on' }).hours).toEqual([]);
    expect(bookingHoursFormSchema.parse({}).hours).toEqual([]);
  });

  test('hours that do not read are refused with parseHours’s sentence', () => {
    expect(errors(bookingHoursFormSchema, { hours: 'Mnd 10:00-16:00', accepting: 'on' })).toEqual({
      hours: '“Mnd” is not a day: use Mon, Tue, Wed, Thu, Fri, Sat or Sun',
    });
    expect(errors(bookingHoursFormSchema, { hours: `Mon 10:00-11:00;${' '.repeat(500)}` })).toEqual({ hours: 'Keep your hours to 500 characters or fewer' });
  });
});

describe('the rest of the staff booking page', () => {
  test('the name visitors see: trimmed, empty is none, one line, 100 characters at most', () => {
    expect(bookingHoursFormSchema.parse({ hours: '', displayName: '  Priya Shah ' }).displayName).toBe('Priya Shah');
    expect(bookingHoursFormSchema.parse({ hours: '', displayName: '   ' }).displayName).toBeUndefined();
    expect(errors(bookingHoursFormSchema, { hours: '', displayName: 'Priya\nShah' })).toHaveProperty('displayName');
    expect(errors(bookingHoursFormSchema, { hours: '', displayName: 'P'.repeat(101) })).toEqual({ displayName: 'Keep the name to 100 characters or fewer' });
  });

  test('a CalDAV calendar: a full http(s) address, a username and an app password taken as given', () => {
    expect(caldavFormSchema.parse({ url: ' https://caldav.fastmail.com/dav/ ', username: ' priya@northline.ca ', password: ' abcd efgh ' })).toEqual({
      url: 'https://caldav.fastmail.com/dav/',
      username: 'priya@northline.ca',
      password: ' abcd efgh ',
    });
    expect(errors(caldavFormSchema, { url: 'caldav.fastmail.com', username: '', password: '' })).toEqual({
      url: CALDAV_URL_MESSAGE,
      username: CALDAV_USER_MESSAGE,
      password: CALDAV_PASSWORD_MESSAGE,
    });
    for (const url of ['ftp://x.example/', 'https://', 'https:// spaced.example/', `https://x.example/${'a'.repeat(2000)}`])
      expect(errors(caldavFormSchema, { url, username: 'u', password: 'p' })).toHaveProperty('url');
  });

  test('an iCal feed: webcal:// is the same feed over https', () => {
    expect(icalFormSchema.parse({ url: 'webcal://p12-caldav.icloud.com/published/2/abc' })).toEqual({ url: 'https://p12-caldav.icloud.com/published/2/abc' });
    expect(errors(icalFormSchema, {})).toEqual({ url: ICAL_URL_MESSAGE });
  });

  test('how a session went: held or no-show, nothing else', () => {
    expect(sessionOutcomeSchema.parse({ outcome: 'no-show' })).toEqual({ outcome: 'no-show' });
    expect(errors(sessionOutcomeSchema, { outcome: 'cancelled' })).toEqual({ outcome: 'Choose Held or No-show' });
    expect(errors(sessionParamsSchema, { id: '../x' })).toHaveProperty('id');
  });
});
