import { writeSync } from 'node:fs';

// The default log: one JSON line per entry on stdout. Lines written while the event loop serves a
// burst of requests go out together (one write per turn of the loop instead of one per request); the
// rest is written synchronously when the process exits, so no line is lost on a crash or shutdown.

let pending = '';
let scheduled = false;
const FLUSH_BYTES = 64 * 1024;

export function defaultLog(entry: Record<string, unknown>): void {
  pending += `${JSON.stringify(entry)}\n`;
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
