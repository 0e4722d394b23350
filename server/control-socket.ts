import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CONTROL_FOLDER } from '../db/data-dir-lock.ts';

// How `bun run backup` asks the server that holds the embedded database for a backup (the folder is
// the server's alone: db/data-dir-lock.ts): HTTP over a Unix socket in a folder only this user may
// enter (0700), named in DATA_DIR's lock file. Nothing listens on the network, and whoever can reach the
// socket could read DATA_DIR itself anyway. A signal to the server's pid would carry no answer back, and
// a loopback HTTP endpoint would be open to every local user and to whatever a reverse proxy on this
// machine forwards.

export type ControlSocket = { path: string; stop: () => void };

/** Unix socket paths are limited to 107 bytes. */
const MAX_SOCKET_PATH = 100;

/**
 * Listens beside the database, in DATA_DIR/.control (the CLI reaches it whatever /tmp the server has, a
 * systemd PrivateTmp say), or in a private folder under the system's temporary folder when DATA_DIR's
 * path is too long for a socket. What `backup` answers (what the attempt did) is sent back as JSON.
 */
export function startControlSocket(dataDir: string, handlers: { backup: () => Promise<object> }): ControlSocket {
  let folder = join(dataDir, CONTROL_FOLDER);
  if (join(folder, 'server.sock').length > MAX_SOCKET_PATH) folder = mkdtempSync(join(tmpdir(), 'tlm-control-'));
  else {
    rmSync(folder, { recursive: true, force: true });
    mkdirSync(folder, { mode: 0o700 });
  }
  chmodSync(folder, 0o700);
  const path = join(folder, 'server.sock');
  const server = Bun.serve({
    unix: path,
    // A backup of a large database takes a while and the caller waits for its answer: no idle timeout
    // (Bun honours it on a Unix socket; its types leave it out there).
    ...({ idleTimeout: 0 } as object),
    fetch: async (request) => {
      const { pathname } = new URL(request.url);
      if (pathname !== '/backup') return new Response('Not found\n', { status: 404 });
      if (request.method !== 'POST') return new Response('Method not allowed\n', { status: 405, headers: { Allow: 'POST' } });
      return Response.json(await handlers.backup());
    },
  });
  return {
    path,
    stop: () => {
      server.stop(true);
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
