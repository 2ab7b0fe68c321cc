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
const lockedOut: LoginResult = { ok: false, reason: 'LockedOut', message: AuthMessages.lockedOut };

/**
 * Failures against accounts that do not exist (unknown tenant or user), kept with the same rule as a
 * real account's: the fifth consecutive failure "locks" the name for five minutes, so the lockout
 * message does not tell an existing account from a made-up one. Kept in this process; bounded.
 */
export class UnknownAccountLockout {
  private readonly entries = new Map<string, { failures: number; lockoutEnd: number }>();

  constructor(
    private readonly maxEntries = 50_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Records a failed attempt on the name; answers whether the name now counts as locked out. */
  fail(key: string): boolean {
    const now = this.now();
    const entry = this.entries.get(key) ?? { failures: 0, lockoutEnd: 0 };
    this.entries.delete(key);
    let locked = entry.lockoutEnd > now;
    if (!locked) {
      entry.failures += 1;
      if (entry.failures >= LOCKOUT_THRESHOLD) {
        entry.failures = 0;
        entry.lockoutEnd = now + LOCKOUT_MINUTES * 60_000;
        locked = true;
      }
    }
    this.entries.set(key, entry);
    // The oldest names go first once the map is full (a Map keeps insertion order).
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    return locked;
  }
}

const unknownAccounts = new UnknownAccountLockout();

/**
 * Checks a sign-in. Unknown tenants, unknown users and known ones do the same work: one transaction
 * that looks the user up and records the attempt (an unknown tenant's in the host's log, under
 * 'tenant\name'), and one argon2id verification; they get the same messages, the lockout one
 * included. Five consecutive failures lock the account for five minutes; the attempt that locks it
 * already says so.
 */
export async function authenticate(database: Database, input: LoginInput, client: ClientInfo): Promise<LoginResult> {
  const tenantName = input.tenant.trim();
  const found = tenantName
    ? await database.withSystem((tx) => repo.tenantByName(tx, tenantName))
    : { id: HOST_TENANT_ID, isActive: true, name: 'Host' };
  const tenant = found?.isActive ? found : undefined;
  const logTenantId = tenant?.id ?? HOST_TENANT_ID;
  const loginName = tenant ? input.userNameOrEmail : `${tenantName}\\${input.userNameOrEmail}`;

  return database.withTenant(logTenantId, async (tx) => {
    const lookedUp = await repo.userByLogin(tx, loginName);
    const user = tenant ? lookedUp : undefined;
    const attempt = (result: 'Succeeded' | 'InvalidCredentials' | 'LockedOut' | 'Disabled', userId: string | null) =>
      repo.recordAttempt(tx, {
        tenantId: logTenantId,
        id: uuidv7(),
        userId,
        userNameOrEmail: loginName.slice(0, 256),
        result,
        clientIp: client.ip,
        userAgent: client.userAgent?.slice(0, 512) ?? null,
      });

    const passwordOk = await verifyPassword(user?.passwordHash, input.password);
    if (!user) {
      const key = `${tenant?.id ?? `?${tenantName.toLowerCase()}`}\u0000${input.userNameOrEmail.toLowerCase()}`;
      const locked = unknownAccounts.fail(key);
      await attempt(locked ? 'LockedOut' : 'InvalidCredentials', null);
      return locked ? lockedOut : invalid;
    }
    const now = new Date();
    if (user.lockoutEnd && user.lockoutEnd > now) {
      await attempt('LockedOut', user.id);
      return lockedOut;
    }
    if (!passwordOk) {
      const failures = user.accessFailedCount + 1;
      if (failures >= LOCKOUT_THRESHOLD) {
        await repo.updateUser(tx, user.id, {
          accessFailedCount: 0,
          lockoutEnd: new Date(now.getTime() + LOCKOUT_MINUTES * 60_000),
        });
        await attempt('LockedOut', user.id);
        return lockedOut;
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
