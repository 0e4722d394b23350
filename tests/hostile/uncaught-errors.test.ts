import { expect, setDefaultTimeout, test } from 'bun:test';
import { startServer } from '../helpers/server.ts';

// Real servers, browsers and databases: a test may take longer than Bun's 5 s default.
setDefaultTimeout(60_000);

// An error nothing catches used to end the process (Bun's default), and on the embedded database
// nothing started it again. Now it is logged, the database connections are reset, and the same process
// serves on. Injected by a preloaded file on SIGUSR2 (tests/fixtures/stray-errors.ts).

test('an unhandled rejection and an uncaught exception are logged and the same process serves on, database included', async () => {
  const server = await startServer({}, undefined, { preload: './tests/fixtures/stray-errors.ts' });
  try {
    const pid = server.proc.pid;
    server.proc.kill('SIGUSR2');
    const logged = Date.now();
    // Both errors logged (the exception comes 10 ms after the rejection, whose reset can be logged first).
    const seen = () => server.output().includes('database connections reset') && server.output().includes('stray exception injected');
    while (!seen() && Date.now() - logged < 5000) await Bun.sleep(20);
    expect(server.proc.exitCode).toBeNull();
    expect(server.proc.pid).toBe(pid);
    const lines = server
      .output()
      .split('\n')
      .filter((line) => line.includes('"level":"error"'))
      .map((line) => JSON.parse(line) as { msg: string; error: string });
    expect(lines.map((l) => [l.msg, l.error])).toEqual([
      ['unhandled rejection: logged, and the server serves on', 'Error: stray rejection injected by the test'],
      ['uncaught exception: logged, and the server serves on', 'Error: stray exception injected by the test'],
    ]);
    expect(server.output()).toContain('database connections reset after an uncaught error');
    // Pages, the database behind the forms, and the health check all answer.
    expect((await fetch(`${server.url}/services`)).status).toBe(200);
    expect((await fetch(`${server.url}/api/ab-test/tests`)).status).toBe(200);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  } finally {
    expect(await server.stop()).toBe(0);
  }
});
