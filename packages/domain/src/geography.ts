import { z } from 'zod';
import { Uuid } from './ids';

const name = z.string().trim().min(1, 'This field is required').max(128, 'must be at most 128 characters');

/** Standard read-side audit fields every aggregate DTO carries. */
export const AuditedDto = z.object({
  id: z.string(),
  creationTime: z.string(),
  creatorId: z.string().nullable(),
  lastModificationTime: z.string().nullable(),
  lastModifierId: z.string().nullable(),
  concurrencyStamp: z.string(),
});

export const CountryDto = AuditedDto.extend({
  name: z.string(),
  code: z.string(),
  isActive: z.boolean(),
});
export type CountryDto = z.infer<typeof CountryDto>;

export const CreateCountryInput = z.strictObject({
  name,
  code: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'code must be a two-letter ISO 3166 country code')
    .transform((s) => s.toUpperCase()),
  isActive: z.boolean().default(true),
});
export type CreateCountryInput = z.infer<typeof CreateCountryInput>;

export const UpdateCountryInput = CreateCountryInput.extend({ concurrencyStamp: z.string().min(1) });
export type UpdateCountryInput = z.infer<typeof UpdateCountryInput>;

export const CityDto = AuditedDto.extend({
  name: z.string(),
  state: z.string().nullable(),
  postcode: z.string().nullable(),
  countryId: z.string(),
  isActive: z.boolean(),
});
export type CityDto = z.infer<typeof CityDto>;

export const CreateCityInput = z.strictObject({
  name,
  state: z.string().trim().max(64).nullable().default(null),
  postcode: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9 -]{3,10}$/, 'postcode must be 3 to 10 letters or digits')
    .nullable()
    .default(null),
  countryId: Uuid,
  isActive: z.boolean().default(true),
});
export type CreateCityInput = z.infer<typeof CreateCityInput>;

export const UpdateCityInput = CreateCityInput.extend({ concurrencyStamp: z.string().min(1) });
export type UpdateCityInput = z.infer<typeof UpdateCityInput>;
