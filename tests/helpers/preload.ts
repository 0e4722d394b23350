import { ensureTemplate } from './template-db.ts';

// Runs once before the test files: without DATABASE_URL, prepare the PGlite template.
if (!process.env.DATABASE_URL) await ensureTemplate();
