import { dayHeading } from '../../lib/booking/display.ts';
import { parseIsoDay } from '../../lib/time/calendar.ts';

/** Offered slots grouped by Toronto day, each a start (ISO 8601) and its time there ("10:00"). */
export type SlotDay = { day: string; slots: { start: string; time: string }[] };

/**
 * The slots as plain links, one day per group: a tap on a time opens the form for it (`hrefOf`), with
 * or without JavaScript. Big enough targets for a thumb: at least 44 px tall, four to a row on a phone.
 */
export function SlotDays({ days, hrefOf, chosen }: { days: SlotDay[]; hrefOf: (start: string) => string; chosen?: string | null }) {
  return (
    <ol className="space-y-6" data-slot-days data-local-times>
      {days.map((d) => (
        <li key={d.day}>
          <h3 className="text-base font-semibold text-slate-900">{dayHeading(parseIsoDay(d.day))}</h3>
          <ul className="mt-3 grid grid-cols-3 gap-2 sm:grid-cols-6">
            {d.slots.map((s) => (
              <li key={s.start}>
                <a
                  href={hrefOf(s.start)}
                  data-slot={s.start}
                  aria-current={chosen === s.start ? 'true' : undefined}
                  className={`flex min-h-11 flex-col items-center justify-center rounded-lg border px-2 py-2.5 text-base font-semibold tabular-nums transition ${
                    chosen === s.start
                      ? // The visitor's own time under it (client/islands/loader.ts) reads light on the blue too.
                        'border-blue-700 bg-blue-700 text-white [&_[data-local]]:text-blue-100'
                      : 'border-slate-300 bg-white text-blue-800 hover:border-blue-600 hover:bg-blue-50'
                  }`}
                >
                  <time dateTime={s.start}>{s.time}</time>
                </a>
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}
