// The baseline: Bun serving N bytes from memory, as a static file server at its fastest would.
const bodies = new Map<number, Uint8Array<ArrayBuffer>>();
const server = Bun.serve({
  port: 0,
  fetch(req) {
    const size = Number(new URL(req.url).pathname.slice(1)) || 0;
    let body = bodies.get(size);
    if (!body) bodies.set(size, (body = new Uint8Array(size).fill(97)));
    return new Response(body, { headers: { 'content-type': 'text/html; charset=utf-8' } });
  },
});
console.log(JSON.stringify({ msg: 'listening', url: server.url.toString() }));
