import { expect, setDefaultTimeout, test } from 'bun:test';
import { createLogger, REDACTED } from '../../server/log.ts';

// Real servers, browsers and databases: a test may take longer than Bun's 5 s default.
setDefaultTimeout(60_000);

// The one logger: access lines are recorded and formatted in batches on stdout, yet every line comes
// out, in the order it was logged, including those still pending when the process exits; every sink
// gets the same fields, and personal data is redacted by name.

test('on stdout, access lines and other entries come out complete and in order, also when the process exits at once', async () => {
  const script = `
    import { stdoutLog } from './server/log.ts';
    for (let i = 0; i < 2500; i++) {
      stdoutLog.access('req-' + i, 'GET', '/services', 200, performance.now());
      if (i % 1000 === 0) stdoutLog.warn('entry ' + i);
    }
    setImmediate(() => { stdoutLog.access('req-last', 'HEAD', '/blog', 304, performance.now()); stdoutLog.info('bye'); process.exit(0); });
  `;
  const proc = Bun.spawn(['bun', '-e', script], { cwd: process.cwd(), stdout: 'pipe', stderr: 'pipe' });
  const [out, code] = await Promise.all([new Response(proc.stdout).text(), proc.exited]);
  expect(code).toBe(0);
  const lines = out
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  expect(lines).toHaveLength(2500 + 3 + 2);
  const order = lines.map((l) => (l.msg === 'request' ? l.requestId : l.msg));
  expect(order.slice(0, 3)).toEqual(['req-0', 'entry 0', 'req-1']);
  expect(order.indexOf('entry 1000')).toBe(order.indexOf('req-1000') + 1);
  expect(order.slice(-2)).toEqual(['req-last', 'bye']);
  expect(lines[0]).toMatchObject({ level: 'info', msg: 'request', method: 'GET', route: '/services', status: 200 });
  expect(lines[0].time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  expect(typeof lines[0].ms).toBe('number');
  expect(lines.at(-2)).toMatchObject({ method: 'HEAD', route: '/blog', status: 304 });
  expect(lines[1]).toMatchObject({ level: 'warn', msg: 'entry 0' });
});

test('every sink gets the same fields, and anything that could be personal data is redacted', () => {
  const entries: Record<string, unknown>[] = [];
  const log = createLogger((e) => entries.push(e));
  log.access('req-1', 'GET', '/', 200, performance.now());
  log.warn('lead stored', { requestId: 'req-2', email: 'aisha@glowmedspa.ca', firstName: 'Aisha', phone: '416-555-0188', body: '{}', route: '/api/q4-intake' });
  expect(Object.keys(entries[0]).sort()).toEqual(['level', 'method', 'ms', 'msg', 'requestId', 'route', 'status', 'time']);
  expect(entries[1]).toMatchObject({
    level: 'warn',
    msg: 'lead stored',
    requestId: 'req-2',
    email: REDACTED,
    firstName: REDACTED,
    phone: REDACTED,
    body: REDACTED,
    route: '/api/q4-intake',
  });
  expect(JSON.stringify(entries)).not.toContain('aisha');
});

test('when stdout is gone (its reader closed it), the log gives up once on stderr and the process carries on and exits', async () => {
  // Before: the write threw EPIPE, the error handler logged that, which threw again: the process spun at
  // full speed and never finished shutting down.
  const script = `
    import { stdoutLog } from './server/log.ts';
    stdoutLog.info('first');
    const more = (n) => { for (let i = 0; i < 100; i++) stdoutLog.access(null, 'GET', '/', 200, performance.now()); stdoutLog.warn('after ' + n); };
    setTimeout(() => { more(1); setImmediate(() => { more(2); setImmediate(() => { console.error('still serving'); process.exit(0); }); }); }, 300);
  `;
  const proc = Bun.spawn(['bun', '-e', script], { cwd: process.cwd(), stdout: 'pipe', stderr: 'pipe' });
  const reader = proc.stdout.getReader();
  const { value } = await reader.read();
  expect(new TextDecoder().decode(value)).toContain('"msg":"first"');
  await reader.cancel();
  const [stderr, code] = await Promise.all([new Response(proc.stderr).text(), proc.exited]);
  expect(code).toBe(0);
  expect(stderr).toContain('still serving');
  expect(stderr.match(/the log cannot be written to stdout any more \(EPIPE\)/g)).toHaveLength(1);
});
