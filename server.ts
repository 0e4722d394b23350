// `bun server.ts` (what `bun start` runs) starts the site: server/main.ts.
import { main } from './server/main.ts';

if (import.meta.main) await main();
