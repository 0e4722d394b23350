import { writeRouteList } from '../site/route-list.ts';

// `bun test` (bunfig.toml) runs this first: a page just added to routes/ is routed in the tests too.
await writeRouteList();
