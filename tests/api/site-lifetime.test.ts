import { expect, test } from 'bun:test';
import { testApp } from '../helpers/app.ts';

// A site holds its page cache and its features (tens of megabytes once pages are rendered). Nothing it
// starts may keep it alive once its owner lets go of it: a timer that did (the page-view collector's
// interval did) kept every test's site to the end of its process, and a test process grew past 7 GB.

/** Sites made, used (pages rendered and counted, /healthz asked), and let go of: only weak references kept. */
async function sitesLetGo(count: number): Promise<WeakRef<object>[]> {
  const refs: WeakRef<object>[] = [];
  for (let i = 0; i < count; i++) {
    const t = await testApp();
    for (const path of ['/', '/blog', '/healthz']) await (await t.request(path)).arrayBuffer();
    refs.push(new WeakRef(t.deps));
  }
  return refs;
}

test('sites let go of are collected: no timer they started holds them', async () => {
  const refs = await sitesLetGo(4);
  // The views those requests were counted in are written within a second (views still held keep their collector until then).
  await Bun.sleep(1500);
  for (let round = 0; round < 5 && refs.some((ref) => ref.deref() !== undefined); round++) {
    Bun.gc(true);
    await Bun.sleep(50);
  }
  const kept = refs.filter((ref) => ref.deref() !== undefined).length;
  console.log(`sites still held after collection: ${kept} of ${refs.length}`);
  // The collector is conservative about the stack: one may be held by a stale word, never most of them.
  expect(kept).toBeLessThanOrEqual(1);
}, 30_000);
