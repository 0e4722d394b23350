import * as z from 'zod/mini';

// What /book and /book/manage/{token} read from their query strings: the chosen time, how many days to
// list, and the visitor's hints (their audit results token, or the lead link staff sent). Anything
// else is ignored; a value that is not what it should be is dropped rather than refused, so a mangled
// link still shows the times.

const TOKEN = /^[A-Za-z0-9_-]{20,128}$/;
const token = z.pipe(
  z.optional(z.unknown()),
  z.transform((v) => (typeof v === 'string' && TOKEN.test(v) ? v : undefined)),
);
const instant = z.pipe(
  z.optional(z.unknown()),
  z.transform((v) => (typeof v === 'string' && v.length <= 40 && !Number.isNaN(Date.parse(v)) ? v : undefined)),
);
const dayCount = z.pipe(
  z.optional(z.unknown()),
  z.transform((v) => {
    const n = typeof v === 'string' && /^\d{1,2}$/.test(v) ? Number(v) : Number.NaN;
    return n >= 1 && n <= 90 ? n : undefined;
  }),
);

export const bookPageQuerySchema = z.object({ start: instant, days: dayCount, results: token, lead: token });
export type BookPageQuery = z.output<typeof bookPageQuerySchema>;

/** Whether a text is shaped like a results, lead or manage token (url-safe, 20–128 characters). */
export const isLinkToken = (text: string) => TOKEN.test(text);

/** What the manage page's forms post: cancel, or move to `start`. */
export const manageActionSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('cancel') }),
  z.object({
    action: z.literal('move'),
    start: z.string().check(
      z.maxLength(40),
      z.refine((v) => !Number.isNaN(Date.parse(v)), 'Choose a time from the list'),
    ),
  }),
]);

/** The manage page's query: the time a move would go to, and what just happened. */
export const managePageQuerySchema = z.object({
  move: instant,
  booked: z.pipe(
    z.optional(z.unknown()),
    z.transform((v) => v === '1'),
  ),
  moved: z.pipe(
    z.optional(z.unknown()),
    z.transform((v) => v === '1'),
  ),
});
