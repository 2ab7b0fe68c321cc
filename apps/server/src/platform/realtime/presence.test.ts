import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { REALTIME_PATH, type ActivityLog, type NotificationDto } from '@casebook/domain';
import {
  callerFor,
  createTestApp,
  createTestUser,
  newTenant,
  onPostgres,
  openOwnTestDatabase,
} from '../../../test/harness';
import { waitFor } from '../../../test/smtp';
import { loadSigningKey } from '../auth/signing-keys';
import { createTokenService } from '../auth/tokens';
import { UserDirectory } from '../../modules/identity/user-directory';

const MAIN = fileURLToPath(new URL('../../main.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../../../..', import.meta.url));

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => undefined);
});

type Client = { socket: Socket; logs: ActivityLog[]; messages: NotificationDto[] };

async function client(url: string, token: string): Promise<Client> {
  const socket = connect(url, { path: REALTIME_PATH, auth: { token }, transports: ['websocket'], reconnection: false });
  const c: Client = { socket, logs: [], messages: [] };
  socket.on('ReceiveActivityLog', (log: ActivityLog) => c.logs.push(log));
  socket.on('ReceiveMessage', (n: NotificationDto) => c.messages.push(n));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  cleanups.push(() => void socket.close());
  return c;
}

// Presence is kept on claimants' records (any record with a detail call would do).
const MODULE = 'clients';
const view = (c: Client, objectId: string, ActivityType: 'ITEM_VIEWING' | 'ITEM_DETAIL_CLOSED' = 'ITEM_VIEWING') =>
  c.socket.emitWithAck('AddActivityLog', { FromModule: MODULE, ObjectId: objectId, ActivityType });
const viewers = (c: Client, objectId: string) =>
  c.socket.emitWithAck('GetActivityLogs', { FromModule: MODULE, ObjectId: objectId }) as Promise<ActivityLog[]>;
const CLAIMANT = { firstName: 'Jordan', lastName: 'Ellis', dateOfBirth: '1984-06-12', gender: 'NON_BINARY' };

