import { sql } from 'drizzle-orm';
import { StaffRoles, StaffsResource, type StaffDto } from '@casebook/domain';
import { defineResource } from '../../platform/resources/resource';
import { qualified } from '../../platform/resources/resource.sql';
import { users } from './identity.schema';

/** The names of the user groups a user belongs to, in name order. */
const userGroupNames = sql<
  string | null
>`(select string_agg(g.name, ', ' order by g.name) from user_groups g where g.tenant_id = ${qualified(users.tenantId)} and ${qualified(users.id)} = any(g.member_ids) and not g.is_deleted)`;

const isStaff = sql`${users.roles} && ${sql.param([...StaffRoles])}::text[]`;

const fullName = sql<string>`${users.name} || ' ' || ${users.surname}`;

function toStaffDto(row: Record<string, unknown>): StaffDto {
  return {
    id: String(row.id),
    name: String(row.name),
    surname: String(row.surname),
    fullName: `${String(row.name)} ${String(row.surname)}`,
    email: String(row.email),
    phoneNumber: (row.phoneNumber as string | null) ?? null,
    title: (row.title as string | null) ?? null,
    roles: ((row.roles as string[]) ?? []).filter((r) => (StaffRoles as readonly string[]).includes(r)),
    userGroups: (row.userGroups as string | null) ?? null,
    isActive: Boolean(row.isActive),
    creationTime: row.creationTime instanceof Date ? row.creationTime.toISOString() : '',
    concurrencyStamp: String(row.concurrencyStamp),
  };
}

/**
 * Staff (decision 0130): the users with an office role, seen for their contact details, position and
 * groups. Read-only: adding and editing staff are the users' own routes, which keep the role rules, so
 * this screen cannot become a way around them. A user without an office role is not staff: a 404.
 */
export const staffsResource = defineResource(StaffsResource, {
  table: users,
  displayName: fullName,
  searchColumns: [users.name, users.surname, users.email, users.phoneNumber, users.title],
  computed: { userGroups: userGroupNames },
  // A user without an office role is not staff: lists leave them out, and their id is a 404.
  rows: isStaff,
  sorting: {
    fullName,
    name: users.name,
    surname: users.surname,
    email: users.email,
    title: users.title,
    creationTime: users.creationTime,
  },
  defaultSorting: 'fullName asc',
  toDto: toStaffDto,
  // The users' rows have their own history (entity type User); this view writes nothing.
  audit: false,
  exportColumns: [
    { key: 'fullName', header: 'Name' },
    { key: 'title', header: 'Position' },
    { key: 'email', header: 'Email' },
    { key: 'phoneNumber', header: 'Phone' },
    { key: 'roles', header: 'Roles' },
    { key: 'userGroups', header: 'User groups' },
    { key: 'isActive', header: 'Active' },
  ],
});
