// A feed's bytes as text. Feeds in the wild are not all UTF-8: older Portuguese and French sites still
// publish ISO-8859-1 or windows-1252, declared in the XML prolog, in the HTTP Content-Type, or nowhere.
// Read as UTF-8 their accents would come out as U+FFFD, so the encoding is worked out as a careful
// feed reader does, and TextDecoder (the WHATWG Encoding standard) does the decoding.
//
// The order: a byte order mark; then UTF-8, when the bytes follow its rules; then the HTTP charset;
// then the prolog's encoding; and last windows-1252. Bytes that are valid UTF-8 are read as UTF-8
// whatever a label says: text in a single-byte encoding is practically never valid UTF-8 unless it is
// plain ASCII (which reads the same either way), while servers mislabel UTF-8 as ISO-8859-1 as often
// as the reverse. Undeclared bytes that are not UTF-8 are windows-1252, the superset of ISO-8859-1
// that such feeds are written in (TextDecoder reads the label ISO-8859-1 as windows-1252 for the same
// reason). A single-byte encoding decodes any bytes, so it ends the search; a label TextDecoder does
// not know is passed over.

const BOMS: [bytes: number[], encoding: string][] = [
  [[0xef, 0xbb, 0xbf], 'utf-8'],
  [[0xff, 0xfe], 'utf-16le'],
  [[0xfe, 0xff], 'utf-16be'],
];

/** The encoding that undeclared bytes which are not UTF-8 are read in. */
const FALLBACK_ENCODING = 'windows-1252';

/** The `charset` parameter of a Content-Type header ('text/xml; charset="ISO-8859-1"' → 'ISO-8859-1'). */
export function charsetOf(contentType: string | null | undefined): string | undefined {
  const match = /;\s*charset\s*=\s*(?:"([^"]*)"|([^;\s]*))/i.exec(contentType ?? '');
  const charset = (match?.[1] ?? match?.[2])?.trim();
  return charset || undefined;
}

/** The encoding the XML prolog declares (`<?xml version="1.0" encoding="ISO-8859-1"?>`), read as ASCII. */
export function prologEncoding(bytes: Uint8Array): string | undefined {
  // The prolog is ASCII in every encoding that can declare one this way; 200 bytes hold any real one.
  let head = '';
  for (const byte of bytes.subarray(0, 200)) head += String.fromCharCode(byte);
  const match = /^(?:\u00ef\u00bb\u00bf)?\s*<\?xml\s[^>]*?\bencoding\s*=\s*(?:"([^"]*)"|'([^']*)')/.exec(head);
  const label = (match?.[1] ?? match?.[2])?.trim();
  // A prolog readable as ASCII is not UTF-16, whatever it says (without a BOM, UTF-16 would need one).
  return label && !/^utf-?16/i.test(label) ? label : undefined;
}

function bomEncoding(bytes: Uint8Array): string | undefined {
  return BOMS.find(([bom]) => bom.every((b, i) => bytes[i] === b))?.[1];
}

/** A decoder for the label, or undefined when TextDecoder does not know it. */
function decoderFor(label: string): TextDecoder | undefined {
  try {
    return new TextDecoder(label, { fatal: true });
  } catch {
    return undefined;
  }
}

/**
 * The feed as text, and the encoding it was read in (TextDecoder's name for it). `contentType` is the
 * HTTP Content-Type header, when the feed came over HTTP.
 */
export function decodeFeed(bytes: Uint8Array, contentType?: string | null): { text: string; encoding: string } {
  const candidates = [bomEncoding(bytes), 'utf-8', charsetOf(contentType), prologEncoding(bytes), FALLBACK_ENCODING];
  for (const label of candidates) {
    const decoder = label ? decoderFor(label) : undefined;
    if (!decoder) continue;
    try {
      return { text: decoder.decode(bytes), encoding: decoder.encoding };
    } catch {
      // Not this encoding (bytes that break UTF-8's rules): try the next.
    }
  }
  // Unreachable: windows-1252 decodes any bytes. Kept so the function always answers.
  return { text: new TextDecoder(FALLBACK_ENCODING).decode(bytes), encoding: FALLBACK_ENCODING };
}
