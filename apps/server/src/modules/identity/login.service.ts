import {
  AuthMessages,
  HOST_TENANT_ID,
  LOCKOUT_MINUTES,
  LOCKOUT_THRESHOLD,
  uuidv7,
  type LoginInput,
} from '@casebook/domain';
import type { Database } from '../../platform/db/database';
import { identityRepository as repo, type UserRow } from './identity.repository';
import { verifyPassword } from './passwords';

export type LoginResult =
  { ok: true; user: UserRow } | { ok: false; reason: 'InvalidCredentials' | 'LockedOut' | 'Disabled'; message: string };

export type ClientInfo = { ip: string | null; userAgent: string | null };

const invalid: LoginResult = { ok: false, reason: 'InvalidCredentials', message: AuthMessages.invalidCredentials };

/**
 * Checks a sign-in. Unknown tenants and users cost the same password verification as known ones and
 * get the same message. Five consecutive failures lock the account for five minutes; the attempt that
 * locks it already says so.
 */
export async function authenticate(database: Database, input: LoginInput, client: ClientInfo): Promise<LoginResult> {
  const tenantName = input.tenant.trim();
  const tenant = tenantName
    ? await database.withSystem((tx) => repo.tenantByName(tx, tenantName))
    : { id: HOST_TENANT_ID, isActive: true, name: 'Host' };
  if (!tenant || !tenant.isActive) {
    await verifyPassword(undefined, input.password);
    return invalid;
  }

  return database.withTenant(tenant.id, async (tx) => {
    const user = await repo.userByLogin(tx, input.userNameOrEmail);
    const attempt = (result: 'Succeeded' | 'InvalidCredentials' | 'LockedOut' | 'Disabled', userId: string | null) =>
      repo.recordAttempt(tx, {
        tenantId: tenant.id,
        id: uuidv7(),
        userId,
        userNameOrEmail: input.userNameOrEmail,
        result,
        clientIp: client.ip,
        userAgent: client.userAgent?.slice(0, 512) ?? null,
      });

    const passwordOk = await verifyPassword(user?.passwordHash, input.password);
    if (!user) {
      await attempt('InvalidCredentials', null);
      return invalid;
    }
    const now = new Date();
    if (user.lockoutEnd && user.lockoutEnd > now) {
      await attempt('LockedOut', user.id);
      return { ok: false, reason: 'LockedOut', message: AuthMessages.lockedOut } as const;
    }
    if (!passwordOk) {
      const failures = user.accessFailedCount + 1;
      if (failures >= LOCKOUT_THRESHOLD) {
        await repo.updateUser(tx, user.id, {
          accessFailedCount: 0,
          lockoutEnd: new Date(now.getTime() + LOCKOUT_MINUTES * 60_000),
        });
        await attempt('LockedOut', user.id);
        return { ok: false, reason: 'LockedOut', message: AuthMessages.lockedOut } as const;
      }
      await repo.updateUser(tx, user.id, { accessFailedCount: failures });
      await attempt('InvalidCredentials', user.id);
      return invalid;
    }
    // Only someone who knows the password learns that the account is disabled.
    if (!user.isActive) {
      await attempt('Disabled', user.id);
      return { ok: false, reason: 'Disabled', message: AuthMessages.disabled } as const;
    }
    const updated = await repo.updateUser(tx, user.id, { accessFailedCount: 0, lockoutEnd: null, lastLoginTime: now });
    await attempt('Succeeded', user.id);
    return { ok: true, user: updated } as const;
  });
}
