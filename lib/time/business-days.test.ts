import { describe, expect, test } from 'bun:test';
import { addBusinessDays, easterSunday, holidayOn, isBusinessDay, ontarioHolidays, replyBy } from './business-days.ts';
import { addDays, parseIsoDay as date, isoDay as iso } from './calendar.ts';

const observed = (year: number) => Object.fromEntries(ontarioHolidays(year).map((h) => [h.name, iso(h.observed)]));

describe('Ontario statutory holidays', () => {
  test('Easter Sunday, from which Good Friday follows', () => {
    expect([2024, 2025, 2026, 2027, 2038].map((y) => iso(easterSunday(y)))).toEqual(['2024-03-31', '2025-04-20', '2026-04-05', '2027-03-28', '2038-04-25']);
  });

  test('2026: the nine holidays on their days (Boxing Day, a Saturday, observed on Monday)', () => {
    expect(observed(2026)).toEqual({
      "New Year's Day": '2026-01-01',
      'Family Day': '2026-02-16',
      'Good Friday': '2026-04-03',
      'Victoria Day': '2026-05-18',
      'Canada Day': '2026-07-01',
      'Labour Day': '2026-09-07',
      Thanksgiving: '2026-10-12',
      'Christmas Day': '2026-12-25',
      'Boxing Day': '2026-12-28',
    });
  });

  test('weekend holidays move to the next free weekday: Christmas on a Saturday or a Sunday gives two weekdays off', () => {
    // 2027: Christmas Saturday, Boxing Day Sunday → Monday and Tuesday.
    expect([observed(2027)['Christmas Day'], observed(2027)['Boxing Day']]).toEqual(['2027-12-27', '2027-12-28']);
    // 2022: Christmas Sunday, Boxing Day Monday → Monday and Tuesday.
    expect([observed(2022)['Christmas Day'], observed(2022)['Boxing Day']]).toEqual(['2022-12-26', '2022-12-27']);
    expect(observed(2028)["New Year's Day"]).toBe('2028-01-03');
    expect(observed(2023)['Canada Day']).toBe('2023-07-03');
    expect(observed(2029)['Canada Day']).toBe('2029-07-02');
  });

  test('Victoria Day is the Monday before May 25, even when May 24 is itself a Monday', () => {
    expect([2021, 2025, 2027].map((y) => observed(y)['Victoria Day'])).toEqual(['2021-05-24', '2025-05-19', '2027-05-24']);
  });

  test('the Civic Holiday and Easter Monday are business days; weekends and holidays are not', () => {
    expect(isBusinessDay(date('2026-08-03'))).toBe(true); // Civic Holiday
    expect(isBusinessDay(date('2026-04-06'))).toBe(true); // Easter Monday
    expect(isBusinessDay(date('2026-04-03'))).toBe(false); // Good Friday
    expect(isBusinessDay(date('2026-11-21'))).toBe(false); // Saturday
    expect(isBusinessDay(date('2026-12-28'))).toBe(false); // Boxing Day observed
    expect(iso(addBusinessDays(date('2026-12-24'), 2))).toBe('2026-12-30');
  });
});

describe('the holiday observed on a day', () => {
  const name = (day: string) => holidayOn(date(day))?.name ?? null;

  test.each([
    ['2026-12-25', 'Christmas Day'],
    ['2026-12-26', null], // Boxing Day itself, a Saturday: observed on Monday
    ['2026-12-28', 'Boxing Day'],
    ['2027-12-25', null],
    ['2027-12-27', 'Christmas Day'],
    ['2027-12-28', 'Boxing Day'],
    ['2028-01-01', null],
    ['2028-01-03', "New Year's Day"],
    ['2026-04-03', 'Good Friday'],
    ['2026-04-06', null], // Easter Monday is not statutory in Ontario
    ['2026-08-03', null], // nor the Civic Holiday
    ['2026-05-18', 'Victoria Day'],
    ['2026-10-12', 'Thanksgiving'],
    ['2026-12-24', null],
    ['2026-11-23', null],
  ])('%s → %p', (day, holiday) => {
    expect(name(day)).toBe(holiday);
  });

  test('the holiday comes whole, with the day it falls on and the day it is observed', () => {
    expect(holidayOn(date('2026-12-28'))).toEqual({ name: 'Boxing Day', date: date('2026-12-26'), observed: date('2026-12-28') });
  });

  test('every observed holiday of a year, and no other day, is found', () => {
    for (const year of [2025, 2026, 2027, 2028]) {
      const expected = ontarioHolidays(year).map((h) => iso(h.observed));
      const found: string[] = [];
      for (let day = date(`${year}-01-01`); day.year === year; day = addDays(day, 1)) if (holidayOn(day)) found.push(iso(day));
      expect(found).toEqual(expected);
    }
  });
});

describe('the reply-by time: 2 business days, by 18:00 Toronto time', () => {
  const due = (arrived: string) => replyBy(new Date(arrived)).toISOString();

  test('a Monday morning lead is due Wednesday at 18:00', () => {
    expect(due('2026-11-23T10:00:00-05:00')).toBe('2026-11-25T23:00:00.000Z');
  });

  test('Friday 17:59 before the Victoria Day weekend counts Friday; 18:01 counts from Tuesday', () => {
    expect(due('2026-05-15T17:59:00-04:00')).toBe('2026-05-20T22:00:00.000Z');
    expect(due('2026-05-15T18:01:00-04:00')).toBe('2026-05-21T22:00:00.000Z');
  });

  test('a lead on a holiday or a weekend counts from the next business day', () => {
    expect(due('2026-07-01T10:00:00-04:00')).toBe('2026-07-06T22:00:00.000Z'); // Canada Day → Thu, Fri, Mon
    expect(due('2026-11-22T10:00:00-05:00')).toBe('2026-11-25T23:00:00.000Z'); // Sunday → Mon, Tue, Wed
  });

  test('across Christmas and New Year', () => {
    expect(due('2026-12-24T17:00:00-05:00')).toBe('2026-12-30T23:00:00.000Z');
    expect(due('2026-12-30T12:00:00-05:00')).toBe('2027-01-04T23:00:00.000Z');
  });

  test('across the change to daylight saving time, 18:00 is still 18:00 on the wall clock', () => {
    // Clocks go forward on Sunday 8 March 2026: due Tuesday 18:00 EDT.
    expect(due('2026-03-06T12:00:00-05:00')).toBe('2026-03-10T22:00:00.000Z');
    // And back on Sunday 1 November 2026: due Tuesday 18:00 EST.
    expect(due('2026-10-30T12:00:00-04:00')).toBe('2026-11-03T23:00:00.000Z');
  });

  test('a lead that arrives just after midnight UTC is placed on its Toronto day', () => {
    // 00:30 UTC on Saturday is 19:30 on Friday in Toronto, after closing: counts from Monday.
    expect(due('2026-11-28T00:30:00Z')).toBe('2026-12-02T23:00:00.000Z');
  });
});
