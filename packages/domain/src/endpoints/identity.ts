import { z } from 'zod';
import { Uuid } from '../ids';
import {
  ChangePasswordInput,
  CreateUserInput,
  ForgotPasswordInput,
  LoginHistoryDto,
  LoginInput,
  MyProfileDto,
  RedeemOneTimeAccessInput,
  ResetPasswordInput,
  RoleName,
  SetPasswordInput,
  UpdateMyProfileInput,
  UpdateUserInput,
  UserDto,
} from '../identity';
import { Permissions } from '../permissions';
import { AccessExplanationDto } from '../access/explain';
import { apiSchema } from './components';
import { endpoint } from './endpoint';

const IdParams = z.object({ id: Uuid });
const UidParams = z.object({ uid: z.string().max(100) });
const Message = z.object({ message: z.string() });
const accountTags = ['Account'];
const userTags = ['Users'];
const roleTags = ['Roles'];
const signedIn = { authenticated: true } as const;
const anonymous = { anonymous: true } as const;

/** A short-lived bearer token (impersonation, a one-time access link). */
const AccessToken = z.object({ accessToken: z.string(), tokenType: z.literal('Bearer'), expiresIn: z.number() });

/** A role and the permissions it holds in the caller's tenant, sorted. */
export const RolePermissionsDto = z.object({ name: z.string(), permissions: z.array(z.string()) });
export type RolePermissionsDto = z.infer<typeof RolePermissionsDto>;

/** A permission and the roles that hold it unless a tenant changes them. */
export const PermissionDefinitionDto = z.object({ name: z.string(), defaultRoles: z.array(z.string()) });
export type PermissionDefinitionDto = z.infer<typeof PermissionDefinitionDto>;

/**
 * Sign-in, the signed-in user's own account, and user and role administration. The OpenID Connect
 * browser redirects (`/connect/interaction/:uid` and its abort) are part of the provider's protocol
 * and hidden from the API description, so they are not declared here.
 */
export const AccountEndpoints = {
  // The sign-in page posts the credentials of an authorization request it was handed.
  login: endpoint({
    method: 'POST',
    path: '/connect/interaction/:uid/login',
    params: UidParams,
    body: LoginInput,
    response: z.object({ redirectTo: z.string() }),
    access: anonymous,
    summary: 'Complete the sign-in step of an authorization request',
    tags: accountTags,
  }),
  // The claims, or a 401 with the OAuth error body: answered through the reply, no declared body.
  userInfo: endpoint({
    method: 'GET',
    path: '/connect/userinfo',
    access: anonymous,
    summary: 'Claims of the signed-in user',
    tags: accountTags,
  }),
  forgotPassword: endpoint({
    method: 'POST',
    path: '/api/account/forgot-password',
    body: ForgotPasswordInput,
    response: Message,
    access: anonymous,
    tags: accountTags,
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: '/api/account/reset-password',
    body: ResetPasswordInput,
    response: Message,
    access: anonymous,
    tags: accountTags,
  }),
  redeemOneTimeAccess: endpoint({
    method: 'POST',
    path: '/api/account/onetime-access/redeem',
    body: RedeemOneTimeAccessInput,
    response: AccessToken.extend({ target: z.record(z.string(), z.string()) }),
    access: anonymous,
    summary: 'Exchange a one-time access link for a short-lived access token',
    tags: accountTags,
  }),
  myProfile: endpoint({
    method: 'GET',
    path: '/api/app/account/my-profile',
    response: MyProfileDto,
    access: signedIn,
    tags: accountTags,
  }),
  updateMyProfile: endpoint({
    method: 'PUT',
    path: '/api/app/account/my-profile',
    body: UpdateMyProfileInput,
    response: MyProfileDto,
    access: signedIn,
    tags: accountTags,
  }),
  changePassword: endpoint({
    method: 'PUT',
    path: '/api/app/account/change-password',
    body: ChangePasswordInput,
    response: Message,
    access: signedIn,
    tags: accountTags,
  }),
  // Ends every session of the user on every device; under impersonation it is refused (422).
  logout: endpoint({
    method: 'POST',
    path: '/api/app/account/logout',
    response: z.void(),
    status: 204,
    access: signedIn,
    summary: 'End every session of the signed-in user',
    tags: accountTags,
  }),
  impersonate: endpoint({
    method: 'POST',
    path: '/api/app/account/impersonate',
    // The host names the tenant of the user it impersonates (a tenant's admin from the Tenants screen).
    // Given only the tenant, its first tenant admin (the host's "log in as this tenant").
    body: z
      .strictObject({ userId: Uuid.optional(), tenantId: Uuid.optional() })
      .refine((b) => b.userId !== undefined || b.tenantId !== undefined, {
        message: 'This field is required',
        path: ['userId'],
      }),
    response: AccessToken,
    access: { permission: Permissions.users.impersonation },
    tags: accountTags,
  }),
  createOneTimeAccess: endpoint({
    method: 'POST',
    path: '/api/app/onetime-access',
    body: z.strictObject({ userId: Uuid, fromModule: z.string().max(50).optional(), objectId: Uuid.optional() }),
    response: z.object({ message: z.string(), expiresAt: z.string() }),
    access: { permission: Permissions.oneTimeAccess.create },
    summary: 'E-mail a one-time sign-in link to a specialist or case manager',
    tags: accountTags,
  }),
};

