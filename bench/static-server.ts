// The baseline: Bun serving a response from memory, as a static file server at its fastest would. The
// bench first stores, for each route, the very response the site gave (status, headers and body
// bytes, minus per-connection and per-visitor headers), then loads GET /<name> from this server: the
// same bytes on the wire, with none of the site's work. Bodies are Blobs (a Response shares a Blob,
// where it would copy a byte array's bytes) and headers prebuilt, as the site's own cache keeps them.
// bench/scale.ts starts several on one port (BASELINE_PORT, BASELINE_REUSE_PORT=1), each reading the
// responses from the file BASELINE_FILE at start.
type Stored = { status: number; headers: Headers; body: Blob };
const stored = new Map<string, Stored>();
if (process.env.BASELINE_FILE) {
  const saved = (await Bun.file(process.env.BASELINE_FILE).json()) as { name: string; status: number; headers: [string, string][]; base64: string }[];
  for (const r of saved) stored.set(`/${r.name}`, { status: r.status, headers: new Headers(r.headers), body: new Blob([Buffer.from(r.base64, 'base64')]) });
}

const server = Bun.serve({
  port: Number(process.env.BASELINE_PORT ?? 0),
  reusePort: process.env.BASELINE_REUSE_PORT === '1',
  async fetch(req) {
    const path = new URL(req.url).pathname;
    if (req.method === 'PUT') {
      const headers = new Headers(JSON.parse(req.headers.get('x-replay-headers') ?? '[]'));
      stored.set(path, { status: Number(req.headers.get('x-replay-status') ?? 200), headers, body: new Blob([await req.arrayBuffer()]) });
      return new Response(null, { status: 204 });
    }
    const response = stored.get(path);
    return response ? new Response(response.body, { status: response.status, headers: response.headers }) : new Response('not stored', { status: 404 });
  },
});
console.log(JSON.stringify({ msg: 'listening', url: server.url.toString() }));

export {};
