import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

// PGlite runs PostgreSQL in WebAssembly on this process's one JavaScript thread. While a statement runs,
// nothing else does: no timer fires — PostgreSQL's own statement_timeout is such a timer, so it never goes
// off (measured: `select pg_sleep(2)` under `SET statement_timeout = '200ms'` took 2,005 ms, and a count
// over generate_series(1, 30000000) 19.9 s, with a 10 ms interval ticking 0 times meanwhile) — no cancel
// request is read, and every other request waits. Only another thread can stop the statement, and only if
// it can reach PostgreSQL's memory: here the WebAssembly memory is shared with a watchdog worker which,
// when a statement outlives the limit, does what PostgreSQL's SIGINT handler does (StatementCancelHandler:
// raise QueryCancelPending and InterruptPending, set the latch). PostgreSQL stops the statement at its next
// CHECK_FOR_INTERRUPTS() with 57014 ("canceling statement due to user request"), rolls back what it did,
// and answers the next message at once; the latch wakes a wait (pg_sleep, which PGlite spins through).

/** The watchdog's cell: the statement running (a positive number), none, or the watchdog stopping one. */
const IDLE = 0;
const FIRING = -1;
const FIRED = -2;
const STOPPED = -3;

export type InterruptiblePglite = {
  pg: PGlite;
  /** From now on, any statement running longer than `ms` is stopped; settles once the watchdog watches (or could not start). */
  limitStatements(ms: number): Promise<void>;
  /** Ends the watchdog (before the database closes). */
  stopWatching(): void;
};

/** PGlite's memory at most (2 GB): a shared memory must declare a maximum. */
const MAX_PAGES = 32768;

/**
 * A WebAssembly module (pglite.wasm, or one of the libraries PostgreSQL loads from it, such as plpgsql)
 * with its memory import ("env" "memory") declared shared, which is all that tells a shared memory from
 * another: its limits' flags become 3 (shared, with a maximum: the one it had, or PGlite's). PGlite is not
 * built with threads, so nothing in it uses atomics; the memory simply becomes reachable from a worker.
 */
export function withSharedMemory(wasm: Uint8Array): Uint8Array {
  const text = new TextDecoder();
  const read = (at: number): [number, number] => {
    let value = 0;
    let shift = 0;
    let byte: number;
    do {
      byte = wasm[at++];
      value += (byte & 0x7f) * 2 ** shift;
      shift += 7;
    } while (byte & 0x80);
    return [value, at];
  };
  const name = (at: number): [string, number] => {
    const [length, start] = read(at);
    return [text.decode(wasm.subarray(start, start + length)), start + length];
  };
  const skipLimits = (at: number) => {
    const flags = wasm[at];
    const [, afterMin] = read(at + 1);
    return flags & 1 ? read(afterMin)[1] : afterMin;
  };
  for (let section = 8; section < wasm.length; ) {
    const [size, body] = read(section + 1);
    const end = body + size;
    if (wasm[section] === 2) {
      let [count, at] = read(body);
      for (; count > 0; count--) {
        const [module, afterModule] = name(at);
        const [field, afterField] = name(afterModule);
        const kind = wasm[afterField];
        at = afterField + 1;
        if (kind === 2 && module === 'env' && field === 'memory') {
          const flags = wasm[at];
          if (flags & 2) return wasm;
          const [min, afterMin] = read(at + 1);
          const [max, afterLimits] = flags & 1 ? read(afterMin) : [MAX_PAGES, afterMin];
          const imports = Buffer.concat([wasm.subarray(body, at), Buffer.from([3, ...leb128(min), ...leb128(max)]), wasm.subarray(afterLimits, end)]);
          return Buffer.concat([wasm.subarray(0, section), Buffer.from([2, ...leb128(imports.length)]), imports, wasm.subarray(end)]);
        }
        if (kind === 0) at = read(at)[1];
        else if (kind === 1) at = skipLimits(at + 1);
        else if (kind === 2) at = skipLimits(at);
        else if (kind === 3) at += 2;
        else if (kind === 4) at = read(at + 1)[1];
        else break;
      }
    }
    section = end;
  }
  throw new Error("this WebAssembly module does not import its memory as PGlite's did (a PGlite upgrade?): its statements cannot be interrupted");
}

function leb128(value: number): number[] {
  const bytes: number[] = [];
  do {
    let byte = value & 0x7f;
    value = Math.floor(value / 128);
    if (value > 0) byte |= 0x80;
    bytes.push(byte);
  } while (value > 0);
  return bytes;
}

/** Where PGlite keeps the libraries PostgreSQL loads when first needed (plpgsql, encoding conversions). */
const LIBRARIES = '/pglite/lib/postgresql';

/**
 * Opens PGlite on an existing database in `dataDir` with its memory shared (`module` compiled from
 * withSharedMemory's bytes). PGlite makes its memory itself, synchronously while it is constructed when
 * given its file system: for that moment WebAssembly.Memory makes shared memories. The libraries it
 * loads later import that memory too: they are rewritten in its file system before any is loaded. A
 * database that does not exist yet is not opened this way: initdb does not run on shared memory.
 */
