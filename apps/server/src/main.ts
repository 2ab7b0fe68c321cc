import path from 'node:path';
import type { DemoDataState } from './modules/health/health.routes';
import { loadConfig } from './config';
import { openDatabase } from './platform/db/database';
import { integrationsConfig, readIntegrationsEnv } from './modules/integrations/config';
import { languageModelFromEnv } from './modules/assistant/language-model';

// `--role=api|worker|all` (or ROLE): what this process does when several share one database.
const roleArgument = process.argv.find((a) => a.startsWith('--role='))?.slice('--role='.length);
const config = loadConfig(roleArgument === undefined ? process.env : { ...process.env, ROLE: roleArgument });
const integrationsEnv = readIntegrationsEnv(process.env);
// INTEGRATIONS=fake: the local Xero, QuickBooks, DocuSign and SendGrid run in this process (the demo, and tests
// that ask). Loaded only then.
const fakes =
  integrationsEnv.INTEGRATIONS === 'fake'
    ? await import('./modules/integrations/fakes').then(({ startFakeIntegrations }) =>
        startFakeIntegrations(config.publicUrl, {
          retryDelaySeconds: integrationsEnv.INTEGRATIONS_RETRY_DELAY_SECONDS,
        }),
      )
    : undefined;
// Off unless LANGUAGE_MODEL_URL is set: the assistant and everything else then stay on this server.
const languageModel = languageModelFromEnv(process.env);
const integrations = fakes?.config ?? integrationsConfig(integrationsEnv, config.publicUrl);
// The database opens while the app's modules load: PGlite compiles its WebAssembly on V8's background
// threads and reads its files without this thread, which meanwhile loads and evaluates the app.
const opening = openDatabase(
  config.databaseUrl
    ? {
        kind: 'postgres',
        ownerUrl: config.databaseUrl,
        poolSize: config.dbPoolSize,
        preparedStatements: config.dbPreparedStatements,
        ...(config.appDatabaseUrl ? { appUrl: config.appDatabaseUrl } : {}),
        ...(config.appDbPassword ? { appPassword: config.appDbPassword } : {}),
        ...(config.appDatabaseSessionUrl ? { sessionUrl: config.appDatabaseSessionUrl } : {}),
        ...(config.databaseReadUrl ? { readUrl: config.databaseReadUrl } : {}),
      }
    : { kind: 'pglite', dataDir: path.join(config.dataDir, 'db') },
);
opening.catch(() => undefined); // Awaited below; a failure then stops the start.
const [{ buildApp }, { seed }, { seedIdentity }, { seedDemoWorlds }] = await Promise.all([
  import('./app'),
  import('./modules/tenancy/tenancy.service'),
  import('./modules/identity/identity.seed'),
  import('./modules/tenancy/demo-world'),
]);
const database = await opening;
// Servers starting together on an empty database seed it one after the other: the later ones find it done.
// The tenants and their accounts come before the server answers, so signing in works from its first answer.
await database.exclusive(async () => {
  await seed(database, { demo: config.seedDemo });
  await seedIdentity(database, {
    demo: config.seedDemo,
    adminPassword: config.adminPassword,
    log: (line) => console.log(line),
  });
});
// The demo's work in progress (people, sessions, cases, loans) is seeded once the server answers: on a first
// start it is most of the start's time. /api/health says `demo: seeding` until it is done (decision 0073).
let demoState: DemoDataState = config.seedDemo ? 'seeding' : 'none';
let demoSeeded: Promise<void> = Promise.resolve();
const { app, startBackground } = await buildApp({
  config,
  database,
  jobs: {
    run: config.jobs,
    // A server that answers HTTP starts its job workers once it listens; a worker has nothing to wait for.
    startLater: config.role !== 'worker',
    superviseIntervalSeconds: config.jobsSuperviseSeconds,
    mailRetryDelaySeconds: config.mailRetryDelaySeconds,
  },
  ...(integrations ? { integrations } : {}),
  ...(languageModel ? { languageModel } : {}),
  demoData: () => demoState,
  apiDescription: 'committed',
});
if (fakes) {
  app.addHook('onClose', () => fakes.close());
  const { imap } = fakes;
  console.log(
    `Demo request mailbox (IMAP, no TLS): ${imap.host}:${imap.port}, user ${imap.username}, password ${imap.password}`,
  );
}

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  // Stop taking requests, let in-flight ones finish, then close the database.
  const timer = setTimeout(() => process.exit(1), 10_000).unref();
  try {
    await app.close();
    await demoSeeded;
    await database.close();
  } finally {
    clearTimeout(timer);
    process.exit(0);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

if (config.role === 'worker') {
  // A worker answers no HTTP: it runs the job workers the app started, and the demo's seeding.
  await app.ready();
  app.log.info(`Casebook worker is running background jobs (${database.kind} database)`);
} else {
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Casebook is serving on ${config.publicUrl} (${database.kind} database, role ${config.role})`);
  // The job workers, relays and the document worker: after the server answers, not before.
  if (!closing) await startBackground();
}
if (demoState === 'seeding') {
  demoSeeded = database
    .exclusive(() => seedDemoWorlds(database, (line) => console.log(line)))
    .then(
      () => {
        demoState = 'ready';
      },
      (error: unknown) => {
        demoState = 'failed';
        app.log.error({ err: error }, 'the demo data stopped');
      },
    );
}
