import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './server';

/** Where test runs leave results; CI points TEST_RESULTS_DIR at a folder per database. */
export function resultsDir(): string {
  return path.resolve(REPO_ROOT, process.env.TEST_RESULTS_DIR ?? '.test-results');
}

/** A path for an e2e artifact (screenshot, trace), with its folder created. */
export function artifactPath(name: string): string {
  const file = path.join(resultsDir(), 'e2e', name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  return file;
}
