// `bun run worker` (WORKER=off on the web processes) delivers lead notifications: server/main.ts.
import { workerMain } from './server/main.ts';

if (import.meta.main) await workerMain();
