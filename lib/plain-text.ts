import * as z from 'zod/mini';

// What a visitor types into a one-line field (a name, a business, a phone number) stays one line. A line
// break there would come out as a line of its own in the team's email and on the lead's page, so a
// submitter could forge one ("Reply to: …"); C1 controls, Unicode line and paragraph separators and the
// bidirectional overrides and isolates do the same or reorder what a reader sees. Letters of any
// language, emoji and the zero-width joiner inside them are left alone.

/** C0 and C1 controls, DEL, the Unicode line and paragraph separators, bidirectional overrides and isolates. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
/** The same, less line feed, carriage return and tab, which a multi-line answer may hold. */
const CONTROL_IN_PARAGRAPHS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

export const ONE_LINE_MESSAGE = 'Please keep this on one line, without line breaks, tabs or invisible characters';
export const PARAGRAPHS_MESSAGE = 'Please remove the invisible control characters from this answer';

export const isOneLine = (text: string): boolean => !CONTROL.test(text);
export const isPlainParagraphs = (text: string): boolean => !CONTROL_IN_PARAGRAPHS.test(text);

/** The check a one-line field ends with (after trimming, so a pasted trailing line break is simply dropped). */
export const oneLine = () => z.refine<string>(isOneLine, ONE_LINE_MESSAGE);
/** The check of a multi-line answer: line breaks and tabs are fine, other controls are not. */
export const plainParagraphs = () => z.refine<string>(isPlainParagraphs, PARAGRAPHS_MESSAGE);
