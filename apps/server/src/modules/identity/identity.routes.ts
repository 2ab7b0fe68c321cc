import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import {
  HOST_TENANT_ID,
  AccountEndpoints,
  AuthMessages,
  DefaultGrants,
  RoleEndpoints,
  Roles,
  UserEndpoints,
  uuidv7,
} from '@casebook/domain';
import type { Database } from '../../platform/db/database';
import { contextOf } from '../../platform/access/context';
import type { TokenService } from '../../platform/auth/tokens';
import { AppError, businessRule, notFound } from '../../platform/http/errors';
import { registerEndpoint } from '../../platform/http/endpoints';
import type { Mailer } from '../../platform/mail/mailer';
import { identityRepository } from './identity.repository';
import { authenticate } from './login.service';
import { registerSystemConfigRoutes } from './system-config.routes';
import type { TenantDirectory } from '../../platform/access/tenant-directory';
import { accountClaims } from './oidc/provider';
import type { PermissionDirectory } from './permission-directory';
import { explainAccess, resetRolePermissions, setRolePermissions } from './roles.service';
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
  const throttled = { rateLimit: { max: deps.signInLimitPerMinute, timeWindow: 60_000 } };
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

  registerEndpoint(
    app,
    AccountEndpoints.login,
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
    throttled,
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
  registerEndpoint(app, AccountEndpoints.userInfo, async (req, reply) => {
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
    return reply.send(claims);
  });

  // --- Anonymous account calls --------------------------------------------------------------------
  registerEndpoint(
    app,
    AccountEndpoints.forgotPassword,
    async (req) => {
      await requestPasswordReset(deps, req.body.tenant, req.body.email);
      return { message: AuthMessages.resetRequested };
    },
    throttled,
  );

  registerEndpoint(
    app,
    AccountEndpoints.resetPassword,
    async (req) => {
      await resetPassword(deps, req.body.tenantId, req.body.token, req.body.password);
      return { message: AuthMessages.passwordChanged };
    },
    throttled,
  );

  registerEndpoint(
    app,
    AccountEndpoints.redeemOneTimeAccess,
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
    throttled,
  );

  // --- The signed-in user's own account -------------------------------------------------------------
  registerEndpoint(app, AccountEndpoints.myProfile, async (req) => users.myProfile(contextOf(req)));
  registerEndpoint(app, AccountEndpoints.updateMyProfile, async (req) =>
    users.updateMyProfile(contextOf(req), req.body),
  );
  registerEndpoint(app, AccountEndpoints.changePassword, async (req) => users.changePassword(contextOf(req), req.body));

  // Signing out ends every session of the user on every device (the web app calls it before it ends
  // the provider's session; ending only that, as adding another account does, keeps the others).
  registerEndpoint(app, AccountEndpoints.logout, async (req, reply) => {
    const ctx = contextOf(req);
    if (ctx.principal.impersonatorUserId) throw businessRule('Revert the current impersonation first.');
    await signOutEverywhere(deps, ctx.principal.userId);
    return reply.status(204).send();
  });

  // Impersonation: a short-lived access token for the target user that names the impersonator.
  registerEndpoint(app, AccountEndpoints.impersonate, async (req) => {
    const ctx = contextOf(req);
    if (ctx.principal.impersonatorUserId) throw businessRule('Revert the current impersonation first.');
    if (req.body.userId === ctx.principal.userId) throw businessRule('You are already signed in as this user.');
    // Only the host reaches another tenant's users; to anyone else another tenant's user is not found.
    const tenantId = req.body.tenantId ?? ctx.tenant.id;
    if (tenantId !== ctx.tenant.id && ctx.principal.tenantId !== HOST_TENANT_ID) throw notFound('The user');
    const tenant = await deps.tenants.get(tenantId);
    if (!tenant || !tenant.isActive) throw notFound('The user');
    const target = await deps.database.withTenant(tenantId, async (tx) => {
      const userId = req.body.userId ?? (await identityRepository.firstTenantAdminId(tx, tenantId));
      const user = userId ? await identityRepository.userById(tx, userId) : undefined;
      if (!user || !user.isActive || user.tenantId !== tenantId) return undefined;
      assertMayAdminister(ctx, tenantId, user.roles);
      await identityRepository.recordAttempt(tx, {
        tenantId,
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
  });

  registerEndpoint(app, AccountEndpoints.createOneTimeAccess, async (req) => {
    const { userId, ...target } = req.body;
    return users.createOneTimeAccess(
      contextOf(req),
      userId,
      Object.fromEntries(Object.entries(target).filter(([, v]) => v !== undefined)) as Record<string, string>,
    );
  });

  // --- User administration (list, get, export, selection list come from the users resource) --------
  registerEndpoint(app, UserEndpoints.createUser, async (req) => users.create(contextOf(req), req.body));
  registerEndpoint(app, UserEndpoints.createUserForTenant, async (req) => {
    const ctx = contextOf(req);
    const exists = await deps.database.withSystem((tx) => identityRepository.tenantExists(tx, req.query.tenantId));
    if (!exists) throw notFound('The tenant');
    assertMayAdminister(ctx, req.query.tenantId, [], req.body.roles);
    return createUser(deps, { ...ctx.actor, tenantId: req.query.tenantId }, req.body);
  });
  registerEndpoint(app, UserEndpoints.updateUser, async (req) => users.update(contextOf(req), req.params.id, req.body));
  registerEndpoint(app, UserEndpoints.enableUser, async (req) => users.setActive(contextOf(req), req.params.id, true));
  registerEndpoint(app, UserEndpoints.disableUser, async (req) =>
    users.setActive(contextOf(req), req.params.id, false),
  );
  registerEndpoint(app, UserEndpoints.lockUser, async (req) =>
    users.lock(contextOf(req), req.params.id, req.body?.minutes),
  );
  registerEndpoint(app, UserEndpoints.unlockUser, async (req) => users.unlock(contextOf(req), req.params.id));
  registerEndpoint(app, UserEndpoints.deleteUser, async (req, reply) => {
    await users.delete(contextOf(req), req.params.id);
    return reply.status(204).send();
  });
  registerEndpoint(app, UserEndpoints.setPassword, async (req) =>
    users.setPassword(contextOf(req), req.params.id, req.body.password),
  );
  registerEndpoint(app, UserEndpoints.resendPassword, async (req) =>
    users.resendPassword(contextOf(req), req.params.id),
  );
  registerEndpoint(app, UserEndpoints.checkDuplicateEmail, async (req) => ({
    isDuplicate: await users.checkDuplicateEmail(contextOf(req), req.query.email, req.query.userId),
  }));
  registerEndpoint(app, UserEndpoints.loginHistory, async (req) =>
    users.loginHistory(contextOf(req), req.params.id, req.query.skipCount, req.query.maxResultCount),
  );

  // --- Roles and their permissions in this tenant ----------------------------------------------------
  registerEndpoint(app, RoleEndpoints.listRoles, async (req) => {
    const ctx = contextOf(req);
    const items = [];
    for (const name of Roles)
      items.push({ name, permissions: [...(await deps.permissions.forRoles(ctx.tenant.id, [name]))].sort() });
    return { totalCount: items.length, items };
  });
  registerEndpoint(app, RoleEndpoints.listPermissions, async () => ({
    items: DefaultGrants.map((g) => ({ name: g.permission, defaultRoles: [...g.roles] })),
  }));
  registerEndpoint(app, RoleEndpoints.setRolePermissions, async (req) => {
    const ctx = contextOf(req);
    assertMayChangeGrants(ctx, [req.params.roleName]);
    await setRolePermissions(deps, ctx, req.params.roleName, req.body.permissions);
    return {
      name: req.params.roleName,
      permissions: [...(await deps.permissions.forRoles(ctx.tenant.id, [req.params.roleName]))].sort(),
    };
  });
  registerEndpoint(app, RoleEndpoints.setDefaultPermissions, async (req) => {
    const ctx = contextOf(req);
    const roleName = req.body?.roleName;
    assertMayChangeGrants(ctx, roleName ? [roleName] : Roles);
    await resetRolePermissions(deps, ctx, roleName);
    return { message: 'Data has been saved successfully.' };
  });
  registerEndpoint(app, RoleEndpoints.explainAccess, async (req) => explainAccess(deps, contextOf(req), req.query));
}
