import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

export type EmbeddedPostgres = { host: string; port: number; stop: () => Promise<void> };

/** Opens (or creates) PGlite in dataDir and exposes it on a loopback port chosen by the OS. */
export async function startEmbeddedPostgres(dataDir: string): Promise<EmbeddedPostgres> {
  mkdirSync(dataDir, { recursive: true });
  const pg = await PGlite.create({ dataDir });
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
