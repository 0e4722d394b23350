import * as z from 'zod/mini';

// What a visitor types into a one-line field (a name, a business, a phone number) stays one line. A line
// break there would come out as a line of its own in the team's email and on the lead's page, so a
// submitter could forge one ("Reply to: …"); C1 controls, Unicode line and paragraph separators and the
// bidirectional overrides and isolates do the same or reorder what a reader sees. Letters of any
// language, emoji and the zero-width joiner inside them are left alone.

/** Line feed, carriage return and tab: what a multi-line answer may hold. */
const LINE_CODES = new Set([0x0a, 0x0d, 0x09]);

/** C0 and C1 controls, DEL, the Unicode line and paragraph separators, bidirectional overrides and isolates. */
function isControl(code: number): boolean {
  return (
    code <= 0x1f ||
    (code >= 0x7f && code <= 0x9f) ||
    code === 0x2028 ||
    code === 0x2029 ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069)
  );
}

const hasControl = (text: string, allowed: ReadonlySet<number>): boolean => {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (isControl(code) && !allowed.has(code)) return true;
  }
  return false;
};

const NONE: ReadonlySet<number> = new Set();

export const ONE_LINE_MESSAGE = 'Please keep this on one line, without line breaks, tabs or invisible characters';
export const PARAGRAPHS_MESSAGE = 'Please remove the invisible control characters from this answer';

export const isOneLine = (text: string): boolean => !hasControl(text, NONE);
export const isPlainParagraphs = (text: string): boolean => !hasControl(text, LINE_CODES);

/**
 * Text as one line for a message it goes into, whatever it holds: every control (line breaks and tabs
 * too), line separator and bidirectional override becomes a space, and runs of spaces one. The schemas
 * refuse such text on the way in; this is the second guard, where text that was stored meets a reader.
 */
export function asOneLine(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    out += isControl(code) ? ' ' : text[i];
  }
  return out.replace(/\s+/g, ' ').trim();
}

/** The check a one-line field ends with (after trimming, so a pasted trailing line break is simply dropped). */
export const oneLine = () => z.refine<string>(isOneLine, ONE_LINE_MESSAGE);
/** The check of a multi-line answer: line breaks and tabs are fine, other controls are not. */
export const plainParagraphs = () => z.refine<string>(isPlainParagraphs, PARAGRAPHS_MESSAGE);
