import { and, eq, ne, sql } from 'drizzle-orm';
import {
  administrationRefusal,
  AuthMessages,
  DEFAULT_DATE_FORMAT,
  effectiveFeatures,
  effectivePermissions,
  HOST_TENANT_ID,
  LOCKOUT_MINUTES,
  mayUseOneTimeAccess,
  ONE_TIME_ACCESS_HOURS,
  ONE_TIME_ACCESS_ROLES,
  PASSWORD_RESET_HOURS,
  rankOf,
  RoleMessages,
  uuidv7,
  type CreateUserInput,
  type MyProfileDto,
  type UpdateUserInput,
  type UserDto,
} from '@casebook/domain';
import type { z } from 'zod';
import type { ChangePasswordInput, UpdateMyProfileInput } from '@casebook/domain';
import type { Database, Tx } from '../../platform/db/database';
import { recordEntityChange, type Actor } from '../../platform/db/audit';
import type { RequestContext } from '../../platform/access/context';
import { AppError, businessRule, concurrencyConflict, invalidField, notFound } from '../../platform/http/errors';
import { escapeHtml } from '../../platform/html';
import type { Mailer } from '../../platform/mail/mailer';
import { identityRepository as repo, type UserRow } from './identity.repository';
import { users } from './identity.schema';
import { generatePassword, hashPassword, hashToken, newOneTimeToken, verifyPassword } from './passwords';
import { toUserDto } from './users.resource';

export type UsersDeps = {
  database: Database;
  mailer: Mailer;
  publicUrl: string;
  /** Ends sessions and refresh tokens and forgets cached standing; runs after commit. */
  onStandingChanged: (tenantId: string, userId: string) => Promise<void>;
};

const changeAudit = (tx: Tx, actor: Actor, before: UserRow | null, after: UserRow, deleted = false) =>
  recordEntityChange(tx, actor, {
    entityType: 'User',
    entityId: after.id,
    changeType: deleted ? 'Deleted' : before ? 'Updated' : 'Created',
    before: before ? publicFields(before) : null,
    after: publicFields(after),
  });

/** What history may show of a user: never the password hash or security stamp. */
/**
 * The caller's effective permissions where it works: its roles' grants in its own tenant, less those
 * whose calls need a feature the tenant worked in does not have (the route guard's rule).
 */
function callerPermissions(ctx: RequestContext): string[] {
  const { principal, tenant } = ctx;
  const features = effectiveFeatures(
    { isAuthenticated: true, roles: principal.roles, isHost: principal.tenantId === HOST_TENANT_ID },
    tenant,
  );
  return effectivePermissions(ctx.permissions, features);
}

function publicFields(row: UserRow): Record<string, unknown> {
  const { passwordHash: _p, securityStamp: _s, ...rest } = row;
  return rest;
}

function translateUnique(error: unknown): unknown {
  const constraint =
    (error as { cause?: { constraint?: string }; constraint?: string })?.cause?.constraint ??
    (error as { constraint?: string })?.constraint;
  if (constraint === 'users_user_name_key') return invalidField('userName', 'This username is already taken.');
  if (constraint === 'users_email_key') return invalidField('email', 'This email is already used by another user.');
  return error;
}

/** The caller's rank in the role hierarchy: a TENANT_ADMIN of the host tenant is the host admin. */
function callerRank(ctx: RequestContext): number {
  return rankOf(ctx.principal.roles, { isHost: ctx.principal.tenantId === HOST_TENANT_ID });
}

/** The rank of roles held, or to be held, by a user of the given tenant. */
function rankIn(tenantId: string, roles: readonly string[]): number {
  return rankOf(roles, { isHost: tenantId === HOST_TENANT_ID });
}

/**
 * Refuses (403, saying why) when the caller may not act on a user holding `targetRoles` in `tenantId`,
 * or may not give `givenRoles`: nobody administers a user or gives a role above their own.
 */
