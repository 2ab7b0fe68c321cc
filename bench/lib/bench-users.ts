import { and, eq } from 'drizzle-orm';
import { uuidv7 } from '@casebook/domain';
import type { Database } from '../../apps/server/src/platform/db/database';
import { users } from '../../apps/server/src/modules/identity/identity.schema';

/** The user every benchmark request runs as, one per tenant. */
const BENCH_USER = 'bench';

/**
 * The bench user of each tenant, created on first use: the API checks on every request that the
 * token's user exists and is active, and takes its roles from the database.
 */
export async function ensureBenchUsers(database: Database, tenantIds: readonly string[]): Promise<string[]> {
  return Promise.all(
    tenantIds.map((tenantId) =>
      database.withTenant(tenantId, async (tx) => {
        const [found] = await tx
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.userName, BENCH_USER), eq(users.isDeleted, false)));
        if (found) {
          await tx
            .update(users)
            .set({ isActive: true, roles: ['STAFF'] })
            .where(eq(users.id, found.id));
          return found.id;
        }
        const id = uuidv7();
        await tx.insert(users).values({
          tenantId,
          id,
          userName: BENCH_USER,
          email: 'bench@example.test',
          name: 'Bench',
          surname: 'User',
          roles: ['STAFF'],
          // Nobody signs in as this user: the benchmark mints its tokens directly.
          passwordHash: '',
          securityStamp: uuidv7(),
          concurrencyStamp: uuidv7(),
        });
        return id;
      }),
    ),
  );
}
