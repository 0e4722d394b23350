import { connect } from 'node:net';
import type { testApp } from './app.ts';

// Speaking HTTP/1.x byte for byte, for what fetch() cannot send: no Host header, an empty or invalid
// one, HTTP/1.0, odd request targets.

/** The app of `testApp()` served on a real socket on loopback (as Bun.serve gives requests to it). */
export function serveApp(t: Awaited<ReturnType<typeof testApp>>) {
  const server = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: (request, srv) => t.fetch(request, { server: srv }) });
  return { port: server.port as number, url: `http://127.0.0.1:${server.port}`, stop: () => server.stop(true) };
}

export type RawResponse = { status: number; headers: Record<string, string>; body: string; raw: string };

/** Sends `text` as it is and reads until the server closes the connection (send Connection: close, or HTTP/1.0). */
export function rawRequest(port: number, text: string, timeoutMs = 5000): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve(parse(Buffer.concat(chunks).toString('latin1')));
    };
    const timer = setTimeout(finish, timeoutMs);
    Bun.connect({
      hostname: '127.0.0.1',
      port,
      socket: {
        open: (socket) => void socket.write(text),
        data: (_socket, data) => void chunks.push(new Uint8Array(data)),
        close: finish,
        end: finish,
        error: (_socket, error) => reject(error),
      },
    }).catch(reject);
  });
}

function parse(raw: string): RawResponse {
  const split = raw.indexOf('\r\n\r\n');
  const head = split === -1 ? raw : raw.slice(0, split);
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const body = split === -1 ? '' : Buffer.from(raw.slice(split + 4), 'latin1').toString('utf8');
  return { status: Number(statusLine.split(' ')[1] ?? 0), headers, body, raw };
}

/**
 * Sends `text` and half-closes at once (a FIN after the request, as `printf … | nc -q0` does), then reads
 * whatever the server answers until it closes; status 0 when it answered nothing within `timeoutMs`.
 */
export function halfClosedRequest(port: number, text: string, timeoutMs = 3000): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let done = false;
    const socket = connect({ host: '127.0.0.1', port, allowHalfOpen: true }, () => {
      socket.write(text);
      socket.end();
    });
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(parse(Buffer.concat(chunks).toString('latin1')));
    };
    const timer = setTimeout(finish, timeoutMs);
    socket.on('data', (data: Buffer) => chunks.push(data));
    socket.on('end', finish);
    socket.on('close', finish);
    socket.on('error', (error) => (done ? undefined : reject(error)));
  });
}