export function assertMayAdminister(
  ctx: RequestContext,
  tenantId: string,
  targetRoles: readonly string[],
  givenRoles: readonly string[] = [],
): void {
  const why = administrationRefusal(callerRank(ctx), rankIn(tenantId, targetRoles), rankIn(tenantId, givenRoles));
  if (!why) return;
  const members = givenRoles.length > 0 && rankIn(tenantId, givenRoles) > callerRank(ctx) ? ['roles'] : [];
  throw new AppError('Casebook:Forbidden', why, members.length > 0 ? [{ message: why, members }] : undefined);
}

/** Refuses (403) changing the permissions of roles when one of them ranks above the caller. */
export function assertMayChangeGrants(ctx: RequestContext, roles: readonly string[]): void {
  const why = administrationRefusal(callerRank(ctx), rankIn(ctx.tenant.id, roles));
  if (why === RoleMessages.targetAbove) throw new AppError('Casebook:Forbidden', RoleMessages.grantsAbove);
  if (why) throw new AppError('Casebook:Forbidden', why);
}

/** What a one-time access link keeps beside its target; never shown to anyone. */
const LINK_STAMP = '$securityStamp';
const LINK_IMPERSONATOR = '$impersonatorUserId';

/** Creates a user in a tenant; without a password one is generated and e-mailed. */
export async function createUser(
  deps: Pick<UsersDeps, 'database' | 'mailer' | 'publicUrl'>,
  actor: Actor,
  input: CreateUserInput,
): Promise<UserDto> {
  const password = input.password ?? generatePassword();
  const passwordHash = await hashPassword(password);
  let row: UserRow;
  try {
    row = await deps.database.withTenant(actor.tenantId, async (tx) => {
      const { password: _ignored, ...fields } = input;
      const created = await repo.insertUser(tx, {
        ...fields,
        tenantId: actor.tenantId,
        id: uuidv7(),
        passwordHash,
        securityStamp: uuidv7(),
        concurrencyStamp: uuidv7(),
        creatorId: actor.userId,
        mustChangePassword: input.password === undefined,
      });
      await changeAudit(tx, actor, null, created);
      return created;
    });
  } catch (error) {
    throw translateUnique(error);
  }
  if (input.password === undefined) await sendLoginInformation(deps, row, password);
  return toUserDto(row);
}

async function sendLoginInformation(deps: Pick<UsersDeps, 'mailer' | 'publicUrl'>, user: UserRow, password: string) {
  const link = `${deps.publicUrl}/login`;
  await deps.mailer.send({
    to: user.email,
    subject: 'Your Casebook login information',
    text: `Hello ${user.name},\n\nUsername: ${user.userName}\nPassword: ${password}\n\nSign in at ${link} and change your password.\n`,
    html: `<p>Hello ${escapeHtml(user.name)},</p><p>Username: <b>${escapeHtml(user.userName)}</b><br>Password: <b>${escapeHtml(password)}</b></p><p>Sign in at <a href="${link}">${link}</a> and change your password.</p>`,
  });
}

export class UsersService {
  constructor(private readonly deps: UsersDeps) {}

  private async change(
    ctx: RequestContext,
    id: string,
    mutate: (tx: Tx, user: UserRow) => Promise<Partial<UserRow>>,
    options: {
      stamp?: string;
      standingChanged?: boolean;
      deleted?: boolean;
      /** An administrator acts on the user: the role hierarchy applies (with the roles being given). */
      administer?: { given?: readonly string[] };
    } = {},
  ): Promise<UserDto> {
    let after: UserRow;
    try {
      after = await this.deps.database.withTenant(ctx.tenant.id, async (tx) => {
        const before = await repo.userById(tx, id, true);
        if (!before) throw notFound('The user');
        if (options.administer) assertMayAdminister(ctx, ctx.tenant.id, before.roles, options.administer.given);
        if (options.stamp !== undefined && options.stamp !== before.concurrencyStamp) throw concurrencyConflict();
        const values = await mutate(tx, before);
        const updated = await repo.updateUser(tx, id, {
          ...values,
          lastModificationTime: new Date(),
          lastModifierId: ctx.principal.userId,
          concurrencyStamp: uuidv7(),
        });
        await changeAudit(tx, ctx.actor, before, updated, options.deleted);
        return updated;
      });
    } catch (error) {
      throw translateUnique(error);
    }
    if (options.standingChanged) await this.deps.onStandingChanged(ctx.tenant.id, id);
    return toUserDto(after);
  }

