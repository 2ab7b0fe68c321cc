import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { LookupType } from '@casebook/domain';
import type { Tx } from '../../platform/db/database';
import { lookupConfigs, matterTypes, serviceItems } from './reference.schema';

/** A value of the value list as the rules need it. */
export type LookupRef = { id: string; type: LookupType; label: string; parentId: string | null; isActive: boolean };

/** The only SQL of the reference module's own rules; runs inside tenant transactions. */
export const referenceRepository = {
  async lookups(tx: Tx, ids: readonly string[]): Promise<LookupRef[]> {
    if (ids.length === 0) return [];
    return tx
      .select({
        id: lookupConfigs.id,
        type: lookupConfigs.type,
        label: lookupConfigs.label,
        parentId: lookupConfigs.parentId,
        isActive: lookupConfigs.isActive,
      })
      .from(lookupConfigs)
      .where(and(inArray(lookupConfigs.id, [...ids]), eq(lookupConfigs.isDeleted, false)));
  },

  /** The current default values of a type other than `exceptId`, locked for the change. */
  async defaultsOf(tx: Tx, type: LookupType, exceptId: string | null) {
    return tx
      .select()
      .from(lookupConfigs)
      .where(
        and(
          eq(lookupConfigs.type, type),
          eq(lookupConfigs.isDefault, true),
          eq(lookupConfigs.isDeleted, false),
          exceptId ? ne(lookupConfigs.id, exceptId) : undefined,
        ),
      )
      .for('update');
  },

  async setDefaultFlag(tx: Tx, id: string, isDefault: boolean, userId: string, stamp: string) {
    const [row] = await tx
      .update(lookupConfigs)
      .set({ isDefault, lastModificationTime: new Date(), lastModifierId: userId, concurrencyStamp: stamp })
      .where(eq(lookupConfigs.id, id))
      .returning();
    return row;
  },

  /** The existing service items among the ids. */
  async serviceItemIds(tx: Tx, ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await tx
      .select({ id: serviceItems.id })
      .from(serviceItems)
      .where(and(inArray(serviceItems.id, [...ids]), eq(serviceItems.isDeleted, false)));
    return rows.map((r) => r.id);
  },

  async activeMatterTypes(tx: Tx) {
    return tx
      .select({ id: matterTypes.id, displayName: matterTypes.name, isActive: matterTypes.isActive })
      .from(matterTypes)
      .where(and(eq(matterTypes.isDeleted, false), eq(matterTypes.isActive, true)))
      .orderBy(asc(matterTypes.name), asc(matterTypes.id));
  },

  async matterType(tx: Tx, id: string) {
    const [row] = await tx
      .select()
      .from(matterTypes)
      .where(and(eq(matterTypes.id, id), eq(matterTypes.isDeleted, false)));
    return row;
  },

  /** Lookup values by id as pick-list entries, in label order. */
  async namedLookups(tx: Tx, ids: readonly string[]) {
    if (ids.length === 0) return [];
    return tx
      .select({ id: lookupConfigs.id, displayName: lookupConfigs.label, isActive: lookupConfigs.isActive })
      .from(lookupConfigs)
      .where(and(inArray(lookupConfigs.id, [...ids]), eq(lookupConfigs.isDeleted, false)))
      .orderBy(asc(lookupConfigs.displayOrder), asc(sql`lower(${lookupConfigs.label})`), asc(lookupConfigs.id));
  },
};
