// The words of the booking pages (/book and /book/manage/{token}): one place, for the pages, the API's
// refusals and the tests.

import { agency } from '../site.ts';

export const bookingCopy = {
  title: 'Book your free strategy session | Northline Digital',
  description:
    'Pick a time for a free 45-minute strategy session with a Northline Digital specialist: your audit, your market in Toronto, and the next three moves.',
  heading: 'Book your free strategy session',
  lead: (minutes: number) =>
    `${minutes} minutes with a specialist on our team, by video call or phone. We go through where your customers find you today, what your competitors in your part of Toronto are doing, and the three moves we would make first. No cost, and no obligation.`,
  timesNote: 'Times are Toronto time (Eastern).',
  pickHeading: 'Pick a time',
  formHeading: 'Your details',
  changeTime: 'Choose another time',
  submit: 'Book this time',
  moreDays: 'Show more days',
  none: {
    heading: 'No times are open right now',
    text: 'There are no times to book online just now. Email or call us and we will find a time that works for you.',
  },
  taken: 'Someone booked that time a moment ago. Here are the next open times:',
  notOffered: 'That time is no longer open. Please pick another one.',
  /** The same booking sent again after it was cancelled: it stays cancelled, and a new one needs a time picked again. */
  cancelledReplay: 'This booking was cancelled, so it cannot be made again from the same form. Please pick a time to book a new session.',
  /** The address already holds as many sessions to come as one may (UPCOMING_SESSIONS_PER_EMAIL). */
  emailHasSessions: `This email address already has sessions booked with us. To change one, use the link in its confirmation email. To book another, email ${agency.email} or call ${agency.phoneDisplay}.`,
  fields: {
    name: 'Your name',
    email: 'Email',
    emailHint: 'We send the invite and your confirmation here.',
    phone: 'Phone (optional)',
    phoneHint: 'In case we need to reach you on the day.',
    note: 'Anything we should know? (optional)',
    noteHint: 'Your business, your website, or what you would like to cover.',
  },
  privacy: 'We use your details only for this session and the follow-up you ask for.',
  manage: {
    title: 'Your strategy session | Northline Digital',
    bookedHeading: 'You’re booked',
    heading: 'Your strategy session',
    cancelledHeading: 'This session is cancelled',
    pastHeading: 'This session has passed',
    missingHeading: 'We can’t find this session',
    missingText: 'The link may be incomplete, or the session was removed at your request. You can book a new time below.',
    sent: 'We have emailed your confirmation and a calendar invite.',
    /** Booked where no email can go out (no mail server set up): this page is the confirmation (the card below says to keep its link). */
    sentNoEmail: 'Your time is held, and this page is your confirmation.',
    /** Over the session's way of happening on the page (lib/booking/how.ts says which). */
    howLabel: 'How:',
    /** The video link's words after it on the page. */
    videoJoin: 'Join with this link at the time of your session.',
    keepLink: 'Keep this page’s link: it is how you move or cancel.',
    changeHeading: 'Need to change it?',
    /** The disclosure that opens the times to move to, day by day. */
    moveHeading: 'Move to another time',
    moveHint: 'Pick a day, then a time. Your current time stays booked until you confirm the new one.',
    moveSubmit: 'Move my session to this time',
    cancelSubmit: 'Cancel my session',
    cancelConfirm: 'Cancel this session?',
    cancelText: 'The time goes back to the calendar for someone else, and we will let your specialist know. You can book again whenever you like.',
    cancelConfirmSubmit: 'Yes, cancel it',
    cancelledText: 'We have let your specialist know. If you would still like to talk, pick a new time whenever it suits you.',
    bookAgain: 'Book a new time',
    moved: 'Your session is moved. We have sent the updated invite.',
    movedNoEmail: 'Your session is moved. This page shows the new time.',
    /** The session was moved as often as it can be online (MOVES_PER_BOOKING): what comes before the phone and email. */
    movesUsed: (moves: number) =>
      `This session has been moved ${moves} times, as many as we can do online. To change it again, call us or email us and we will find a time with you:`,
  },
} as const;
