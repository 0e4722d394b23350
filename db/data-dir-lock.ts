import { closeSync, ftruncateSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';

// The embedded database belongs to one process: PGlite has no locking of its own, and two servers on one
// folder (a rolling restart on one host does exactly this) would both write to it and corrupt it.
// The lock is the kernel's (flock): it is released when the holder exits, however it exits, so a lock
// left by a killed process is simply taken by the next one. The file names its holder for the message.

export const LOCK_FILE = 'server.lock';
/** Where the server listens for `bun run backup` (server/control-socket.ts). */
export const CONTROL_FOLDER = '.control';
/** What the site keeps in DATA_DIR beside PostgreSQL's files: never part of a backup. */
export const SITE_ENTRIES: ReadonlySet<string> = new Set([LOCK_FILE, CONTROL_FOLDER]);

export class DataDirInUse extends Error {}

export type DataDirLock = {
  release: () => void;
  /** Adds `fields` to what the lock file says of its holder (the server's control socket, for `bun run backup`). */
  announce: (fields: Record<string, string>) => void;
};

type Flock = (fd: number, operation: number) => number;
const LOCK_EX = 2;
const LOCK_NB = 4;

let flock: Flock | null | undefined;
/** flock(2) from the C library, through Bun's FFI; null where there is none. */
async function loadFlock(): Promise<Flock | null> {
  if (flock !== undefined) return flock;
  try {
    const { dlopen, FFIType } = await import('bun:ffi');
    const library = process.platform === 'darwin' ? 'libSystem.B.dylib' : 'libc.so.6';
    const { symbols } = dlopen(library, { flock: { args: [FFIType.i32, FFIType.i32], returns: FFIType.i32 } });
    flock = (fd, operation) => symbols.flock(fd, operation);
  } catch {
    flock = null;
  }
  return flock;
}

/**
 * Takes `dataDir` for this process, or throws DataDirInUse with one line naming the folder and the
 * process that holds it. Without flock (not Linux or macOS), a holder is recognised by its pid alone.
 */
export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  const folder = resolve(dataDir);
  mkdirSync(folder, { recursive: true });
  const path = join(folder, LOCK_FILE);
  const fd = openSync(path, 'a+');
  const lock = await loadFlock();
  const taken = lock ? lock(fd, LOCK_EX | LOCK_NB) === 0 : !holderIsAlive(path);
  if (!taken) {
    closeSync(fd);
    throw new DataDirInUse(
      `The embedded database in ${folder} is in use by another server (${describeHolder(path)}). Stop it first, or set DATA_DIR to another folder.`,
    );
  }
  let holder: Holder = { pid: process.pid, host: hostname(), since: new Date().toISOString() };
  const write = () => {
    ftruncateSync(fd, 0);
    writeSync(fd, JSON.stringify(holder));
  };
  write();
  let released = false;
  return {
    release: () => {
      if (released) return;
      released = true;
      closeSync(fd);
    },
    announce: (fields) => {
      if (released) return;
      holder = { ...holder, ...fields };
      write();
    },
  };
}

export type Holder = { pid?: number; host?: string; since?: string; control?: string };

/** What the lock file of `dataDir` says of the process that holds (or last held) it. */
export const dataDirHolder = (dataDir: string): Holder => readHolder(join(resolve(dataDir), LOCK_FILE));

function readHolder(path: string): Holder {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as Holder;
  } catch {
    return {};
  }
}

function describeHolder(path: string): string {
  const { pid, host, since } = readHolder(path);
  if (!pid) return 'a process that has not yet said which';
  return `pid ${pid}${host ? ` on ${host}` : ''}${since ? `, since ${since}` : ''}`;
}

function holderIsAlive(path: string): boolean {
  const { pid, host } = readHolder(path);
  if (!pid || pid === process.pid || (host && host !== hostname())) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
