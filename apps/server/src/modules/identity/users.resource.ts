import { sql } from 'drizzle-orm';
import type { UserDto } from '@casebook/domain';
import { UsersResource } from '@casebook/domain';
import { defineResource } from '../../platform/resources/resource';
import { users } from './identity.schema';

function toIso(v: unknown): string | null {
  return v instanceof Date ? v.toISOString() : null;
}

/** A user row as the API shows it: no hash, no stamps of security, lockout as a flag and a time. */
export function toUserDto(row: Record<string, unknown>): UserDto {
  const lockoutEnd = row.lockoutEnd instanceof Date ? row.lockoutEnd : null;
  return {
    id: String(row.id),
    tenantId: String(row.tenantId),
    userName: String(row.userName),
    email: String(row.email),
    name: String(row.name),
    surname: String(row.surname),
    fullName: `${String(row.name)} ${String(row.surname)}`,
    title: (row.title as string | null) ?? null,
    phoneNumber: (row.phoneNumber as string | null) ?? null,
    roles: (row.roles as string[]) ?? [],
    isActive: Boolean(row.isActive),
    isLockedOut: lockoutEnd !== null && lockoutEnd.getTime() > Date.now(),
    lockoutEnd: toIso(lockoutEnd),
    contractorType: (row.contractorType as string | null) ?? null,
    lastLoginTime: toIso(row.lastLoginTime),
    creationTime: toIso(row.creationTime) ?? '',
    concurrencyStamp: String(row.concurrencyStamp),
  };
}

/**
 * Users: list, get, selection list (optionally by roleNames), export, enable/disable and delete come
 * from the resource mechanism; creating and editing users have rules of their own (users.service.ts).
 */
export const usersResource = defineResource(UsersResource, {
  table: users,
  displayName: sql`${users.name} || ' ' || ${users.surname}`,
  searchColumns: [users.userName, users.email, users.name, users.surname, users.phoneNumber],
  filters: {
    roleNames: (roles: string[]) => sql`${users.roles} && ${sql.param(roles)}::text[]`,
  },
  sorting: {
    userName: users.userName,
    email: users.email,
    name: users.name,
    surname: users.surname,
    fullName: sql`${users.name} || ' ' || ${users.surname}`,
    creationTime: users.creationTime,
    lastLoginTime: users.lastLoginTime,
  },
  defaultSorting: 'fullName asc',
  toDto: toUserDto,
  exportColumns: [
    { key: 'userName', header: 'Username' },
    { key: 'fullName', header: 'Full name' },
    { key: 'email', header: 'Email' },
    { key: 'phoneNumber', header: 'Phone' },
    { key: 'roles', header: 'Roles' },
    { key: 'isActive', header: 'Active' },
    { key: 'lastLoginTime', header: 'Last login' },
  ],
  constraints: {
    users_user_name_key: { member: 'userName', message: 'This username is already taken.' },
    users_email_key: { member: 'email', message: 'This email is already used by another user.' },
  },
});