  create(ctx: RequestContext, input: CreateUserInput): Promise<UserDto> {
    assertMayAdminister(ctx, ctx.tenant.id, [], input.roles);
    return createUser(this.deps, ctx.actor, input);
  }

  update(ctx: RequestContext, id: string, input: UpdateUserInput): Promise<UserDto> {
    const { concurrencyStamp, ...fields } = input;
    return this.change(
      ctx,
      id,
      async (_tx, before) => {
        if (
          id === ctx.principal.userId &&
          before.roles.includes('TENANT_ADMIN') &&
          !fields.roles.includes('TENANT_ADMIN')
        ) {
          throw businessRule('You cannot remove your own administrator role.');
        }
        // Losing a role or being disabled ends the sessions that carried the old standing.
        return fields.isActive &&
          fields.roles.every((r) => before.roles.includes(r)) &&
          before.roles.every((r) => (fields.roles as string[]).includes(r))
          ? fields
          : { ...fields, securityStamp: uuidv7() };
      },
      { stamp: concurrencyStamp, standingChanged: true, administer: { given: fields.roles } },
    );
  }

  setActive(ctx: RequestContext, id: string, isActive: boolean): Promise<UserDto> {
    if (!isActive && id === ctx.principal.userId) throw businessRule('You cannot disable your own account.');
    return this.change(ctx, id, async () => ({ isActive, securityStamp: uuidv7() }), {
      standingChanged: true,
      administer: {},
    });
  }

  async delete(ctx: RequestContext, id: string): Promise<void> {
    if (id === ctx.principal.userId) throw businessRule('You cannot delete your own account.');
    await this.change(
      ctx,
      id,
      async () => ({
        isDeleted: true,
        deletionTime: new Date(),
        deleterId: ctx.principal.userId,
        securityStamp: uuidv7(),
      }),
      { standingChanged: true, administer: {} },
    );
  }

  lock(ctx: RequestContext, id: string, minutes = LOCKOUT_MINUTES): Promise<UserDto> {
    if (id === ctx.principal.userId) throw businessRule('You cannot lock your own account.');
    return this.change(ctx, id, async () => ({ lockoutEnd: new Date(Date.now() + minutes * 60_000) }), {
      standingChanged: true,
      administer: {},
    });
  }

  unlock(ctx: RequestContext, id: string): Promise<UserDto> {
    return this.change(ctx, id, async () => ({ lockoutEnd: null, accessFailedCount: 0 }), { administer: {} });
  }

  async setPassword(ctx: RequestContext, id: string, password: string): Promise<UserDto> {
    const passwordHash = await hashPassword(password);
    return this.change(ctx, id, async () => ({ passwordHash, securityStamp: uuidv7(), mustChangePassword: false }), {
      standingChanged: true,
      administer: {},
    });
  }

  /** Sets a new generated password and e-mails it: 'Resend login Information successfully!'. */
  async resendPassword(ctx: RequestContext, id: string): Promise<{ message: string }> {
    const password = generatePassword();
    const passwordHash = await hashPassword(password);
    let user: UserRow | undefined;
    await this.change(
      ctx,
      id,
      async (_tx, before) => {
        user = before;
        return {
          passwordHash,
          securityStamp: uuidv7(),
          mustChangePassword: true,
          lockoutEnd: null,
          accessFailedCount: 0,
        };
      },
      { standingChanged: true, administer: {} },
    );
    await sendLoginInformation(this.deps, user!, password);
    return { message: AuthMessages.resendPassword };
  }

