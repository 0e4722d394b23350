import { dayHeading } from '../../lib/booking/display.ts';
import { parseIsoDay } from '../../lib/time/calendar.ts';
import { LineIcon } from '../ui/LineIcon.tsx';

/** Offered slots grouped by Toronto day, each a start (ISO 8601) and its time there ("1:00 p.m."). */
export type SlotDay = { day: string; slots: { start: string; time: string }[] };

/** "1 time", "6 times": what a folded day holds. */
const timesIn = (n: number) => `${n} ${n === 1 ? 'time' : 'times'}`;

/**
 * The slots as plain links, one day per group: a tap on a time opens the form for it (`hrefOf`), with
 * or without JavaScript. Big enough targets for a thumb: at least 44 px tall, three to a row on a phone.
 * `folded`: each day is a native disclosure (its heading and how many times it holds; the day of the
 * `chosen` time open), so two weeks of times take a screen, not five.
 */
export function SlotDays({
  days,
  hrefOf,
  chosen,
  folded = false,
}: {
  days: SlotDay[];
  hrefOf: (start: string) => string;
  chosen?: string | null;
  folded?: boolean;
}) {
  return (
    <ol className={folded ? 'divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white' : 'space-y-6'} data-slot-days data-local-times>
      {days.map((d) => {
        const times = (
          <ul className={`grid grid-cols-3 gap-2 sm:grid-cols-4 ${folded ? 'px-2 pb-4 sm:px-4 md:grid-cols-5' : 'mt-3 md:grid-cols-6'}`}>
            {d.slots.map((s) => (
              <li key={s.start}>
                <a
                  href={hrefOf(s.start)}
                  data-slot={s.start}
                  aria-current={chosen === s.start ? 'true' : undefined}
                  className={`flex min-h-11 flex-col items-center justify-center rounded-lg border px-1 py-2.5 text-center text-[0.9375rem] font-semibold sm:text-base tabular-nums transition ${
                    chosen === s.start
                      ? // The visitor's own time under it (client/islands/loader.ts) reads light on the blue too.
                        'border-blue-700 bg-blue-700 text-white [&_[data-local]]:text-blue-100'
                      : 'border-slate-300 bg-white text-blue-800 hover:border-blue-600 hover:bg-blue-50'
                  }`}
                >
                  <time dateTime={s.start} className="whitespace-nowrap">
                    {s.time}
                  </time>
                </a>
              </li>
            ))}
          </ul>
        );
        const heading = dayHeading(parseIsoDay(d.day));
        return (
          <li key={d.day}>
            {folded ? (
              <details className="group/day" open={d.slots.some((s) => s.start === chosen)} data-slot-day={d.day}>
                <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between gap-3 px-3 py-3 sm:px-4 [&::-webkit-details-marker]:hidden">
                  <span className="font-semibold text-slate-900">{heading}</span>
                  <span className="flex items-center gap-2 text-sm text-slate-600">
                    {timesIn(d.slots.length)}
                    <LineIcon className="h-5 w-5 shrink-0 text-blue-700 transition group-open/day:rotate-180">
                      <path d="M6 9l6 6 6-6" />
                    </LineIcon>
                  </span>
                </summary>
                {times}
              </details>
            ) : (
              <>
                <h3 className="text-base font-semibold text-slate-900">{heading}</h3>
                {times}
              </>
            )}
          </li>
        );
      })}
    </ol>
  );
}
