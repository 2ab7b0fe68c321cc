import { and, eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { users } from './identity.schema';

/** What every request must know of its user: still there, still active, current roles and stamp. */
export type UserState = {
  id: string;
  tenantId: string;
  isActive: boolean;
  roles: string[];
  fullName: string;
  /** Changes when the user's sessions must end; tokens carrying another stamp are refused. */
  securityStamp: string;
};

/** The longest a server node may act on a user's old standing (tokens of an old stamp included). */
export const MAX_STANDING_CACHE_MS = 60_000;

export type UserDirectoryOptions = {
  /** How long a user's standing is remembered (default 5 s, at most 60 s). */
  ttlMs?: number;
  /** The clock the cache reads (tests move it forward). */
  now?: () => number;
};

/**
 * Current standing of users, read per request (cached a few seconds). A change made by this process
 * invalidates the entry here at once; other server nodes see it within the cache time.
 */
export class UserDirectory {
  private cache = new Map<string, { at: number; value: UserState | undefined }>();
  private readonly ttlMs: number;
  private readonly now: () => number;

  constructor(
    private readonly database: Database,
    options: UserDirectoryOptions = {},
  ) {
    this.ttlMs = Math.min(options.ttlMs ?? 5_000, MAX_STANDING_CACHE_MS);
    this.now = options.now ?? Date.now;
  }

  async get(tenantId: string, userId: string): Promise<UserState | undefined> {
    const key = `${tenantId}/${userId}`;
    const hit = this.cache.get(key);
    if (hit && this.now() - hit.at < this.ttlMs) return hit.value;
    const value = await this.read(tenantId, userId);
    this.cache.set(key, { at: this.now(), value });
    return value;
  }

  /** The user's stamp as the database has it now (for issuing tokens, never from the cache). */
  async securityStamp(tenantId: string, userId: string): Promise<string | undefined> {
    return (await this.read(tenantId, userId))?.securityStamp;
  }

  invalidate(tenantId: string, userId: string): void {
    this.cache.delete(`${tenantId}/${userId}`);
  }

  private async read(tenantId: string, userId: string): Promise<UserState | undefined> {
    const [row] = await this.database.withTenant(tenantId, (tx) =>
      tx
        .select({
          id: users.id,
          tenantId: users.tenantId,
          isActive: users.isActive,
          roles: users.roles,
          name: users.name,
          surname: users.surname,
          securityStamp: users.securityStamp,
        })
        .from(users)
        .where(and(eq(users.id, userId), eq(users.isDeleted, false))),
    );
    return (
      row && {
        id: row.id,
        tenantId: row.tenantId,
        isActive: row.isActive,
        roles: row.roles,
        fullName: `${row.name} ${row.surname}`,
        securityStamp: row.securityStamp,
      }
    );
  }
}
