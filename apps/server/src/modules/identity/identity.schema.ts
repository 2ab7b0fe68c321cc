import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenantTable } from '../../platform/db/columns';
import { instant } from '../../platform/db/instant';

export const users = tenantTable(
  'users',
  {
    userName: text('user_name').notNull(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    surname: text('surname').notNull(),
    title: text('title'),
    phoneNumber: text('phone_number'),
    passwordHash: text('password_hash').notNull(),
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    isActive: boolean('is_active').notNull().default(true),
    lockoutEnd: instant('lockout_end'),
    accessFailedCount: integer('access_failed_count').notNull().default(0),
    /** Changes whenever credentials or standing change; tokens issued before it are refused. */
    securityStamp: text('security_stamp').notNull(),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    lastLoginTime: instant('last_login_time'),
    /** Contractor type (BROKER, INSURER, TYPIST) for contractors. */
    contractorType: text('contractor_type'),
    settings: jsonb('settings')
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
  },
  (t) => [
    uniqueIndex('users_user_name_key')
      .on(t.tenantId, sql`lower(${t.userName})`)
      .where(sql`not ${t.isDeleted}`),
    uniqueIndex('users_email_key')
      .on(t.tenantId, sql`lower(${t.email})`)
      .where(sql`not ${t.isDeleted}`),
    index('users_name_idx').on(t.tenantId, t.surname, t.name),
  ],
);

/** Every sign-in attempt, for the user's login history and lockout investigations. */
export const loginAttempts = tenantTable(
  'login_attempts',
  {
    userId: uuid('user_id'),
    userNameOrEmail: text('user_name_or_email').notNull(),
    result: text('result')
      .$type<'Succeeded' | 'InvalidCredentials' | 'LockedOut' | 'Disabled' | 'Impersonated'>()
      .notNull(),
    clientIp: text('client_ip'),
    userAgent: text('user_agent'),
    impersonatorUserId: uuid('impersonator_user_id'),
  },
  (t) => [index('login_attempts_user_idx').on(t.tenantId, t.userId, t.creationTime)],
);

/** One-time tokens for password reset links and one-time access links; only their hash is kept. */
export const userTokens = tenantTable(
  'user_tokens',
  {
    userId: uuid('user_id').notNull(),
    purpose: text('purpose').$type<'PasswordReset' | 'OneTimeAccess'>().notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
    /** For one-time access: what the link opens (module and record). */
    target: jsonb('target').$type<Record<string, string>>(),
  },
  (t) => [uniqueIndex('user_tokens_hash_key').on(t.tenantId, t.tokenHash)],
);

/** A tenant's changes to the default role grants: a row grants or revokes one permission for one role. */
export const rolePermissions = tenantTable(
  'role_permissions',
  {
    roleName: text('role_name').notNull(),
    permission: text('permission').notNull(),
    isGranted: boolean('is_granted').notNull(),
  },
  (t) => [
    uniqueIndex('role_permissions_key')
      .on(t.tenantId, t.roleName, t.permission)
      .where(sql`not ${t.isDeleted}`),
  ],
);

export const userGroups = tenantTable(
  'user_groups',
  {
    name: text('name').notNull(),
    description: text('description'),
    memberIds: uuid('member_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [
    uniqueIndex('user_groups_name_key')
      .on(t.tenantId, sql`lower(${t.name})`)
      .where(sql`not ${t.isDeleted}`),
  ],
);

/**
 * The OpenID provider's persistent state (sessions, grants, codes, refresh tokens, interactions).
 * System-only: the application role never reads it.
 */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    id: text('id').notNull(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    accountId: text('account_id'),
    /**
     * Sessions and grants: the user's security stamp when they began. Once the user's stamp changes they
     * are not found, so every session and refresh chain of the old stamp ends on every server node.
     */
    securityStamp: text('security_stamp'),
    expiresAt: instant('expires_at'),
    consumedAt: instant('consumed_at'),
  },
  (t) => [
    uniqueIndex('oidc_payloads_pkey_idx').on(t.kind, t.id),
    index('oidc_payloads_grant_idx').on(t.grantId),
    index('oidc_payloads_uid_idx').on(t.uid),
    index('oidc_payloads_account_idx').on(t.accountId),
  ],
);

/** Secrets generated once per installation (cookie signing keys and the like). System-only. */
export const systemSecrets = pgTable('system_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  creationTime: instant('creation_time').notNull().defaultNow(),
});
