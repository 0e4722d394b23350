// `bun run worker` (WORKER=off on the web processes) delivers lead notifications: site/main.ts.
import { workerMain } from './site/main.ts';

if (import.meta.main) await workerMain();
