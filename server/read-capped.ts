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
