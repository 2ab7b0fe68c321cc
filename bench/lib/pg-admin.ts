import pg from 'pg';

/**
 * Creates the database named in the URL when it does not exist, by connecting to the server's
 * `postgres` maintenance database with the same credentials. Returns true when it was created.
 */
export async function ensureDatabase(databaseUrl: string): Promise<boolean> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (!name) throw new Error(`the database URL names no database: ${url.origin}`);
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount) return false;
    const quoted = `"${name.replaceAll('"', '""')}"`;
    try {
      await admin.query(`create database ${quoted}`);
    } catch (error) {
      // Another process created it in the meantime: that is what we wanted.
      if ((error as { code?: string }).code !== '42P04') throw error;
      return false;
    }
    return true;
  } finally {
    await admin.end();
  }
}
