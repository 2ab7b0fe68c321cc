import path from 'node:path';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './platform/db/database';
import { seed } from './modules/tenancy/tenancy.service';
import { seedIdentity } from './modules/identity/identity.seed';
import { seedDemoWorlds } from './modules/tenancy/demo-world';

const config = loadConfig();
const database = await openDatabase(
  config.databaseUrl
    ? {
        kind: 'postgres',
        ownerUrl: config.databaseUrl,
        poolSize: config.dbPoolSize,
        ...(config.appDatabaseUrl ? { appUrl: config.appDatabaseUrl } : {}),
        ...(config.appDbPassword ? { appPassword: config.appDbPassword } : {}),
      }
    : { kind: 'pglite', dataDir: path.join(config.dataDir, 'db') },
);
// Servers starting together on an empty database seed it one after the other: the later ones find it done.
await database.exclusive(async () => {
  await seed(database, { demo: config.seedDemo });
  await seedIdentity(database, {
    demo: config.seedDemo,
    adminPassword: config.adminPassword,
    log: (line) => console.log(line),
  });
  if (config.seedDemo) await seedDemoWorlds(database, (line) => console.log(line));
});
const { app } = await buildApp({
  config,
  database,
  jobs: {
    run: config.jobs,
    superviseIntervalSeconds: config.jobsSuperviseSeconds,
    mailRetryDelaySeconds: config.mailRetryDelaySeconds,
  },
});

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  // Stop taking requests, let in-flight ones finish, then close the database.
  const timer = setTimeout(() => process.exit(1), 10_000).unref();
  try {
    await app.close();
    await database.close();
  } finally {
    clearTimeout(timer);
    process.exit(0);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.port, host: config.host });
app.log.info(`Casebook is serving on ${config.publicUrl} (${database.kind} database)`);
