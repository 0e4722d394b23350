import { expect, setDefaultTimeout, test } from 'bun:test';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../helpers/server.ts';

// Real servers, browsers and databases: a test may take longer than Bun's 5 s default.
setDefaultTimeout(60_000);

// Memory figures belong in `bun run bench`; this is the one bound the suite holds, because it is far from
// the line and does not move with the machine's load: a first start on an empty DATA_DIR copies the
// build's prepared data folder (about 250 MB at its peak) instead of creating the database with initdb
// (about 1 GB). VmHWM is the kernel's record of the process's peak, so no sample can miss it.

test('a first start on an empty DATA_DIR peaks under 350 MB of resident memory', async () => {
  const root = mkdtempSync(join(tmpdir(), 'tlm-first-start-'));
  const dataDir = join(root, 'data');
  const server = await startServer({ DATABASE_URL: '' }, dataDir);
  try {
    expect(existsSync(join(dataDir, 'PG_VERSION'))).toBe(true);
    const status = await Bun.file(`/proc/${server.proc.pid}/status`).text();
    const peakMb = Number(status.match(/VmHWM:\s+(\d+)/)?.[1]) / 1024;
    console.log('first start:', { peakMb: Math.round(peakMb) });
    expect(peakMb).toBeGreaterThan(0);
    expect(peakMb).toBeLessThan(350);
  } finally {
    await server.stop();
    rmSync(root, { recursive: true, force: true });
  }
});
