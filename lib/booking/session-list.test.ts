import { describe, expect, test } from 'bun:test';
import { byDay, MARKABLE_DAYS, markable, sessionList } from './session-list.ts';

const TORONTO = 'America/Toronto';
// Tuesday Dec 1 2026, 10:30 in Toronto (UTC−5).
const NOW = new Date('2026-12-01T15:30:00Z');
type S = { id: string; startsAt: Date; status: 'booked' | 'cancelled' | 'held' | 'no-show' };
const s = (id: string, iso: string, status: S['status'] = 'booked'): S => ({ id, startsAt: new Date(iso), status });

describe('byDay', () => {
  test('groups by the Toronto day, in time order, today and tomorrow named', () => {
    const groups = byDay(
      [
        s('wed', '2026-12-02T15:00:00Z'),
        s('late', '2026-12-02T04:30:00Z'), // 23:30 on Tuesday in Toronto, 04:30 Wednesday in UTC
        s('today', '2026-12-01T20:00:00Z'),
        s('fri', '2026-12-04T14:00:00Z'),
      ],
      NOW,
      TORONTO,
    );
    expect(groups.map((g) => [g.day, g.heading, g.sessions.map((x) => x.id)])).toEqual([
      ['2026-12-01', 'Today, Tuesday, December 1', ['today', 'late']],
      ['2026-12-02', 'Tomorrow, Wednesday, December 2', ['wed']],
      ['2026-12-04', 'Friday, December 4', ['fri']],
    ]);
  });
});

describe('sessionList', () => {
  test('started and still booked to mark, the coming ones by day, the marked ones newest day first; cancelled left out', () => {
    const list = sessionList(
      [
        s('coming', '2026-12-03T15:00:00Z'),
        s('now', '2026-12-01T15:00:00Z'),
        s('old', '2026-11-24T15:00:00Z'),
        s('held', '2026-11-25T15:00:00Z', 'held'),
        s('missed', '2026-11-27T15:00:00Z', 'no-show'),
        s('gone', '2026-12-02T15:00:00Z', 'cancelled'),
      ],
      NOW,
      TORONTO,
    );
    expect(list.toMark.map((x) => x.id)).toEqual(['old', 'now']);
    expect(list.upcoming.map((g) => g.sessions.map((x) => x.id))).toEqual([['coming']]);
    expect(list.marked.map((g) => g.sessions.map((x) => x.id))).toEqual([['missed'], ['held']]);
  });

  test('a session starting this minute is to mark; one a minute later is coming', () => {
    const list = sessionList([s('a', NOW.toISOString()), s('b', new Date(NOW.getTime() + 60_000).toISOString())], NOW, TORONTO);
    expect(list.toMark.map((x) => x.id)).toEqual(['a']);
    expect(list.upcoming[0].sessions.map((x) => x.id)).toEqual(['b']);
  });
});

test('markable: started, not cancelled, at most MARKABLE_DAYS ago', () => {
  const day = 86_400_000;
  expect(markable(s('a', new Date(NOW.getTime() - MARKABLE_DAYS * day).toISOString()), NOW)).toBe(true);
  expect(markable(s('a', new Date(NOW.getTime() - MARKABLE_DAYS * day - 1).toISOString()), NOW)).toBe(false);
  expect(markable(s('a', new Date(NOW.getTime() + 1).toISOString()), NOW)).toBe(false);
  expect(markable(s('a', NOW.toISOString(), 'cancelled'), NOW)).toBe(false);
  expect(markable(s('a', NOW.toISOString(), 'held'), NOW)).toBe(true);
});
