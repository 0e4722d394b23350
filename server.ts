// `bun server.ts` (what `bun start` runs) starts the site: site/main.ts, once the route list
// (site/routes.generated.ts) matches the files in routes/, so a page just added is served.
import { writeRouteList } from './site/route-list.ts';

if (import.meta.main) {
  await writeRouteList();
  const { main } = await import('./site/main.ts');
  await main();
}
