import { config } from 'zod/v4/core';

// Zod compiles object parsers with `new Function` unless told not to, and probes for it when a schema
// is built. The site's CSP forbids eval in the browser, where the probe is reported as a violation.
// Every schema module imports this file first, so the setting is in place before any schema exists.
config({ jitless: true });
