import { afterAll } from 'vitest';
import { closeLeftovers } from './open-resources';

// Runs after the file's own afterAll hooks: an app or database it left open is closed here, so it does
// not keep working under the next file of the same process.
afterAll(async () => {
  await closeLeftovers();
});
