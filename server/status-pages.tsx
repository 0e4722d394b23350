import { buttonClass, pageContainer } from '../components/ui/styles.ts';
import { agency } from '../lib/site.ts';
import { definePage } from './page.tsx';

// The HTML a visitor sees when a page cannot be shown: one page per status, each rendered once and kept
// by the page cache under its status (never under an address). APIs answer the same statuses as JSON.

type StatusCopy = { title: string; heading: string; text: string; code: string };

function StatusPageView({ heading, text, code }: StatusCopy) {
  return (
    <section className={`${pageContainer} flex min-h-[60vh] flex-col items-center justify-center py-24 text-center`}>
      <p className="text-6xl font-extrabold text-blue-700">{code}</p>
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{heading}</h1>
      <p className="mt-4 text-lg text-slate-600">{text}</p>
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
export const statusPage = definePage<StatusCopy>({
  meta: ({ title, text }) => ({ title: `${title} | ${agency.name}`, description: text, path: '/404', noindex: true }),
  Component: StatusPageView,
});

export type PageStatus = 401 | 404 | 405 | 429 | 503;

export const statusCopy: Record<PageStatus, StatusCopy> = {
  404: {
    code: '404',
    title: 'Page Not Found',
    heading: 'Page Not Found',
    text: "The page you asked for has moved or never existed. Let's get you back on track.",
  },
  405: {
    code: '405',
    title: 'Not Allowed',
    heading: 'This page can only be viewed',
    text: 'Something tried to send information to a page that only shows it. Nothing was sent or saved. Open the page again to carry on.',
  },
  401: {
    code: '401',
    title: 'Sign In Required',
    heading: 'Sign in to see this page',
    text: 'This page is for the Northline Digital team. If you work with us, sign in with your staff details.',
  },
  429: {
    code: '429',
    title: 'Too Many Attempts',
    heading: 'Too many attempts',
    text: 'For your security, sign-in is paused for a little while after several wrong attempts. Please try again later.',
  },
  503: {
    code: '503',
    title: "We'll Be Right Back",
    heading: "We'll be right back",
    text: 'This page needs information we cannot reach at the moment. Please try again in a few seconds; nothing you sent earlier is lost.',
  },
};

export const isPageStatus = (status: number): status is PageStatus => Object.hasOwn(statusCopy, status);
