import { and, count, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import { RelationshipActivityTypes, type RelationshipActivityDto, type RelationshipParty } from '@casebook/domain';
import type { RequestContext } from '../../platform/access/context';
import { referencesVisible } from '../../platform/access/records';
import type { Tx } from '../../platform/db/database';
import { likePattern } from '../../platform/resources/resource.repository';
import { correspondenceNotes as n } from '../correspondence/correspondence.schema';
import { caseManagers, companies, specialists } from '../people/people.schema';

const partyCompany = alias(companies, 'party_company');
const managerCompany = alias(companies, 'manager_company');

/** The filters of the list, with the days already turned into instants of the tenant's calendar. */
export type ActivityFilter = {
  /** One activity by id (the one just recorded). */
  id?: string | undefined;
  communicationType?: string | undefined;
  party?: RelationshipParty | undefined;
  companyId?: string | undefined;
  creatorId?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  filterText?: string | undefined;
};

const fullName = (t: { firstName: PgColumn; lastName: PgColumn }) =>
  sql<string>`${t.firstName} || ' ' || ${t.lastName}`;

/** The party's kind, as the note's `fromModule` names it. */
export const PARTY_MODULE: Record<RelationshipParty, string> = {
  COMPANY: 'COMPANY',
  CASE_MANAGER: 'CASE_MANAGER',
  SPECIALIST: 'SPECIALIST',
};

/** The notes of the relationship kinds whose party the caller may see, and the filters' conditions. */
async function whereOf(tx: Tx, ctx: RequestContext, f: ActivityFilter): Promise<SQL | undefined> {
  const company = sql`coalesce(${partyCompany.id}, ${managerCompany.id})`;
  return and(
    inArray(n.communicationType, [...RelationshipActivityTypes]),
    or(
      and(eq(n.fromModule, PARTY_MODULE.COMPANY), await referencesVisible(tx, ctx, 'company', n.objectId)),
      and(eq(n.fromModule, PARTY_MODULE.CASE_MANAGER), await referencesVisible(tx, ctx, 'caseManager', n.objectId)),
      and(eq(n.fromModule, PARTY_MODULE.SPECIALIST), await referencesVisible(tx, ctx, 'specialist', n.objectId)),
    ),
    f.id ? eq(n.id, f.id) : undefined,
    f.communicationType ? eq(n.communicationType, f.communicationType as never) : undefined,
    f.party ? eq(n.fromModule, PARTY_MODULE[f.party]) : undefined,
    f.companyId ? sql`${company} = ${f.companyId}` : undefined,
    f.creatorId ? eq(n.creatorId, f.creatorId) : undefined,
    f.from ? gte(n.contactTime, f.from) : undefined,
    f.to ? lt(n.contactTime, f.to) : undefined,
    f.filterText
      ? or(ilike(n.content, likePattern(f.filterText)), ilike(n.contactName, likePattern(f.filterText)))
      : undefined,
  );
}

/** The note with its party's name and company: a company, a case manager (and their company) or a specialist. */
function joined() {
  return <Q extends ReturnType<Tx['select']>>(q: Q) =>
    q
      .from(n)
      .leftJoin(partyCompany, and(eq(n.fromModule, PARTY_MODULE.COMPANY), eq(partyCompany.id, n.objectId)))
      .leftJoin(caseManagers, and(eq(n.fromModule, PARTY_MODULE.CASE_MANAGER), eq(caseManagers.id, n.objectId)))
      .leftJoin(managerCompany, eq(managerCompany.id, caseManagers.companyId))
      .leftJoin(specialists, and(eq(n.fromModule, PARTY_MODULE.SPECIALIST), eq(specialists.id, n.objectId)));
}

export const relationshipActivityRepository = {
  /** One page of the activities, newest contact first, and how many there are. */
  async list(
    tx: Tx,
    ctx: RequestContext,
    f: ActivityFilter,
    page: { skip: number; take: number },
  ): Promise<{ totalCount: number; items: RelationshipActivityDto[] }> {
    const where = await whereOf(tx, ctx, f);
    const from = joined();
    const [total] = await from(tx.select({ n: count() })).where(where);
    const rows = await from(
      tx.select({
        id: n.id,
        communicationType: n.communicationType,
        fromModule: n.fromModule,
        partyId: n.objectId,
        companyName: partyCompany.name,
        managerName: fullName(caseManagers),
        managerCompanyId: managerCompany.id,
        managerCompanyName: managerCompany.name,
        specialistName: fullName(specialists),
        contactName: n.contactName,
        content: n.content,
        contactTime: n.contactTime,
        creatorId: n.creatorId,
        creatorName: n.creatorName,
      }),
    )
      .where(where)
      .orderBy(desc(n.contactTime), desc(n.id))
      .limit(page.take)
      .offset(page.skip);
    return {
      totalCount: Number((total as { n: number } | undefined)?.n ?? 0),
      items: (rows as Row[]).map(toDto),
    };
  },
};

type Row = {
  id: string;
  communicationType: string;
  fromModule: string;
  partyId: string;
  companyName: string | null;
  managerName: string | null;
  managerCompanyId: string | null;
  managerCompanyName: string | null;
  specialistName: string | null;
  contactName: string | null;
  content: string;
  contactTime: Date;
  creatorId: string | null;
  creatorName: string | null;
};

function toDto(r: Row): RelationshipActivityDto {
  const party = (Object.keys(PARTY_MODULE) as RelationshipParty[]).find((p) => PARTY_MODULE[p] === r.fromModule)!;
  return {
    id: r.id,
    communicationType: r.communicationType as RelationshipActivityDto['communicationType'],
    party,
    partyId: r.partyId,
    partyName:
      (party === 'COMPANY' ? r.companyName : party === 'CASE_MANAGER' ? r.managerName : r.specialistName) ?? '',
    companyId: party === 'COMPANY' ? r.partyId : party === 'CASE_MANAGER' ? r.managerCompanyId : null,
    companyName: party === 'COMPANY' ? r.companyName : party === 'CASE_MANAGER' ? r.managerCompanyName : null,
    contactName: r.contactName,
    content: r.content,
    contactTime: r.contactTime.toISOString(),
    creatorId: r.creatorId,
    creatorName: r.creatorName,
  };
}
