import { type IslandName, islandNames } from '../../client/islands/registry.ts';
import type { Assets } from '../../lib/pages/assets.ts';

/** The gzip size of built files named by their /static/… URLs (the build's own .gz twins). */
export const gzipBytes = (files: Iterable<string>): number => {
  let total = 0;
  for (const file of files) total += Bun.file(`static${file.slice('/static'.length)}.gz`).size;
  return total;
};

/** The files with every chunk they import, statically or when asked (`import("./chunk-….js")`), read from the build. */
async function withImports(files: Iterable<string>): Promise<Set<string>> {
  const found = new Set<string>();
  const pending = [...files];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (found.has(file)) continue;
    found.add(file);
    const code = await Bun.file(`static${file.slice('/static'.length)}`).text();
    for (const m of code.matchAll(/(?:from|import\()\s*"\.\/([\w-]+\.js)"/g)) pending.push(`/static/build/${m[1]}`);
  }
  return found;
}

/** The islands a page places (its `data-island` names), each checked against client/islands/registry.ts. */
export function islandsOn(html: string): IslandName[] {
  return [...html.matchAll(/data-island="([^"]+)"/g)].map(([, name]) => {
    if (!islandNames.includes(name as IslandName)) throw new Error(`The page places an island client/islands/registry.ts does not list: ${name}`);
    return name as IslandName;
  });
}

/**
 * The JavaScript a page ships, from its HTML: what loads with it (module scripts and preloads) and, on
 * top, every island on it a visitor could wake, with every chunk those import, at once or when asked
 * (such as the blog's story generator). Used by the JS budget test and `bun run bench:js`.
 */
export async function routeJs(html: string, assets: Assets): Promise<{ atLoad: Set<string>; all: Set<string> }> {
  const atLoad = new Set<string>();
  for (const m of html.matchAll(/<script type="module" src="([^"]+)"/g)) atLoad.add(m[1]);
  for (const m of html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)) atLoad.add(m[1]);
  const islands = new Set(atLoad);
  for (const name of islandsOn(html)) {
    const island = assets.islands[name];
    if (!island) throw new Error(`Island ${name} is missing from the build manifest; run bun run build`);
    islands.add(island.file);
    for (const chunk of island.imports) islands.add(chunk);
  }
  return { atLoad, all: await withImports(islands) };
}
