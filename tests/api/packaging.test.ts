import { expect, setDefaultTimeout, test } from 'bun:test';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { copyOfRepository } from '../helpers/repository-copy.ts';

// Real servers, browsers and databases: a test may take longer than Bun's 5 s default.
setDefaultTimeout(60_000);

// Production installs only `dependencies`: a clean copy of the repository, installed with
// `bun install --production`, builds its assets and serves the site.

test('bun install --production && bun run build && bun start works on a clean copy', async () => {
  const dir = await copyOfRepository('tlm-production-');
  try {
    const run = (cmd: string[], env: Record<string, string> = {}) =>
      Bun.spawnSync(cmd, { cwd: dir, env: { ...process.env, ...env }, stdout: 'pipe', stderr: 'pipe' });
    const install = run(['bun', 'install', '--production', '--frozen-lockfile']);
    expect(install.exitCode, install.stderr.toString()).toBe(0);
    // No test, lint or benchmark tooling came with it.
    for (const devOnly of ['playwright-core', 'lighthouse', '@biomejs/biome', 'typescript', 'fast-check']) {
      expect(await Bun.file(join(dir, 'node_modules', devOnly, 'package.json')).exists(), devOnly).toBe(false);
    }
    const build = run(['bun', 'run', 'build']);
    expect(build.exitCode, build.stderr.toString()).toBe(0);

    const server = Bun.spawn(['bun', 'start'], {
      cwd: dir,
      env: { ...process.env, PORT: '0', NODE_ENV: 'production', DATABASE_URL: '', DATA_DIR: join(dir, 'data') },
      stdout: 'pipe',
      stderr: 'pipe',
    });
    try {
      let output = '';
      const reader = (async () => {
        for await (const chunk of server.stdout) output += new TextDecoder().decode(chunk);
      })();
      const deadline = Date.now() + 60_000;
      let url: string | undefined;
      while (!url && Date.now() < deadline && server.exitCode === null) {
        url = output.match(/"msg":"listening","url":"([^"]+)"/)?.[1];
        await Bun.sleep(25);
      }
      expect(url, output).toBeString();
      for (const path of ['/', '/services', '/q4-intake']) expect((await fetch(`${url}${path}`)).status, path).toBe(200);
      void reader;
    } finally {
      server.kill('SIGTERM');
      await server.exited;
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 180_000);
