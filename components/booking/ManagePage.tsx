import { bookingCopy } from '../../lib/content/booking.ts';
import { agency } from '../../lib/site.ts';
import { LineIcon } from '../ui/LineIcon.tsx';
import { buttonClass, pageContainer } from '../ui/styles.ts';
import { type SlotDay, SlotDays } from './SlotDays.tsx';

const copy = bookingCopy.manage;

export type ManagePageData =
  | { state: 'missing' }
  | {
      state: 'booked' | 'cancelled' | 'past';
      token: string;
      /** "Tuesday, December 1 at 10:00 (Toronto time)". */
      when: string;
      start: string;
      minutes: number;
      staffName: string | null;
      /** Just booked, just moved, or nothing new. */
      banner: 'booked' | 'moved' | null;
      /** Whether the confirmation and invites go by email (a mail server is set up): the banner says so only then. */
      emailed: boolean;
      /** Why a move was not made. */
      notice: string | null;
      /** The session was moved as many times as it can be online (that many): the agency's phone and email instead of the times. */
      movesUsed: number | null;
      /** The times it can move to, and the one chosen (then the form to confirm it). */
      days: SlotDay[];
      moveTo: { start: string; label: string } | null;
    };

/** /book/manage/{token}: the visitor's session, and the forms to move or cancel it (plain forms, no JavaScript needed). */
export function ManagePage(data: ManagePageData) {
  if (data.state === 'missing')
    return (
      <Shell>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{copy.missingHeading}</h1>
        <p className="mt-4 text-lg leading-8 text-slate-700">{copy.missingText}</p>
        <a href="/book" className={`${buttonClass.primary} mt-8`}>
          {copy.bookAgain}
        </a>
      </Shell>
    );
  const action = `/book/manage/${data.token}`;
  return (
    <Shell>
      {data.banner ? (
        <p
          role="status"
          className="mb-6 flex items-center gap-3 rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-emerald-950"
          data-manage-banner={data.banner}
        >
          <LineIcon size={22} strokeWidth={2.5}>
            <path d="M5 12.5l4.5 4.5L19 7" />
          </LineIcon>
          {data.banner === 'booked' ? (data.emailed ? copy.sent : copy.sentNoEmail) : data.emailed ? copy.moved : copy.movedNoEmail}
        </p>
      ) : null}
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
        {data.state === 'cancelled'
          ? copy.cancelledHeading
          : data.state === 'past'
            ? copy.pastHeading
            : data.banner === 'booked'
              ? copy.bookedHeading
              : copy.heading}
      </h1>
      <div className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-lg sm:p-8" data-session-state={data.state}>
        <p className={`text-xl font-semibold ${data.state === 'cancelled' ? 'text-slate-500 line-through' : 'text-slate-900'}`} data-local-times>
          <time dateTime={data.start}>{data.when}</time>
        </p>
        <p className="mt-2 text-slate-700">
          {`Free strategy session, ${data.minutes} minutes${data.staffName ? `, with ${data.staffName}` : ''}.${data.state === 'booked' ? " Keep this page's link: it is how you move or cancel." : ''}`}
        </p>
      </div>

      {data.state === 'cancelled' ? (
        <div className="mt-8">
          <p className="text-lg leading-8 text-slate-700">{copy.cancelledText}</p>
          <a href="/book" className={`${buttonClass.primary} mt-6`}>
            {copy.bookAgain}
          </a>
        </div>
      ) : null}

      {data.state === 'booked' ? (
        <>
          <section id="move" aria-labelledby="move-heading" className="mt-12">
            <h2 id="move-heading" className="text-xl font-bold text-slate-900">
              {copy.moveHeading}
            </h2>
            {data.notice ? (
              <p role="alert" className="mt-4 rounded-xl border border-amber-200 bg-amber-50 p-4 text-amber-950">
                {data.notice}
              </p>
            ) : null}
            {data.movesUsed !== null ? (
              <p className="mt-4 rounded-xl border border-amber-200 bg-amber-50 p-4 text-amber-950" data-moves-used>
                {copy.movesUsed(data.movesUsed)}{' '}
                <a className="font-semibold text-blue-800 underline underline-offset-2" href={`tel:${agency.phone}`}>
                  {agency.phoneDisplay}
                </a>{' '}
                or{' '}
                <a className="font-semibold text-blue-800 underline underline-offset-2" href={`mailto:${agency.email}`}>
                  {agency.email}
                </a>
                .
              </p>
            ) : data.moveTo ? (
              <form method="post" action={action} className="mt-4 rounded-2xl border border-blue-200 bg-blue-50 p-5" data-move-form>
                <input type="hidden" name="action" value="move" />
                <input type="hidden" name="start" value={data.moveTo.start} />
                <p className="font-semibold text-slate-900">{data.moveTo.label}</p>
                <button type="submit" className={`${buttonClass.primary} mt-4 w-full sm:w-auto`}>
                  {copy.moveSubmit}
                </button>
              </form>
            ) : null}
            {data.movesUsed === null ? (
              <div className="mt-5">
                <SlotDays days={data.days} chosen={data.moveTo?.start} hrefOf={(start) => `${action}?move=${encodeURIComponent(start)}#move`} />
              </div>
            ) : null}
          </section>
          <section aria-labelledby="cancel-heading" className="mt-12 border-t border-slate-200 pt-8">
            <h2 id="cancel-heading" className="text-xl font-bold text-slate-900">
              {copy.cancelHeading}
            </h2>
            <p className="mt-2 text-slate-700">{copy.cancelText}</p>
            {/* Two presses, without JavaScript too: a slip of the thumb opens the question, and only the answer cancels. */}
            <details className="mt-4" data-cancel>
              <summary className={`${buttonClass.secondary} w-full list-none sm:w-auto [&::-webkit-details-marker]:hidden`}>{copy.cancelSubmit}</summary>
              <form method="post" action={action} className="mt-4 rounded-xl border border-slate-200 bg-white p-4" data-cancel-form>
                <p className="text-slate-800">{copy.cancelConfirm}</p>
                <input type="hidden" name="action" value="cancel" />
                <button type="submit" className={`${buttonClass.primary} mt-3 w-full sm:w-auto`}>
                  {copy.cancelConfirmSubmit}
                </button>
              </form>
            </details>
          </section>
        </>
      ) : null}
    </Shell>
  );
}

function Shell({ children }: { children: React.ReactNode }) {
  return (
    <section className="bg-gradient-to-b from-blue-50 to-white pb-20 pt-28">
      <div className={`${pageContainer} max-w-3xl`}>{children}</div>
    </section>
  );
}
