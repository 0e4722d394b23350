import { StaffProblem, type StaffProblemProps } from '../components/staff/StaffProblem.tsx';
import { buttonClass, pageContainer } from '../components/ui/styles.ts';
import { agency } from '../lib/site.ts';
import { definePage } from './page.tsx';

// The HTML a person sees when a page cannot be shown or a form cannot be taken: one page per status,
// each with its status's own words, rendered once and kept by the page cache under its status (never
// under an address), but the 500, which names its request. Staff see the same refusals in the back
// office's frame (the staff problem page). APIs answer the same statuses as JSON
// (server/middleware/errors.ts).

type StatusCopy = { title: string; heading: string; text: string; code: string };

/** A status page's words, and for a 500 the request's id, which the log lines of the failure carry. */
export type StatusPageData = StatusCopy & { reference?: string };

function StatusPageView({ heading, text, code, reference }: StatusPageData) {
  return (
    <section className={`${pageContainer} flex min-h-[60vh] flex-col items-center justify-center py-24 text-center`}>
      <p className="text-6xl font-extrabold text-blue-700">{code}</p>
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{heading}</h1>
      <p className="mt-4 text-lg text-slate-600">{text}</p>
      {reference ? <p className="mt-2 text-sm text-slate-500">{`Reference: ${reference}`}</p> : null}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <a className={buttonClass.primary} href="/">
          Go to the home page
        </a>
        <a className={buttonClass.secondary} href="/services">
          See our services
        </a>
      </div>
    </section>
  );
}

/** The one page every status shows, with the status's own words. */
export const statusPage = definePage<StatusPageData>({
  meta: ({ title, text }) => ({ title: `${title} | ${agency.name}`, description: text, path: '/404', noindex: true }),
  Component: StatusPageView,
});

/** The back office's problem page: what was wrong and the way back, in the staff frame. */
export const staffProblemPage = definePage<StaffProblemProps>({
  meta: {
    title: `Not done | ${agency.name} back office`,
    description: 'The back office of the agency.',
    path: '/admin/leads',
    noindex: true,
    chrome: 'staff',
  },
  Component: StaffProblem,
});

/** The statuses a page or a form post can be answered with. */
export type PageStatus = 400 | 403 | 404 | 405 | 409 | 413 | 415 | 429 | 500 | 503;

export const statusCopy: Record<PageStatus, StatusCopy> = {
  400: {
    code: '400',
    title: 'Not Understood',
    heading: 'We could not read that',
    text: 'Something in what was sent could not be used, so nothing was saved. Go back to the page, check it and try again.',
  },
  403: {
    code: '403',
    title: 'Not Sent',
    heading: 'Nothing was sent',
    text: "For your security, our forms can only be sent from this site's own pages. Nothing was saved. Open the page again and send the form from there.",
  },
  404: {
    code: '404',
    title: 'Page Not Found',
    heading: 'Page Not Found',
    text: "The page you asked for has moved or never existed. Let's get you back on track.",
  },
  405: {
    code: '405',
    title: 'Not Allowed',
    heading: 'This address does not work that way',
    text: 'It was asked for in a way it does not answer: information sent to a page that only shows it, or a form’s address opened as a page. Nothing was sent or saved. Go back to the page you were on to carry on.',
  },
  409: {
    code: '409',
    title: 'Already Sent',
    heading: 'This form was already sent',
    text: 'We already have a submission from this form with other answers, so nothing new was saved. Open the page again and send the form once more.',
  },
  413: {
    code: '413',
    title: 'Too Long',
    heading: 'That was too much to send',
    text: 'What was sent is longer than any of our forms takes, so nothing was saved. Go back, shorten your answers and try again.',
  },
  415: {
    code: '415',
    title: 'Not Understood',
    heading: 'We could not read that form',
    text: 'The form arrived in a format we do not take, so nothing was saved. Open the page again and send the form from there.',
  },
  429: {
    code: '429',
    title: 'Too Many Attempts',
    heading: 'Too many attempts',
    text: 'This form was sent several times in a short while. Nothing more was saved. Please wait a minute and try again.',
  },
  500: {
    code: '500',
    title: 'Something Went Wrong',
    heading: 'Something went wrong',
    text: 'Please try again in a moment. If it keeps happening, tell us the reference below.',
  },
  503: {
    code: '503',
    title: "We'll Be Right Back",
    heading: "We'll be right back",
    text: 'This page needs information we cannot reach at the moment. Please try again in a few seconds; nothing you sent earlier is lost.',
  },
};

/** The words for `status`; a status no page is written for reads as the 400 or the 500, under its own code. */
export const copyOf = (status: number): StatusCopy =>
  Object.hasOwn(statusCopy, status) ? statusCopy[status as PageStatus] : { ...statusCopy[status >= 500 ? 500 : 400], code: String(status) };
