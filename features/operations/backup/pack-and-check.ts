import { writeSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { setPriority } from 'node:os';
import { packDataDir, unpackDataDir } from '../../../db/data-dir-archive.ts';
import { type Config, loadConfig } from '../../../lib/config.ts';

// The slow half of an embedded backup, once the folder is copied: packing the copy (gzip, 2–3 s at
// 50,000 leads) and checking the result (unpacking it and opening a second PGlite on it to count its
// leads: 70 MB more, and its start-up runs on the thread it is opened on). In the server it runs in a
// process of its own at a lower priority, so the site keeps answering and keeps its memory; `bun run
// backup` (its own process already) runs it in place.

export type PackAndCheckPaths = { copy: string; partial: string; check: string };

/** Packs `copy` into `partial`, unpacks that into `check` and counts the leads there. */
export async function packAndCheck({ copy, partial, check }: PackAndCheckPaths): Promise<number> {
  await packDataDir(copy, partial);
  await rm(copy, { recursive: true, force: true });
  await unpackDataDir(partial, check);
  // Imported here only: a site on PostgreSQL never loads PGlite.
  const { countLeadsIn } = await import('../../../db/embedded.ts');
  const leads = await countLeadsIn(check);
  await rm(check, { recursive: true, force: true });
  return leads;
}

/** Set on the process that runs packAndCheck for a server: the paths, as JSON (lib/config.ts reads it). */
const PACK_AND_CHECK_MARKER = 'NORTHLINE_BACKUP_PACK_AND_CHECK' satisfies keyof Config;

/**
 * Runs packAndCheck in a new process: this file run by Bun, or a compiled binary run again (its
 * site/main.ts answers the marker before anything else).
 */
export async function packAndCheckElsewhere(paths: PackAndCheckPaths): Promise<number> {
  const command = Bun.isStandaloneExecutable ? [process.execPath] : [process.execPath, import.meta.path];
  const proc = Bun.spawn(command, { env: { ...process.env, [PACK_AND_CHECK_MARKER]: JSON.stringify(paths) }, stdin: 'ignore', stdout: 'pipe', stderr: 'pipe' });
  try {
    setPriority(proc.pid, 10);
  } catch {
    // Not allowed here: it runs at the server's priority.
  }
  const [out, err, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  const leads = Number(out.trim().split('\n').at(-1));
  if (code !== 0 || !Number.isInteger(leads)) throw new Error(`packing and checking failed: ${err.trim().split('\n').slice(-3).join(' ') || `exit ${code}`}`);
  return leads;
}

/**
 * The child's side: does the work the marker's value names, and answers its parent with the count on
 * stdout (or why not on stderr) and its exit code. That is the answer packAndCheckElsewhere reads, not a
 * log line: the parent logs the outcome through the one logger. Written synchronously, as the
 * process exits at once.
 */
export async function packAndCheckAsAsked(request: string): Promise<never> {
  try {
    const leads = await packAndCheck(JSON.parse(request) as PackAndCheckPaths);
    writeSync(1, `${leads}\n`);
    process.exit(0);
  } catch (error) {
    writeSync(2, `${String((error as Error)?.message ?? error)}\n`);
    process.exit(1);
  }
}

if (import.meta.main) await packAndCheckAsAsked(loadConfig(process.env).NORTHLINE_BACKUP_PACK_AND_CHECK ?? '');
