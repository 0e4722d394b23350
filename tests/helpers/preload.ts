import { setDefaultTimeout } from 'bun:test';
import { ensureTemplate } from './template-db.ts';

// bunfig.toml's `[test] timeout` is not applied by this Bun (tests still stop at 5 s), so the default
// is set here, where it reaches every test file: browser tests on a busy machine need more than 5 s.
setDefaultTimeout(60_000);

// Runs once before the test files: without DATABASE_URL, prepare the PGlite template.
if (!process.env.DATABASE_URL) await ensureTemplate();
