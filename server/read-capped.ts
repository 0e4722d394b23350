// Reading an answer from another server with a ceiling on its size (the blog's feed, a staff member's
// calendar): a body past `maxBytes` (as its Content-Length states, or as it arrives) is cancelled, which
// closes the connection, and `tooLarge()` is thrown; nothing more of it is read or held.

/** The body, read until `maxBytes`; past them the download is cancelled and `tooLarge()` thrown. */
export async function readCapped(res: Response, maxBytes: number, tooLarge: () => Error): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(res.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await res.body?.cancel().catch(() => {});
    throw tooLarge();
  }
  if (!res.body) return new Uint8Array();
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Uint8Array.from(Buffer.concat(chunks));
}

/**
 * The body up to `maxBytes`, and whether there was more: past them the download is cancelled (the
 * connection closes) and what was read is kept (the site check reads what a page shows in its first
 * 2 MB). Whatever the response's signal aborts stops the reading with its reason.
 */
export async function readUpTo(res: Response, maxBytes: number): Promise<{ bytes: Uint8Array<ArrayBuffer>; truncated: boolean }> {
  if (!res.body) return { bytes: new Uint8Array(), truncated: false };
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { bytes: Uint8Array.from(Buffer.concat(chunks)), truncated: false };
    if (size + value.byteLength > maxBytes) {
      chunks.push(value.subarray(0, maxBytes - size));
      await reader.cancel().catch(() => {});
      return { bytes: Uint8Array.from(Buffer.concat(chunks)), truncated: true };
    }
    size += value.byteLength;
    chunks.push(value);
  }
}
