import { type SessionWay, wayForVisitor } from '../../lib/booking/how.ts';
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
      /** "Tuesday, December 1 at 1:00 p.m. (Toronto time)". */
      when: string;
      start: string;
      minutes: number;
      staffName: string | null;
      /** How the session happens (the staff member's video link, their call to the visitor's phone, or a link they email): for a booked session. */
      way: SessionWay | null;
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

const linkClass = 'font-semibold text-blue-800 underline underline-offset-2';
const summaryClass = `${buttonClass.secondary} w-full cursor-pointer list-none sm:w-auto [&::-webkit-details-marker]:hidden`;

/** How the session happens, in the words of lib/booking/how.ts; the video link as a link. */
function HowLine({ way, staffName }: { way: SessionWay; staffName: string | null }) {
  return (
    <p className="mt-3 flex gap-2 text-slate-800" data-session-how={way.kind}>
      <LineIcon size={20} className="mt-0.5 shrink-0 text-blue-700">
        {way.kind === 'phone' ? (
          <path d="M5 4h4l2 5-2.5 1.5a11 11 0 005 5L15 13l5 2v4a2 2 0 01-2 2A16 16 0 013 6a2 2 0 012-2" />
        ) : (
          <>
            <rect x="3" y="6" width="13" height="12" rx="2" />
            <path d="M16 10l5-3v10l-5-3" />
          </>
        )}
      </LineIcon>
      <span className="min-w-0">
        <span className="sr-only">{`${copy.howLabel} `}</span>
        {way.kind === 'video' ? (
          <>
            {'By video call: '}
            <a className={`${linkClass} break-all`} href={way.url} rel="noopener noreferrer">
              {way.url}
            </a>
            {`. ${copy.videoJoin}`}
          </>
        ) : (
          `${wayForVisitor(way, staffName)}.`
        )}
      </span>
    </p>
  );
}

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
  const booked = data.state === 'booked';
  return (
    <Shell>
      {data.banner ? (
        <p
          role="status"
          className="mb-6 flex items-center gap-3 rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-emerald-950"
          data-manage-banner={data.banner}
        >
          <LineIcon size={22} strokeWidth={2.5} className="shrink-0">
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
        <p className="mt-2 text-slate-700">{`Free strategy session, ${data.minutes} minutes${data.staffName ? `, with ${data.staffName}` : ''}.`}</p>
        {booked && data.way ? <HowLine way={data.way} staffName={data.staffName} /> : null}
        {booked ? <p className="mt-3 text-sm text-slate-600">{copy.keepLink}</p> : null}
      </div>

      {data.state === 'cancelled' ? (
        <div className="mt-8">
          <p className="text-lg leading-8 text-slate-700">{copy.cancelledText}</p>
          <a href="/book" className={`${buttonClass.primary} mt-6`}>
            {copy.bookAgain}
          </a>
        </div>
      ) : null}

      {booked ? (
        // Both changes at hand under the card: each a native disclosure (no JavaScript needed), the times to
        // move to folded day by day, so Cancel is never below two weeks of times.
        <section aria-labelledby="change-heading" className="mt-8" data-change>
          <h2 id="change-heading" className="text-xl font-bold text-slate-900">
            {copy.changeHeading}
          </h2>
          {data.movesUsed !== null ? (
            <p className="mt-4 rounded-xl border border-amber-200 bg-amber-50 p-4 text-amber-950" data-moves-used>
              {copy.movesUsed(data.movesUsed)}{' '}
              <a className={linkClass} href={`tel:${agency.phone}`}>
                {agency.phoneDisplay}
              </a>{' '}
              or{' '}
              <a className={linkClass} href={`mailto:${agency.email}`}>
                {agency.email}
              </a>
              .
            </p>
          ) : null}
          <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-start">
            {data.movesUsed !== null ? null : (
              <details id="move" className="group/move sm:open:basis-full" open={data.moveTo !== null || data.notice !== null} data-move>
                <summary className={summaryClass}>
                  {copy.moveHeading}
                  <LineIcon className="h-5 w-5 shrink-0 text-blue-700 transition group-open/move:rotate-180">
                    <path d="M6 9l6 6 6-6" />
                  </LineIcon>
                </summary>
                <div className="mt-4">
                  {data.notice ? (
                    <p role="alert" className="mb-4 rounded-xl border border-amber-200 bg-amber-50 p-4 text-amber-950">
                      {data.notice}
                    </p>
                  ) : null}
                  {data.moveTo ? (
                    <form method="post" action={action} className="mb-5 rounded-2xl border border-blue-200 bg-blue-50 p-5" data-move-form>
                      <input type="hidden" name="action" value="move" />
                      <input type="hidden" name="start" value={data.moveTo.start} />
                      <p className="font-semibold text-slate-900" data-local-times>
                        <time dateTime={data.moveTo.start}>{data.moveTo.label}</time>
                      </p>
                      <button type="submit" className={`${buttonClass.primary} mt-4 w-full sm:w-auto`}>
                        {copy.moveSubmit}
                      </button>
                    </form>
                  ) : (
                    <p className="mb-4 text-slate-700">{copy.moveHint}</p>
                  )}
                  <p className="mb-3 text-sm text-slate-600">
                    {bookingCopy.timesNote} <span data-local-zone hidden />
                  </p>
                  <SlotDays days={data.days} chosen={data.moveTo?.start} folded hrefOf={(start) => `${action}?move=${encodeURIComponent(start)}#move`} />
                </div>
              </details>
            )}
            {/* Two presses, without JavaScript too: a slip of the thumb opens the question, and only the answer cancels. */}
            <details className="sm:open:basis-full" data-cancel>
              <summary className={summaryClass}>{copy.cancelSubmit}</summary>
              <form method="post" action={action} className="mt-4 rounded-xl border border-slate-200 bg-white p-4" data-cancel-form>
                <p className="font-semibold text-slate-900">{copy.cancelConfirm}</p>
                <p className="mt-1 text-slate-700">{copy.cancelText}</p>
                <input type="hidden" name="action" value="cancel" />
                <button type="submit" className={`${buttonClass.primary} mt-3 w-full sm:w-auto`}>
                  {copy.cancelConfirmSubmit}
                </button>
              </form>
            </details>
          </div>
        </section>
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
