import type {
  AccessTenant,
  AccessUser,
  AccountEndpoints,
  EndpointOutput,
  Menu,
  TenancyEndpoints,
} from '@casebook/domain';

/** The signed-in user's profile, as `AccountEndpoints.myProfile` answers it. */
export type MyProfile = EndpointOutput<typeof AccountEndpoints.myProfile>;

/** The tenant the user works in, as `TenancyEndpoints.currentTenant` answers it. */
export type CurrentTenant = EndpointOutput<typeof TenancyEndpoints.currentTenant>;

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
