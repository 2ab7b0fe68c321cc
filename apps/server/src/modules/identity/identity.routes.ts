import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import {
  AuthMessages,
  ChangePasswordInput,
  CreateUserInput,
  ErrorEnvelope,
  ForgotPasswordInput,
  LoginInput,
  MyProfileDto,
  Permissions,
  RedeemOneTimeAccessInput,
  ResetPasswordInput,
  RoleName,
  Roles,
  SetPasswordInput,
  UpdateMyProfileInput,
  UpdateUserInput,
  UserDto,
  Uuid,
  uuidv7,
  DefaultGrants,
} from '@casebook/domain';
import type { Database } from '../../platform/db/database';
import { contextOf } from '../../platform/access/context';
import type { TokenService } from '../../platform/auth/tokens';
import { AppError, businessRule, notFound, errorResponses } from '../../platform/http/errors';
import type { Mailer } from '../../platform/mail/mailer';
import { identityRepository } from './identity.repository';
import { rolePermissions } from './identity.schema';
import { authenticate } from './login.service';
import { registerSystemConfigRoutes } from './system-config.routes';
import type { TenantDirectory } from '../../platform/access/tenant-directory';
import { accountClaims } from './oidc/provider';
import type { PermissionDirectory } from './permission-directory';
import type { UsersService } from './users.service';
import {
  assertMayAdminister,
  assertMayChangeGrants,
  createUser,
  redeemOneTimeAccess,
  requestPasswordReset,
  resetPassword,
  signOutEverywhere,
} from './users.service';

export type IdentityRouteDeps = {
  database: Database;
  tenants: TenantDirectory;
  provider: Provider;
  users: UsersService;
  tokens: TokenService;
  permissions: PermissionDirectory;
  mailer: Mailer;
  publicUrl: string;
  onStandingChanged: (tenantId: string, userId: string) => Promise<void>;
  /** Calls of each sign-in or account-link route one address may make per minute (429 beyond). */
  signInLimitPerMinute: number;
};

const errors = errorResponses;
const IdParams = z.object({ id: Uuid });
const Message = z.object({ message: z.string() });

function clientInfo(req: FastifyRequest) {
  const ua = req.headers['user-agent'];
  return { ip: req.ip ?? null, userAgent: typeof ua === 'string' ? ua : null };
}

