import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import initdbWasm from '@electric-sql/pglite/initdb.wasm' with { type: 'file' };
import pgliteData from '@electric-sql/pglite/pglite.data' with { type: 'file' };
// Imported as files and handed to PGlite, so `bun build --compile` embeds them in the binary.
import pgliteWasm from '@electric-sql/pglite/pglite.wasm' with { type: 'file' };
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

export type EmbeddedPostgres = { stop: () => Promise<void> };

/**
 * PGlite's memory grows as its buffer cache fills and never shrinks: PostgreSQL's default 128 MB of
 * shared buffers showed as 140 MB of growth under the soak. A small business's data fits in 32 MB.
 */
const SHARED_BUFFERS = '32MB';

/** Opens (or creates) PGlite in dataDir and serves it on the Unix socket `socketPath`. */
export async function startEmbeddedPostgres(dataDir: string, socketPath: string): Promise<EmbeddedPostgres> {
  // initdb is needed only to create a database (an existing one has PG_VERSION).
  const creating = !existsSync(join(dataDir, 'PG_VERSION'));
  mkdirSync(dataDir, { recursive: true });
  const [pgliteWasmModule, initdbWasmModule] = await Promise.all([
    WebAssembly.compile(await Bun.file(pgliteWasm).arrayBuffer()),
    creating ? WebAssembly.compile(await Bun.file(initdbWasm).arrayBuffer()) : undefined,
  ]);
  const pg = await PGlite.create({
    dataDir,
    pgliteWasmModule,
    initdbWasmModule,
    fsBundle: Bun.file(pgliteData),
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${SHARED_BUFFERS}`],
  });
  const server = new PGLiteSocketServer({ db: pg, path: socketPath, maxConnections: 1 });
  await server.start();
  return {
    stop: async () => {
      await server.stop();
      await pg.close();
    },
  };
}
