/** The tenant setting that marks a demonstration tenant. */
export const DEMO_TENANT_SETTING = 'IsDemo';

/**
 * A demo account: a user of a demonstration tenant other than admin staff. Demo accounts cannot
 * upload, download all or use a file's row actions (shell.md §5).
 */
export function isDemoAccount(roles: readonly string[], tenantSettings: Record<string, string>): boolean {
  return tenantSettings[DEMO_TENANT_SETTING]?.toLowerCase() === 'true' && !roles.includes('ADMIN_STAFF');
}

/** Contractors cannot delete files or Remove All. */
export function canDeleteFiles(roles: readonly string[]): boolean {
  return !roles.includes('CONTRACTOR');
}
