import { writeSync } from 'node:fs';

// The one logger. Every entry is a JSON object with the same fields wherever it goes: `time` (ISO
// 8601), `level`, `msg`, the `requestId` when there is a request, and the caller's fields, of which any
// that could hold personal data is redacted by name (logs never hold names, emails, phone numbers,
// passwords or bodies). The default sink writes one line per entry on stdout; tests pass their own.
//
// Lines written while the event loop serves a burst of requests go out together (one write per turn of
// the loop, or per 64 KB, instead of one per request), each as one synchronous write; what is left is
// written when the process exits, so a shutdown or a crash loses no line. Access lines, paid on every request, are
// recorded as their fields and formatted together when written (about 1.5% more cached pages a second
// than formatting each as it happens); any other entry formats them first, so lines stay in order.

export type LogLevel = 'info' | 'warn' | 'error';
export type LogFields = Record<string, unknown>;
export type LogEntry = { time: string; level: LogLevel; msg: string } & LogFields;
export type LogSink = (entry: LogEntry) => void;

export type Logger = {
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
  /** One request: its id, method, route pattern (never the URL), status, and duration since `started` (performance.now()). */
  access(requestId: string, method: string, route: string, status: number, started: number): void;
};

/** Field names whose values are never logged. */
const PERSONAL =
  /^(e-?mail|work_?email|phone|mobile|(first|last|business|company)_?name|name|company|website|password|authorization|cookie|body|message|biggest_?goal|answers?)$/i;

export const REDACTED = '[redacted]';

/** The fields with anything that could be personal data replaced. */
function redact(fields: LogFields): LogFields {
  let out: LogFields | undefined;
  for (const key of Object.keys(fields)) {
    if (!PERSONAL.test(key)) continue;
    out ??= { ...fields };
    out[key] = REDACTED;
  }
  return out ?? fields;
}

/** A logger over `sink`, or, by default, stdout. */
export function createLogger(sink?: LogSink): Logger {
  const entry = (level: LogLevel) => (msg: string, fields?: LogFields) => {
    const line = { time: isoAt(Date.now()), level, msg, ...(fields ? redact(fields) : {}) } as LogEntry;
    if (sink) sink(line);
    else write(line);
  };
  return {
    info: entry('info'),
    warn: entry('warn'),
    error: entry('error'),
    access: sink
      ? (requestId, method, route, status, started) =>
          sink({ time: isoAt(Date.now()), level: 'info', msg: 'request', requestId, method, route, status, ms: elapsedMs(started, performance.now()) })
      : record,
  };
}

// The server process's number under a supervisor (WEB_CONCURRENCY > 1), on every line it writes.
let processNumber = 0;
let processSuffix = '';

/** Marks every later line of this process with `"process": n`. */
export function setLogProcess(n: number): void {
  processNumber = n;
  processSuffix = `,"process":${n}`;
}

let pending = '';
let scheduled = false;
const FLUSH_BYTES = 64 * 1024;

function write(entry: LogEntry): void {
  formatRecorded();
  append(`${JSON.stringify(processNumber ? { ...entry, process: processNumber } : entry)}\n`);
}

function append(line: string): void {
  pending += line;
  if (pending.length >= FLUSH_BYTES) flushLog();
  else schedule();
}

function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  setImmediate(flushLog);
}

/** Writes whatever is pending now. */
export function flushLog(): void {
  scheduled = false;
  formatRecorded();
  if (!pending) return;
  const text = pending;
  pending = '';
  writeOut(text);
}

process.on('exit', flushLog);

/**
 * Writes to stdout synchronously, as pino does by default: an asynchronous write still in flight when
 * the process exits is lost, and a synchronous one after it would overtake it. When stdout is a
 * non-blocking pipe that is full (EAGAIN), waits a moment for the reader and writes the rest. When it
 * cannot be written at all (the reader is gone: EPIPE), the log is given up for good, said once on
 * stderr: throwing would send the error to the handler that logs it, which would throw again, and the
 * process would spin at full speed and never finish shutting down.
 */
function writeOut(text: string): void {
  if (stdoutGone) return;
  // One call for the whole string as a rule; only a partial write (a full pipe) copies it to bytes.
  let written = 0;
  try {
    written = writeSync(1, text);
  } catch (error) {
    if (!isFullPipe(error)) {
      giveUp(error);
      return;
    }
  }
  if (written === Buffer.byteLength(text)) return;
  let rest = Buffer.from(text).subarray(written);
  while (rest.length > 0) {
    try {
      rest = rest.subarray(writeSync(1, rest));
    } catch (error) {
      if (!isFullPipe(error)) {
        giveUp(error);
        return;
      }
      Atomics.wait(pipeWait, 0, 0, 1);
    }
  }
}
const isFullPipe = (error: unknown) => (error as NodeJS.ErrnoException).code === 'EAGAIN';
let stdoutGone = false;
function giveUp(error: unknown): void {
  stdoutGone = true;
  try {
    writeSync(2, `the log cannot be written to stdout any more (${(error as NodeJS.ErrnoException).code ?? String(error)}); later lines are dropped\n`);
  } catch {
    // stderr is gone too: nothing is left to tell.
  }
}
const pipeWait = new Int32Array(new SharedArrayBuffer(4));

// Recorded access lines, formatted in batches of at most RECORDED_MAX.
const RECORDED_MAX = 1024;
let recorded = 0;
const ids: string[] = [];
const methods: string[] = [];
const routes: string[] = [];
const statuses = new Uint16Array(RECORDED_MAX);
const starts = new Float64Array(RECORDED_MAX);
const ends = new Float64Array(RECORDED_MAX);

const record: Logger['access'] = (requestId, method, route, status, started) => {
  const i = recorded++;
  ids[i] = requestId;
  methods[i] = method;
  routes[i] = route;
  statuses[i] = status;
  starts[i] = started;
  ends[i] = performance.now();
  if (recorded === RECORDED_MAX) formatRecorded();
  schedule();
};

/**
 * Formats the recorded access lines onto the pending text. Nothing here needs escaping: request ids are
 * generated or checked against [\w=-], a method is an HTTP token (no quotes or backslashes) and a
 * route is one of the app's own patterns. A line's time is its end on the monotonic clock, put on the
 * wall clock read once here (at most a millisecond early, as Date.now() counts whole ones): a batch is
 * formatted within a turn of the event loop, so no line is off by the clock's drift.
 */
function formatRecorded(): void {
  if (recorded === 0) return;
  const wallOffset = Date.now() - performance.now();
  let lines = '';
  for (let i = 0; i < recorded; i++) {
    lines += `{"time":"${isoAt(Math.floor(ends[i] + wallOffset))}","level":"info","msg":"request","requestId":"${ids[i]}","method":"${methods[i]}","route":"${routes[i]}","status":${statuses[i]},"ms":${elapsedMs(starts[i], ends[i])}${processSuffix}}\n`;
  }
  recorded = 0;
  append(lines);
}

const elapsedMs = (started: number, ended: number) => Math.round((ended - started) * 100) / 100;

/** The time as ISO 8601, formatted once per millisecond however many lines share it. */
let lastMs = 0;
let lastIso = '';
function isoAt(ms: number): string {
  if (ms !== lastMs) {
    lastMs = ms;
    lastIso = new Date(ms).toISOString();
  }
  return lastIso;
}

/** The process's stdout logger: the app's default, and start-up's before an app exists. */
export const stdoutLog = createLogger();
