import { expect, test } from 'bun:test';
import { memoizeByString } from './memo.ts';

test('answers from memory for a key seen before, and when full forgets the least recently used', () => {
  const calls: string[] = [];
  const length = memoizeByString((s) => {
    calls.push(s);
    return s.length;
  }, 2);
  expect([length('a'), length('bb'), length('a'), length('bb')]).toEqual([1, 2, 1, 2]);
  expect(calls).toEqual(['a', 'bb']);
  // 'a' was used before 'bb': it makes room for 'ccc', and 'bb' stays.
  expect(length('ccc')).toBe(3);
  expect(length('bb')).toBe(2);
  expect(length('a')).toBe(1);
  expect(calls).toEqual(['a', 'bb', 'ccc', 'a']);
});

test('remembers an undefined answer too', () => {
  let calls = 0;
  const nothing = memoizeByString(() => {
    calls++;
    return undefined;
  }, 10);
  nothing('x');
  nothing('x');
  expect(calls).toBe(1);
});

test('the same input twice in a row is answered alike, and leaves the order of use as it was', () => {
  const calls: string[] = [];
  const upper = memoizeByString((s) => {
    calls.push(s);
    return s.toUpperCase();
  }, 2);
  expect([upper('a'), upper('a'), upper('b'), upper('b'), upper('a'), upper('a')]).toEqual(['A', 'A', 'B', 'B', 'A', 'A']);
  expect(calls).toEqual(['a', 'b']);
  // 'a' is the most recently used: 'c' pushes out 'b'.
  upper('c');
  upper('a');
  upper('b');
  expect(calls).toEqual(['a', 'b', 'c', 'b']);
});
