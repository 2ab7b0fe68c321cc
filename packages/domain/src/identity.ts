import { z } from 'zod';
import { Roles } from './roles';

/** Consecutive failed sign-ins that lock an account. */
export const LOCKOUT_THRESHOLD = 5;
/** How long a locked account stays locked. */
export const LOCKOUT_MINUTES = 5;
/** How long a password reset link works. */
export const PASSWORD_RESET_HOURS = 1;
/** How long a one-time access link works. */
export const ONE_TIME_ACCESS_HOURS = 72;
export const MIN_PASSWORD_LENGTH = 8;

/** Sign-in and account messages of the spec, word for word where it gives them. */
export const AuthMessages = {
  invalidCredentials: 'Your username or password is incorrect',
  lockedOut: 'Your account has been locked out, please try again in 5 minutes',
  disabled: 'Your account has been disabled, please contact support',
  linkInvalid: 'The link you followed is invalid or expired',
  resendPassword: 'Resend login Information successfully!',
  resendPasswordPrompt: 'Do you want to reset password? New password will be sent to the user automatically.',
  passwordRule:
    'The password must be at least 8 characters long and contain an uppercase letter, a lowercase letter, a digit and a special character',
  resetRequested: 'If the account exists, an email with a link to reset the password has been sent',
  passwordChanged: 'Your password has been changed',
  currentPasswordWrong: 'The current password is incorrect',
} as const;

/** True when the password meets the rule: 8+ characters, upper, lower, digit and special character. */
export function isStrongPassword(password: string): boolean {
  return (
    password.length >= MIN_PASSWORD_LENGTH &&
    /[A-Z]/.test(password) &&
    /[a-z]/.test(password) &&
    /[0-9]/.test(password) &&
    /[^A-Za-z0-9]/.test(password)
  );
}

export const Password = z.string().max(128).refine(isStrongPassword, AuthMessages.passwordRule);

export const RoleName = z.enum(Roles);

const requiredText = (max: number) => z.string().trim().min(1, 'This field is required').max(max);
const Email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'Please enter a valid email' }))
  .pipe(z.string().max(256));
const Phone = z
  .string()
  .trim()
  .regex(/^\d{10}$/, 'Phone number must be 10 digits')
  .nullable()
  .default(null);

export const ContractorType = z.enum(['BROKER', 'INSURER', 'TYPIST']);

export const UserDto = z.object({
  id: z.string(),
  tenantId: z.string(),
  userName: z.string(),
  email: z.string(),
  name: z.string(),
  surname: z.string(),
  fullName: z.string(),
  title: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  roles: z.array(z.string()),
  isActive: z.boolean(),
  isLockedOut: z.boolean(),
  lockoutEnd: z.string().nullable(),
  contractorType: z.string().nullable(),
  lastLoginTime: z.string().nullable(),
  creationTime: z.string(),
  concurrencyStamp: z.string(),
});
export type UserDto = z.infer<typeof UserDto>;

/** The roles whose users are the office staff (decision 0130). */
export const StaffRoles = ['TENANT_ADMIN', 'ADMIN_STAFF', 'STAFF', 'ACCOUNTING'] as const;

/** A staff member: an office user seen for their contact details, position and groups (decision 0130). */
export const StaffDto = z.object({
  id: z.string(),
  name: z.string(),
  surname: z.string(),
  fullName: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  /** Position or job title. */
  title: z.string().nullable(),
  roles: z.array(z.string()),
  /** The user groups they belong to, by name. */
  userGroups: z.string().nullable(),
  isActive: z.boolean(),
  creationTime: z.string(),
  concurrencyStamp: z.string(),
});
export type StaffDto = z.infer<typeof StaffDto>;

export const CreateUserInput = z.strictObject({
  userName: requiredText(64).regex(/^[A-Za-z0-9._@-]+$/, 'Username may contain letters, digits and . _ @ - only'),
  email: Email,
  name: requiredText(64),
  surname: requiredText(64),
  title: z.string().trim().max(32).nullable().default(null),
  phoneNumber: Phone,
  roles: z.array(RoleName).min(1, 'Choose at least one role'),
  contractorType: ContractorType.nullable().default(null),
  password: Password.optional(),
  isActive: z.boolean().default(true),
});
export type CreateUserInput = z.infer<typeof CreateUserInput>;

