import { useContext, useMemo } from 'react';
import { assignableRoles, HOST_TENANT_ID, rankOf } from '@casebook/domain';
import { SessionContext } from '../../app/session/useSession';
import type { FieldSpec } from './metadata';

/** The signed-in user's roles, and whether they belong to the host; undefined outside a session. */
export function useCallerRoles(): { roles: string[]; isHost: boolean } | undefined {
  const profile = useContext(SessionContext)?.profile;
  return useMemo(
    () => profile && { roles: profile.roles.map((r) => r.name), isHost: profile.tenantId === HOST_TENANT_ID },
    [profile],
  );
}

/**
 * The user forms offer only the roles the signed-in user may give: none above their own (decision 0020).
 * The server refuses the others anyway; this keeps them out of the choice.
 */
export function limitRoleChoices(
  fields: FieldSpec[],
  resource: string,
  caller: { roles: readonly string[]; isHost: boolean } | undefined,
): FieldSpec[] {
  if (resource !== 'users' || !caller) return fields;
  const allowed = new Set<string>(assignableRoles(rankOf(caller.roles, { isHost: caller.isHost })));
  return fields.map((field) =>
    field.name === 'roles' && field.options
      ? { ...field, options: field.options.filter((option) => allowed.has(String(option))) }
      : field,
  );
}
