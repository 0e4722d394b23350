import { decodeHTML, decodeHTMLAttribute } from 'entities/decode';

// Plain text out of untrusted HTML (feed items, story input): what a reader would see, as one line.
// Tags are never turned back into markup: each text run is decoded once, after the tags around it
// are gone, so '&lt;script&gt;' comes out as the text '<script>'.

/**
 * Elements that stand apart from the text around them: blocks, table cells, list items, line breaks
 * and replaced content (an image, a control). Where one starts or ends, the words on either side are
 * separate words, even when the source put no whitespace there ('<p>One</p><p>Two</p>').
 */
export const SEPARATE_ELEMENTS: ReadonlySet<string> = new Set([
  'address',
  'article',
  'aside',
  'audio',
  'blockquote',
  'br',
  'button',
  'canvas',
  'caption',
  'dd',
  'details',
  'dialog',
  'div',
  'dl',
  'dt',
  'embed',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hgroup',
  'hr',
  'img',
  'input',
  'legend',
  'li',
  'main',
  'nav',
  'object',
  'ol',
  'option',
  'p',
  'picture',
  'pre',
  'section',
  'select',
  'summary',
  'table',
  'tbody',
  'td',
  'textarea',
  'tfoot',
  'th',
  'thead',
  'tr',
  'ul',
  'video',
]);

/** A heading or list item is a sentence of its own: without closing punctuation it gets a full stop. */
const ENDS_SENTENCE = /^(h[1-6]|li)$/;

/** Elements whose content is never text for a reader. An unclosed one swallows the rest. */
const HIDDEN_CONTENT = /<(script|style|noscript|template|iframe)\b[\s\S]*?(<\/\1\s*>|$)/gi;
const COMMENT = /<!--[\s\S]*?(-->|$)/g;
/** A tag (an unclosed one runs to the end), or a declaration / processing instruction. */
const TAG = /<(\/?)([a-z][a-z0-9-]*)\b[^>]*(?:>|$)|<[!?/][^>]*(?:>|$)/gi;
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/** Decodes HTML character references once, as a browser does in text ('&amp;lt;' becomes '&lt;', not '<'). */
export function decodeEntities(text: string): string {
  return decodeHTML(text);
}

/** Decodes the character references in an attribute's value, as a browser does (a src, an href). */
export function decodeAttribute(value: string): string {
  return decodeHTMLAttribute(value);
}

/**
 * Plain text from HTML: scripts, styles and comments dropped, tags removed, entities decoded, spaces
 * collapsed. Words keep a space between them wherever an element boundary separated them: at a block,
 * a line break or an image, and between two elements side by side ('by</span><a>user</a><span>[link]'
 * reads 'by user [link]'); a tag inside a word joins nothing and splits nothing ('<b>W</b>ord' is 'Word').
 */
export function stripTags(html: string): string {
  const source = html.replace(COMMENT, ' ').replace(HIDDEN_CONTENT, ' ');
  let out = '';
  let at = 0;
  // Across a run of tags with no text between them: whether the words either side must stay apart.
  let apart = false;
  let closedOne = false;
  const addText = (raw: string) => {
    if (!raw) return;
    out += (apart ? ' ' : '') + decodeEntities(raw);
    apart = false;
    closedOne = false;
  };
  for (const tag of source.matchAll(TAG)) {
    addText(source.slice(at, tag.index));
    at = tag.index + tag[0].length;
    const closing = tag[1] === '/';
    const name = tag[2]?.toLowerCase();
    if (!name) continue;
    if (closing && ENDS_SENTENCE.test(name) && /[^\s.!?:;]\s*$/.test(out)) out = `${out.trimEnd()}.`;
    if (SEPARATE_ELEMENTS.has(name)) apart = true;
    // An element's end followed by another's start: two things side by side, not one word.
    else if (closing) closedOne = true;
    else if (closedOne) apart = true;
  }
  addText(source.slice(at));
  return out.replace(CONTROL, '').replace(/\s+/g, ' ').trim();
}
