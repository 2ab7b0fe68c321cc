import {
  CommunicationTypeLabels,
  dayBoundsIn,
  parseIsoDate,
  RelationshipPartyLabels,
  uuidv7,
  type CreateRelationshipActivityInput,
  type PagedResult,
  type RelationshipActivityDto,
  type RelationshipActivityListInput,
  type RelationshipParty,
} from '@casebook/domain';
import type { RequestContext } from '../../platform/access/context';
import { requireAccess } from '../../platform/access/records';
import { recordEntityChange } from '../../platform/db/audit';
import type { Database } from '../../platform/db/database';
import { EXPORT_MAX_ROWS, exportRows, type ExportFile } from '../../platform/resources/resource.export';
import { correspondenceNotes } from '../correspondence/correspondence.schema';
import {
  PARTY_MODULE,
  relationshipActivityRepository as repo,
  type ActivityFilter,
} from './relationship-activities.repository';

const PARTY_KIND = {
  COMPANY: 'company',
  CASE_MANAGER: 'caseManager',
  SPECIALIST: 'specialist',
} as const satisfies Record<RelationshipParty, string>;

/** Relationship activities (decision 0114): notes of the relationship kinds on companies, case managers and specialists. */
export class RelationshipActivityService {
  constructor(private readonly database: Database) {}

  #filter(ctx: RequestContext, q: RelationshipActivityListInput): ActivityFilter {
    const zone = ctx.tenant.timezone;
    return {
      communicationType: q.communicationType,
      party: q.party,
      companyId: q.companyId,
      creatorId: q.creatorId,
      from: q.fromDate ? dayBoundsIn(zone, parseIsoDate(q.fromDate)!).from : undefined,
      to: q.toDate ? dayBoundsIn(zone, parseIsoDate(q.toDate)!).to : undefined,
      filterText: q.filterText,
    };
  }

  async list(ctx: RequestContext, q: RelationshipActivityListInput): Promise<PagedResult<RelationshipActivityDto>> {
    return this.database.withTenant(ctx.tenant.id, (tx) =>
      repo.list(tx, ctx, this.#filter(ctx, q), { skip: q.skipCount, take: q.maxResultCount }),
    );
  }

  /** Records an activity on the party's correspondence, with its audit row; a party out of reach is a 404. */
  async create(ctx: RequestContext, input: CreateRelationshipActivityInput): Promise<RelationshipActivityDto> {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      await requireAccess(tx, ctx, PARTY_KIND[input.party], input.partyId);
      const id = uuidv7();
      await tx.insert(correspondenceNotes).values({
        tenantId: ctx.tenant.id,
        id,
        fromModule: PARTY_MODULE[input.party],
        objectId: input.partyId,
        communicationType: input.communicationType,
        category: null,
        contactName: input.contactName || null,
        content: input.content,
        contactTime: input.contactTime ? new Date(input.contactTime) : new Date(),
        creatorId: ctx.actor.userId,
        creatorName: ctx.actor.userName ?? null,
      });
      const {
        items: [dto],
      } = await repo.list(tx, ctx, { id }, { skip: 0, take: 1 });
      await recordEntityChange(tx, ctx.actor, {
        entityType: 'CorrespondenceNote',
        entityId: id,
        changeType: 'Created',
        before: null,
        after: dto!,
      });
      return dto!;
    });
  }

  /** The activities of the filters (every page) as spreadsheets. */
  async export(ctx: RequestContext, q: RelationshipActivityListInput): Promise<ExportFile> {
    const { items } = await this.database.withTenant(ctx.tenant.id, (tx) =>
      repo.list(tx, ctx, this.#filter(ctx, q), { skip: 0, take: EXPORT_MAX_ROWS + 1 }),
    );
    return exportRows<RelationshipActivityDto>({
      name: 'relationship-activities',
      sheetTitle: 'Relationship Activities',
      timeZone: ctx.tenant.timezone,
      columns: [
        { key: 'contactTime', header: 'Date' },
        { key: 'communicationType', header: 'Type', format: (v) => CommunicationTypeLabels[v as never] },
        { key: 'party', header: 'With', format: (v) => RelationshipPartyLabels[v as RelationshipParty] },
        { key: 'partyName', header: 'Name' },
        { key: 'companyName', header: 'Company' },
        { key: 'contactName', header: 'Contact' },
        { key: 'content', header: 'Notes' },
        { key: 'creatorName', header: 'Staff' },
      ],
      rows: items,
    });
  }
}
