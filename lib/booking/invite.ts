import { createEvent, type EventAttributes } from 'ics';
import { agency } from '../site.ts';

// A booked strategy session as iCalendar: the invite emailed to the people in it (iTIP, RFC 5546:
// METHOD:REQUEST, then METHOD:CANCEL with the same UID and a higher SEQUENCE) and the copy written to a
// staff member's calendar over CalDAV (RFC 4791 forbids METHOD in a stored object). `ics` writes the
// properties and their TEXT escaping; two things it gets wrong are done here by hand:
// - it folds lines at 75 characters, not 75 octets (RFC 5545 3.1), so "Café" lines ran long: its output
//   is unfolded and folded again by octets, never inside a UTF-8 sequence;
// - it quotes a parameter value by escaping `"` with a backslash, which RFC 5545 has no such thing as:
//   names go in with RFC 6868's ^ escapes (^' for ", ^n for a line break, ^^ for ^), which ical.js and
//   the big calendar apps read back; it also quotes ROLE and PARTSTAT, which is valid but not what mail
//   clients send, so those plain tokens are written bare, as Google's and Outlook's invites have them.
// DTSTAMP is the moment the message is made: the caller passes it (no clock in lib/).

export type InviteEvent = {
  uid: string;
  sequence: number;
  start: Date;
  end: Date;
  title: string;
  description: string;
  url?: string;
  location?: string;
  organizer: { name: string; email: string };
  attendees: { name: string; email: string }[];
};

const PRODUCT_ID = `-//${agency.name}//Strategy sessions//EN`;
const FOLD_OCTETS = 75;

/** The invite sent by email: METHOD:REQUEST (STATUS:CONFIRMED) or METHOD:CANCEL (STATUS:CANCELLED). */
export function inviteIcs(event: InviteEvent, method: 'REQUEST' | 'CANCEL', stamp: Date): string {
  return calendarText(event, method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED', stamp, method);
}

/** The same event as a CalDAV calendar object: no METHOD property. */
export function calendarObjectIcs(event: InviteEvent, status: 'CONFIRMED' | 'CANCELLED', stamp: Date): string {
  return calendarText(event, status, stamp);
}

function calendarText(event: InviteEvent, status: 'CONFIRMED' | 'CANCELLED', stamp: Date, method?: 'REQUEST' | 'CANCEL'): string {
  const live = status === 'CONFIRMED';
  // `ics` writes `timestamp` as DTSTAMP (its schema has it) but its type leaves it out.
  const attributes: EventAttributes & { timestamp: number } = {
    productId: PRODUCT_ID,
    // An empty method leaves METHOD out (`ics` would otherwise write its default, PUBLISH).
    method: method ?? '',
    uid: event.uid,
    sequence: event.sequence,
    timestamp: stamp.getTime(),
    start: event.start.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: event.end.getTime(),
    endInputType: 'utc',
    endOutputType: 'utc',
    title: plainText(event.title),
    description: plainText(event.description),
    ...(event.url ? { url: event.url } : {}),
    ...(event.location ? { location: plainText(event.location) } : {}),
    status,
    organizer: { name: parameterText(event.organizer.name), email: event.organizer.email },
    attendees: event.attendees.map((attendee) => ({
      name: parameterText(attendee.name),
      email: attendee.email,
      // An invite asks for an answer; a cancellation or a cancelled copy does not.
      rsvp: live,
      partstat: 'NEEDS-ACTION',
      role: 'REQ-PARTICIPANT',
    })),
  };
  const { error, value } = createEvent(attributes);
  if (error || !value) throw new Error(`The calendar event ${event.uid} could not be written: ${error?.message ?? 'no output'}`);
  const lines = value.replace(/\r\n[ \t]/g, '').split('\r\n');
  if (lines.at(-1) === '') lines.pop();
  const bare = (line: string) => (line.startsWith('ATTENDEE;') ? line.replace(/;(ROLE|PARTSTAT)="([A-Z-]+)"/g, ';$1=$2') : line);
  return `${lines.map((line) => foldLine(bare(line))).join('\r\n')}\r\n`;
}

/** TEXT as `ics` escapes it, with CR line breaks made LF and other control characters dropped (RFC 5545 allows none). */
const plainText = (text: string) => text.replace(/\r\n?/g, '\n').replace(/(?![\t\n])\p{Cc}/gu, '');

/** A parameter value (CN) in RFC 6868's escapes, so that no `"` or line break reaches `ics`'s quoting. */
const parameterText = (text: string) => plainText(text).replace(/\^/g, '^^').replace(/"/g, "^'").replace(/\n/g, '^n').replace(/\t/g, ' ');

const encoder = new TextEncoder();

/** A line folded at 75 octets (a continuation's leading space is one of them), never inside a character. */
function foldLine(line: string): string {
  const parts: string[] = [];
  let part = '';
  let octets = 0;
  for (const character of line) {
    const size = encoder.encode(character).length;
    const limit = parts.length === 0 ? FOLD_OCTETS : FOLD_OCTETS - 1;
    if (octets + size > limit) {
      parts.push(part);
      part = '';
      octets = 0;
    }
    part += character;
    octets += size;
  }
  parts.push(part);
  return parts.join('\r\n ');
}