  /** The user's security stamp as stored now (undefined for no such user). */
  async securityStampOf(tenantId: string, userId: string): Promise<string | undefined> {
    const row = await this.deps.database.withTenant(tenantId, (tx) => repo.userById(tx, userId));
    return row?.securityStamp;
  }

  async checkDuplicateEmail(ctx: RequestContext, email: string, exceptUserId?: string): Promise<boolean> {
    const [row] = await this.deps.database.withTenant(ctx.tenant.id, (tx) =>
      tx
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            eq(users.isDeleted, false),
            sql`lower(${users.email}) = lower(${email})`,
            exceptUserId ? ne(users.id, exceptUserId) : undefined,
          ),
        )
        .limit(1),
    );
    return row !== undefined;
  }

  async loginHistory(ctx: RequestContext, id: string, skip: number, take: number) {
    return this.deps.database.withTenant(ctx.tenant.id, async (tx) => {
      if (!(await repo.userById(tx, id))) throw notFound('The user');
      const { totalCount, rows } = await repo.loginHistory(tx, id, skip, take);
      return {
        totalCount,
        items: rows.map((r) => ({
          id: r.id,
          userNameOrEmail: r.userNameOrEmail,
          result: r.result,
          clientIp: r.clientIp,
          userAgent: r.userAgent,
          impersonatorUserId: r.impersonatorUserId,
          creationTime: r.creationTime.toISOString(),
        })),
      };
    });
  }

  async myProfile(ctx: RequestContext): Promise<MyProfileDto> {
    const row = await this.deps.database.withTenant(ctx.tenant.id, (tx) => repo.userById(tx, ctx.principal.userId));
    if (!row) throw notFound('The user');
    return {
      id: row.id,
      userName: row.userName,
      email: row.email,
      name: row.name,
      surname: row.surname,
      fullName: `${row.name} ${row.surname}`,
      title: row.title,
      phoneNumber: row.phoneNumber,
      roles: row.roles.map((name) => ({ name })),
      tenantId: row.tenantId,
      dateFormat: row.settings.dateFormat ?? DEFAULT_DATE_FORMAT,
      settings: row.settings,
      impersonatorUserId: ctx.principal.impersonatorUserId,
      concurrencyStamp: row.concurrencyStamp,
      permissions: callerPermissions(ctx),
    };
  }

  async updateMyProfile(ctx: RequestContext, input: z.infer<typeof UpdateMyProfileInput>): Promise<MyProfileDto> {
    const { concurrencyStamp, ...fields } = input;
    await this.change(ctx, ctx.principal.userId, async () => fields, { stamp: concurrencyStamp });
    return this.myProfile(ctx);
  }

  async changePassword(ctx: RequestContext, input: z.infer<typeof ChangePasswordInput>): Promise<{ message: string }> {
    const row = await this.deps.database.withTenant(ctx.tenant.id, (tx) => repo.userById(tx, ctx.principal.userId));
    if (!row || !(await verifyPassword(row.passwordHash, input.currentPassword))) {
      throw invalidField('currentPassword', AuthMessages.currentPasswordWrong);
    }
    const passwordHash = await hashPassword(input.newPassword);
    // A new password ends every session of the account, this one included: whoever knew the old one is out.
    await this.change(ctx, row.id, async () => ({ passwordHash, securityStamp: uuidv7(), mustChangePassword: false }), {
      standingChanged: true,
    });
    return { message: AuthMessages.passwordChanged };
  }

  /**
   * A one-time link that signs its holder in once as the user, e-mailed to the user and never shown to
   * the caller. Only for the roles links are for (specialists and case managers), never for oneself,
   * and never for a user above the caller. A link made under impersonation keeps the impersonator: the
   * token it yields names them too. The link stops working when the user's security stamp changes
   * (password reset, disabling, role change).
   */
  async createOneTimeAccess(
    ctx: RequestContext,
    userId: string,
    target: Record<string, string>,
  ): Promise<{ message: string; expiresAt: string }> {
    if (userId === ctx.principal.userId) {
      throw new AppError('Casebook:Forbidden', 'You cannot create a one-time link for yourself.');
    }
    const { token, tokenHash } = newOneTimeToken();
    const expiresAt = new Date(Date.now() + ONE_TIME_ACCESS_HOURS * 3_600_000);
    const user = await this.deps.database.withTenant(ctx.tenant.id, async (tx) => {
      const found = await repo.userById(tx, userId);
      if (!found) throw notFound('The user');
      assertMayAdminister(ctx, ctx.tenant.id, found.roles);
      if (!found.isActive) throw businessRule('The user is disabled.');
      if (!mayUseOneTimeAccess(found.roles)) {
        throw businessRule(
          `One-time links are only for users whose roles are all among: ${ONE_TIME_ACCESS_ROLES.join(', ')}.`,
        );
      }
      await repo.insertToken(tx, {
        tenantId: ctx.tenant.id,
        id: uuidv7(),
        userId,
        purpose: 'OneTimeAccess',
        tokenHash,
        expiresAt,
        target: {
          ...target,
          [LINK_STAMP]: found.securityStamp,
          ...(ctx.principal.impersonatorUserId ? { [LINK_IMPERSONATOR]: ctx.principal.impersonatorUserId } : {}),
        },
        concurrencyStamp: uuidv7(),
        creatorId: ctx.principal.userId,
      });
      return found;
    });
    const link = `${this.deps.publicUrl}/view/onetimeaccess?tenantId=${ctx.tenant.id}&token=${token}`;
    await this.deps.mailer.send({
      to: user.email,
      subject: 'Your Casebook access link',
      text: `Hello ${user.name},\n\nThis link opens Casebook for you once, within ${ONE_TIME_ACCESS_HOURS} hours:\n${link}\n`,
      html: `<p>Hello ${escapeHtml(user.name)},</p><p>This link opens Casebook for you once, within ${ONE_TIME_ACCESS_HOURS} hours:</p><p><a href="${link}">${link}</a></p>`,
    });
    return { message: 'The link has been sent to the user by e-mail.', expiresAt: expiresAt.toISOString() };
  }
}

