import { expect, test } from 'bun:test';
import { emailDomain } from './email-domain.ts';

test('the domain of a bare address or a display form, lower-cased', () => {
  expect(emailDomain('hello@Northline.CA')).toBe('northline.ca');
  expect(emailDomain('Northline Digital <hello@northline.ca>')).toBe('northline.ca');
  expect(emailDomain('"a@b" <team@mail.example>')).toBe('mail.example');
});
