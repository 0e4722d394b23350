// Shared class lists for buttons and links, so every call to action looks the same.

/**
 * The one content column of every public page: the header's logo, the footer, section headings and
 * cards all start at its left edge (16 px on a phone, 24 px from sm, centred at 1152 px wide). A
 * section's background may run edge to edge; what is inside it sits in this column.
 */
export const pageContainer = 'mx-auto w-full max-w-6xl px-4 sm:px-6';
/** The look of every staff word of caution (amber box, dark text), wherever it sits. */
export const cautionToneClass = 'rounded-lg border border-amber-300 bg-amber-50 text-sm text-amber-950';
/** A staff page's word of caution next to what it is about (an experiment the copy is under, say). */
export const cautionNoteClass = `mt-4 max-w-3xl px-4 py-3 ${cautionToneClass}`;

export const buttonClass = {
  primary:
    'inline-flex items-center justify-center gap-2 rounded-lg bg-blue-700 px-5 py-3 text-base font-semibold text-white shadow-sm transition hover:bg-blue-800 disabled:cursor-not-allowed disabled:opacity-60',
  secondary:
    'inline-flex items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-5 py-3 text-base font-semibold text-slate-900 transition hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-60',
  light:
    'inline-flex items-center justify-center gap-2 rounded-lg bg-white px-5 py-3 text-base font-semibold text-blue-800 shadow-sm transition hover:bg-blue-50',
  ghost:
    'inline-flex items-center justify-center gap-2 rounded-lg px-3 py-2 font-medium text-slate-700 transition hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-60',
} as const;
