import { createHash } from 'node:crypto';
import { copyFile, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import * as esbuild from 'esbuild';
import { ensurePreparedData } from './db/prepared-data.ts';
import { type Assets, BUILD_DIR, MANIFEST_PATH, PREPARED_DATA_FILE } from './lib/pages/assets.ts';
import { stdoutLog } from './server/log.ts';
import { writeRouteList } from './site/route-list.ts';

// Builds static/build/: one hashed ES module per island with shared chunks split out, one hashed
// stylesheet, .br and .gz twins of each, and manifest.json. Fails when an island reaches server code.
// Also prepares the embedded database's data folder (db/prepared-data.ts), which a first start copies,
// and brings the route list (site/routes.generated.ts) up to date with the files in routes/.

/** Inputs whose change makes a build stale. */
const SOURCE_DIRS = ['islands', 'components', 'client', 'lib', 'routes', 'server', 'site'];
const SOURCE_FILES = ['static/styles.css', 'build.ts', 'bun.lock'];

/**
 * What must never reach the browser: the server's folders (the framework, the routes, the features with
 * their I/O, the database), the packages only they use, and Node's and Bun's own modules.
 */
const SERVER_ONLY = [/^(server|routes|features|db|site)\//, /^server\.ts$/, /node_modules\/(postgres|openai|rss-parser|@electric-sql|hono)\//, /^(node:|bun:)/];
const LOADER = 'client/islands/loader.ts';

export async function sourceFingerprint(): Promise<string> {
  const hash = createHash('sha256');
  const files: string[] = [...SOURCE_FILES];
  for (const dir of SOURCE_DIRS) {
    for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
      if (entry.isFile() && !entry.name.includes('.test.')) files.push(join(entry.parentPath, entry.name));
    }
  }
  for (const file of files.sort()) {
    hash.update(file);
    hash.update(await readFile(file).catch(() => Buffer.alloc(0)));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * Builds when static/build is missing or older than the sources (used by `bun start`), and, for the
 * embedded database, prepares its data folder when that is missing or older than the migrations.
 */
export async function ensureBuild({ embeddedDatabase = true }: { embeddedDatabase?: boolean } = {}): Promise<void> {
  if (embeddedDatabase) await ensurePreparedData();
  const fingerprint = await sourceFingerprint();
  const current = (await Bun.file(MANIFEST_PATH)
    .json()
    .catch(() => null)) as Assets | null;
  if (current?.fingerprint === fingerprint) return;
  stdoutLog.info(current ? 'sources changed, rebuilding assets' : 'no build found, building assets');
  await build(fingerprint);
}

export async function build(fingerprint?: string): Promise<Assets> {
  const started = performance.now();
  await writeRouteList();
  const { islandNames } = await import('./client/islands/registry.ts');
  const tmp = `${BUILD_DIR}.tmp-${process.pid}`;
  await rm(tmp, { recursive: true, force: true });
  await mkdir(tmp, { recursive: true });

  const result = await esbuild.build({
    entryPoints: [...islandNames.map((name) => ({ in: `island-entry:${name}`, out: name })), { in: LOADER, out: 'island-loader' }],
    plugins: [islandEntries, zodBrowserSetup],
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2022'],
    minify: true,
    jsx: 'automatic',
    entryNames: '[name]-[hash]',
    chunkNames: 'chunk-[hash]',
    outdir: tmp,
    metafile: true,
    legalComments: 'none',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  assertNoServerCode(result.metafile);

  const islands: Assets['islands'] = {};
  const outputs = result.metafile.outputs;
  const publicPath = (out: string) => `/static/build/${relative(tmp, out)}`;
  for (const [out, meta] of Object.entries(outputs)) {
    if (!meta.entryPoint?.startsWith('island-entry:')) continue;
    const name = meta.entryPoint.slice('island-entry:'.length);
    islands[name] = { file: publicPath(out), imports: staticImports(out, outputs).map(publicPath) };
  }

  const loaderOut = Object.entries(outputs).find(([, meta]) => meta.entryPoint === LOADER)?.[0];
  if (!loaderOut) throw new Error('Build failed: no output for the island loader');
  if (outputs[loaderOut].imports.length) throw new Error('Build failed: the island loader must not import anything');

  const css = await buildCss(tmp);
  await precompress(tmp);
  const assets: Assets = { css: `/static/build/${css}`, loader: publicPath(loaderOut), islands, fingerprint: fingerprint ?? (await sourceFingerprint()) };
  await writeFile(join(tmp, 'manifest.json'), JSON.stringify(assets, null, 2));

  await carryPreviousBuild(BUILD_DIR, tmp);
  await rm(BUILD_DIR, { recursive: true, force: true });
  await rename(tmp, BUILD_DIR);
  stdoutLog.info('built assets', { islands: Object.keys(islands).length, ms: Math.round(performance.now() - started) });
  await ensurePreparedData();
  return assets;
}

/** The files carried over from the build before (carryPreviousBuild), listed in the build folder. */
const CARRIED_LIST = 'carried.json';

/**
 * Keeps the previous build's hashed files beside the new ones for one more build: a server started
 * before this build (it read the manifest at start), or a page a browser or a CDN kept, still names
 * them, and their islands would otherwise be 404s. Files carried once are not carried again, so the
 * folder holds two builds at most.
 */
export async function carryPreviousBuild(from: string, into: string): Promise<void> {
  const previous = await readdir(from).catch(() => [] as string[]);
  const carriedBefore = new Set<string>(
    await readFile(join(from, CARRIED_LIST), 'utf8')
      .then((text) => JSON.parse(text) as string[])
      .catch(() => []),
  );
  const fresh = new Set(await readdir(into));
  const carried = previous.filter((name) => name !== 'manifest.json' && name !== CARRIED_LIST && !carriedBefore.has(name) && !fresh.has(name));
  for (const name of carried) await copyFile(join(from, name), join(into, name));
  await writeFile(join(into, CARRIED_LIST), JSON.stringify(carried));
}

/** Each island's entry: its component handed to the client runtime. */
const islandEntries: esbuild.Plugin = {
  name: 'island-entries',
  setup(b) {
    b.onResolve({ filter: /^island-entry:/ }, (args) => ({ path: args.path.slice('island-entry:'.length), namespace: 'island-entry' }));
    b.onLoad({ filter: /.*/, namespace: 'island-entry' }, (args) => ({
      contents: `import C from './islands/${args.path}.tsx';\nimport { mount } from './client/islands/mount.tsx';\nmount(${JSON.stringify(args.path)}, C);\n`,
      resolveDir: process.cwd(),
      loader: 'tsx',
    }));
  },
};

/**
 * zod's browser set-up (client/zod-setup.ts) runs before zod itself in every bundle that uses it: each
 * import of `zod/mini` from the site's code resolves to a module that imports the set-up first, so no
 * schema is built before it, and islands without a schema carry none of it.
 */
const zodBrowserSetup: esbuild.Plugin = {
  name: 'zod-browser-setup',
  setup(b) {
    b.onResolve({ filter: /^zod\/mini$/ }, (args) =>
      args.namespace === 'zod-setup' || args.importer.includes('node_modules') ? undefined : { path: 'zod/mini', namespace: 'zod-setup' },
    );
    b.onLoad({ filter: /.*/, namespace: 'zod-setup' }, () => ({
      contents: `import './client/zod-setup.ts';\nexport * from 'zod/mini';\n`,
      resolveDir: process.cwd(),
      loader: 'ts',
    }));
  },
};

function assertNoServerCode(metafile: esbuild.Metafile): void {
  for (const [out, meta] of Object.entries(metafile.outputs)) {
    for (const input of Object.keys(meta.inputs)) {
      if (SERVER_ONLY.some((re) => re.test(input))) {
        throw new Error(`Build failed: ${input} is server-only but is bundled into ${relative(process.cwd(), out)}`);
      }
    }
  }
  for (const out of Object.values(metafile.outputs)) {
    for (const imp of out.imports) {
      if (imp.external && SERVER_ONLY.some((re) => re.test(imp.path))) throw new Error(`Build failed: an island imports ${imp.path}`);
    }
  }
}

/** The chunks an output imports statically, transitively: the files to modulepreload with it. */
function staticImports(out: string, outputs: esbuild.Metafile['outputs'], seen = new Set<string>()): string[] {
  for (const imp of outputs[out]?.imports ?? []) {
    if (imp.kind !== 'import-statement' || imp.external || seen.has(imp.path)) continue;
    seen.add(imp.path);
    staticImports(imp.path, outputs, seen);
  }
  return [...seen];
}

async function buildCss(outdir: string): Promise<string> {
  const tmpCss = join(outdir, 'styles.tmp.css');
  const proc = Bun.spawn(['node_modules/.bin/tailwindcss', '-i', 'static/styles.css', '-o', tmpCss, '--minify'], { stdout: 'pipe', stderr: 'pipe' });
  if ((await proc.exited) !== 0) throw new Error(`Tailwind failed: ${await new Response(proc.stderr).text()}`);
  const css = await readFile(tmpCss);
  const name = `styles-${createHash('sha256').update(css).digest('hex').slice(0, 10)}.css`;
  await rename(tmpCss, join(outdir, name));
  return name;
}

async function precompress(dir: string): Promise<void> {
  for (const file of await readdir(dir)) {
    if (!/\.(js|css)$/.test(file)) continue;
    const body = await readFile(join(dir, file));
    await writeFile(join(dir, `${file}.gz`), gzipSync(body, { level: 9 }));
    await writeFile(join(dir, `${file}.br`), brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
  }
}

/**
 * `bun run build:binary`: one executable with every static file and the prepared embedded database
 * embedded (dist/northline-digital). A generated entry imports each file `with { type: 'file' }`, which
 * embeds it untouched, and hands them to site/main.ts's main().
 */
export async function buildBinary(outfile = 'dist/northline-digital'): Promise<void> {
  await build();
  const files: string[] = [];
  for (const entry of await readdir('static', { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && !entry.name.endsWith('.ts') && !entry.name.endsWith('.css')) files.push(relative('static', join(entry.parentPath, entry.name)));
  }
  for (const entry of await readdir(BUILD_DIR)) if (entry.endsWith('.css')) files.push(`build/${entry}`);
  const imports = files.map((f, i) => `import f${i} from '../../static/${f}' with { type: 'file' };`).join('\n');
  const map = files.map((f, i) => `  ${JSON.stringify(f)}: f${i},`).join('\n');
  const entry = `${BUILD_DIR}/binary-entry.ts`;
  await writeFile(
    entry,
    `// Generated by build.ts --binary.\n${imports}\nimport preparedData from '../../${PREPARED_DATA_FILE}' with { type: 'file' };\nimport { main } from '../../site/main.ts';\n\nawait main({ preparedData, embeddedFiles: {\n${map}\n} });\n`,
  );
  await mkdir('dist', { recursive: true });
  // Bytecode spares the binary parsing its ~700 modules at every start (first 200 ~300 → ~150 ms here).
  const proc = Bun.spawn(['bun', 'build', '--compile', '--bytecode', '--format=esm', '--minify', '--sourcemap=none', entry, '--outfile', outfile], {
    stdout: 'inherit',
    stderr: 'inherit',
  });
  if ((await proc.exited) !== 0) throw new Error('bun build --compile failed');
  stdoutLog.info('built binary', { outfile, files: files.length });
}

if (import.meta.main) {
  if (process.argv.includes('--binary')) await buildBinary();
  else await build();
}