/** User administration beyond the users resource (which lists, gets, exports and selects users). */
export const UserEndpoints = {
  createUser: endpoint({
    method: 'POST',
    path: '/api/app/users',
    body: CreateUserInput,
    response: UserDto,
    access: { permission: Permissions.users.create },
    tags: userTags,
  }),
  createUserForTenant: endpoint({
    method: 'POST',
    path: '/api/app/users/createForTenant',
    query: z.object({ tenantId: Uuid }),
    body: CreateUserInput,
    response: UserDto,
    access: { permission: Permissions.users.create, hostOnly: true },
    tags: userTags,
  }),
  updateUser: endpoint({
    method: 'PUT',
    path: '/api/app/users/:id',
    params: IdParams,
    body: UpdateUserInput,
    response: UserDto,
    access: { permission: Permissions.users.update },
    tags: userTags,
  }),
  enableUser: endpoint({
    method: 'PUT',
    path: '/api/app/users/:id/enable',
    params: IdParams,
    response: UserDto,
    access: { permission: Permissions.users.update },
    tags: userTags,
  }),
  disableUser: endpoint({
    method: 'PUT',
    path: '/api/app/users/:id/disable',
    params: IdParams,
    response: UserDto,
    access: { permission: Permissions.users.update },
    tags: userTags,
  }),
  lockUser: endpoint({
    method: 'PUT',
    path: '/api/app/users/:id/lock',
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
    response: UserDto,
    access: { permission: Permissions.users.lock },
    tags: userTags,
  }),
  unlockUser: endpoint({
    method: 'PUT',
    path: '/api/app/users/:id/unlock',
    params: IdParams,
    response: UserDto,
    access: { permission: Permissions.users.lock },
    tags: userTags,
  }),
  deleteUser: endpoint({
    method: 'DELETE',
    path: '/api/app/users/:id',
    params: IdParams,
    response: z.void(),
    status: 204,
    access: { permission: Permissions.users.delete },
    tags: userTags,
  }),
  setPassword: endpoint({
    method: 'PUT',
    path: '/api/app/users/:id/setPassword',
    params: IdParams,
    body: SetPasswordInput,
    response: UserDto,
    access: { permission: Permissions.users.managePasswords },
    tags: userTags,
  }),
  resendPassword: endpoint({
    method: 'POST',
    path: '/api/app/users/:id/resendPassword',
    params: IdParams,
    response: Message,
    access: { permission: Permissions.users.managePasswords },
    tags: userTags,
  }),
  checkDuplicateEmail: endpoint({
    method: 'GET',
    path: '/api/app/users/checkDuplicateEmail',
    query: z.object({ email: z.string().max(256), userId: Uuid.optional() }),
    response: z.object({ isDuplicate: z.boolean() }),
    access: { permission: Permissions.users.read },
    tags: userTags,
  }),
  loginHistory: endpoint({
    method: 'GET',
    path: '/api/app/users/:id/loginHistory',
    params: IdParams,
    query: z.object({
      skipCount: z.coerce.number().int().min(0).default(0),
      maxResultCount: z.coerce.number().int().min(1).max(1000).default(20),
    }),
    response: z.object({ totalCount: z.number().int(), items: z.array(LoginHistoryDto) }),
    access: { permission: Permissions.users.loginHistory },
    tags: userTags,
  }),
};

/** The roles of a tenant and the permissions each holds there. */
export const RoleEndpoints = {
  listRoles: endpoint({
    method: 'GET',
    path: '/api/app/tenants/roles',
    response: z.object({ totalCount: z.number().int(), items: z.array(RolePermissionsDto) }),
    access: { permission: Permissions.roles.read },
    tags: roleTags,
  }),
  listPermissions: endpoint({
    method: 'GET',
    path: '/api/app/roles/permissions',
    response: z.object({ items: z.array(PermissionDefinitionDto) }),
    access: { permission: Permissions.roles.read },
    tags: roleTags,
  }),
  setRolePermissions: endpoint({
    method: 'PUT',
    path: '/api/app/roles/:roleName/permissions',
    params: z.object({ roleName: RoleName }),
    body: z.strictObject({ permissions: z.array(z.string().max(100)).max(500) }),
    response: RolePermissionsDto,
    access: { permission: Permissions.roles.update },
    summary: "Set a role's permissions in this tenant",
    tags: roleTags,
  }),
  // Exactly one of permission and path: the service answers 400 naming the field otherwise.
  explainAccess: endpoint({
    method: 'GET',
    path: '/api/app/roles/explain',
    query: z.object({
      userId: Uuid,
      permission: z.string().max(100).optional(),
      path: z.string().max(300).optional(),
    }),
    response: apiSchema('AccessExplanationDto', AccessExplanationDto),
    access: { permission: Permissions.roles.read },
    summary: 'Why a user can or cannot open a screen or use a permission',
    tags: roleTags,
  }),
  setDefaultPermissions: endpoint({
    method: 'PUT',
    path: '/api/app/roles/setDefaultPermissions',
    body: z.strictObject({ roleName: RoleName.optional() }).optional(),
    response: Message,
    access: { permission: Permissions.roles.update },
    summary: 'Reset roles to the default permissions',
    tags: roleTags,
  }),
};
