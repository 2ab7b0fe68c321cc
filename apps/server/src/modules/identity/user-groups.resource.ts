import { UserGroupsResource } from '@casebook/domain';
import { invalidField } from '../../platform/http/errors';
import { defineResource, type WriteContext } from '../../platform/resources/resource';
import { identityRepository } from './identity.repository';
import { userGroups } from './identity.schema';

/** Members are users of the group's own tenant: an id of no such user is refused, not stored. */
async function checkMembers({ tx, input }: WriteContext): Promise<Record<string, unknown>> {
  const memberIds = [...new Set((input.memberIds as string[] | undefined) ?? [])];
  const known = await identityRepository.existingUserIds(tx, memberIds);
  const unknown = memberIds.filter((id) => !known.has(id));
  if (unknown.length > 0) {
    throw invalidField('memberIds', `memberIds must be users of this organisation (not: ${unknown.join(', ')}).`);
  }
  return { ...input, memberIds };
}

/** Groups of users (case visibility "Group", notifications); path as the spec's app/user-group. */
export const userGroupsResource = defineResource(UserGroupsResource, {
  table: userGroups,
  displayName: userGroups.name,
  searchColumns: [userGroups.name, userGroups.description],
  sorting: { name: userGroups.name, creationTime: userGroups.creationTime },
  defaultSorting: 'name asc',
  beforeWrite: checkMembers,
  constraints: { user_groups_name_key: { member: 'name', message: 'A user group with this name already exists.' } },
});
