// `bun run bench:js`: the JavaScript each route ships, in gzip bytes (the build's own .gz twins): with
// the page, and counting every island on it a visitor could wake. Writes bench/results/js-size.md. The
// 100 KB cap is held by tests/api/js-budget.test.ts; this only reports the figures.
import { pagePaths } from '../site/app.ts';
import { testApp } from '../tests/helpers/app.ts';
import { gzipBytes, routeJs } from '../tests/helpers/route-js.ts';

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const { request, deps } = await testApp();
const rows: string[] = [];
for (const path of pagePaths) {
  const { atLoad, all } = await routeJs(await (await request(path)).text(), deps.assets);
  rows.push(`| ${path} | ${kb(gzipBytes(atLoad))} | ${kb(gzipBytes(all))} |`);
}
const report = `# JavaScript per route (${new Date().toISOString().slice(0, 10)})

KB of gzip JS. "At load": the loader and any island that hydrates with the page. "Every island": that plus
each island on the page, its shared chunks and the code it loads when asked (islands hydrate in idle time
after load, or when touched).

| route | at load | every island |
| --- | ---: | ---: |
${rows.join('\n')}
`;
await Bun.write('bench/results/js-size.md', report);
console.log(report);
process.exit(0);
