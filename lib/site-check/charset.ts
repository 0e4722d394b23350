import { DomUtils, parseDocument } from 'htmlparser2';

// A page's bytes as text, in the character set it was written in, as a browser picks it (the HTML
// standard's order, simplified): a byte order mark, then the Content-Type header's charset, then a
// <meta charset> or <meta http-equiv="Content-Type"> in the first 1,024 bytes, then UTF-8 if the
// bytes are valid UTF-8, else windows-1252 (what browsers in Canada fall back to). TextDecoder knows
// the WHATWG encodings (windows-1252, ISO-8859-x, Shift_JIS, GBK…); a label it does not know is skipped.

/** The `charset` parameter of a Content-Type header, or null. */
export function charsetOfContentType(contentType: string | null): string | null {
  if (!contentType) return null;
  for (const parameter of contentType.split(';').slice(1)) {
    const [name, ...value] = parameter.split('=');
    if (name.trim().toLowerCase() === 'charset')
      return (
        value
          .join('=')
          .trim()
          .replace(/^["']|["']$/g, '') || null
      );
  }
  return null;
}

/** The decoder for a label, or null when TextDecoder does not know it. UTF-16 labels in a meta tag mean UTF-8 (the standard's rule). */
function decoderFor(label: string | null, fromMeta = false): TextDecoder | null {
  if (!label) return null;
  try {
    const decoder = new TextDecoder(label.trim());
    if (fromMeta && decoder.encoding.startsWith('utf-16')) return new TextDecoder('utf-8');
    return decoder;
  } catch {
    return null;
  }
}

/** The charset a page declares in a meta tag near its start, or null. */
export function charsetOfMeta(bytes: Uint8Array): string | null {
  // The first 1,024 bytes read as windows-1252 keep every ASCII byte as it is, which is all a meta tag is.
  const head = new TextDecoder('windows-1252').decode(bytes.subarray(0, 1024));
  const metas = DomUtils.getElementsByTagName('meta', parseDocument(head, { decodeEntities: true }), true).map((meta) => meta.attribs);
  const charset = metas.find((attributes) => 'charset' in attributes)?.charset;
  if (charset) return charset;
  const equiv = metas.find((attributes) => attributes['http-equiv']?.toLowerCase() === 'content-type');
  return charsetOfContentType(equiv?.content ?? null);
}

function byteOrderMark(bytes: Uint8Array): string | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  return null;
}

/** The page's text and the encoding it was read in. */
export function decodePage(bytes: Uint8Array, contentType: string | null): { text: string; encoding: string } {
  const decoder =
    decoderFor(byteOrderMark(bytes)) ??
    decoderFor(charsetOfContentType(contentType)) ??
    decoderFor(charsetOfMeta(bytes), true) ??
    (() => {
      try {
        new TextDecoder('utf-8', { fatal: true }).decode(bytes);
        return new TextDecoder('utf-8');
      } catch {
        return new TextDecoder('windows-1252');
      }
    })();
  return { text: decoder.decode(bytes), encoding: decoder.encoding };
}