/** Sign-in, account and user administration. */
export function registerIdentityRoutes(app: FastifyInstance, deps: IdentityRouteDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { provider, users } = deps;
  const anonymous = { access: { anonymous: true } };
  // Guessing passwords or links, or locking accounts on purpose, is slowed per address.
  const throttled = {
    ...anonymous,
    rateLimit: { max: deps.signInLimitPerMinute, timeWindow: 60_000 },
  };
  const signedIn = { access: { authenticated: true } };
  const tags = ['Account'];
  registerSystemConfigRoutes(app, deps);

  // --- OpenID Connect interaction: the provider hands the browser to the sign-in page -----------
  r.get(
    '/connect/interaction/:uid',
    { schema: { hide: true, params: z.object({ uid: z.string().max(100) }) }, config: anonymous },
    async (req, reply) => {
      const details = await provider.interactionDetails(req.raw, reply.raw).catch(() => undefined);
      if (!details || details.uid !== req.params.uid) return reply.redirect('/login?error=expired');
      const accountId = details.session?.accountId;
      if (details.prompt.name === 'login' || !accountId) {
        return reply.redirect(`/login?uid=${encodeURIComponent(details.uid)}`);
      }
      // Consent: the web app is our own client, so what it asks for is granted without a screen.
      const missing = details.prompt.details as {
        missingOIDCScope?: string[];
        missingOIDCClaims?: string[];
        missingResourceScopes?: Record<string, string[]>;
      };
      const clientId = String(details.params.client_id);
      const existing = details.grantId ? await provider.Grant.find(details.grantId) : undefined;
      const grant = existing ?? new provider.Grant({ accountId, clientId });
      if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
      if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
      for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {})) {
        grant.addResourceScope(indicator, scopes.join(' '));
      }
      const grantId = await grant.save();
      const redirectTo = await provider.interactionResult(
        req.raw,
        reply.raw,
        { consent: { grantId } },
        { mergeWithLastSubmission: true },
      );
      return reply.redirect(redirectTo);
    },
  );

  r.post(
    '/connect/interaction/:uid/login',
    {
      schema: {
        tags,
        summary: 'Complete the sign-in step of an authorization request',
        params: z.object({ uid: z.string().max(100) }),
        body: LoginInput,
        response: { 200: z.object({ redirectTo: z.string() }), 400: ErrorEnvelope, 429: ErrorEnvelope },
      },
      config: throttled,
    },
    async (req, reply) => {
      const details = await provider.interactionDetails(req.raw, reply.raw).catch(() => undefined);
      if (!details || details.uid !== req.params.uid || details.prompt.name !== 'login') {
        throw new AppError('Casebook:Validation', AuthMessages.linkInvalid, [
          { message: AuthMessages.linkInvalid, members: ['uid'] },
        ]);
      }
      const result = await authenticate(deps.database, req.body, clientInfo(req));
      if (!result.ok) {
        throw new AppError(
          'Casebook:Validation',
          result.message,
          [{ message: result.message, members: ['password'] }],
          result.reason,
        );
      }
      const redirectTo = await provider.interactionResult(
        req.raw,
        reply.raw,
        { login: { accountId: result.user.id } },
        { mergeWithLastSubmission: false },
      );
      return { redirectTo };
    },
  );

  r.get(
    '/connect/interaction/:uid/abort',
    { schema: { hide: true, params: z.object({ uid: z.string().max(100) }) }, config: anonymous },
    async (req, reply) => {
      const redirectTo = await provider
        .interactionResult(
          req.raw,
          reply.raw,
          { error: 'access_denied', error_description: 'Sign-in was cancelled' },
          { mergeWithLastSubmission: false },
        )
        .catch(() => '/login');
      return reply.redirect(redirectTo);
    },
  );

  // The API's access tokens are JWTs for the API audience; userinfo answers for them directly.
  r.get(
    '/connect/userinfo',
    { schema: { tags, summary: 'Claims of the signed-in user' }, config: anonymous },
    async (req, reply) => {
      const header = req.headers.authorization ?? '';
      const principal = header.toLowerCase().startsWith('bearer ')
        ? await deps.tokens.verify(header.slice(7))
        : undefined;
      const claims = principal ? await accountClaims(deps.database, principal.userId) : undefined;
      const stampNow = claims ? await deps.users.securityStampOf(claims.tenantid, claims.sub) : undefined;
      if (!claims || !principal?.securityStamp || principal.securityStamp !== stampNow) {
        return reply
          .status(401)
          .header('www-authenticate', 'Bearer error="invalid_token"')
          .send({ error: 'invalid_token' });
      }
      return claims;
    },
  );

  // --- Anonymous account calls --------------------------------------------------------------------
  r.post(
    '/api/account/forgot-password',
    {
      schema: { tags, body: ForgotPasswordInput, response: { 200: Message, 400: ErrorEnvelope, 429: ErrorEnvelope } },
      config: throttled,
    },
    async (req) => {
      await requestPasswordReset(deps, req.body.tenant, req.body.email);
      return { message: AuthMessages.resetRequested };
    },
  );

  r.post(
    '/api/account/reset-password',
    {
      schema: {
        tags,
        body: ResetPasswordInput,
        response: { 200: Message, 400: ErrorEnvelope, 422: ErrorEnvelope, 429: ErrorEnvelope },
      },
      config: throttled,
    },
    async (req) => {
      await resetPassword(deps, req.body.tenantId, req.body.token, req.body.password);
      return { message: AuthMessages.passwordChanged };
    },
  );

  r.post(
    '/api/account/onetime-access/redeem',
    {
      schema: {
        tags,
        summary: 'Exchange a one-time access link for a short-lived access token',
        body: RedeemOneTimeAccessInput,
        response: {
          200: z.object({
            accessToken: z.string(),
            tokenType: z.literal('Bearer'),
            expiresIn: z.number(),
            target: z.record(z.string(), z.string()),
          }),
          400: ErrorEnvelope,
          422: ErrorEnvelope,
          429: ErrorEnvelope,
        },
      },
      config: throttled,
    },
    async (req) => {
      const { user, impersonatorUserId, target } = await redeemOneTimeAccess(
        deps.database,
        req.body.tenantId,
        req.body.token,
      );
      const expiresIn = 60 * 60;
      const accessToken = await deps.tokens.issue(
        {
          userId: user.id,
          tenantId: user.tenantId,
          roles: user.roles,
          userName: `${user.name} ${user.surname}`,
          // A link made under impersonation keeps the impersonator on what it yields.
          impersonatorUserId,
        },
        expiresIn,
      );
      return { accessToken, tokenType: 'Bearer' as const, expiresIn, target };
    },
  );

  // --- The signed-in user's own account -------------------------------------------------------------
  r.get(
    '/api/app/account/my-profile',
    { schema: { tags, response: { 200: MyProfileDto, ...errors } }, config: signedIn },
    async (req) => users.myProfile(contextOf(req)),
  );
  r.put(
    '/api/app/account/my-profile',
    { schema: { tags, body: UpdateMyProfileInput, response: { 200: MyProfileDto, ...errors } }, config: signedIn },
    async (req) => users.updateMyProfile(contextOf(req), req.body),
  );
  r.put(
    '/api/app/account/change-password',
    { schema: { tags, body: ChangePasswordInput, response: { 200: Message, ...errors } }, config: signedIn },
    async (req) => users.changePassword(contextOf(req), req.body),
  );

  // Signing out ends every session of the user on every device (the web app calls it before it ends
  // the provider's session; ending only that, as adding another account does, keeps the others).
  r.post(
    '/api/app/account/logout',
    {
      schema: { tags, summary: 'End every session of the signed-in user', response: { 204: z.void(), ...errors } },
      config: signedIn,
    },
    async (req, reply) => {
      const ctx = contextOf(req);
      if (ctx.principal.impersonatorUserId) throw businessRule('Revert the current impersonation first.');
      await signOutEverywhere(deps, ctx.principal.userId);
      return reply.status(204).send();
    },
  );

  // Impersonation: a short-lived access token for the target user that names the impersonator.
  r.post(
    '/api/app/account/impersonate',
    {
      schema: {
        tags,
        body: z.strictObject({ userId: Uuid }),
        response: {
          200: z.object({ accessToken: z.string(), tokenType: z.literal('Bearer'), expiresIn: z.number() }),
          ...errors,
        },
      },
      config: { access: { permission: Permissions.users.impersonation } },
    },
    async (req) => {
      const ctx = contextOf(req);
      if (ctx.principal.impersonatorUserId) throw businessRule('Revert the current impersonation first.');
      if (req.body.userId === ctx.principal.userId) throw businessRule('You are already signed in as this user.');
      const target = await deps.database.withTenant(ctx.tenant.id, async (tx) => {
        const user = await identityRepository.userById(tx, req.body.userId);
        if (!user || !user.isActive) return undefined;
        assertMayAdminister(ctx, ctx.tenant.id, user.roles);
        await identityRepository.recordAttempt(tx, {
          tenantId: ctx.tenant.id,
          id: uuidv7(),
          userId: user.id,
          userNameOrEmail: user.userName,
          result: 'Impersonated',
          clientIp: req.ip ?? null,
          userAgent: null,
          impersonatorUserId: ctx.principal.userId,
        });
        return user;
      });
      if (!target) throw notFound('The user');
      const expiresIn = 60 * 60;
      const accessToken = await deps.tokens.issue(
        {
          userId: target.id,
          tenantId: target.tenantId,
          roles: target.roles,
          userName: `${target.name} ${target.surname}`,
          impersonatorUserId: ctx.principal.userId,
        },
        expiresIn,
      );
      return { accessToken, tokenType: 'Bearer' as const, expiresIn };
    },
  );

  r.post(
    '/api/app/onetime-access',
    {
      schema: {
        tags,
        summary: 'E-mail a one-time sign-in link to a specialist or case manager',
        body: z.strictObject({ userId: Uuid, fromModule: z.string().max(50).optional(), objectId: Uuid.optional() }),
        response: { 200: z.object({ message: z.string(), expiresAt: z.string() }), ...errors },
      },
      config: { access: { permission: Permissions.oneTimeAccess.create } },
    },
    async (req) => {
      const { userId, ...target } = req.body;
      return users.createOneTimeAccess(
        contextOf(req),
        userId,
        Object.fromEntries(Object.entries(target).filter(([, v]) => v !== undefined)) as Record<string, string>,
      );
    },
  );

  // --- User administration (list, get, export, selection list come from the users resource) --------
  const userTags = ['Users'];
  r.post(
    '/api/app/users',
    {
      schema: { tags: userTags, body: CreateUserInput, response: { 200: UserDto, ...errors } },
      config: { access: { permission: Permissions.users.create } },
    },
    async (req) => users.create(contextOf(req), req.body),
  );
  r.post(
    '/api/app/users/createForTenant',
    {
      schema: {
        tags: userTags,
        querystring: z.object({ tenantId: Uuid }),
        body: CreateUserInput,
        response: { 200: UserDto, ...errors },
      },
      config: { access: { permission: Permissions.users.create, hostOnly: true } },
    },
    async (req) => {
      const ctx = contextOf(req);
      const exists = await deps.database.withSystem((tx) => identityRepository.tenantExists(tx, req.query.tenantId));
      if (!exists) throw notFound('The tenant');
      assertMayAdminister(ctx, req.query.tenantId, [], req.body.roles);
      return createUser(deps, { ...ctx.actor, tenantId: req.query.tenantId }, req.body);
    },
  );
  r.put(
    '/api/app/users/:id',
    {
      schema: { tags: userTags, params: IdParams, body: UpdateUserInput, response: { 200: UserDto, ...errors } },
      config: { access: { permission: Permissions.users.update } },
    },
    async (req) => users.update(contextOf(req), req.params.id, req.body),
  );
  for (const [action, isActive] of [
    ['enable', true],
    ['disable', false],
  ] as const) {
    r.put(
      `/api/app/users/:id/${action}`,
      {
        schema: { tags: userTags, params: IdParams, response: { 200: UserDto, ...errors } },
        config: { access: { permission: Permissions.users.update } },
      },
      async (req) => users.setActive(contextOf(req), req.params.id, isActive),
    );
  }
  r.put(
    '/api/app/users/:id/lock',
    {
      schema: {
        tags: userTags,
        params: IdParams,
        body: z
          .strictObject({
            minutes: z
              .number()
              .int()
              .min(1)
              .max(60 * 24 * 365)
              .optional(),
          })
          .optional(),
        response: { 200: UserDto, ...errors },
      },
      config: { access: { permission: Permissions.users.lock } },
    },
    async (req) => users.lock(contextOf(req), req.params.id, req.body?.minutes),
  );
  r.put(
    '/api/app/users/:id/unlock',
    {
      schema: { tags: userTags, params: IdParams, response: { 200: UserDto, ...errors } },
      config: { access: { permission: Permissions.users.lock } },
    },
    async (req) => users.unlock(contextOf(req), req.params.id),
  );
  r.delete(
    '/api/app/users/:id',
    {
      schema: { tags: userTags, params: IdParams, response: { 204: z.void(), ...errors } },
      config: { access: { permission: Permissions.users.delete } },
    },
    async (req, reply) => {
      await users.delete(contextOf(req), req.params.id);
      return reply.status(204).send();
    },
  );
  r.put(
    '/api/app/users/:id/setPassword',
    {
      schema: { tags: userTags, params: IdParams, body: SetPasswordInput, response: { 200: UserDto, ...errors } },
      config: { access: { permission: Permissions.users.managePasswords } },
    },
    async (req) => users.setPassword(contextOf(req), req.params.id, req.body.password),
  );
  r.post(
    '/api/app/users/:id/resendPassword',
    {
      schema: { tags: userTags, params: IdParams, response: { 200: Message, ...errors } },
      config: { access: { permission: Permissions.users.managePasswords } },
    },
    async (req) => users.resendPassword(contextOf(req), req.params.id),
  );
  r.get(
    '/api/app/users/checkDuplicateEmail',
    {
      schema: {
        tags: userTags,
        querystring: z.object({ email: z.string().max(256), userId: Uuid.optional() }),
        response: { 200: z.object({ isDuplicate: z.boolean() }), ...errors },
      },
      config: { access: { permission: Permissions.users.read } },
    },
    async (req) => ({
      isDuplicate: await users.checkDuplicateEmail(contextOf(req), req.query.email, req.query.userId),
    }),
  );
  r.get(
    '/api/app/users/:id/loginHistory',
    {
      schema: {
        tags: userTags,
        params: IdParams,
        querystring: z.object({
          skipCount: z.coerce.number().int().min(0).default(0),
          maxResultCount: z.coerce.number().int().min(1).max(1000).default(20),
        }),
      },
      config: { access: { permission: Permissions.users.loginHistory } },
    },
    async (req) => users.loginHistory(contextOf(req), req.params.id, req.query.skipCount, req.query.maxResultCount),
  );

  // --- Roles and their permissions in this tenant ----------------------------------------------------
  const roleTags = ['Roles'];
  r.get(
    '/api/app/tenants/roles',
    { schema: { tags: roleTags }, config: { access: { permission: Permissions.roles.read } } },
    async (req) => {
      const ctx = contextOf(req);
      const items = [];
      for (const name of Roles)
        items.push({ name, permissions: [...(await deps.permissions.forRoles(ctx.tenant.id, [name]))].sort() });
      return { totalCount: items.length, items };
    },
  );
  r.get(
    '/api/app/roles/permissions',
    { schema: { tags: roleTags }, config: { access: { permission: Permissions.roles.read } } },
    async () => ({
      items: DefaultGrants.map((g) => ({ name: g.permission, defaultRoles: g.roles })),
    }),
  );
  r.put(
    '/api/app/roles/:roleName/permissions',
    {
      schema: {
        tags: roleTags,
        summary: "Set a role's permissions in this tenant",
        params: z.object({ roleName: RoleName }),
        body: z.strictObject({ permissions: z.array(z.string().max(100)).max(500) }),
      },
      config: { access: { permission: Permissions.roles.update } },
    },
    async (req) => {
      const ctx = contextOf(req);
      assertMayChangeGrants(ctx, [req.params.roleName]);
      const known = new Set(DefaultGrants.map((g) => g.permission));
      const unknown = req.body.permissions.filter((p) => !known.has(p));
      if (unknown.length > 0) {
        throw new AppError('Casebook:Validation', 'Your provided data is invalid', [
          { message: `Unknown permission(s): ${unknown.join(', ')}`, members: ['permissions'] },
        ]);
      }
      const wanted = new Set(req.body.permissions);
      await deps.database.withTenant(ctx.tenant.id, async (tx) => {
        await tx.delete(rolePermissions).where(and(eq(rolePermissions.roleName, req.params.roleName)));
        const rows = DefaultGrants.filter(
          (g) => g.roles.includes(req.params.roleName) !== wanted.has(g.permission),
        ).map((g) => ({
          tenantId: ctx.tenant.id,
          id: uuidv7(),
          roleName: req.params.roleName,
          permission: g.permission,
          isGranted: wanted.has(g.permission),
          concurrencyStamp: uuidv7(),
          creatorId: ctx.principal.userId,
        }));
        if (rows.length > 0) await tx.insert(rolePermissions).values(rows);
      });
      deps.permissions.invalidate(ctx.tenant.id);
      return {
        name: req.params.roleName,
        permissions: [...(await deps.permissions.forRoles(ctx.tenant.id, [req.params.roleName]))].sort(),
      };
    },
  );
  r.put(
    '/api/app/roles/setDefaultPermissions',
    {
      schema: {
        tags: roleTags,
        summary: 'Reset roles to the default permissions',
        body: z.strictObject({ roleName: RoleName.optional() }).optional(),
      },
      config: { access: { permission: Permissions.roles.update } },
    },
    async (req) => {
      const ctx = contextOf(req);
      const roleName = req.body?.roleName;
      assertMayChangeGrants(ctx, roleName ? [roleName] : Roles);
      await deps.database.withTenant(ctx.tenant.id, (tx) =>
        tx.delete(rolePermissions).where(roleName ? eq(rolePermissions.roleName, roleName) : undefined),
      );
      deps.permissions.invalidate(ctx.tenant.id);
      return { message: 'Data has been saved successfully.' };
    },
  );
}
