import { SignJWT, jwtVerify, importJWK, type JWTPayload, type CryptoKey } from 'jose';
import { z } from 'zod';
import { SIGNING_ALGORITHM, type SigningKey } from './signing-keys';

/** The audience of access tokens for this API. */
export const API_AUDIENCE = 'casebook';

const Claims = z.object({
  sub: z.uuid(),
  tenantid: z.uuid(),
  role: z.union([z.string(), z.array(z.string())]).transform((r) => (Array.isArray(r) ? r : [r])),
  name: z.string().optional(),
  impersonator_user_id: z.uuid().optional(),
  security_stamp: z.string().max(100).optional(),
});

/** Who is calling, as the access token says. */
export type Principal = {
  userId: string;
  tenantId: string;
  roles: string[];
  userName: string | null;
  impersonatorUserId: string | null;
  /**
   * The user's security stamp when the token was issued. The guard refuses the token once the user's
   * stamp has changed (password, reset, disabling, roles, sign-out); a token without one is refused.
   * Absent in contexts built by the server itself (seeding), which no token carries.
   */
  securityStamp?: string | null;
};

/** What a token is issued for; the security stamp is the user's current one unless given. */
export type TokenSubject = Omit<Principal, 'securityStamp'> & { securityStamp?: string };

export type TokenService = {
  issue(principal: TokenSubject, ttlSeconds?: number): Promise<string>;
  verify(token: string): Promise<Principal | undefined>;
};

export type TokenServiceOptions = {
  /** The user's current security stamp (read from the database, not a cache), stamped into each token. */
  securityStampOf?: (tenantId: string, userId: string) => Promise<string | undefined>;
};

/** Signs and verifies the API's access tokens (JWT, ES256) with the database-held key. */
export async function createTokenService(
  key: SigningKey,
  issuer: string,
  options: TokenServiceOptions = {},
): Promise<TokenService> {
  const publicKey = (await importJWK(key.publicJwk, SIGNING_ALGORITHM)) as CryptoKey;
  // Verified tokens are remembered until they expire: a signature check costs ~0.2 ms per request.
  const verified = new Map<string, { principal: Principal; exp: number }>();
  const MAX_CACHED = 10_000;
  return {
    async issue(p, ttlSeconds = 3600) {
      const stamp = p.securityStamp ?? (await options.securityStampOf?.(p.tenantId, p.userId));
      const payload: JWTPayload = {
        tenantid: p.tenantId,
        role: p.roles,
        ...(p.userName ? { name: p.userName } : {}),
        ...(p.impersonatorUserId ? { impersonator_user_id: p.impersonatorUserId } : {}),
        ...(stamp ? { security_stamp: stamp } : {}),
      };
      return new SignJWT(payload)
        .setProtectedHeader({ alg: SIGNING_ALGORITHM, kid: key.kid, typ: 'at+jwt' })
        .setSubject(p.userId)
        .setIssuer(issuer)
        .setAudience(API_AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key.privateKey);
    },
    async verify(token) {
      const hit = verified.get(token);
      if (hit) {
        if (hit.exp * 1000 > Date.now()) return { ...hit.principal, roles: [...hit.principal.roles] };
        verified.delete(token);
      }
      try {
        const { payload } = await jwtVerify(token, publicKey, {
          issuer,
          audience: API_AUDIENCE,
          algorithms: [SIGNING_ALGORITHM],
        });
        const claims = Claims.safeParse(payload);
        if (!claims.success) return undefined;
        const principal: Principal = {
          userId: claims.data.sub,
          tenantId: claims.data.tenantid,
          roles: claims.data.role,
          userName: claims.data.name ?? null,
          impersonatorUserId: claims.data.impersonator_user_id ?? null,
          securityStamp: claims.data.security_stamp ?? null,
        };
        if (verified.size >= MAX_CACHED) verified.clear();
        verified.set(token, { principal, exp: payload.exp ?? 0 });
        return { ...principal, roles: [...principal.roles] };
      } catch {
        return undefined;
      }
    },
  };
}
