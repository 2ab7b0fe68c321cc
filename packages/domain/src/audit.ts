import { z } from 'zod';

export const EntityChangeType = z.enum(['Created', 'Updated', 'Deleted']);
export type EntityChangeType = z.infer<typeof EntityChangeType>;

/** Default and largest number of history rows the "View changes" dialog reads. */
export const ENTITY_HISTORY_ROWS = 100;

/** One property change, as the spec's change-history item. */
export const EntityChangeDto = z.object({
  id: z.string(),
  entityType: z.string(),
  entityId: z.string(),
  changeType: EntityChangeType,
  propertyName: z.string().nullable(),
  originalValue: z.string().nullable(),
  newValue: z.string().nullable(),
  originalValueExtraInfo: z.object({ text: z.string().nullable() }),
  newValueExtraInfo: z.object({ text: z.string().nullable() }),
  user: z.object({ id: z.string().nullable(), displayName: z.string().nullable() }),
  impersonatorUserId: z.string().nullable(),
  changeTime: z.string(),
  executionTime: z.string(),
});
export type EntityChangeDto = z.infer<typeof EntityChangeDto>;

export const EntityChangeListInput = z.object({
  entityId: z.uuid({ error: 'entityId must be a UUID' }),
  propertyName: z.string().max(100).optional(),
  propertyReferenceTable: z.string().max(100).optional(),
  maxResultCount: z.coerce
    .number({ error: 'maxResultCount must be a whole number' })
    .int()
    .min(1, `maxResultCount must be between 1 and ${ENTITY_HISTORY_ROWS}`)
    .max(ENTITY_HISTORY_ROWS, `maxResultCount must be between 1 and ${ENTITY_HISTORY_ROWS}`)
    .default(ENTITY_HISTORY_ROWS),
});
