import { and, eq, lt, sql } from 'drizzle-orm';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Database } from '../../../platform/db/database';
import { isInvalidText } from '../../../platform/http/text-input';
import { oidcPayloads, users } from '../identity.schema';

/** Kinds that begin a chain of tokens and carry the user's security stamp from their start. */
const STAMPED_KINDS = new Set(['Session', 'Grant']);

/** The user's stamp now, as SQL (null for an unknown account). */
const currentStamp = (accountId: string) =>
  sql<string | null>`(select ${users.securityStamp} from ${users} where ${users.id}::text = ${accountId})`;

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
      const stamped = STAMPED_KINDS.has(this.kind) && row.accountId !== null;
      await database.withSystem((tx) =>
        tx
          .insert(oidcPayloads)
          .values({ ...row, securityStamp: stamped ? currentStamp(row.accountId!) : null })
          .onConflictDoUpdate({
            target: [oidcPayloads.kind, oidcPayloads.id],
            set: {
              payload: row.payload,
              grantId: row.grantId,
              userCode: row.userCode,
              uid: row.uid,
              accountId: row.accountId,
              expiresAt,
              // A session or grant keeps the stamp it began with; signing in as someone else starts anew.
              securityStamp: sql`case when ${oidcPayloads.accountId} is not distinct from excluded.account_id
                and ${oidcPayloads.securityStamp} is not null then ${oidcPayloads.securityStamp}
                else excluded.security_stamp end`,
            },
          }),
      );
    }

    private async findBy(column: 'id' | 'uid' | 'userCode', value: string): Promise<AdapterPayload | undefined> {
      // A code, token or client id from the caller that is not even text (a NUL) is one we never issued.
      if (isInvalidText(value)) return undefined;
      const [found] = await database.withSystem((tx) =>
        tx
          .select({ row: oidcPayloads, stampNow: users.securityStamp })
          .from(oidcPayloads)
          .leftJoin(users, sql`${users.id}::text = ${oidcPayloads.accountId}`)
          .where(and(eq(oidcPayloads.kind, this.kind), eq(oidcPayloads[column], value)))
          .limit(1),
      );
      const row = found?.row;
      if (!row || (row.expiresAt && row.expiresAt.getTime() <= Date.now())) return undefined;
      // A session or grant of an older security stamp has ended, and so has every token of its chain.
      if (STAMPED_KINDS.has(this.kind) && row.accountId && row.securityStamp !== found.stampNow) return undefined;
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

/** The security stamp a grant began with: access tokens of its chain carry it. */
export async function grantSecurityStamp(database: Database, grantId: string): Promise<string | undefined> {
  const [row] = await database.withSystem((tx) =>
    tx
      .select({ securityStamp: oidcPayloads.securityStamp })
      .from(oidcPayloads)
      .where(and(eq(oidcPayloads.kind, 'Grant'), eq(oidcPayloads.id, grantId))),
  );
  return row?.securityStamp ?? undefined;
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
