import { describe, expect, test } from 'bun:test';
import { isHttpUrl, normalizeWebsite } from './web-address.ts';

describe('isHttpUrl', () => {
  test.each([
    ['https://example.ca', true],
    ['HTTP://example.ca/x?y=1', true],
    ['https://localhost', false],
    ['https://user:pw@example.ca', false],
    ['mailto:a@example.ca', false],
    ['https://', false],
    ['example.ca', false],
  ])('%p → %p', (value, expected) => expect(isHttpUrl(value)).toBe(expected));
});

describe('normalizeWebsite', () => {
  test.each([
    ['', ''],
    ['   ', ''],
    ['brightsmile.ca', 'https://brightsmile.ca'],
    [' www.brightsmile.ca/book ', 'https://www.brightsmile.ca/book'],
    ['brightsmile.ca:8443/x', 'https://brightsmile.ca:8443/x'],
    ['https://brightsmile.ca', 'https://brightsmile.ca'],
    ['http://brightsmile.ca/a?b=1', 'http://brightsmile.ca/a?b=1'],
    ['javascript:alert(1)', null],
    ['JavaScript:alert(1)//brightsmile.ca', null],
    ['data:text/html,hi', null],
    ['ftp://brightsmile.ca', null],
    ['mailto:hi@brightsmile.ca', null],
    ['brightsmile', null],
    ['bright smile.ca', null],
    ['user:pw@brightsmile.ca', null],
    ['https://user:pw@brightsmile.ca', null],
  ])('%p → %p', (typed, expected) => expect(normalizeWebsite(typed)).toBe(expected));
});
