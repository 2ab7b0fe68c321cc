import { and, eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { users } from './identity.schema';

/** What every request must know of its user: still there, still active, current roles. */
export type UserState = { id: string; tenantId: string; isActive: boolean; roles: string[]; fullName: string };

const TTL_MS = 5_000;

/**
 * Current standing of users, read per request (cached a few seconds). Disabling or deleting a user
 * invalidates the entry here at once; other server nodes see it within the cache time.
 */
export class UserDirectory {
  private cache = new Map<string, { at: number; value: UserState | undefined }>();

  constructor(private readonly database: Database) {}

  async get(tenantId: string, userId: string): Promise<UserState | undefined> {
    const key = `${tenantId}/${userId}`;
    const hit = this.cache.get(key);
    if (hit && Date.now() - hit.at < TTL_MS) return hit.value;
    const [row] = await this.database.withTenant(tenantId, (tx) =>
      tx
        .select({
          id: users.id,
          tenantId: users.tenantId,
          isActive: users.isActive,
          roles: users.roles,
          name: users.name,
          surname: users.surname,
        })
        .from(users)
        .where(and(eq(users.id, userId), eq(users.isDeleted, false))),
    );
    const value = row && {
      id: row.id,
      tenantId: row.tenantId,
      isActive: row.isActive,
      roles: row.roles,
      fullName: `${row.name} ${row.surname}`,
    };
    this.cache.set(key, { at: Date.now(), value });
    return value;
  }

  invalidate(tenantId: string, userId: string): void {
    this.cache.delete(`${tenantId}/${userId}`);
  }
}
