import { CreateUserGroupInput, Permissions, UpdateUserGroupInput, UserGroupDto } from '@casebook/domain';
import { defineResource } from '../../platform/resources/resource';
import { userGroups } from './identity.schema';

/** Groups of users (case visibility "Group", notifications); path as the spec's app/user-group. */
export const userGroupsResource = defineResource({
  name: 'user-group',
  entityType: 'UserGroup',
  title: 'User groups',
  table: userGroups,
  dto: UserGroupDto,
  createInput: CreateUserGroupInput,
  updateInput: UpdateUserGroupInput,
  permissions: Permissions.userGroups,
  displayName: userGroups.name,
  searchColumns: [userGroups.name, userGroups.description],
  sorting: { name: userGroups.name, creationTime: userGroups.creationTime },
  defaultSorting: 'name asc',
  example: { name: 'Report reviewers', description: 'Staff who check reports before release' },
  constraints: { user_groups_name_key: { member: 'name', message: 'A user group with this name already exists.' } },
});