/**
 * Signing out ends every session of the user on every device: a new security stamp refuses their
 * access tokens, and their sessions, grants and refresh tokens end.
 */
export async function signOutEverywhere(
  deps: Pick<UsersDeps, 'database' | 'onStandingChanged'>,
  userId: string,
): Promise<void> {
  const tenantId = await deps.database.withSystem((tx) => repo.tenantOfUser(tx, userId));
  if (!tenantId) return;
  await deps.database.withTenant(tenantId, (tx) => repo.updateUser(tx, userId, { securityStamp: uuidv7() }));
  await deps.onStandingChanged(tenantId, userId);
}

/** Starts a password reset: always the same answer, a link by e-mail only when the account exists. */
export async function requestPasswordReset(
  deps: Pick<UsersDeps, 'database' | 'mailer' | 'publicUrl'>,
  tenantName: string,
  email: string,
): Promise<void> {
  const tenant = tenantName
    ? await deps.database.withSystem((tx) => repo.tenantByName(tx, tenantName))
    : { id: HOST_TENANT_ID, isActive: true, name: 'Host' };
  if (!tenant?.isActive) return;
  const { token, tokenHash } = newOneTimeToken();
  const user = await deps.database.withTenant(tenant.id, async (tx) => {
    const found = await repo.userByEmail(tx, email);
    if (!found || !found.isActive) return undefined;
    await repo.insertToken(tx, {
      tenantId: tenant.id,
      id: uuidv7(),
      userId: found.id,
      purpose: 'PasswordReset',
      tokenHash,
      expiresAt: new Date(Date.now() + PASSWORD_RESET_HOURS * 3_600_000),
      concurrencyStamp: uuidv7(),
    });
    return found;
  });
  if (!user) return;
  const link = `${deps.publicUrl}/account/reset-password?tenantId=${tenant.id}&token=${token}`;
  await deps.mailer.send({
    to: user.email,
    subject: 'Reset your Casebook password',
    text: `Hello ${user.name},\n\nTo choose a new password, open this link within ${PASSWORD_RESET_HOURS} hour:\n${link}\n\nIf you did not ask for this, ignore this email.\n`,
    html: `<p>Hello ${escapeHtml(user.name)},</p><p>To choose a new password, open this link within ${PASSWORD_RESET_HOURS} hour:</p><p><a href="${link}">${link}</a></p><p>If you did not ask for this, ignore this email.</p>`,
  });
}

