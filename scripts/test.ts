// `bun run test`: the type check, lint and format check, the asset build, then every test. With
// TEST_SCOPE=database only the tests whose outcome depends on the database run (`.ci/run` runs the
// whole suite on the embedded database, then this scope again on PostgreSQL): pure code, the browser,
// the binary and the dependency rule do not change with the database, so they run once.

const ONCE = [
  'lib/',
  'client/',
  'server/',
  'features/',
  'tests/browser/',
  'tests/architecture.test.ts',
  'tests/api/access-log.test.ts',
  'tests/api/backup-server.test.ts',
  'tests/api/binary.test.ts',
  'tests/api/first-start-memory.test.ts',
  'tests/api/js-budget.test.ts',
  'tests/api/packaging.test.ts',
  'tests/hostile/barrage.test.ts',
];

const scope = process.env.TEST_SCOPE ?? 'all';
if (scope !== 'all' && scope !== 'database') throw new Error(`TEST_SCOPE must be all or database, not ${scope}`);

const run = (cmd: string[]) => {
  console.log(`$ ${cmd.join(' ')}`);
  const { exitCode } = Bun.spawnSync(cmd, { stdout: 'inherit', stderr: 'inherit' });
  if (exitCode !== 0) process.exit(exitCode ?? 1);
};

const files = [...new Bun.Glob('{lib,client,server,features,tests}/**/*.test.{ts,tsx}').scanSync('.')].sort();
const chosen = scope === 'all' ? files : files.filter((file) => !ONCE.some((prefix) => file.startsWith(prefix)));

run(['bunx', 'tsc', '--noEmit']);
run(['bunx', 'biome', 'ci', '.']);
run(['bun', 'build.ts']);
run(['bun', 'test', ...chosen.map((file) => `./${file}`)]);
