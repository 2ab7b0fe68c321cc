import type { AddressInfo } from 'node:net';
import { buildApp } from '../../apps/server/src/app';
import { openDatabase, type Database } from '../../apps/server/src/platform/db/database';
import { ensureBenchUsers } from './bench-users';

/** The real app listening on a local port, with an access token of the bench user per tenant. */
export type BenchApp = {
  url: string;
  database: Database;
  /** One token per tenant, in the order the tenants were given. */
  tokens: string[];
  close(): Promise<void>;
};

/**
 * Opens the database as the server does (a pool of at least 40), builds the app without logging,
 * listens on a free port and issues a token for the `bench` user (role STAFF) of every tenant.
 */
export async function startBenchApp(
  databaseUrl: string,
  tenantIds: readonly string[],
  connections: number,
): Promise<BenchApp> {
  const database = await openDatabase({ kind: 'postgres', ownerUrl: databaseUrl, poolSize: Math.max(40, connections) });
  try {
    const built = await buildApp({
      config: {
        publicUrl: 'http://127.0.0.1',
        bodyLimitBytes: 1024 * 1024,
        webDist: '/nonexistent',
        logLevel: 'silent',
      },
      database,
      logger: false,
    });
    const close = async () => {
      await built.app.close();
      await database.close();
    };
    try {
      await built.app.listen({ port: 0, host: '127.0.0.1' });
      const url = `http://127.0.0.1:${(built.app.server.address() as AddressInfo).port}`;
      const userIds = await ensureBenchUsers(database, tenantIds);
      const tokens = await Promise.all(
        tenantIds.map((tenantId, i) =>
          built.tokens.issue({
            userId: userIds[i]!,
            tenantId,
            roles: ['STAFF'],
            userName: 'bench',
            impersonatorUserId: null,
          }),
        ),
      );
      return { url, database, tokens, close };
    } catch (error) {
      await built.app.close();
      throw error;
    }
  } catch (error) {
    await database.close();
    throw error;
  }
}

/**
 * The floor under every API request on this machine: `GET /api/health` checks no token and runs one
 * `select 1`. Loaded at the same concurrency as a benchmark's own phases, it shows how much of their
 * latency is HTTP, the event loop and one database round trip on a busy machine rather than their work.
 */
export const FLOOR_PHASE = {
  label: 'floor: GET /api/health (no token, one select 1)',
  requests: [{ tenant: 0, path: '/api/health' }],
};
