import { expect, setDefaultTimeout, test } from 'bun:test';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { PREPARED_DATA_FILE } from '../../lib/pages/assets.ts';
import { pagePaths } from '../../site/app.ts';
import { copyOfRepository } from '../helpers/repository-copy.ts';

// Real servers, browsers and databases: a test may take longer than Bun's 5 s default.
setDefaultTimeout(60_000);

test('the single binary serves every route from an empty directory', async () => {
  // Built in a copy of the repository: building rewrites static/build, which the other test processes'
  // servers are serving from. The copy has this checkout's packages and prepared database.
  const source = await copyOfRepository('tlm-bin-build-');
  symlinkSync(realpathSync('node_modules'), join(source, 'node_modules'));
  // The prepared database and what it was prepared from (not a binary built earlier).
  const prepared = basename(PREPARED_DATA_FILE).split('.')[0];
  mkdirSync(join(source, dirname(PREPARED_DATA_FILE)), { recursive: true });
  for (const file of readdirSync(dirname(PREPARED_DATA_FILE)).filter((name) => name.startsWith(`${prepared}.`)))
    copyFileSync(join(dirname(PREPARED_DATA_FILE), file), join(source, dirname(PREPARED_DATA_FILE), file));
  const out = join(source, 'dist', 'northline-digital');
  const build = Bun.spawn(['bun', '-e', `import { buildBinary } from './build.ts'; await buildBinary(${JSON.stringify(out)});`], {
    cwd: source,
    stdout: 'pipe',
    stderr: 'pipe',
  });
  expect(await build.exited).toBe(0);

  const dir = mkdtempSync(join(tmpdir(), 'tlm-bin-run-'));
  copyFileSync(out, join(dir, 'site'));
  const env: Record<string, string> = { PATH: '/usr/bin:/bin', HOME: dir, PORT: '0', NODE_ENV: 'production' };
  if (process.env.DATABASE_URL) env.DATABASE_URL = process.env.DATABASE_URL;
  const proc = Bun.spawn([join(dir, 'site')], { cwd: dir, env, stdout: 'pipe', stderr: 'pipe' });
  try {
    let output = '';
    const reader = proc.stdout.getReader();
    while (!/"msg":"listening"/.test(output)) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`binary exited: ${output}${await new Response(proc.stderr).text()}`);
      output += new TextDecoder().decode(value);
    }
    const url = output.match(/"url":"([^"]+)"/)![1];
    // It listens while it creates its database beside itself; the dashboard needs that database.
    const deadline = Date.now() + 60_000;
    while ((await fetch(`${url}/healthz`)).status !== 200) {
      expect(Date.now()).toBeLessThan(deadline);
      await Bun.sleep(50);
    }
    for (const path of pagePaths) expect((await fetch(url + path)).status, path).toBe(200);
    // The blog opened on the story generator renders it, its code loaded from inside the binary.
    expect(await (await fetch(`${url}/blog?generate=northline-blog-2025-09-contractor-reviews`)).text()).toContain('Selected Blog Post');
    const home = await (await fetch(`${url}/`)).text();
    const script = home.match(/src="(\/static\/build\/[^"]+\.js)"/)![1];
    const js = await fetch(url + script);
    expect(js.status).toBe(200);
    expect(js.headers.get('cache-control')).toContain('immutable');
    expect((await fetch(`${url}/static/images/og-default.png`)).status).toBe(200);
    expect((await fetch(`${url}/nowhere`)).status).toBe(404);
    // The sample feed is embedded too.
    const feed = await fetch(`${url}/api/rss-feed`);
    expect(feed.status).toBe(200);
    expect(((await feed.json()) as { posts: unknown[] }).posts.length).toBeGreaterThanOrEqual(6);
  } finally {
    proc.kill('SIGTERM');
    await proc.exited;
    rmSync(dir, { recursive: true, force: true });
    rmSync(source, { recursive: true, force: true });
  }
});
