import postgres from 'postgres';

/**
 * A fresh, empty database `name` on the PostgreSQL server at `adminUrl`, for one benchmark: its URL,
 * and `drop` to remove it afterwards (a failure to drop is reported, not thrown).
 */
export async function scratchPostgresDatabase(adminUrl: string, name: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = () => postgres(adminUrl, { max: 1, connect_timeout: 3, onnotice: () => {} });
  const dropWith = async (sql: postgres.Sql) => sql.unsafe(`drop database if exists ${name} with (force)`);
  const setup = admin();
  try {
    await dropWith(setup);
    await setup.unsafe(`create database ${name}`);
  } finally {
    await setup.end({ timeout: 5 });
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const sql = admin();
      await dropWith(sql).catch((e) => console.error(`could not drop ${name}: ${e}`));
      await sql.end({ timeout: 5 });
    },
  };
}
