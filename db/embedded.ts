import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
// Imported as files and handed to PGlite, so `bun build --compile` embeds them in the binary.
import pgliteWasm from '@electric-sql/pglite/pglite.wasm' with { type: 'file' };
import initdbWasm from '@electric-sql/pglite/initdb.wasm' with { type: 'file' };
import pgliteData from '@electric-sql/pglite/pglite.data' with { type: 'file' };

export type EmbeddedPostgres = { host: string; port: number; stop: () => Promise<void> };

/**
 * PGlite's memory grows as its buffer cache fills and never shrinks: PostgreSQL's default 128 MB of
 * shared buffers showed as 140 MB of growth under the soak. A small business's data fits in 32 MB.
 */
const SHARED_BUFFERS = '32MB';

/** Opens (or creates) PGlite in dataDir and exposes it on a loopback port chosen by the OS. */
export async function startEmbeddedPostgres(dataDir: string): Promise<EmbeddedPostgres> {
  mkdirSync(dataDir, { recursive: true });
  const [pgliteWasmModule, initdbWasmModule] = await Promise.all([
    WebAssembly.compile(await Bun.file(pgliteWasm).arrayBuffer()),
    WebAssembly.compile(await Bun.file(initdbWasm).arrayBuffer()),
  ]);
  const pg = await PGlite.create({
    dataDir,
    pgliteWasmModule,
    initdbWasmModule,
    fsBundle: Bun.file(pgliteData),
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${SHARED_BUFFERS}`],
  });
  const server = new PGLiteSocketServer({ db: pg, host: '127.0.0.1', port: 0, maxConnections: 1 });
  await server.start();
  const [host, port] = server.getServerConn().split(':');
  return {
    host,
    port: Number(port),
    stop: async () => {
      await server.stop();
      await pg.close();
    },
  };
}
