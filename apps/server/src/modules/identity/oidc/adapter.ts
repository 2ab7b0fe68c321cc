import { and, eq, lt, sql } from 'drizzle-orm';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Database } from '../../../platform/db/database';
import { isInvalidText } from '../../../platform/http/text-input';
import { oidcPayloads } from '../identity.schema';

/**
 * Keeps the provider's sessions, grants, codes, refresh tokens and interactions in PostgreSQL, so a
 * restart (or another server node) continues where the last one left off.
 */
export function createAdapterClass(database: Database) {
  return class PostgresAdapter implements Adapter {
    constructor(private readonly kind: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
      const row = {
        id,
        kind: this.kind,
        payload: payload as Record<string, unknown>,
        grantId: payload.grantId ?? null,
        userCode: payload.userCode ?? null,
        uid: payload.uid ?? null,
        accountId: payload.accountId ?? null,
        expiresAt,
      };
      await database.withSystem((tx) =>
        tx
          .insert(oidcPayloads)
          .values(row)
          .onConflictDoUpdate({
            target: [oidcPayloads.kind, oidcPayloads.id],
            set: {
              payload: row.payload,
              grantId: row.grantId,
              userCode: row.userCode,
              uid: row.uid,
              accountId: row.accountId,
              expiresAt,
            },
          }),
      );
    }

    private async findBy(column: 'id' | 'uid' | 'userCode', value: string): Promise<AdapterPayload | undefined> {
      // A code, token or client id from the caller that is not even text (a NUL) is one we never issued.
      if (isInvalidText(value)) return undefined;
      const [row] = await database.withSystem((tx) =>
        tx
          .select()
          .from(oidcPayloads)
          .where(and(eq(oidcPayloads.kind, this.kind), eq(oidcPayloads[column], value)))
          .limit(1),
      );
      if (!row || (row.expiresAt && row.expiresAt.getTime() <= Date.now())) return undefined;
      return {
        ...(row.payload as AdapterPayload),
        ...(row.consumedAt ? { consumed: Math.floor(row.consumedAt.getTime() / 1000) } : {}),
      };
    }

    find(id: string) {
      return this.findBy('id', id);
    }

    findByUid(uid: string) {
      return this.findBy('uid', uid);
    }

    findByUserCode(userCode: string) {
      return this.findBy('userCode', userCode);
    }

    async consume(id: string): Promise<void> {
      await database.withSystem((tx) =>
        tx
          .update(oidcPayloads)
          .set({ consumedAt: new Date() })
          .where(and(eq(oidcPayloads.kind, this.kind), eq(oidcPayloads.id, id))),
      );
    }

    async destroy(id: string): Promise<void> {
      await database.withSystem((tx) =>
        tx.delete(oidcPayloads).where(and(eq(oidcPayloads.kind, this.kind), eq(oidcPayloads.id, id))),
      );
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await database.withSystem((tx) => tx.delete(oidcPayloads).where(eq(oidcPayloads.grantId, grantId)));
    }
  };
}

/** Ends every session, grant, code and refresh token of a user at once. */
export async function revokeAllForAccount(database: Database, accountId: string): Promise<void> {
  await database.withSystem(async (tx) => {
    const grants = await tx
      .select({ grantId: oidcPayloads.grantId })
      .from(oidcPayloads)
      .where(and(eq(oidcPayloads.accountId, accountId), sql`${oidcPayloads.grantId} is not null`));
    const grantIds = [...new Set(grants.map((g) => g.grantId!))];
    for (const grantId of grantIds) await tx.delete(oidcPayloads).where(eq(oidcPayloads.grantId, grantId));
    await tx.delete(oidcPayloads).where(eq(oidcPayloads.accountId, accountId));
  });
}

/** Removes expired provider state; run periodically. */
export async function purgeExpired(database: Database): Promise<void> {
  await database.withSystem((tx) => tx.delete(oidcPayloads).where(lt(oidcPayloads.expiresAt, new Date())));
}
