import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { REPO_ROOT, startServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    databaseKind: 'pglite' | 'postgres';
    /** The server's DATA_DIR; without SMTP_URL its emails land in DATA_DIR/mail as .eml files. */
    dataDir: string;
  }
}

/**
 * One server for the whole e2e run: a fresh database costs seconds, and the tests isolate themselves
 * by what they create, not by separate servers.
 */
export default async function setup(project: TestProject) {
  const indexHtml = path.join(REPO_ROOT, 'apps/web/dist/index.html');
  if (!fs.existsSync(indexHtml)) {
    throw new Error('The web app is not built; run `npm run build -w apps/web` (npm run test:e2e does it).');
  }
  // The first start on an empty embedded database takes about 15 s alone, and took 93 s on a two-core
  // machine busy with other test runs (load 25), and 110 s in a CI run at load 13: wait up to 300 s.
  const server = await startServer({ startTimeoutMs: 300_000 });
  project.provide('baseUrl', server.baseUrl);
  project.provide('databaseKind', server.databaseKind);
  project.provide('dataDir', server.dataDir);
  return () => server.stop();
}
