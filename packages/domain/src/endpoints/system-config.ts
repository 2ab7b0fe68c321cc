import { z } from 'zod';
import { SettingKey, SettingsMap, UserTableSetting } from '../identity';
import { Permissions } from '../permissions';
import { endpoint } from './endpoint';

const tags = ['System configuration'];
const signedIn = { authenticated: true } as const;
const Settings = z.object({ settings: SettingsMap });

/**
 * The tenant's settings (editable by administrators), each user's own settings over them, and each
 * user's table column choices.
 */
export const SystemConfigEndpoints = {
  getSettings: endpoint({
    method: 'GET',
    path: '/api/app/system-config',
    response: z.object({ settings: z.record(z.string(), z.string()) }),
    access: signedIn,
    summary: "The tenant's settings with the user's own over them",
    tags,
  }),
  getSetting: endpoint({
    method: 'GET',
    path: '/api/app/system-config/getSetting',
    query: z.object({ key: SettingKey }),
    response: z.object({ key: z.string(), value: z.string().nullable() }),
    access: signedIn,
    tags,
  }),
  updateSettings: endpoint({
    method: 'PUT',
    path: '/api/app/system-config',
    body: z.strictObject({ settings: SettingsMap }),
    response: Settings,
    access: { permission: Permissions.systemConfig.update },
    summary: "Change the tenant's settings (keys given are set; others are kept)",
    tags,
  }),
  getUserSettings: endpoint({
    method: 'GET',
    path: '/api/app/system-config/userSettings',
    response: z.object({ settings: z.record(z.string(), z.string()) }),
    access: signedIn,
    summary: "The user's own settings",
    tags,
  }),
  setUserSetting: endpoint({
    method: 'PUT',
    path: '/api/app/system-config/userSetting',
    body: z.strictObject({ key: SettingKey, value: z.string().max(4000) }),
    response: Settings,
    access: signedIn,
    tags,
  }),
  removeUserSetting: endpoint({
    method: 'DELETE',
    path: '/api/app/system-config/removeCurrentUserSetting',
    query: z.object({ key: SettingKey }),
    response: Settings,
    access: signedIn,
    tags,
  }),
  getUserTableSettings: endpoint({
    method: 'GET',
    path: '/api/app/system-config/userTableSettings',
    query: z.object({ tableKey: z.string().max(100).optional() }),
    response: z.object({ items: z.array(UserTableSetting) }),
    access: signedIn,
    tags,
  }),
  updateUserTableSetting: endpoint({
    method: 'PUT',
    path: '/api/app/system-config/updateUserTableSetting',
    body: UserTableSetting,
    response: UserTableSetting,
    access: signedIn,
    tags,
  }),
};
