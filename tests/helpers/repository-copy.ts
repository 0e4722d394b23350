import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A new temporary folder holding the repository's tracked files as they are on disk now: somewhere to
 * install or build without touching this checkout's node_modules, static/build or dist, which the other
 * test processes running beside this one are reading.
 */
export async function copyOfRepository(prefix: string): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const tracked = Bun.spawnSync(['git', 'ls-files', '-z']).stdout.toString().split('\0').filter(Boolean);
  for (const file of tracked) {
    if (!(await Bun.file(file).exists())) continue;
    cpSync(file, join(dir, file), { recursive: true });
  }
  return dir;
}
