import {
  type LookupConfigDto,
  LookupMessages,
  LookupParentTypes,
  uuidv7,
  type LookupType,
  type MatterTypeClaim,
} from '@casebook/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { languages } from './reference.schema';
import type { Database, Tx } from '../../platform/db/database';
import { recordEntityChange } from '../../platform/db/audit';
import type { RequestContext } from '../../platform/access/context';
import { invalidField, notFound } from '../../platform/http/errors';
import type { WriteContext } from '../../platform/resources/resource';
import type { ResourceService } from '../../platform/resources/resource.service';
import { referenceRepository as repo } from './reference.repository';

/** A reference to a value-list value that must exist and be of the given type. */
export type LookupRequirement = { member: string; id: unknown; type: LookupType };

/**
 * Refuses values that are missing or of another type: a specialist's specialty must be a specialty.
 * Empty references pass; the first wrong one is named.
 */
export async function requireLookups(tx: Tx, requirements: readonly LookupRequirement[]) {
  const wanted = requirements.filter((r): r is LookupRequirement & { id: string } => typeof r.id === 'string');
  const found = new Map((await repo.lookups(tx, [...new Set(wanted.map((r) => r.id))])).map((l) => [l.id, l]));
  for (const r of wanted) {
    if (found.get(r.id)?.type !== r.type) throw invalidField(r.member, LookupMessages.wrongType(r.type));
  }
  return found;
}

/** Clears the default flag of the type's other values, each change in the history. */
async function clearOtherDefaults(write: { ctx: RequestContext; tx: Tx }, type: LookupType, exceptId: string | null) {
  for (const before of await repo.defaultsOf(write.tx, type, exceptId)) {
    const after = await repo.setDefaultFlag(write.tx, before.id, false, write.ctx.principal.userId, uuidv7());
    await recordEntityChange(write.tx, write.ctx.actor, {
      entityType: 'LookupConfig',
      entityId: before.id,
      changeType: 'Updated',
      before,
      after: after ?? null,
    });
  }
}

/**
 * Value-list rules on create and update: a sub-specialty hangs under a specialty, other types have no
 * parent, and a value made the default takes the flag from the type's previous default.
 */
export async function checkLookupWrite(write: WriteContext): Promise<Record<string, unknown>> {
  const input = write.input as { type: LookupType; parentId: string | null; isDefault: boolean };
  const parentType = LookupParentTypes[input.type];
  if (!parentType && input.parentId) throw invalidField('parentId', LookupMessages.noParent);
  if (parentType && !input.parentId) throw invalidField('parentId', LookupMessages.parentRequired(parentType));
  if (parentType && input.parentId) {
    const [parent] = await repo.lookups(write.tx, [input.parentId]);
    if (!parent || parent.type !== parentType) {
      throw invalidField('parentId', LookupMessages.parentWrongType(parentType));
    }
  }
  if (input.isDefault) await clearOtherDefaults(write, input.type, (write.before?.id as string | undefined) ?? null);
  return write.input;
}

/** A matter type's claims are types of claim, each with types of report. */
export async function checkMatterTypeWrite(write: WriteContext): Promise<Record<string, unknown>> {
  const claims = (write.input.claims as MatterTypeClaim[] | undefined) ?? [];
  await requireLookups(write.tx, [
    ...claims.map((c) => ({ member: 'claims', id: c.typeOfClaimId, type: 'TYPE_OF_CLAIM' as const })),
    ...claims.flatMap((c) =>
      c.typeOfReportIds.map((id) => ({ member: 'claims', id, type: 'TYPE_OF_REPORT' as const })),
    ),
  ]);
  return { ...write.input, claims: claims.map((c) => ({ ...c, typeOfReportIds: [...new Set(c.typeOfReportIds)] })) };
}

/** An interpreter's languages are languages of the tenant (400 naming `languageIds` otherwise). */
export async function checkInterpreterLanguages(write: WriteContext): Promise<Record<string, unknown>> {
  const ids = [...new Set((write.input.languageIds as string[] | undefined) ?? [])];
  if (ids.length > 0) {
    const found = await write.tx
      .select({ id: languages.id })
      .from(languages)
      .where(and(inArray(languages.id, ids), eq(languages.isDeleted, false)));
    if (found.length !== ids.length) throw invalidField('languageIds', 'A language does not exist.');
  }
  return write.input;
}

/** Write hook of centres: every room with working hours is one of the centre's rooms. */
export async function checkCentreRoomHours(write: WriteContext): Promise<Record<string, unknown>> {
  const rooms = new Set(((write.input.rooms as string[] | undefined) ?? []).map((r) => r.toLowerCase()));
  const hours = (write.input.roomHours as { room: string }[] | undefined) ?? [];
  const unknown = hours.find((h) => !rooms.has(h.room.toLowerCase()));
  if (unknown) throw invalidField('roomHours', `The centre has no room ${unknown.room}.`);
  return write.input;
}

/** Write hook of a resource whose listed fields refer to value-list values of a type. */
export function lookupFieldsHook(fields: Record<string, LookupType>) {
  return async (write: WriteContext): Promise<Record<string, unknown>> => {
    await requireLookups(
      write.tx,
      Object.entries(fields).map(([member, type]) => ({ member, id: write.input[member], type })),
    );
    return write.input;
  };
}

/** Value-list defaults and the matter-type pick lists. */
export class ReferenceService {
  constructor(
    private readonly database: Database,
    private readonly lookups: ResourceService,
  ) {}

  /** Makes a value the default of its type (taking the flag from the previous one), or clears it. */
  async setDefault(ctx: RequestContext, id: string, isDefault: boolean): Promise<LookupConfigDto> {
    await this.database.withTenant(ctx.tenant.id, async (tx) => {
      const before = await this.lookups.repo.findForUpdate(tx, id);
      if (!before) throw notFound();
      if (Boolean(before.isDefault) === isDefault) return;
      if (isDefault) await clearOtherDefaults({ ctx, tx }, before.type as LookupType, id);
      const after = await repo.setDefaultFlag(tx, id, isDefault, ctx.principal.userId, uuidv7());
      await recordEntityChange(tx, ctx.actor, {
        entityType: 'LookupConfig',
        entityId: id,
        changeType: 'Updated',
        before,
        after: after ?? null,
      });
    });
    return (await this.lookups.get(ctx, id)) as LookupConfigDto;
  }

  listMatterTypes(ctx: RequestContext) {
    return this.database.withTenant(ctx.tenant.id, async (tx) => ({ items: await repo.activeMatterTypes(tx) }));
  }

  /** The types of claim of a matter type. */
  listTypeOfClaim(ctx: RequestContext, id: string) {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const matterType = await repo.matterType(tx, id);
      if (!matterType) throw notFound();
      return {
        items: await repo.namedLookups(
          tx,
          matterType.claims.map((c) => c.typeOfClaimId),
        ),
      };
    });
  }

  /** The types of report of a matter type: of one of its types of claim, or of all of them. */
  listTypeOfReport(ctx: RequestContext, id: string, claimId?: string) {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const matterType = await repo.matterType(tx, id);
      if (!matterType) throw notFound();
      const claims = claimId ? matterType.claims.filter((c) => c.typeOfClaimId === claimId) : matterType.claims;
      if (claimId && claims.length === 0) throw notFound('The type of claim');
      return { items: await repo.namedLookups(tx, [...new Set(claims.flatMap((c) => c.typeOfReportIds))]) };
    });
  }
}
