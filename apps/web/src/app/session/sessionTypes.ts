import type { AccessTenant, AccessUser, Menu } from '@casebook/domain';

/** GET /api/app/account/my-profile. */
export type MyProfile = {
  id: string;
  userName: string;
  email: string;
  name: string;
  surname: string;
  fullName: string;
  title: string | null;
  phoneNumber: string | null;
  roles: { name: string }[];
  tenantId: string;
  dateFormat: string;
  settings: Record<string, string>;
  impersonatorUserId: string | null;
  concurrencyStamp: string;
  /** What the user may do here: the server's effective permissions (`Permissions` names). */
  permissions: string[];
};

/** GET /api/app/tenants/current. */
export type CurrentTenant = {
  id: string;
  name: string;
  editionName: string;
  editionCode: string;
  isHost: boolean;
  isActive: boolean;
  /** The effective features, each as 'True'. */
  features: Record<string, string>;
  /** The tenant's own flags; edition defaults apply to the others. */
  featureOverrides: Record<string, string>;
  extraProperties: Record<string, string>;
  settings: Record<string, string>;
  timezone: string;
  defaultCountryId: string | null;
  country: { id: string; name: string } | null;
  defaultPicId: string | null;
  concurrencyStamp: string;
};

/** Everything the shell knows about who is signed in and where. */
export type Session = {
  profile: MyProfile;
  tenant: CurrentTenant;
  /** The profile as the access rule reads it. */
  user: AccessUser;
  accessTenant: AccessTenant;
  /** The sidebar: `menuFor(user, tenant)`, entries already filtered by `canAccess`. */
  menu: Menu;
  impersonated: boolean;
  /** The profile's permissions: every action a screen offers is one of these. */
  permissions: ReadonlySet<string>;
};