/** Completes a reset: the link works once, before it expires; otherwise the spec's message. */
export async function resetPassword(
  deps: Pick<UsersDeps, 'database' | 'onStandingChanged'>,
  tenantId: string,
  token: string,
  password: string,
): Promise<void> {
  const passwordHash = await hashPassword(password);
  const tenantExists = await deps.database.withSystem((tx) => repo.tenantExists(tx, tenantId));
  if (!tenantExists) throw new AppError('Casebook:BusinessRule', AuthMessages.linkInvalid);
  const userId = await deps.database.withTenant(tenantId, async (tx) => {
    const row = await repo.tokenByHash(tx, hashToken(token));
    if (!row || row.purpose !== 'PasswordReset' || row.usedAt || row.expiresAt.getTime() <= Date.now())
      return undefined;
    await repo.markTokenUsed(tx, row.id);
    await repo.updateUser(tx, row.userId, {
      passwordHash,
      securityStamp: uuidv7(),
      mustChangePassword: false,
      lockoutEnd: null,
      accessFailedCount: 0,
    });
    return row.userId;
  });
  if (!userId) throw new AppError('Casebook:BusinessRule', AuthMessages.linkInvalid);
  await deps.onStandingChanged(tenantId, userId);
}

/**
 * Redeems a one-time access link: once, before it expires, for an active user who still holds only the
 * roles links are for and whose security stamp has not changed since. Answers that user, who made the
 * link under impersonation (if anyone), and what the link was for.
 */
export async function redeemOneTimeAccess(
  database: Database,
  tenantId: string,
  token: string,
): Promise<{ user: UserRow; impersonatorUserId: string | null; target: Record<string, string> }> {
  const exists = await database.withSystem((tx) => repo.tenantExists(tx, tenantId));
  if (!exists) throw new AppError('Casebook:BusinessRule', AuthMessages.linkInvalid);
  const result = await database.withTenant(tenantId, async (tx) => {
    const row = await repo.tokenByHash(tx, hashToken(token));
    if (!row || row.purpose !== 'OneTimeAccess' || row.usedAt || row.expiresAt.getTime() <= Date.now())
      return undefined;
    const user = await repo.userById(tx, row.userId);
    if (!user || !user.isActive || !mayUseOneTimeAccess(user.roles)) return undefined;
    const kept = row.target ?? {};
    if (kept[LINK_STAMP] !== undefined && kept[LINK_STAMP] !== user.securityStamp) return undefined;
    await repo.markTokenUsed(tx, row.id);
    const target = Object.fromEntries(Object.entries(kept).filter(([key]) => !key.startsWith('$')));
    return { user, impersonatorUserId: kept[LINK_IMPERSONATOR] ?? null, target };
  });
  if (!result) throw new AppError('Casebook:BusinessRule', AuthMessages.linkInvalid);
  return result;
}
