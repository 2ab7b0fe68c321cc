import { uuidv7, type EntityChangeType } from '@casebook/domain';
import type { Tx } from './database';
import { entityChanges } from './platform.schema';

/** Who made a change: the user and, when impersonating, the real user behind them. */
export type Actor = {
  tenantId: string;
  userId: string | null;
  userName: string | null;
  impersonatorUserId: string | null;
};

/** Fields never shown in history: bookkeeping, not content. */
const UNAUDITED = new Set([
  'id',
  'tenantId',
  'creationTime',
  'creatorId',
  'lastModificationTime',
  'lastModifierId',
  'isDeleted',
  'deleterId',
  'deletionTime',
  'concurrencyStamp',
]);

/** How a value is kept in history: text, dates as ISO, objects as JSON. */
export function auditText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * Writes one entity-change row per changed property, in the caller's transaction, so the history
 * commits and rolls back with the change itself.
 */
export async function recordEntityChange(
  tx: Tx,
  actor: Actor,
  change: {
    entityType: string;
    entityId: string;
    changeType: EntityChangeType;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
  },
): Promise<number> {
  const now = new Date();
  const keys = new Set([...Object.keys(change.before ?? {}), ...Object.keys(change.after ?? {})]);
  const rows: (typeof entityChanges.$inferInsert)[] = [];
  const base = {
    tenantId: actor.tenantId,
    entityType: change.entityType,
    entityId: change.entityId,
    changeType: change.changeType,
    userId: actor.userId,
    userName: actor.userName,
    impersonatorUserId: actor.impersonatorUserId,
    changeTime: now,
  };
  if (change.changeType !== 'Deleted') {
    for (const key of keys) {
      if (UNAUDITED.has(key)) continue;
      const original = auditText(change.before?.[key]);
      const next = auditText(change.after?.[key]);
      if (original === next) continue;
      rows.push({ ...base, id: uuidv7(), propertyName: key, originalValue: original, newValue: next });
    }
  } else {
    rows.push({ ...base, id: uuidv7(), propertyName: null, originalValue: null, newValue: null });
  }
  if (rows.length > 0) await tx.insert(entityChanges).values(rows);
  return rows.length;
}
