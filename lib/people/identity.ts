// Who a lead is: people are matched by their email address, normalised the one way every query and
// form uses; a phone number is only ever a hint shown to staff (two people can share an office line),
// never a reason to merge on its own. Pure: no I/O.

/** The email as people are matched by it: trimmed and lower-cased (the local part too: no mail server a Toronto business uses tells Jane@ from jane@). */
export const emailKey = (email: string): string => email.trim().toLowerCase();

/** The digits of a phone number, without a North American leading 1: "+1 (416) 555-0123" and "416.555.0123" are both "4165550123". */
export function phoneDigits(phone: string | null | undefined): string {
  const digits = (phone ?? '').replace(/\D/g, '');
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}

/**
 * The `tel:` link of a phone number as a person typed it: E.164 for a North American number (10
 * digits, or 11 starting with 1), the digits with a + when it was written with one, else null (too few
 * digits to dial).
 */
export function telHref(phone: string | null | undefined): string | null {
  const raw = (phone ?? '').trim();
  const digits = raw.replace(/\D/g, '');
  if (digits.length < 7 || digits.length > 15) return null;
  if (digits.length === 10) return `tel:+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `tel:+${digits}`;
  return raw.startsWith('+') ? `tel:+${digits}` : `tel:${digits}`;
}

/** Whether two phone numbers are the same line (both with at least 7 digits). */
export function samePhone(a: string | null | undefined, b: string | null | undefined): boolean {
  const x = phoneDigits(a);
  return x.length >= 7 && x === phoneDigits(b);
}
