import { config } from 'zod/v4/core';

// Zod compiles object parsers with `new Function` unless told not to, and probes for it when a schema
// is built. The site's CSP forbids eval in the browser, where the probe is reported as a violation.
// build.ts runs this before zod in every island bundle that uses zod (see zodBrowserSetup there), so
// the setting is in place before any schema is built. The server may compile its parsers.
config({ jitless: true });