export async function openInterruptiblePglite(
  dataDir: string,
  module: WebAssembly.Module,
  options: Omit<PGliteOptions, 'dataDir' | 'fs' | 'pgliteWasmModule'>,
): Promise<InterruptiblePglite> {
  const Plain = WebAssembly.Memory;
  let memory: WebAssembly.Memory | undefined;
  class SharedMemory extends Plain {
    constructor(descriptor: WebAssembly.MemoryDescriptor) {
      super({ ...descriptor, shared: true });
      memory = this;
    }
  }
  let pg: PGlite;
  WebAssembly.Memory = SharedMemory;
  try {
    pg = new PGlite({ ...options, dataDir, fs: new NodeFS(dataDir), pgliteWasmModule: module });
  } finally {
    WebAssembly.Memory = Plain;
  }
  await pg.waitReady;
  if (!memory) throw new Error('PGlite did not make its memory as it used to (a PGlite upgrade?)');
  const { FS } = (pg as unknown as { mod: { FS: EmscriptenFS } }).mod;
  for (const file of FS.readdir(LIBRARIES))
    if (file.endsWith('.so')) FS.writeFile(`${LIBRARIES}/${file}`, withSharedMemory(FS.readFile(`${LIBRARIES}/${file}`)));
  return watch(pg, memory);
}

type EmscriptenFS = { readdir(path: string): string[]; readFile(path: string): Uint8Array; writeFile(path: string, data: Uint8Array): void };

/** The addresses of PostgreSQL's variables a cancel sets (PGlite's module exports them). */
type Addresses = { QueryCancelPending: number; InterruptPending: number; MyLatch: number };

function addressesOf(pg: PGlite): Addresses {
  const mod = (pg as unknown as { mod: Record<string, unknown> }).mod;
  const addresses = { QueryCancelPending: mod._QueryCancelPending, InterruptPending: mod._InterruptPending, MyLatch: mod._MyLatch };
  if (!Object.values(addresses).every((address) => typeof address === 'number' && address > 0))
    throw new Error('PGlite no longer exports the variables a cancel sets (a PGlite upgrade?)');
  return addresses as Addresses;
}

function watch(pg: PGlite, memory: WebAssembly.Memory): InterruptiblePglite {
  const addresses = addressesOf(pg);
  const heap = new Int32Array(memory.buffer);
  // [the statement running or a state above; the watchdog's look-again period, ms]
  const control = new Int32Array(new SharedArrayBuffer(8));
  // When the statement running must have ended (performance.timeOrigin + performance.now(), ms).
  const due = new BigInt64Array(new SharedArrayBuffer(8));
  let worker: Worker | null = null;
  let limitMs = 0;
  let statement = 0;

  const run = pg.execProtocolRawSync.bind(pg);
  pg.execProtocolRawSync = (message: Uint8Array) => {
    if (!worker) return run(message);
    statement = statement >= 0x7fffffff ? 1 : statement + 1;
    const mine = statement;
    Atomics.store(due, 0, BigInt(Math.ceil(performance.timeOrigin + performance.now() + limitMs)));
    Atomics.store(control, 0, mine);
    try {
      return run(message);
    } finally {
      if (Atomics.compareExchange(control, 0, mine, IDLE) !== mine) {
        // The watchdog stopped this statement, or was about to as it ended: the cancel it raised must
        // not be left for the next one.
        while (Atomics.load(control, 0) === FIRING) {
          // Two stores away on the other thread.
        }
        Atomics.store(heap, addresses.QueryCancelPending >> 2, 0);
        Atomics.store(control, 0, IDLE);
      }
    }
  };

  return {
    pg,
    limitStatements(ms) {
      limitMs = ms;
      Atomics.store(control, 1, ms);
      if (worker) return Promise.resolve();
      const source = `(${watchdog.toString()})()`;
      const started = new Worker(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })));
      // Bun's Worker: its thread does not keep the process alive.
      (started as Worker & { unref(): void }).unref();
      return new Promise((resolve, reject) => {
        started.onerror = (event) => reject(new Error(`the statement watchdog did not start: ${event.message}`));
        started.onmessage = () => {
          // Statements are watched from here on (unless the database closed meanwhile).
          if (Atomics.load(control, 0) !== STOPPED) worker = started;
          resolve();
        };
        started.postMessage({ control, due, heap: memory.buffer, addresses, states: { IDLE, FIRING, FIRED, STOPPED } });
      });
    },
    stopWatching() {
      // No statement is running on this thread now, and a watchdog still starting stops as it begins.
      Atomics.store(control, 0, STOPPED);
      Atomics.notify(control, 0);
      worker = null;
    },
  };
}

/**
 * The watchdog's thread (its source is sent to a worker, so it uses nothing from around it). It looks at
 * the statement running, sleeps until that one is due, and stops it if it is still the one running; with
 * none running it looks again within a limit's time. The main thread tells it nothing as statements come
 * and go (that would cost a wake-up each): it only writes, and the watchdog reads when it wakes.
 */
function watchdog() {
  self.onmessage = ({ data }: MessageEvent) => {
    const { control, due, heap, addresses, states } = data as {
      control: Int32Array;
      due: BigInt64Array;
      heap: SharedArrayBuffer;
      addresses: Addresses;
      states: { IDLE: number; FIRING: number; FIRED: number; STOPPED: number };
    };
    const memory = new Int32Array(heap);
    postMessage('watching');
    for (;;) {
      const running = Atomics.load(control, 0);
      if (running === states.STOPPED) break;
      if (running <= states.IDLE) {
        Atomics.wait(control, 0, running, Atomics.load(control, 1));
        continue;
      }
      const left = Number(Atomics.load(due, 0)) - (performance.timeOrigin + performance.now());
      if (left > 0) {
        Atomics.wait(control, 0, running, left);
        continue;
      }
      if (Atomics.compareExchange(control, 0, running, states.FIRING) !== running) continue;
      Atomics.store(memory, addresses.QueryCancelPending >> 2, 1);
      Atomics.store(memory, addresses.InterruptPending >> 2, 1);
      const latch = Atomics.load(memory, addresses.MyLatch >> 2);
      if (latch) Atomics.store(memory, latch >> 2, 1);
      Atomics.store(control, 0, states.FIRED);
    }
    self.close();
  };
}
