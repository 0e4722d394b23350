import { DEFAULT_RANGE_DAYS, REPORT_MAX_DAYS } from '../analytics/range.ts';

// The analytics dashboard's words for staff (components/staff/analytics/*): what each figure counts and
// how, said plainly enough for the owner to trust it and to know where it stops.

export const analyticsIntro =
  'Who visited the site, where they came from, and how many became leads, booked a session and signed on. Visits are counted on our own server: no cookie, no tracking script, nothing sent to anyone else.';

/** Quick ranges beside the date form, each ending today. */
export const QUICK_RANGES = [
  { days: 7, label: 'Last 7 days' },
  { days: DEFAULT_RANGE_DAYS, label: 'Last 28 days' },
  { days: 90, label: 'Last 90 days' },
  { days: 365, label: 'Last 12 months' },
] as const;

export const rangeHint = `Toronto days, both included. Up to ${REPORT_MAX_DAYS} days (two years).`;

export const empty = {
  traffic: 'No visits were counted in these dates. Counting starts with the first page view after the site is deployed with analytics on.',
  pages: 'No page views in these dates.',
  sources: 'No visits or leads in these dates.',
  landings: 'No visits or leads in these dates.',
  variants: 'No A/B test assigned anyone in these dates, and no lead from these dates took part in one.',
  speed: 'No leads arrived in these dates, so there is no reply time to show.',
};

/** How the figures are counted: the page's help, in the order a reader asks. */
export const analyticsHelp: { title: string; text: string }[] = [
  {
    title: 'Visitors',
    text: 'A visitor is one browser on one day. The server recognises it by a code made from the day’s secret, the internet address and the browser’s name; the secret is thrown away when the day ends, so nobody can be followed from one day to the next. Someone who comes back on three days counts three times in a range. Search engine robots, link previews and pages the browser loads ahead of time are not counted.',
  },
  {
    title: 'Where visitors came from',
    text: 'The source, medium and campaign of a visitor’s first page of the day: the utm_ tags of the link they followed, an ad click (google or facebook / cpc), another site (its name / referral), or direct / none. The landing page is the first page they saw that day.',
  },
  {
    title: 'Leads, bookings and wins',
    text: 'The leads are those that arrived in these dates: free audits, Q4 applications and sessions booked without either, never spam and never erased. Each is counted at every step it has reached by now, so a lead from last month that signed on today counts as won in last month’s figures. Booked means a strategy session booked or held (not cancelled), or a status of Session booked or Won. Won means its status is Won.',
  },
  {
    title: 'Which source a lead counts for',
    text: 'A lead counts for the first campaign or site that ever brought the person (its first touch, as the inbox shows it), which may be before these dates: a source can then have more leads than visitors. A lead that never came from a campaign or another site is direct; its landing page is the page it sent the form from.',
  },
  {
    title: 'The funnel',
    text: 'Visited, started the audit (answered its first question, or sent the form without JavaScript), became a lead, booked a session, became a client. Q4 applications and sessions booked straight away skip the audit, so the lead step can hold more people than the step before it: the drop-off is then shown as a gain.',
  },
  {
    title: 'A/B variants',
    text: 'Visitors per variant are the A/B test’s own count: the visitors it assigned to that variant in these dates (on their first view of it). Leads, bookings and wins per variant are the leads of these dates whose browser was in the test. Starting the audit is not counted per variant: the visit counting keeps no browser id.',
  },
  {
    title: 'Value',
    text: 'Pipeline value is what the leads could be worth each month: the audit’s own estimate, or the middle of the budget range a Q4 application chose (its floor for “$10,000+”). Won value is the monthly retainer staff enter when they mark a lead won. Both in CAD.',
  },
  {
    title: 'Speed to lead',
    text: 'How long new leads waited for someone to first reach them (a call or email logged, or the status moved on from New), by the week they arrived, beside the promise on the thank-you page: a reply within 2 business days, by 18:00 Toronto time.',
  },
];
