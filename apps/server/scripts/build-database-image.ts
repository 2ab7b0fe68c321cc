// npm run build: makes the embedded database's migrated image (if the migrations changed since it was
// last made), so that the first start of a new data directory loads it instead of migrating.
import { APP_ROLE, MIGRATIONS_FOLDER, PGLITE_EXTENSIONS } from '../src/platform/db/database';
import { databaseImageFile } from '../src/platform/db/image';

const started = performance.now();
const file = await databaseImageFile({
  migrationsFolder: MIGRATIONS_FOLDER,
  extensions: PGLITE_EXTENSIONS,
  appRole: APP_ROLE,
});
console.log(`database image: ${file} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
