/**
 * The background-jobs benchmark: no-op jobs per second through pg-boss, and e-mails per second from
 * the outbox through the mail-send job to a local SMTP server, on the embedded database (PGlite) and
 * on PostgreSQL.
 *
 *   npm run bench -- --only jobs        (or: node --import tsx bench/jobs.ts)
 */
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { uuidv7 } from '@casebook/domain';
import { openDatabase, type Database } from '../apps/server/src/platform/db/database';
import { Jobs } from '../apps/server/src/platform/jobs/jobs';
import { createMailer } from '../apps/server/src/platform/mail/mailer';
import { defineMailJobs, enqueueMail, MailRelay } from '../apps/server/src/modules/correspondence/outbox';
import { createTenant } from '../apps/server/src/modules/tenancy/tenancy.service';
import { DEFAULT_BENCH_DATABASE_URL, DEFAULT_SETTINGS, type Benchmark, type BenchSettings } from './lib/benchmark';
import { isMain, redactUrl, runMain } from './lib/cli';
import { ensureDatabase } from './lib/pg-admin';
import { cpuPerRequest, startCpuMeter, type CpuSpent } from './lib/cpu';
import { fixed, table, whole } from './lib/stats';
import { printTarget, type TargetGoal } from './lib/targets';

const NOOP_JOBS = 5_000;
/** Jobs of the no-op queue running at a time, and claimed per fetch in the batched run. */
const NOOP_CONCURRENCY = 8;
const NOOP_BATCH = 64;
const MAILS = 100;

const NOOP_TARGET: TargetGoal = {
  name: 'jobs: no-op jobs a second on PostgreSQL (eight at a time, 64 a fetch)',
  unit: 'jobs/s',
  goal: 2_000,
  better: 'higher',
};

async function until(check: () => Promise<boolean>, timeoutMs: number, everyMs = 200): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('benchmark timed out');
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

async function completed(database: Database, queue: string): Promise<number> {
  const rows = (await database.app.execute(
    `select count(*)::int as n from pgboss.job where name = '${queue}' and state = 'completed'` as never,
  )) as unknown as { rows: { n: number }[] };
  return rows.rows[0]!.n;
}

type NoopRun = { jobsPerSecond: number; cpu: CpuSpent };

/**
 * NOOP_JOBS queued no-op jobs run NOOP_CONCURRENCY at a time, `batchSize` claimed per fetch; the time
 * from starting the worker until the last job's completion is recorded, and the CPU spent meanwhile by
 * this process and by the database's backends (on PostgreSQL on this machine).
 */
async function noopJobs(database: Database, batchSize: number, databaseUrl: string | null): Promise<NoopRun> {
  const queue = `bench-noop-${uuidv7().slice(-8)}`;
  const jobs = new Jobs(database, { pollingIntervalSeconds: 0.5 });
  let ran = 0;
  let allRan!: () => void;
  const ranAll = new Promise<void>((resolve) => (allRan = resolve));
  jobs.define(
    queue,
    {
      retryLimit: 0,
      retryDelay: 0,
      retryBackoff: false,
      expireInSeconds: 60,
      concurrency: NOOP_CONCURRENCY,
      batchSize,
    },
    async () => {
      ran += 1;
      if (ran === NOOP_JOBS) allRan();
    },
  );
  await jobs.install();
  for (let i = 0; i < NOOP_JOBS; i += 1_000) {
    await jobs.boss.insert(
      queue,
      Array.from({ length: Math.min(1_000, NOOP_JOBS - i) }, () => ({
        data: { tenantId: '00000000-0000-0000-0000-000000000000' },
      })),
    );
  }
  const meter = databaseUrl ? await startCpuMeter(databaseUrl) : null;
  const appCpu = process.cpuUsage();
  const started = performance.now();
  await jobs.start();
  // Every handler has run; the last batch's completion is the end (looked for only from here on, so
  // the count does not cost the database CPU while the jobs run).
  await ranAll;
  await until(async () => (await completed(database, queue)) >= NOOP_JOBS, 600_000, 5);
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(appCpu);
  const cpu = meter ? await meter.stop() : { appMs: (used.user + used.system) / 1000, databaseMs: null };
  await jobs.stop();
  return { jobsPerSecond: NOOP_JOBS / seconds, cpu };
}

