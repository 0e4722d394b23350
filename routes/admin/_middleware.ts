import { databaseReady } from '../../server/middleware/database-ready.ts';

/** The whole back office reads the database (sign-in included): 503 while it is still opening at boot. */
export default databaseReady;
