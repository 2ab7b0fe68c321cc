import type { FastifyInstance } from 'fastify';
import { and, desc, eq, getTableColumns, inArray } from 'drizzle-orm';
import { AuditEndpoints as api } from '@casebook/domain';
import type { Database, Tx } from '../../platform/db/database';
import { countWhere, pageTotal } from '../../platform/db/paging';
import { entityChanges } from '../../platform/db/platform.schema';
import { contextOf } from '../../platform/access/context';
import { registerEndpoint } from '../../platform/http/endpoints';
import type { ResourceDefinition } from '../../platform/resources/resource';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The display names of the records that changed values refer to (a centre, a specialist, a user), as
 * their selection lists show them: id → name. Only ids found in the tenant's own records are named.
 */
async function displayNames(
  tx: Tx,
  resources: readonly ResourceDefinition[],
  values: readonly (string | null)[],
): Promise<Map<string, string>> {
  const ids = [...new Set(values.filter((v): v is string => v !== null && UUID.test(v)))];
  const names = new Map<string, string>();
  if (ids.length === 0) return names;
  for (const def of resources) {
    const id = getTableColumns(def.table).id;
    if (!id) continue;
    const missing = ids.filter((i) => !names.has(i));
    if (missing.length === 0) break;
    const rows = await tx.select({ id, name: def.displayName }).from(def.table).where(inArray(id, missing));
    for (const row of rows) {
      if (typeof row.name === 'string' && row.name !== '') names.set(String(row.id), row.name);
    }
  }
  return names;
}

/** GET /api/app/entity-changes: the "View changes" dialog's history of one record, newest first. */
export function registerEntityChangeRoutes(
  app: FastifyInstance,
  database: Database,
  resources: readonly ResourceDefinition[],
) {
  registerEndpoint(app, api.listEntityChanges, async (req) => {
    const ctx = contextOf(req);
    const q = req.query;
    const where = and(
      eq(entityChanges.entityId, q.entityId),
      q.propertyName ? eq(entityChanges.propertyName, q.propertyName) : undefined,
    );
    // The latest changes; the count is of all of them (counted only when the latest are not all).
    const { rows, totalCount, names } = await database.withTenant(ctx.tenant.id, async (tx) => {
      const latest = await tx
        .select()
        .from(entityChanges)
        .where(where)
        .orderBy(desc(entityChanges.changeTime), desc(entityChanges.id))
        .limit(q.maxResultCount);
      const total = await pageTotal(0, q.maxResultCount, latest.length, () => countWhere(tx, entityChanges, where));
      const values = latest.flatMap((r) => [r.originalValue, r.newValue]);
      return { rows: latest, totalCount: total, names: await displayNames(tx, resources, values) };
    });
    return {
      totalCount,
      items: rows.map((r) => ({
        id: r.id,
        entityType: r.entityType,
        entityId: r.entityId,
        changeType: r.changeType,
        propertyName: r.propertyName,
        originalValue: r.originalValue,
        newValue: r.newValue,
        // The value as people read it: a referenced record's name instead of its id.
        originalValueExtraInfo: { text: (r.originalValue && names.get(r.originalValue)) ?? r.originalValue },
        newValueExtraInfo: { text: (r.newValue && names.get(r.newValue)) ?? r.newValue },
        user: { id: r.userId, displayName: r.userName },
        impersonatorUserId: r.impersonatorUserId,
        changeTime: r.changeTime.toISOString(),
        executionTime: r.changeTime.toISOString(),
      })),
    };
  });
}
