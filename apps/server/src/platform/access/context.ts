import type { FastifyRequest } from 'fastify';
import { effectiveFeatures, TENANT_HEADER, Uuid } from '@casebook/domain';
import type { Actor } from '../db/audit';
import type { Principal, TokenService } from '../auth/tokens';
import { AppError, forbidden, unauthorized } from '../http/errors';
import type { TenantDirectory, TenantInfo } from './tenant-directory';

/** Everything a service needs to know about the caller. */
export type RequestContext = {
  principal: Principal;
  /** The tenant the request works in (a host user may pick one with the __tenant header). */
  tenant: TenantInfo;
  permissions: ReadonlySet<string>;
  actor: Actor;
};

/** What a route demands before its handler runs; declared in the route's config. */
export type RouteAccess = {
  /** Anonymous routes skip authentication entirely. */
  anonymous?: boolean;
  /** The caller needs this permission. */
  permission?: string;
  /** Any signed-in user (self-service calls such as my profile); says so explicitly. */
  authenticated?: boolean;
  /** At least one of these features must be on for the tenant. */
  features?: readonly string[];
  /** Only users of the host tenant may call it. */
  hostOnly?: boolean;
};

/** What the guard needs to know beyond the token; implemented by the identity module. */
export type GuardDeps = {
  tokens: TokenService;
  tenants: TenantDirectory;
  users: {
    get(
      tenantId: string,
      userId: string,
    ): Promise<{ isActive: boolean; roles: string[]; securityStamp: string } | undefined>;
  };
  permissions: { forRoles(tenantId: string, roles: readonly string[]): Promise<ReadonlySet<string>> };
};

declare module 'fastify' {
  interface FastifyRequest {
    casebook: RequestContext | undefined;
  }
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

/**
 * The route guard: authenticates the bearer token, resolves the tenant, and checks the route's
 * permission and features. Runs before the body is read, so an anonymous caller never gets a 400.
 */
export function createGuard({ tokens, tenants: directory, users, permissions: grants }: GuardDeps) {
  return async function guard(request: FastifyRequest): Promise<void> {
    const access = request.routeOptions.config?.access ?? {};
    if (access.anonymous) return;
    // Outside the API (static files, the SPA) nothing is protected; inside it, nothing is open by default.
    if (!request.routeOptions.url?.startsWith('/api/')) return;
    const token = bearer(request);
    const principal = token ? await tokens.verify(token) : undefined;
    if (!principal) throw unauthorized();
    const home = await directory.get(principal.tenantId);
    if (!home || !home.isActive) throw unauthorized();
    // The user's standing now, not when the token was issued: disabled or deleted users stop at once,
    // and a token of an older security stamp (password changed or reset, signed out) stops too.
    const user = await users.get(home.id, principal.userId);
    if (!user || !user.isActive || principal.securityStamp !== user.securityStamp) throw unauthorized();
    principal.roles = user.roles;
    if (access.hostOnly && !home.isHost) throw forbidden();

    let tenant = home;
    const picked = request.headers[TENANT_HEADER];
    if (home.isHost && typeof picked === 'string' && picked !== '' && picked !== home.id) {
      if (!Uuid.safeParse(picked).success) {
        throw new AppError('Casebook:Validation', 'Your provided data is invalid', [
          { message: `${TENANT_HEADER} must be a tenant id`, members: [TENANT_HEADER] },
        ]);
      }
      const chosen = await directory.get(picked);
      if (!chosen) throw new AppError('Casebook:NotFound', 'The tenant was not found.');
      tenant = chosen;
    }

    const permissions = await grants.forRoles(home.id, principal.roles);
    if (access.features && access.features.length > 0) {
      // Edition defaults, the tenant's own changes and the derived flags: the same rule as the menus.
      const on = effectiveFeatures({ isAuthenticated: true, roles: principal.roles, isHost: home.isHost }, tenant);
      if (!access.features.some((f) => on.has(f as never))) {
        throw new AppError('Casebook:FeatureNotEnabled', 'This feature is not enabled for your organisation.');
      }
    }
    if (access.permission && !permissions.has(access.permission)) throw forbidden();

    request.casebook = {
      principal,
      tenant,
      permissions,
      actor: {
        tenantId: tenant.id,
        userId: principal.userId,
        userName: principal.userName,
        impersonatorUserId: principal.impersonatorUserId,
      },
    };
  };
}

/** The caller's context; routes with an access rule always have one. */
export function contextOf(request: FastifyRequest): RequestContext {
  if (!request.casebook) throw unauthorized();
  return request.casebook;
}
