import * as z from 'zod/mini';

// A required answer needs something a reader can see. Trimming takes the spaces away, but a name made
// only of zero-width spaces (U+200B), word joiners (U+2060), soft hyphens (U+00AD), Hangul fillers
// (U+3164, U+115F, U+1160, U+FFA0), variation selectors, tag characters, combining marks with nothing to
// sit on or the blank Braille pattern (U+2800) looks empty on the form, in the team's email and on the
// lead's page: such an answer is an empty answer, refused with the field's own "is required" message.
// Visible text with such a character inside it (an emoji's joiner, an accent on its letter) is left alone.

/**
 * What shows nothing on its own: white space, the characters Unicode says a renderer may ignore
 * (Default_Ignorable_Code_Point: zero-width characters, fillers, selectors, tags, the soft hyphen),
 * controls and format characters, separators, combining marks and the blank Braille pattern.
 */
const VISIBLE = /[^\p{White_Space}\p{Default_Ignorable_Code_Point}\p{Cc}\p{Cf}\p{Z}\p{M}\u2800]/u;

/** Whether `text` holds at least one character a reader can see. */
export const hasVisibleText = (text: string): boolean => VISIBLE.test(text);

/**
 * The check a required text answer makes after trimming: no visible character is no answer, refused
 * with `message` (the field's "is required"), and no further check of that field runs.
 */
export const visibleText = (message: string) => z.refine<string>(hasVisibleText, { error: message, abort: true });
