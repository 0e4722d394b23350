import { afterAll, expect, test } from 'bun:test';
import { mkdir, mkdtemp, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { carryPreviousBuild } from '../../build.ts';

// A build replaces static/build while servers may be running on the one before: they read its manifest
// at start and name its hashed files in every page. The files of the build before stay one more build.

const root = await mkdtemp(join(tmpdir(), 'tlm-carry-'));
afterAll(() => rm(root, { recursive: true, force: true }));

/** One build as build.ts finishes it: the new files written to a fresh folder, the carry, then the swap. */
async function build(number: number, files: string[]): Promise<string[]> {
  const dir = join(root, 'build');
  const next = join(root, `next-${number}`);
  await mkdir(next);
  for (const name of [...files, 'manifest.json']) await writeFile(join(next, name), `${name} of build ${number}`);
  await carryPreviousBuild(dir, next);
  await rm(dir, { recursive: true, force: true });
  await rename(next, dir);
  return (await readdir(dir)).sort();
}

test('the files of the build before stay beside the new ones for one build, never longer; the new ones win a name both have', async () => {
  expect(await build(1, ['Audit-AAA.js', 'Audit-AAA.js.br', 'styles-S1.css'])).toEqual([
    'Audit-AAA.js',
    'Audit-AAA.js.br',
    'carried.json',
    'manifest.json',
    'styles-S1.css',
  ]);
  // The island changed, the stylesheet did not.
  expect(await build(2, ['Audit-BBB.js', 'Audit-BBB.js.br', 'styles-S1.css'])).toEqual([
    'Audit-AAA.js',
    'Audit-AAA.js.br',
    'Audit-BBB.js',
    'Audit-BBB.js.br',
    'carried.json',
    'manifest.json',
    'styles-S1.css',
  ]);
  expect(await Bun.file(join(root, 'build', 'styles-S1.css')).text()).toBe('styles-S1.css of build 2');
  expect(await Bun.file(join(root, 'build', 'manifest.json')).text()).toBe('manifest.json of build 2');
  // Two builds on, the first build's island is gone.
  expect(await build(3, ['Audit-CCC.js', 'styles-S1.css'])).toEqual([
    'Audit-BBB.js',
    'Audit-BBB.js.br',
    'Audit-CCC.js',
    'carried.json',
    'manifest.json',
    'styles-S1.css',
  ]);
  // The first build ever has nothing to carry.
  await rm(join(root, 'build'), { recursive: true });
  expect(await build(4, ['Audit-DDD.js'])).toEqual(['Audit-DDD.js', 'carried.json', 'manifest.json']);
});