async function mailsPerSecond(database: Database, smtpUrl: string): Promise<number> {
  const tenantId = await createTenant(database, {
    name: `bench-mail-${uuidv7()}`,
    editionName: 'MLP',
    referenceData: false,
  });
  for (let i = 0; i < MAILS; i += 50) {
    await database.withTenant(tenantId, async (tx) => {
      for (let j = i; j < Math.min(MAILS, i + 50); j += 1) {
        await enqueueMail(tx, tenantId, {
          to: `claimant${j}@example.test`,
          subject: `Appointment confirmation ${j}`,
          html: `<p>Dear claimant ${j}, your appointment is confirmed.</p>`,
          templateKey: 'IME_APPOINTMENT_CONFIRMATION_CLIENT',
        });
      }
    });
  }
  const jobs = new Jobs(database, { pollingIntervalSeconds: 0.5 });
  defineMailJobs(jobs, database, createMailer({ smtpUrl, dataDir: os.tmpdir(), from: 'bench@casebook.test' }));
  const relay = new MailRelay(database, jobs, 200);
  const started = performance.now();
  await jobs.start();
  relay.start();
  await until(async () => {
    const rows = await database.withTenant(tenantId, (tx) =>
      tx.execute(`select count(*)::int as n from mail_outbox where state = 'Sent'` as never),
    );
    return (rows as unknown as { rows: { n: number }[] }).rows[0]!.n >= MAILS;
  }, 600_000);
  const seconds = (performance.now() - started) / 1000;
  relay.stop();
  await jobs.stop();
  return MAILS / seconds;
}

async function startSmtp(): Promise<{ url: string; received: () => number; close: () => Promise<void> }> {
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        received += 1;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received: () => received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export const jobsBenchmark: Benchmark = {
  name: 'jobs',
  summary: `no-op jobs/s (${NOOP_JOBS} jobs, ${NOOP_CONCURRENCY} at a time, ${NOOP_CONCURRENCY} and ${NOOP_BATCH} a fetch) with CPU per job, and e-mails/s to a local SMTP server (${MAILS} e-mails), PGlite and PostgreSQL`,
  targets: [NOOP_TARGET],
  async run(settings: BenchSettings, log, target) {
    log(
      `machine: ${os.cpus().length} cores, load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    const smtp = await startSmtp();
    const rows: string[][] = [];
    try {
      await ensureDatabase(settings.databaseUrl);
      const databases: { name: string; postgres: boolean; open: () => Promise<Database> }[] = [
        ...(process.env.BENCH_SKIP_PGLITE
          ? []
          : [{ name: 'PGlite (in memory)', postgres: false, open: () => openDatabase({ kind: 'pglite' }) }]),
        {
          name: `PostgreSQL ${redactUrl(settings.databaseUrl)}`,
          postgres: true,
          open: () => openDatabase({ kind: 'postgres', ownerUrl: settings.databaseUrl, poolSize: 20 }),
        },
      ];
      for (const db of databases) {
        log(`opening ${db.name}`);
        const database = await db.open();
        try {
          const cells: string[] = [];
          for (const batchSize of [NOOP_CONCURRENCY, NOOP_BATCH]) {
            const run = await noopJobs(database, batchSize, db.postgres ? settings.databaseUrl : null);
            const [app, dbCpu] = cpuPerRequest(run.cpu, NOOP_JOBS);
            log(
              `  no-op, eight at a time, ${batchSize} a fetch: ${whole(run.jobsPerSecond)} jobs/s, CPU per job: app ${app} ms, database ${dbCpu} ms (load average ${os
                .loadavg()
                .map((l) => l.toFixed(1))
                .join(' ')})`,
            );
            if (db.postgres && batchSize === NOOP_BATCH) target({ ...NOOP_TARGET, figure: run.jobsPerSecond });
            cells.push(whole(run.jobsPerSecond), `${app} + ${dbCpu}`);
          }
          const mails = await mailsPerSecond(database, smtp.url);
          log(`  e-mails: ${fixed(mails)} /s`);
          rows.push([db.name, ...cells, fixed(mails)]);
        } finally {
          await database.close();
        }
      }
    } finally {
      await smtp.close();
    }
    const headings = [
      'database',
      `no-op jobs/s (${NOOP_CONCURRENCY} a fetch)`,
      'CPU ms/job (app + db)',
      `no-op jobs/s (${NOOP_BATCH} a fetch)`,
      'CPU ms/job (app + db)',
      'e-mails/s (SMTP, 4 at a time)',
    ];
    for (const line of table(headings, rows)) {
      log(line);
    }
    log(`smtp messages received: ${smtp.received()}`);
    log(
      `load average after: ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
  },
};

if (isMain(import.meta.url)) {
  runMain(async () => {
    const started = Date.now();
    await jobsBenchmark.run(
      { databaseUrl: process.env.DATABASE_URL ?? DEFAULT_BENCH_DATABASE_URL, ...DEFAULT_SETTINGS },
      (line) => console.log(line),
      printTarget,
    );
    console.log(`done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  });
}
