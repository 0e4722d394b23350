import { databaseReady } from '../../../server/middleware/database-ready.ts';

/** Every results link reads the database: 503 while it is still opening at boot. */
export default databaseReady;
