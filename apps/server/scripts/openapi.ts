import { buildApp } from '../src/app';
import { openDatabase } from '../src/platform/db/database';

export const OPENAPI_FILE = new URL('../openapi.json', import.meta.url);

/** The OpenAPI document as the running server describes itself, serialised stably (one space a level: a
 * key per line for readable diffs, a quarter smaller than with two). */
export async function generateOpenApi(): Promise<string> {
  const database = await openDatabase({ kind: 'pglite' });
  try {
    const { app } = await buildApp({
      config: {
        publicUrl: 'http://localhost:3000',
        bodyLimitBytes: 1024 * 1024,
        webDist: '/nonexistent',
        logLevel: 'silent',
      },
      database,
      logger: false,
    });
    await app.ready();
    const doc = JSON.stringify(app.swagger(), null, 1) + '\n';
    await app.close();
    return doc;
  } finally {
    await database.close();
  }
}
