import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { uuidv7 } from '@casebook/domain';
import { newTenant, onPostgres, openOwnTestDatabase } from '../../../test/harness';
import { startSmtpServer, waitFor } from '../../../test/smtp';
import { openDatabase, sqlRows, type Database } from '../db/database';
import { mailOutbox } from '../../modules/correspondence/correspondence.schema';
import { enqueueMail } from '../../modules/correspondence/outbox';

const MAIN = fileURLToPath(new URL('../../main.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../../../..', import.meta.url));

const children: ChildProcess[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

/** Starts the real server process (main.ts) on the given database with job workers on. */
function startServer(env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      ADMIN_PASSWORD: 'Restart!2026pass',
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent',
      JOBS_SUPERVISE_SECONDS: '2',
      MAIL_RETRY_DELAY_SECONDS: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  child.on('exit', (code, signal) => {
    if (code && signal !== 'SIGKILL') console.error(`server exited ${code}\n${output.slice(-4000)}`);
  });
  children.push(child);
  return child;
}

async function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise((resolve) => child.once('exit', resolve));
}

// Many seconds of two server starts: run in one database pass only (apps/server/test/suites.ts).
describe('a job interrupted by killing the server', { tags: ['resilience'] }, () => {
  it('is completed after a restart, and its effect happens exactly once', { timeout: 180_000 }, async () => {
    // The first delivery is held unanswered: the server is killed while the job is in the middle of it.
    const smtp = await startSmtpServer({ holdAttempt: (n) => n === 1 });
    cleanups.push(() => smtp.close());

    let env: Record<string, string>;
    let reopen: () => Promise<Database>;
    let db: Database;
    if (onPostgres) {
      const own = await openOwnTestDatabase();
      cleanups.push(() => own.close());
      db = own;
      env = { DATABASE_URL: own.url! };
      reopen = async () => own;
    } else {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'casebook-restart-'));
      cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
      db = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
      env = { DATA_DIR: dataDir };
      reopen = () => openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db'), migrate: false });
    }
    const tenantId = await newTenant(db);
    const id = await db.withTenant(tenantId, (tx) =>
      enqueueMail(tx, tenantId, { to: 'once@example.test', subject: `Exactly once ${uuidv7()}`, html: '<p>Once</p>' }),
    );
    if (!onPostgres) await db.close(); // the embedded database has one user at a time: the server

    const first = startServer({ ...env, SMTP_URL: smtp.url });
    await waitFor('the first server to start sending', () => smtp.held() === 1, 120_000);
    first.kill('SIGKILL');
    await exited(first);
    expect(smtp.messages).toHaveLength(0);

    const restartedAt = Date.now();
    const second = startServer({ ...env, SMTP_URL: smtp.url });
    await waitFor('the message to be delivered after the restart', () => smtp.messages.length > 0, 120_000);
    console.log(`delivered ${Math.round((Date.now() - restartedAt) / 1000)} s after the restart`);
    second.kill('SIGTERM');
    await exited(second);

    db = await reopen();
    if (!onPostgres) cleanups.push(() => db.close());
    expect(smtp.messages).toHaveLength(1);
    expect(smtp.messages[0]?.messageId).toBe(`<${id}@casebook>`);
    const [row] = await db.withTenant(tenantId, (tx) =>
      tx
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.tenantId, tenantId), eq(mailOutbox.id, id))),
    );
    expect(row?.state).toBe('Sent');
    expect(row?.attempts).toBe(2);
    const jobs = await db.withSystem((tx) =>
      sqlRows<{ state: string; retry_count: number }>(
        tx,
        sql`select state, retry_count from pgboss.job where name = 'mail-send' and id = ${id}::uuid`,
      ),
    );
    expect(jobs).toEqual([{ state: 'completed', retry_count: 1 }]);
  });
});
