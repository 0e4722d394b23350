import { expect, test } from 'bun:test';
import { emailText } from '../leads/emails.ts';
import { passwordResetEmail } from './reset-email.ts';

const token = 'x'.repeat(43);
const email = passwordResetEmail({
  email: 'maya@northlinedigital.ca',
  token,
  siteUrl: 'https://northlinedigital.ca/',
  expiresAt: new Date('2026-11-24T15:30:00Z'),
});

test('the link is the site address and the token, once, as the email’s one button', () => {
  const buttons = email.blocks.filter((b) => b.kind === 'button');
  expect(buttons).toEqual([{ kind: 'button', label: 'Set a new password', href: `https://northlinedigital.ca/admin/password-reset/${token}` }]);
});

test('says which account, until when in Toronto time, that sessions end and the second step stays', () => {
  const text = emailText(email);
  expect(text).toContain('maya@northlinedigital.ca');
  expect(text).toContain('until 10:30 a.m. on Tuesday, November 24, 2026, Toronto time');
  expect(text).toContain('signs your account out on every browser and device');
  expect(text).toContain('still asks for your code');
  expect(text).toContain(`Set a new password: https://northlinedigital.ca/admin/password-reset/${token}`);
});

test('the subject and the preheader carry neither the address nor the link', () => {
  for (const line of [email.subject, email.preheader]) {
    expect(line).not.toContain('maya');
    expect(line).not.toContain(token);
  }
});
