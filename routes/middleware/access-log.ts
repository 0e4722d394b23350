import { writeSync } from 'node:fs';

// The default log: one JSON line per entry on stdout. Lines written while the event loop serves a
// burst of requests go out together (one write per turn of the loop, or per 64 KB, instead of one per
// request); what is left is written synchronously when the process exits, so a shutdown or a crash
// loses no line.

export type Log = (entry: Record<string, unknown>) => void;

let pending = '';
let scheduled = false;
const FLUSH_BYTES = 64 * 1024;

export const defaultLog: Log = (entry) => append(`${JSON.stringify(entry)}\n`);

function append(line: string): void {
  pending += line;
  if (pending.length >= FLUSH_BYTES) flushLog();
  else if (!scheduled) {
    scheduled = true;
    setImmediate(flushLog);
  }
}

export function flushLog(): void {
  scheduled = false;
  if (!pending) return;
  const text = pending;
  pending = '';
  process.stdout.write(text);
}

process.on('exit', () => {
  if (pending) writeSync(1, pending);
});

/** Records one request: time, request id, method, route pattern, status, duration (ms since `started`). */
export type AccessLog = (requestId: string, method: string, route: string, status: number, started: number) => void;

/**
 * The access log over `log`, or, by default, straight onto stdout: the line is the JSON of the same
 * entry, written without building the object, since it is paid on every request.
 */
export function accessLog(log?: Log): AccessLog {
  if (log) return (requestId, method, route, status, started) => log({ time: isoNow(), requestId, method, route, status, ms: elapsedMs(started) });
  // Nothing here needs escaping: request ids are generated or checked against [\w=-], a method is an
  // HTTP token (no quotes or backslashes) and a route is one of the app's own patterns.
  return (requestId, method, route, status, started) =>
    append(`{"time":"${isoNow()}","requestId":"${requestId}","method":"${method}","route":"${route}","status":${status},"ms":${elapsedMs(started)}}\n`);
}

const elapsedMs = (started: number) => Math.round((performance.now() - started) * 100) / 100;

/** The time as ISO 8601, formatted once per millisecond however many requests share it. */
let lastMs = 0;
let lastIso = '';
function isoNow(): string {
  const ms = Date.now();
  if (ms !== lastMs) {
    lastMs = ms;
    lastIso = new Date(ms).toISOString();
  }
  return lastIso;
}
