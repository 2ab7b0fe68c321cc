import { aliasedTable, and, asc, desc, eq, gte, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { ActionRequiredSearchInput } from '@casebook/domain';
import {
  CaseModules,
  caseModuleOf,
  effectiveFeatures,
  prefixQueryWords,
  SEARCH_MAX_PER_KIND,
  type AccountCaseDto,
  type ActionRequiredHit,
  type MyRecordsDto,
  type ProductUpdateDto,
  type SearchDocumentHit,
  type SearchPersonHit,
  type UniversalSearchResult,
} from '@casebook/domain';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { RequestContext } from '../../platform/access/context';
import { recordCondition } from '../../platform/access/records';
import type { Database, Tx } from '../../platform/db/database';
import { likePattern } from '../../platform/resources/resource.repository';
import { caseActionItems, cases } from '../cases/cases.schema';
import { caseScopeFor, scopeCondition } from '../cases/cases.access';
import { attachments, files } from '../files/files.schema';
import { users } from '../identity/identity.schema';
import { personSearchCondition } from '../people/people.repository';
import { caseManagers, clients, companies, contractors, specialists } from '../people/people.schema';
import { attachmentTypes, lookupConfigs } from '../reference/reference.schema';
import { systemUpdates } from '../system/system-updates.schema';

/** Documents the full-text function reads at most before the caller's record rules are applied. */
const DOCUMENT_CANDIDATES = 200;

const fullName = (t: { firstName: PgColumn; lastName: PgColumn }) =>
  sql<string>`${t.firstName} || ' ' || ${t.lastName}`;

/** The service types whose module the caller may read: its permission and, where it needs one, a feature on. */
export function readableServiceTypes(ctx: RequestContext): string[] {
  const on = effectiveFeatures(
    { isAuthenticated: true, roles: ctx.principal.roles, isHost: ctx.tenant.isHost },
    ctx.tenant,
  ) as ReadonlySet<string>;
  return CaseModules.filter(
    (m) =>
      ctx.permissions.has(`Casebook.${m.permissionGroup}`) &&
      (m.features.length === 0 || m.features.some((f) => on.has(f))),
  ).flatMap((m) => [...m.serviceTypes]);
}

const moduleTitle = (serviceType: string) => caseModuleOf(serviceType)?.title ?? serviceType;
const statusLabel = (serviceType: string, status: string) =>
  (caseModuleOf(serviceType)?.statuses as Record<string, { label: string }> | undefined)?.[status]?.label ?? status;

const caseColumns = {
  id: cases.id,
  caseNo: cases.caseNo,
  serviceType: cases.serviceType,
  status: cases.status,
  appointmentDate: cases.appointmentDate,
  appointmentTime: cases.appointmentTime,
  claimantName: fullName(clients),
  companyName: companies.name,
};

function accountCase(r: {
  id: string;
  caseNo: string;
  serviceType: string;
  status: string;
  claimantName: string;
  appointmentDate: string | null;
  appointmentTime: string | null;
}): AccountCaseDto {
  return {
    id: r.id,
    caseNo: r.caseNo,
    serviceType: r.serviceType,
    moduleTitle: moduleTitle(r.serviceType),
    statusLabel: statusLabel(r.serviceType, r.status),
    claimantName: r.claimantName,
    appointmentDate: r.appointmentDate,
    appointmentTime: r.appointmentTime,
  };
}

/**
 * The universal search, the action-required search and the account pages' own records. Every kind of
 * record goes through its record rule, inside the caller's tenant transaction.
 */
export class SearchService {
  constructor(private readonly database: Database) {}

  /** The cases the caller may see, of the modules they may read. */
  private async caseCondition(tx: Tx, ctx: RequestContext): Promise<SQL | undefined> {
    const serviceTypes = readableServiceTypes(ctx);
    if (serviceTypes.length === 0) return sql`false`;
    return and(
      eq(cases.isDeleted, false),
      inArray(cases.serviceType, serviceTypes as (typeof cases.serviceType._.data)[]),
      scopeCondition(await caseScopeFor(tx, ctx)),
    );
  }

  async universal(ctx: RequestContext, text: string): Promise<UniversalSearchResult> {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const [found, claimants, caseManagerHits, specialistHits, documents] = [
        await this.cases(tx, ctx, text),
        await this.people(tx, ctx, 'claimant', text),
        await this.people(tx, ctx, 'caseManager', text),
        await this.people(tx, ctx, 'specialist', text),
        await this.documents(tx, ctx, text),
      ];
      return { cases: found, claimants, caseManagers: caseManagerHits, specialists: specialistHits, documents };
    });
  }

  /**
   * Cases whose number contains the text (the trigram index, through casebook_case_no_search()) or whose
   * claimant's name, e-mail or phone does (person_search), newest first.
   */
  private async cases(tx: Tx, ctx: RequestContext, text: string): Promise<UniversalSearchResult['cases']> {
    const visible = await this.caseCondition(tx, ctx);
    const claimantIds = personSearchCondition('clients', clients, text);
    const rows = await tx
      .select(caseColumns)
      .from(cases)
      .innerJoin(clients, and(eq(clients.tenantId, cases.tenantId), eq(clients.id, cases.clientId)))
      .innerJoin(companies, and(eq(companies.tenantId, cases.tenantId), eq(companies.id, cases.companyId)))
      .where(
        and(
          visible,
          or(
            sql`${cases.id} = any(array(select casebook_case_no_search(${likePattern(text)})))`,
            sql`${cases.clientId} = any(array(select ${clients.id} from ${clients} where ${claimantIds.where}))`,
          ),
        ),
      )
      .orderBy(desc(cases.creationTime), desc(cases.id))
      .limit(SEARCH_MAX_PER_KIND);
    return rows.map((r) => ({
      id: r.id,
      caseNo: r.caseNo,
      serviceType: r.serviceType,
      moduleTitle: moduleTitle(r.serviceType),
      status: r.status,
      statusLabel: statusLabel(r.serviceType, r.status),
      claimantName: r.claimantName,
      companyName: r.companyName,
      appointmentDate: r.appointmentDate,
    }));
  }

  /** Claimants, case managers or specialists by name, e-mail or phone (person_search), by name. */
  private async people(
    tx: Tx,
    ctx: RequestContext,
    kind: 'claimant' | 'caseManager' | 'specialist',
    text: string,
  ): Promise<SearchPersonHit[]> {
    const rule = await recordCondition(tx, ctx, kind);
    if (kind === 'caseManager') {
      const rows = await tx
        .select({
          id: caseManagers.id,
          name: fullName(caseManagers),
          email: caseManagers.email,
          phone: sql<string | null>`coalesce(${caseManagers.phone}, ${caseManagers.mobile})`,
          companyName: companies.name,
        })
        .from(caseManagers)
        .innerJoin(
          companies,
          and(eq(companies.tenantId, caseManagers.tenantId), eq(companies.id, caseManagers.companyId)),
        )
        .where(
          and(
            eq(caseManagers.isDeleted, false),
            rule,
            personSearchCondition('case_managers', caseManagers, text).where,
          ),
        )
        .orderBy(asc(caseManagers.lastName), asc(caseManagers.firstName), asc(caseManagers.id))
        .limit(SEARCH_MAX_PER_KIND);
      return rows;
    }
    const t = kind === 'claimant' ? clients : specialists;
    const rows = await tx
      .select({
        id: t.id,
        name: fullName(t),
        email: t.email,
        phone: sql<string | null>`coalesce(${t.phone}, ${t.mobile})`,
      })
      .from(t)
      .where(
        and(
          eq(t.isDeleted, false),
          rule,
          personSearchCondition(kind === 'claimant' ? 'clients' : 'specialists', t, text).where,
        ),
      )
      .orderBy(asc(t.lastName), asc(t.firstName), asc(t.id))
      .limit(SEARCH_MAX_PER_KIND);
    return rows.map((r) => ({ ...r, companyName: null }));
  }

  /** Documents whose name or text has words starting with the text's words, those the caller may see. */
  private async documents(tx: Tx, ctx: RequestContext, text: string): Promise<SearchDocumentHit[]> {
    const query = prefixQueryWords(text);
    if (!query) return [];
    const rule = await recordCondition(tx, ctx, 'attachment');
    const ofCase = aliasedTable(cases, 'doc_case');
    const ofClient = aliasedTable(clients, 'doc_client');
    const ofSpecialist = aliasedTable(specialists, 'doc_specialist');
    const ofCompany = aliasedTable(companies, 'doc_company');
    const on = (table: typeof ofCase | typeof ofClient | typeof ofSpecialist | typeof ofCompany, from: string) =>
      and(
        eq(attachments.attachmentFrom, from),
        eq(table.tenantId, attachments.tenantId),
        eq(table.id, attachments.objectId),
      );
    const rows = await tx
      .select({
        id: attachments.id,
        name: attachments.name,
        fileName: files.fileName,
        attachmentType: attachmentTypes.name,
        attachmentFrom: attachments.attachmentFrom,
        recordId: attachments.objectId,
        serviceType: ofCase.serviceType,
        caseNo: ofCase.caseNo,
        clientName: fullName(ofClient),
        specialistName: fullName(ofSpecialist),
        companyName: ofCompany.name,
      })
      .from(attachments)
      .innerJoin(files, and(eq(files.tenantId, attachments.tenantId), eq(files.id, attachments.fileId)))
      .leftJoin(
        attachmentTypes,
        and(eq(attachmentTypes.tenantId, attachments.tenantId), eq(attachmentTypes.id, attachments.attachmentTypeId)),
      )
      .leftJoin(ofCase, on(ofCase, 'IME'))
      .leftJoin(ofClient, on(ofClient, 'Client'))
      .leftJoin(ofSpecialist, on(ofSpecialist, 'Specialist'))
      .leftJoin(ofCompany, on(ofCompany, 'Company'))
      .where(
        and(
          sql`${attachments.id} = any(array(select casebook_document_search(${query}, ${DOCUMENT_CANDIDATES})))`,
          rule,
        ),
      )
      .orderBy(desc(attachments.creationTime), desc(attachments.id))
      .limit(SEARCH_MAX_PER_KIND);
    const kinds = { IME: 'case', Client: 'claimant', Specialist: 'specialist', Company: 'company' } as const;
    return rows.flatMap((r) => {
      const recordKind = kinds[r.attachmentFrom as keyof typeof kinds];
      if (!recordKind) return [];
      return [
        {
          id: r.id,
          name: r.name,
          fileName: r.fileName,
          attachmentType: r.attachmentType,
          recordKind,
          recordId: r.recordId,
          serviceType: r.serviceType,
          recordName: r.caseNo ?? r.clientName ?? r.specialistName ?? r.companyName,
        },
      ];
    });
  }

  /** Open action items of the cases the caller may see, soonest due first (no due date last). */
  async actionRequired(
    ctx: RequestContext,
    q: z.output<typeof ActionRequiredSearchInput>,
  ): Promise<{ items: ActionRequiredHit[]; totalCount: number }> {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const today = sql`(now() at time zone ${ctx.tenant.timezone})::date`;
      const due = caseActionItems.dueDate;
      const text = q.filterText?.trim();
      const me = ctx.principal.userId;
      const where = and(
        eq(caseActionItems.isDeleted, false),
        eq(caseActionItems.completed, false),
        await this.caseCondition(tx, ctx),
        q.serviceType ? eq(cases.serviceType, q.serviceType as typeof cases.serviceType._.data) : undefined,
        q.scope === 'overdue' ? sql`${due} < ${today}` : undefined,
        q.scope === 'dueToday' ? sql`${due} = ${today}` : undefined,
        q.scope === 'dueThisWeek' ? and(gte(due, sql`${today}`), sql`${due} < ${today} + 7`) : undefined,
        q.scope === 'noDueDate' ? isNull(due) : undefined,
        q.mine
          ? sql`(${me}::uuid = any(${caseActionItems.assigneeIds}) or ${me}::uuid = any(${caseActionItems.picIds}))`
          : undefined,
        text
          ? or(
              sql`${cases.caseNo} ilike ${likePattern(text)}`,
              sql`${caseActionItems.subject} ilike ${likePattern(text)}`,
              sql`(${clients.firstName} || ' ' || ${clients.lastName}) ilike ${likePattern(text)}`,
            )
          : undefined,
      );
      const rows = await tx
        .select({
          id: caseActionItems.id,
          caseId: cases.id,
          caseNo: cases.caseNo,
          serviceType: cases.serviceType,
          status: cases.status,
          claimantName: fullName(clients),
          companyName: companies.name,
          subject: caseActionItems.subject,
          dueDate: caseActionItems.dueDate,
          overdue: sql<boolean>`coalesce(${due} < ${today}, false)`,
          assigneeIds: caseActionItems.assigneeIds,
          total: sql<number>`count(*) over ()`.mapWith(Number),
        })
        .from(caseActionItems)
        .innerJoin(cases, and(eq(cases.tenantId, caseActionItems.tenantId), eq(cases.id, caseActionItems.caseId)))
        .innerJoin(clients, and(eq(clients.tenantId, cases.tenantId), eq(clients.id, cases.clientId)))
        .innerJoin(companies, and(eq(companies.tenantId, cases.tenantId), eq(companies.id, cases.companyId)))
        .where(where)
        .orderBy(sql`${due} asc nulls last`, desc(caseActionItems.creationTime), desc(caseActionItems.id))
        .limit(q.maxResultCount)
        .offset(q.skipCount);
      const userIds = [...new Set(rows.flatMap((r) => r.assigneeIds))];
      const names = new Map(
        userIds.length === 0
          ? []
          : (
              await tx
                .select({ id: users.id, name: sql<string>`${users.name} || ' ' || ${users.surname}` })
                .from(users)
                .where(inArray(users.id, userIds))
            ).map((u) => [u.id, u.name] as const),
      );
      let totalCount = rows[0]?.total;
      if (totalCount === undefined) {
        const [row] = await tx
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(caseActionItems)
          .innerJoin(cases, and(eq(cases.tenantId, caseActionItems.tenantId), eq(cases.id, caseActionItems.caseId)))
          .innerJoin(clients, and(eq(clients.tenantId, cases.tenantId), eq(clients.id, cases.clientId)))
          .where(where);
        totalCount = row?.n ?? 0;
      }
      return {
        totalCount,
        items: rows.map((r) => ({
          id: r.id,
          caseId: r.caseId,
          caseNo: r.caseNo,
          serviceType: r.serviceType,
          moduleTitle: moduleTitle(r.serviceType),
          statusLabel: statusLabel(r.serviceType, r.status),
          claimantName: r.claimantName,
          companyName: r.companyName,
          subject: r.subject,
          dueDate: r.dueDate,
          overdue: r.overdue,
          assignees: r.assigneeIds.flatMap((id) => {
            const name = names.get(id);
            return name ? [name] : [];
          }),
        })),
      };
    });
  }

  /** The caller's own specialist, case manager and contractor records, with their cases. */
  async myRecords(ctx: RequestContext): Promise<MyRecordsDto> {
    const me = ctx.principal.userId;
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const visible = await this.caseCondition(tx, ctx);
      const casesOf = (condition: SQL, order: SQL[]) =>
        tx
          .select(caseColumns)
          .from(cases)
          .innerJoin(clients, and(eq(clients.tenantId, cases.tenantId), eq(clients.id, cases.clientId)))
          .innerJoin(companies, and(eq(companies.tenantId, cases.tenantId), eq(companies.id, cases.companyId)))
          .where(and(visible, condition))
          .orderBy(...order)
          .limit(SEARCH_MAX_PER_KIND);
      const countOf = async (condition: SQL) => {
        const [row] = await tx
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(cases)
          .where(and(visible, condition));
        return row?.n ?? 0;
      };

      const specialty = aliasedTable(lookupConfigs, 'specialty');
      const [s] = await tx
        .select({
          id: specialists.id,
          title: specialists.title,
          name: fullName(specialists),
          email: specialists.email,
          phone: specialists.phone,
          mobile: specialists.mobile,
          address: sql<
            string | null
          >`nullif(concat_ws(', ', ${specialists.address}, ${specialists.suburb}, ${specialists.state}, ${specialists.postcode}), '')`,
          specialty: specialty.label,
          providerNumber: specialists.providerNumber,
          onboardedDate: specialists.onboardedDate,
        })
        .from(specialists)
        .leftJoin(
          specialty,
          and(eq(specialty.tenantId, specialists.tenantId), eq(specialty.id, specialists.specialtyId)),
        )
        .where(and(eq(specialists.userId, me), eq(specialists.isDeleted, false)))
        .limit(1);
      const specialist = s
        ? {
            ...s,
            caseCount: await countOf(eq(cases.specialistId, s.id)),
            upcoming: (
              await casesOf(
                sql`${cases.specialistId} = ${s.id} and ${cases.appointmentDate} >= (now() at time zone ${ctx.tenant.timezone})::date`,
                [asc(cases.appointmentDate), asc(cases.appointmentTime)],
              )
            ).map(accountCase),
          }
        : null;

      const managers = await tx
        .select({
          id: caseManagers.id,
          title: caseManagers.title,
          name: fullName(caseManagers),
          email: caseManagers.email,
          phone: caseManagers.phone,
          mobile: caseManagers.mobile,
          address: sql<
            string | null
          >`nullif(concat_ws(', ', ${companies.address}, ${companies.suburb}, ${companies.state}, ${companies.postcode}), '')`,
          companyId: companies.id,
          companyName: companies.name,
          companyEmail: companies.email,
          companyPhone: companies.phone,
        })
        .from(caseManagers)
        .innerJoin(
          companies,
          and(eq(companies.tenantId, caseManagers.tenantId), eq(companies.id, caseManagers.companyId)),
        )
        .where(and(eq(caseManagers.userId, me), eq(caseManagers.isDeleted, false)))
        .orderBy(asc(companies.name));
      const caseManagerRecords = [];
      for (const m of managers) {
        caseManagerRecords.push({
          ...m,
          caseCount: await countOf(eq(cases.caseManagerId, m.id)),
          recent: (await casesOf(eq(cases.caseManagerId, m.id), [desc(cases.creationTime), desc(cases.id)])).map(
            accountCase,
          ),
        });
      }

      const [c] = await tx
        .select({
          id: contractors.id,
          name: contractors.name,
          contactName: contractors.contactName,
          contractorType: contractors.contractorType,
          email: contractors.email,
          phone: contractors.phone,
          address: sql<
            string | null
          >`nullif(concat_ws(', ', ${contractors.address}, ${contractors.suburb}, ${contractors.state}, ${contractors.postcode}), '')`,
          companyName: companies.name,
          notes: contractors.notes,
        })
        .from(contractors)
        .leftJoin(companies, and(eq(companies.tenantId, contractors.tenantId), eq(companies.id, contractors.companyId)))
        .where(and(eq(contractors.userId, me), eq(contractors.isDeleted, false)))
        .limit(1);

      return { specialist, caseManagers: caseManagerRecords, contractor: c ?? null };
    });
  }

  /** The published system updates, newest first (shared by every tenant). */
  async productUpdates(
    ctx: RequestContext,
    q: { skipCount: number; maxResultCount: number },
  ): Promise<{ items: ProductUpdateDto[]; totalCount: number }> {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const published = isNotNull(systemUpdates.publishedAt);
      const rows = await tx
        .select({
          id: systemUpdates.id,
          version: systemUpdates.version,
          title: systemUpdates.title,
          content: systemUpdates.content,
          publishedAt: systemUpdates.publishedAt,
        })
        .from(systemUpdates)
        .where(published)
        .orderBy(desc(systemUpdates.publishedAt), desc(systemUpdates.id))
        .limit(q.maxResultCount)
        .offset(q.skipCount);
      const [total] = await tx
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(systemUpdates)
        .where(published);
      return {
        totalCount: total?.n ?? 0,
        items: rows.map((r) => ({ ...r, publishedAt: new Date(r.publishedAt!).toISOString() })),
      };
    });
  }
}
