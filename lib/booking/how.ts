import { asOneLine } from '../forms/plain-text.ts';
import { isPhoneNumber } from './schema.ts';

// How a strategy session happens, said one way on the visitor's page, in their emails and in the staff
// member's: by the staff member's video link when they have set one (on /admin/booking, or
// `bun run staff:booking EMAIL --meeting-url`; it is in the calendar invite too); else by phone, the staff
// member calling the number the visitor gave; else, with no number, the staff member emails them a link
// before the session. Pure.

export type SessionWay = { kind: 'video'; url: string } | { kind: 'phone'; phone: string } | { kind: 'emailed-link' };

/** Which way: the staff member's video link, else the visitor's phone, else a link emailed before the session. */
export function sessionWay({ meetingUrl, phone }: { meetingUrl?: string | null; phone?: string | null }): SessionWay {
  const url = meetingUrl?.trim();
  // Only an https link is ever stored (lib/booking/schema.ts); anything else is not offered as one.
  if (url && /^https:\/\//i.test(url) && URL.canParse(url)) return { kind: 'video', url };
  // A number as the form takes them (it refuses anything else on the way in); stored text that does not
  // read as one is never repeated to an address nobody has confirmed.
  const number = phone ? asOneLine(phone) : '';
  return number && isPhoneNumber(number) ? { kind: 'phone', phone: number } : { kind: 'emailed-link' };
}

/** "Maya Chen", or "we" with nobody named (then "we will call you"). */
const who = (staffName: string | null) => (staffName ? asOneLine(staffName) || 'we' : 'we');

/**
 * The visitor's sentence, without a full stop: "By video call: https://…" (the caller shows the link),
 * "By phone: Maya Chen will call you at 416-555-0199", "By video call: Maya Chen will email you a link to
 * join before the session".
 */
export function wayForVisitor(way: SessionWay, staffName: string | null): string {
  if (way.kind === 'video') return `By video call: ${way.url}`;
  if (way.kind === 'phone') return `By phone: ${who(staffName)} will call you at ${way.phone}`;
  return `By video call: ${who(staffName)} will email you a link to join before the session`;
}

/** What the staff member is told: what the visitor was told, and so what they are to do. */
export function wayForStaff(way: SessionWay): string {
  if (way.kind === 'video') return `By video call: ${way.url}`;
  if (way.kind === 'phone') return `By phone: call them at ${way.phone}, as they were told (no video link is set on /admin/booking)`;
  return 'Email them a link to join before the session, as they were told (no video link is set on /admin/booking, and they gave no phone)';
}
