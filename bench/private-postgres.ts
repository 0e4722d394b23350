// A private PostgreSQL cluster for the chaos scenarios: Debian's binaries, run as `postgres`, in a
// directory and on a port of its own (inside whatever network namespace the caller is in), with no
// fsync. Never part of the test suite.
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type PrivatePostgres = { url: string; ctl: (...args: string[]) => Promise<void>; remove: () => Promise<void> };

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const pgBin = readdirSync('/usr/lib/postgresql')
    .map((v) => `/usr/lib/postgresql/${v}/bin`)
    .find((d) => existsSync(`${d}/pg_ctl`));
  if (!pgBin) throw new Error('Debian PostgreSQL binaries not found under /usr/lib/postgresql');
  const asPostgres = async (cmd: string[]) => {
    const p = Bun.spawn(['runuser', '-u', 'postgres', '--', ...cmd], { stdout: 'pipe', stderr: 'pipe' });
    if ((await p.exited) !== 0) throw new Error(`${cmd.join(' ')} failed: ${await new Response(p.stderr).text()}`);
  };
  const dir = mkdtempSync(join(tmpdir(), 'tlm-chaos-pg-'));
  chownSync(dir, Number((await Bun.$`id -u postgres`.text()).trim()), Number((await Bun.$`id -g postgres`.text()).trim()));
  const port = 55_000 + Math.floor(Math.random() * 5000);
  const data = join(dir, 'data');
  await asPostgres([`${pgBin}/initdb`, '-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const ctl = (...args: string[]) =>
    asPostgres([
      `${pgBin}/pg_ctl`,
      '-D',
      data,
      '-l',
      join(dir, 'log'),
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200`,
      '-w',
      ...args,
    ]);
  await ctl('start');
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    ctl,
    remove: async () => {
      await ctl('stop', '-m', 'immediate').catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
