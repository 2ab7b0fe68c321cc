import { eq, sql } from 'drizzle-orm';
import { exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';
import { uuidv7 } from '@casebook/domain';
import type { Database } from '../db/database';
import { signingKeys } from '../db/platform.schema';

export const SIGNING_ALGORITHM = 'ES256';

export type SigningKey = { kid: string; privateKey: CryptoKey; publicJwk: JWK; privateJwk: JWK };

/**
 * The active signing key, generated once and kept in the database so tokens survive restarts and
 * every server node signs and verifies with the same key.
 */
export async function loadSigningKey(database: Database): Promise<SigningKey> {
  return database.withSystem(async (tx) => {
    // Serialise first start across processes.
    await tx.execute(sql`select pg_advisory_xact_lock(7402012)`);
    const [existing] = await tx.select().from(signingKeys).where(eq(signingKeys.isActive, true)).limit(1);
    if (existing) {
      const privateJwk = existing.privateJwk as JWK;
      return {
        kid: existing.kid,
        privateJwk,
        publicJwk: existing.publicJwk as JWK,
        privateKey: (await importJWK(privateJwk, existing.algorithm)) as CryptoKey,
      };
    }
    const { privateKey, publicKey } = await generateKeyPair(SIGNING_ALGORITHM, { extractable: true });
    const kid = uuidv7();
    const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: SIGNING_ALGORITHM, use: 'sig' };
    const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: SIGNING_ALGORITHM, use: 'sig' };
    await tx.insert(signingKeys).values({ kid, algorithm: SIGNING_ALGORITHM, privateJwk, publicJwk });
    return { kid, privateJwk, publicJwk, privateKey };
  });
}