async function claimant(post: (url: string, body: unknown) => Promise<{ statusCode: number; json(): unknown }>) {
  const res = await post(`/api/app/${MODULE}`, CLAIMANT);
  expect(res.statusCode).toBe(200);
  return (res.json() as { id: string }).id;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('real-time presence', () => {
  it('shows each viewer to the other, merges duplicates, and says when one closes', async () => {
    const t = await createTestApp();
    cleanups.push(() => t.close());
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(t.app.server.address() as net.AddressInfo).port}`;
    const tenantId = await newTenant(t.database);
    const alice = await callerFor(t, tenantId, ['STAFF'], { userName: 'Alice Staff' });
    const bob = await callerFor(t, tenantId, ['STAFF'], { userName: 'Bob Staff' });
    const a = await client(url, alice.token);
    const b = await client(url, bob.token);
    const caseId = await claimant(alice.post);

    await view(a, caseId);
    await view(b, caseId);
    await view(b, caseId); // a second tab of the same user
    await waitFor('Alice to hear that Bob is viewing', () => a.logs.find((l) => l.userName === 'Bob Staff'));
    const seen = await viewers(a, caseId);
    expect(seen.map((l) => l.userName).sort()).toEqual(['Alice Staff', 'Bob Staff']);

    // Another tenant's user cannot view or ask about the record: for them it does not exist.
    const stranger = await callerFor(t, await newTenant(t.database), ['STAFF'], { userName: 'Stranger' });
    const s = await client(url, stranger.token);
    expect(await view(s, caseId)).toEqual({ error: 'The record was not found.', status: 404 });
    expect(await viewers(s, caseId)).toEqual({ error: 'The record was not found.', status: 404 });
    expect((await viewers(a, caseId)).map((l) => l.userName)).not.toContain('Stranger');

    await view(b, caseId, 'ITEM_DETAIL_CLOSED');
    await waitFor('Alice to hear that Bob closed it', () =>
      a.logs.find((l) => l.userName === 'Bob Staff' && l.activityType === 'ITEM_DETAIL_CLOSED'),
    );
    expect((await viewers(a, caseId)).map((l) => l.userName)).toEqual(['Alice Staff']);
  });

  it('tells who is viewing a record only to users who may open it', async () => {
    const t = await createTestApp();
    cleanups.push(() => t.close());
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(t.app.server.address() as net.AddressInfo).port}`;
    const tenantId = await newTenant(t.database);
    const staff = await callerFor(t, tenantId, ['STAFF'], { userName: 'Alice Staff' });
    const specialist = await callerFor(t, tenantId, ['SPECIALIST'], { userName: 'Dr Who' });
    const record = await claimant(staff.post);
    // The specialist may not open the claimant's record...
    expect((await specialist.get(`/api/app/${MODULE}/${record}`)).statusCode).not.toBe(200);
    const a = await client(url, staff.token);
    const d = await client(url, specialist.token);
    await view(a, record);
    // ...so presence answers as for a record that does not exist, and tells them nothing.
    expect(await viewers(d, record)).toEqual({ error: 'The record was not found.', status: 404 });
    expect(await view(d, record)).toEqual({ error: 'The record was not found.', status: 404 });
    await view(a, record, 'ITEM_DETAIL_CLOSED');
    await view(a, record);
    expect((await viewers(a, record)).map((l) => l.userName)).toEqual(['Alice Staff']);
    expect(d.logs).toEqual([]);
    // Not a record at all, or no such record: the same answer.
    expect(await d.socket.emitWithAck('GetActivityLogs', { FromModule: '../account', ObjectId: 'my-profile' })).toEqual(
      { error: 'The record was not found.', status: 404 },
    );
    expect(await viewers(a, '01900000-0000-7000-8000-000000000001')).toEqual({
      error: 'The record was not found.',
      status: 404,
    });
  });

  it('refuses a connection without a valid token', async () => {
    const t = await createTestApp();
    cleanups.push(() => t.close());
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(t.app.server.address() as net.AddressInfo).port}`;
    await expect(client(url, 'not-a-token')).rejects.toThrow(/unauthorized/);
  });

  it('pushes a new notification to its recipient', async () => {
    const t = await createTestApp();
    cleanups.push(() => t.close());
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(t.app.server.address() as net.AddressInfo).port}`;
    const tenantId = await newTenant(t.database, { features: { RealtimeNotification: 'True' } });
    const staff = await callerFor(t, tenantId, ['STAFF']);
    const cm = await callerFor(t, tenantId, ['CASE_MANAGER']);
    const c = await client(url, cm.token);
    const res = await staff.post('/api/app/notifications/inApp', {
      recipientId: cm.userId,
      title: 'Please call',
      content: 'x',
    });
    expect(res.statusCode).toBe(200);
    const got = await waitFor('the push', () => c.messages[0]);
    expect(got).toMatchObject({ title: 'Please call', isRead: false });
  });

  it.skipIf(!onPostgres)(
    'is seen by a user connected to a second server process on the same PostgreSQL',
    { timeout: 180_000 },
    async () => {
      const db = await openOwnTestDatabase();
      cleanups.push(() => db.close());
      const publicUrl = 'http://casebook.presence.test';
      const ports = [await freePort(), await freePort()];
      // One after the other: the second starts on a database the first has already set up. Two
      // processes setting up a fresh database at the same moment both insert the host administrator.
      for (const port of ports) {
        const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', MAIN], {
          cwd: ROOT,
          env: {
            ...process.env,
            DATABASE_URL: db.url!,
            PORT: String(port),
            HOST: '127.0.0.1',
            PUBLIC_URL: publicUrl,
            SEED_DEMO: 'false',
            ADMIN_PASSWORD: 'Presence!2026pass',
            LOG_LEVEL: 'warn',
            WEB_DIST: '/nonexistent',
            JOBS: 'false',
          },
          stdio: ['ignore', 'ignore', 'pipe'],
        });
        let errors = '';
        child.stderr?.on('data', (d: Buffer) => (errors = (errors + d.toString()).slice(-4000)));
        cleanups.push(() => void child.kill('SIGKILL'));
        await waitFor(
          `server on ${port}`,
          () => {
            if (child.exitCode !== null)
              throw new Error(`the server on ${port} exited (${child.exitCode}):\n${errors}`);
            return fetch(`http://127.0.0.1:${port}/api/health`)
              .then((r) => r.ok)
              .catch(() => false);
          },
          120_000,
        );
      }
      const standing = new UserDirectory(db);
      const tokens = await createTokenService(await loadSigningKey(db), publicUrl, {
        securityStampOf: (tenant, user) => standing.securityStamp(tenant, user),
      });
      const tenantId = await newTenant(db);
      const token = async (name: string) => {
        const { userId } = await createTestUser(db, tenantId, ['STAFF']);
        return tokens.issue({ userId, tenantId, roles: ['STAFF'], userName: name, impersonatorUserId: null });
      };
      const a = await client(`http://127.0.0.1:${ports[0]}`, await token('Alice on one'));
      const b = await client(`http://127.0.0.1:${ports[1]}`, await token('Bob on two'));
      const staffToken = await token('Record keeper');
      const caseId = await claimant(async (path, body) => {
        const res = await fetch(`http://127.0.0.1:${ports[0]}${path}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${staffToken}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        const json: unknown = await res.json();
        return { statusCode: res.status, json: () => json };
      });
      await view(a, caseId);
      await view(b, caseId);
      await waitFor('Alice (server one) to hear Bob (server two)', () =>
        a.logs.find((l) => l.userName === 'Bob on two'),
      );
      expect((await viewers(b, caseId)).map((l) => l.userName).sort()).toEqual(['Alice on one', 'Bob on two']);
      expect((await viewers(a, caseId)).map((l) => l.userName).sort()).toEqual(['Alice on one', 'Bob on two']);
      b.socket.close();
      await waitFor('Alice to hear that Bob left', () =>
        a.logs.find((l) => l.userName === 'Bob on two' && l.activityType === 'ITEM_DETAIL_CLOSED'),
      );
    },
  );
});