export const UpdateUserInput = CreateUserInput.omit({ password: true }).extend({ concurrencyStamp: z.string().min(1) });
export type UpdateUserInput = z.infer<typeof UpdateUserInput>;

export const MyProfileDto = z.object({
  id: z.string(),
  userName: z.string(),
  email: z.string(),
  name: z.string(),
  surname: z.string(),
  fullName: z.string(),
  title: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  roles: z.array(z.object({ name: z.string() })),
  tenantId: z.string(),
  dateFormat: z.string(),
  settings: z.record(z.string(), z.string()),
  impersonatorUserId: z.string().nullable(),
  concurrencyStamp: z.string(),
  /** The caller's effective permissions in the tenant it works in (grants and features applied), sorted. */
  permissions: z.array(z.string()),
});
export type MyProfileDto = z.infer<typeof MyProfileDto>;

export const UpdateMyProfileInput = z.strictObject({
  email: Email,
  name: requiredText(64),
  surname: requiredText(64),
  title: z.string().trim().max(32).nullable().default(null),
  phoneNumber: Phone,
  concurrencyStamp: z.string().min(1),
});

export const ChangePasswordInput = z.strictObject({
  currentPassword: z.string().min(1, 'This field is required').max(128),
  newPassword: Password,
});

export const LoginInput = z.strictObject({
  tenant: z.string().trim().max(64).default(''),
  userNameOrEmail: requiredText(256),
  password: z.string().min(1, 'This field is required').max(128),
});
export type LoginInput = z.infer<typeof LoginInput>;

export const ForgotPasswordInput = z.strictObject({
  tenant: z.string().trim().max(64).default(''),
  email: Email,
});

export const ResetPasswordInput = z.strictObject({
  tenantId: z.uuid({ error: AuthMessages.linkInvalid }),
  token: z.string().min(10).max(200),
  password: Password,
});

export const SetPasswordInput = z.strictObject({ password: Password });

export const LoginHistoryDto = z.object({
  id: z.string(),
  userNameOrEmail: z.string(),
  result: z.string(),
  clientIp: z.string().nullable(),
  userAgent: z.string().nullable(),
  impersonatorUserId: z.string().nullable(),
  creationTime: z.string(),
});

/** The default date format of a user who has not chosen one. */
export const DEFAULT_DATE_FORMAT = 'DD MMM YYYY';

export const UserGroupDto = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  memberIds: z.array(z.string()),
  isActive: z.boolean(),
  creationTime: z.string(),
  concurrencyStamp: z.string(),
});

export const CreateUserGroupInput = z.strictObject({
  name: requiredText(64),
  description: z.string().trim().max(4000).nullable().default(null),
  memberIds: z.array(z.uuid()).max(1000).default([]),
  isActive: z.boolean().default(true),
});

export const UpdateUserGroupInput = CreateUserGroupInput.extend({ concurrencyStamp: z.string().min(1) });

export const RedeemOneTimeAccessInput = z.strictObject({
  tenantId: z.uuid({ error: AuthMessages.linkInvalid }),
  token: z.string().min(10).max(200),
});

/** A table's column choices for one user: which columns are hidden, in display order. */
export const TableColumnSetting = z.object({ name: z.string().min(1).max(100), hidden: z.boolean() });
export const UserTableSetting = z.strictObject({
  tableKey: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(/^[A-Za-z0-9._:-]+$/, 'tableKey may contain letters, digits and . _ : - only'),
  columns: z.array(TableColumnSetting).max(200),
});
export type UserTableSetting = z.infer<typeof UserTableSetting>;

/** Setting keys are short dotted names such as ICS.InAppNotification.ShowPopupForNewItem. */
export const SettingKey = z
  .string()
  .trim()
  .min(1)
  .max(128)
  .regex(/^[A-Za-z0-9._:-]+$/, 'Unknown setting key');
export const SettingsMap = z.record(SettingKey, z.string().max(4000));
