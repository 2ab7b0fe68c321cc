import { z } from 'zod';
import { Editions, FeatureFlags } from './tenancy';
import { Password } from './identity';
import { NamedTenantLists } from './access/routes';

/** The tenant extra properties the spec names. */
export const TenantExtraPropertyKeys = [
  'ClientDomain',
  'Favicon',
  'LogoBackgroundColor',
  'LoginLogoBackgroundColor',
  'Logo',
  'SecondaryLogo',
  'Website',
  'CustomerName',
  'Email',
  'AccountEmail',
  'DirectoryFile',
] as const;

/** True when the text names an IANA time zone this runtime knows. */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-AU', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const TimeZone = z.string().max(64).refine(isTimeZone, 'Unknown time zone');
const FeatureMap = z
  .partialRecord(z.enum(FeatureFlags), z.enum(['True', 'False']))
  .describe('Feature flags: the text True turns one on, False turns an edition default off');
const ExtraProperties = z.partialRecord(z.enum(TenantExtraPropertyKeys), z.string().max(2000));
const Settings = z.record(z.string().max(128), z.string().max(4000));
const TenantName = z
  .string()
  .trim()
  .min(2, 'The tenant name must be at least 2 characters')
  .max(64)
  .regex(/^[A-Za-z0-9][A-Za-z0-9 ._-]*$/, 'Use letters, digits, spaces and . _ - only');

export const TenantDto = z.object({
  id: z.string(),
  name: z.string(),
  editionName: z.string(),
  editionCode: z.string(),
  isHost: z.boolean(),
  isActive: z.boolean(),
  /** Effective flags (edition defaults with the tenant's own changes): key → 'True'. */
  features: z.record(z.string(), z.string()),
  /** The tenant's own changes to its edition's defaults. */
  featureOverrides: z.record(z.string(), z.string()),
  extraProperties: z.record(z.string(), z.string()),
  settings: z.record(z.string(), z.string()),
  timezone: z.string(),
  defaultCountryId: z.string().nullable(),
  country: z.object({ id: z.string(), name: z.string() }).nullable(),
  defaultPicId: z.string().nullable(),
  creationTime: z.string(),
  concurrencyStamp: z.string(),
  /** The deployment's named-tenant lists this tenant is on (configuration: NAMED_TENANTS_*). */
  namedLists: z.array(z.enum(NamedTenantLists)),
});
export type TenantDto = z.infer<typeof TenantDto>;

export const CreateTenantInput = z.strictObject({
  name: TenantName,
  editionName: z.enum(Editions),
  features: FeatureMap.default({}),
  extraProperties: ExtraProperties.default({}),
  settings: Settings.default({}),
  timezone: TimeZone.default('Australia/Sydney'),
  adminEmail: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: 'Please enter a valid email' })),
  adminPassword: Password.optional(),
});
export type CreateTenantInput = z.infer<typeof CreateTenantInput>;

export const UpdateTenantInput = z.strictObject({
  name: TenantName,
  editionName: z.enum(Editions),
  features: FeatureMap,
  extraProperties: ExtraProperties,
  settings: Settings,
  timezone: TimeZone,
  defaultCountryId: z.uuid().nullable(),
  isActive: z.boolean(),
  concurrencyStamp: z.string().min(1),
});
export type UpdateTenantInput = z.infer<typeof UpdateTenantInput>;
