import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { inArray, sql } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { REALTIME_PATH, uuidv7, type ActivityLog, type NotificationDto } from '@casebook/domain';
import { createTestUser, newTenant, onPostgres, openOwnTestDatabase } from '../../../test/harness';
import { startLoadBalancer } from '../../../test/load-balancer';
import { freePort, startPgBouncer } from '../../../test/postgres-processes';
import { startSmtpServer, waitFor } from '../../../test/smtp';
import { loadSigningKey } from '../auth/signing-keys';
import { createTokenService } from '../auth/tokens';
import { UserDirectory } from '../../modules/identity/user-directory';
import { enqueueMail } from '../../modules/correspondence/outbox';
import { clients } from '../../modules/people/people.schema';
import { APP_ROLE, deriveAppUrl, sqlRows } from './database';

const MAIN = fileURLToPath(new URL('../../main.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../../../..', import.meta.url));
const PUBLIC_URL = 'http://casebook.scale-out.test';

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => undefined);
});

type Node = { name: string; port: number; child: ChildProcess };

/** Starts main.ts with `--role`, and waits for its health answer (a worker has none: its log line). */
async function startNode(name: string, role: 'api' | 'worker' | 'all', env: Record<string, string>): Promise<Node> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN, `--role=${role}`], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL,
      SEED_DEMO: 'false',
      ADMIN_PASSWORD: 'ScaleOut!2026pass',
      LOG_LEVEL: 'info',
      WEB_DIST: '/nonexistent',
      JOBS_SUPERVISE_SECONDS: '2',
      MAIL_RETRY_DELAY_SECONDS: '1',
      DB_POOL_SIZE: '8',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (d: Buffer) => (output = (output + d.toString()).slice(-8000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  cleanups.push(() => void child.kill('SIGKILL'));
  await waitFor(
    `${name} (--role=${role}) to start`,
    () => {
      if (child.exitCode !== null) throw new Error(`${name} exited (${child.exitCode}):\n${output}`);
      if (role === 'worker') return output.includes('worker is running background jobs');
      return fetch(`http://127.0.0.1:${port}/api/health`)
        .then((r) => r.ok)
        .catch(() => false);
    },
    120_000,
  );
  return { name, port, child };
}

async function socketTo(
  url: string,
  token: string,
): Promise<{ socket: Socket; messages: NotificationDto[]; logs: ActivityLog[] }> {
  const socket = connect(url, { path: REALTIME_PATH, auth: { token }, transports: ['websocket'], reconnection: false });
  const messages: NotificationDto[] = [];
  const logs: ActivityLog[] = [];
  socket.on('ReceiveMessage', (n: NotificationDto) => messages.push(n));
  socket.on('ReceiveActivityLog', (l: ActivityLog) => logs.push(l));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  cleanups.push(() => void socket.close());
  return { socket, messages, logs };
}

// Seconds of three server starts, PgBouncer and a write load: the PostgreSQL pass only (suites.ts).
describe.skipIf(!onPostgres)('three servers on one PostgreSQL through PgBouncer', { tags: ['resilience'] }, () => {
  it(
    'share presence, notifications and jobs; a kill -9 of one under writes loses no acknowledged write',
    { timeout: 300_000 },
    async () => {
      const db = await openOwnTestDatabase();
      cleanups.push(() => db.close());
      const databaseName = new URL(db.url!).pathname.slice(1);
      const bouncer = await startPgBouncer({ port: 5432, database: databaseName, users: [APP_ROLE] });
      cleanups.push(() => bouncer.stop());
      const smtp = await startSmtpServer();
      cleanups.push(() => smtp.close());

      // Requests go through PgBouncer in transaction mode; job workers and LISTEN hold a session, so
      // they reach PostgreSQL itself (docs/scale-out.md).
      const env = {
        DATABASE_URL: db.url!,
        APP_DATABASE_URL: bouncer.url(APP_ROLE),
        // Debian's PgBouncer (1.18) does not carry prepared statements across its server connections.
        DATABASE_PREPARED_STATEMENTS: 'false',
        APP_DATABASE_SESSION_URL: deriveAppUrl(db.url!),
        SMTP_URL: smtp.url,
      };
      // One after the other: the first sets up the empty database.
      const a = await startNode('node A', 'all', env);
      const b = await startNode('node B', 'api', env);
      const c = await startNode('node C', 'api', env);
      const worker = await startNode('worker', 'worker', env);
      const balancer = await startLoadBalancer([a.port, b.port, c.port]);
      cleanups.push(() => balancer.close());

      const directory = new UserDirectory(db);
      const tokens = await createTokenService(await loadSigningKey(db), PUBLIC_URL, {
        securityStampOf: (tenant, user) => directory.securityStamp(tenant, user),
      });
      const tenantId = await newTenant(db, { features: { RealtimeNotification: 'True' } });
      const tokenFor = async (roles: ['STAFF'] | ['CASE_MANAGER'], userName: string) => {
        const { userId } = await createTestUser(db, tenantId, roles);
        return {
          userId,
          token: await tokens.issue({ userId, tenantId, roles, userName, impersonatorUserId: null }),
        };
      };
      const staff = await tokenFor(['STAFF'], 'Sam Staff');
      const other = await tokenFor(['STAFF'], 'Olive Other');
      const cm = await tokenFor(['CASE_MANAGER'], 'Cara Manager');
      const call = async (base: string, path: string, body: unknown) => {
        const res = await fetch(`${base}${path}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${staff.token}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        return { status: res.status, json: (await res.json().catch(() => undefined)) as { id?: string } | undefined };
      };

      // A notification posted to node A reaches its recipient connected to node C.
      const onC = await socketTo(`http://127.0.0.1:${c.port}`, cm.token);
      const posted = await call(`http://127.0.0.1:${a.port}`, '/api/app/notifications/inApp', {
        recipientId: cm.userId,
        title: 'Across servers',
        content: 'x',
      });
      expect(posted.status).toBe(200);
      await waitFor('the push to reach node C', () => onC.messages.find((m) => m.title === 'Across servers'));

      // Presence: a user viewing a claimant on node A sees another viewing it on node C.
      const claimant = await call(`http://127.0.0.1:${a.port}`, '/api/app/clients', {
        firstName: 'Jordan',
        lastName: 'Ellis',
        dateOfBirth: '1984-06-12',
        gender: 'NON_BINARY',
      });
      expect(claimant.status).toBe(200);
      const viewerA = await socketTo(`http://127.0.0.1:${a.port}`, staff.token);
      const viewerC = await socketTo(`http://127.0.0.1:${c.port}`, other.token);
      const view = { FromModule: 'clients', ObjectId: claimant.json!.id, ActivityType: 'ITEM_VIEWING' };
      await viewerA.socket.emitWithAck('AddActivityLog', view);
      await viewerC.socket.emitWithAck('AddActivityLog', view);
      await waitFor('node A to hear of the viewer on node C', () =>
        viewerA.logs.find((l) => l.userName === 'Olive Other'),
      );

      // Thirty e-mails for two job runners (node A and the worker): each is sent exactly once.
      const mailIds: string[] = [];
      for (let i = 0; i < 30; i++) {
        mailIds.push(
          await db.withTenant(tenantId, (tx) =>
            enqueueMail(tx, tenantId, { to: `m${i}@example.test`, subject: `Once ${i}`, html: '<p>Once</p>' }),
          ),
        );
      }

      // A steady write load through the balancer; node B is killed in the middle of it.
      const acknowledged: { id: string; afterKill: boolean }[] = [];
      let failed = 0;
      let killed = false;
      let stop = false;
      const writer = async (w: number) => {
        for (let n = 0; !stop; n++) {
          const res = await call(balancer.url, '/api/app/clients', {
            firstName: `Writer${w}`,
            lastName: `Load ${n} ${uuidv7().slice(-6)}`,
            dateOfBirth: '1980-01-01',
            gender: 'FEMALE',
          }).catch(() => ({ status: 0, json: undefined }));
          if (res.status === 200 && res.json?.id) acknowledged.push({ id: res.json.id, afterKill: killed });
          else failed += 1;
        }
      };
      const writers = Array.from({ length: 6 }, (_, w) => writer(w));
      // At least four seconds and more than twenty acknowledged writes on each side of the kill: on a busy
      // machine twenty writes may take longer than the four seconds.
      await new Promise((r) => setTimeout(r, 4000));
      await waitFor('twenty writes acknowledged before the kill', () => acknowledged.length > 20, 60_000);
      b.child.kill('SIGKILL');
      killed = true;
      const killedAt = Date.now();
      await new Promise((r) => setTimeout(r, 6000));
      await waitFor(
        'twenty writes acknowledged after the kill',
        () => acknowledged.filter((w) => w.afterKill).length > 20,
        60_000,
      );
      stop = true;
      await Promise.all(writers);

      const before = acknowledged.filter((w) => !w.afterKill).length;
      const after = acknowledged.length - before;
      const stored = await db.withTenant(tenantId, (tx) =>
        tx
          .select({ id: clients.id })
          .from(clients)
          .where(
            inArray(
              clients.id,
              acknowledged.map((w) => w.id),
            ),
          ),
      );
      console.log(
        `writes acknowledged: ${acknowledged.length} (${before} before the kill -9 of node B, ${after} in the ` +
          `${Math.round((Date.now() - killedAt) / 1000)} s after it); not acknowledged: ${failed}; ` +
          `acknowledged and stored: ${stored.length}; answered per node: ` +
          [...balancer.answered].map(([port, n]) => `${[a, b, c].find((x) => x.port === port)!.name} ${n}`).join(', '),
      );
      expect(before).toBeGreaterThan(20);
      expect(after).toBeGreaterThan(20);
      expect(stored).toHaveLength(acknowledged.length);

      await waitFor('all thirty e-mails to be sent', () => smtp.messages.length >= 30, 60_000);
      await new Promise((r) => setTimeout(r, 2000)); // a second copy would arrive by now
      const sent = smtp.messages.map((m) => m.messageId).sort();
      expect(sent).toEqual(mailIds.map((id) => `<${id}@casebook>`).sort());
      const runners = await db.withSystem((tx) =>
        sqlRows<{ n: number }>(
          tx,
          sql`select count(*)::int as n from pgboss.job where name = 'mail-send' and state = 'completed'`,
        ),
      );
      console.log(`e-mails sent: ${sent.length} of 30, each once; completed mail jobs: ${runners[0]!.n}`);
      worker.child.kill('SIGTERM');
    },
  );
});
