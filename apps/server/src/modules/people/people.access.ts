import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { Permissions } from '@casebook/domain';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { RequestContext } from '../../platform/access/context';
import {
  NOTHING,
  oncePerRequest,
  recordCondition,
  registerRecordKind,
  seesWholeTenant,
} from '../../platform/access/records';
import type { Tx } from '../../platform/db/database';
import { cases } from '../cases/cases.schema';
import { caseManagers, clients, companies, contractors, specialists } from './people.schema';

/** Who the caller is besides their roles: the companies they manage cases of, their specialist records. */
export type Reach = { companyIds: string[]; specialistIds: string[]; contractorCompanyIds: string[] };

/** The caller's case manager companies, specialist records and contractor companies, read once a request. */
export function reachOf(tx: Tx, ctx: RequestContext): Promise<Reach> {
  return oncePerRequest(ctx, 'reach', async () => {
    const userId = ctx.principal.userId;
    const roles = ctx.principal.roles;
    const [companyRows, specialistRows, contractorRows] = await Promise.all([
      roles.includes('CASE_MANAGER')
        ? tx
            .selectDistinct({ id: caseManagers.companyId })
            .from(caseManagers)
            .where(and(eq(caseManagers.userId, userId), eq(caseManagers.isDeleted, false)))
        : [],
      roles.includes('SPECIALIST')
        ? tx
            .select({ id: specialists.id })
            .from(specialists)
            .where(and(eq(specialists.userId, userId), eq(specialists.isDeleted, false)))
        : [],
      roles.includes('CONTRACTOR') || roles.includes('INSURER')
        ? tx
            .select({ id: contractors.companyId })
            .from(contractors)
            .where(and(eq(contractors.userId, userId), eq(contractors.isDeleted, false)))
        : [],
    ]);
    return {
      companyIds: companyRows.map((r) => r.id),
      specialistIds: specialistRows.map((r) => r.id),
      contractorCompanyIds: contractorRows.flatMap((r) => (r.id ? [r.id] : [])),
    };
  });
}

/** Ids of one column of the cases the caller may see (their claimants, case managers, companies). */
async function ofVisibleCases(tx: Tx, ctx: RequestContext, column: PgColumn): Promise<SQL> {
  const visible = await recordCondition(tx, ctx, 'case');
  return sql`(select ${column} from ${cases} where ${and(eq(cases.isDeleted, false), visible)})`;
}

const anyOf = (ids: string[], column: PgColumn): SQL | undefined => (ids.length > 0 ? inArray(column, ids) : undefined);

/**
 * Claimants: office roles see the tenant's register; anyone else the claimants of the cases they may
 * see and those they created (decision 0021).
 */
registerRecordKind('claimant', {
  table: clients,
  id: clients.id,
  isDeleted: clients.isDeleted,
  label: 'The claimant',
  async condition(tx, ctx) {
    if (!ctx.permissions.has(Permissions.clients.read)) return NOTHING;
    if (seesWholeTenant(ctx)) return undefined;
    return or(
      eq(clients.creatorId, ctx.principal.userId),
      sql`${clients.id} in ${await ofVisibleCases(tx, ctx, cases.clientId)}`,
    );
  },
});

/**
 * Case managers: office roles see all; a case manager the case managers of their own companies, of the
 * cases they may see, and those they created; anyone else those of the cases they may see.
 */
registerRecordKind('caseManager', {
  table: caseManagers,
  id: caseManagers.id,
  isDeleted: caseManagers.isDeleted,
  label: 'The case manager',
  async condition(tx, ctx) {
    if (!ctx.permissions.has(Permissions.caseManagers.read)) return NOTHING;
    if (seesWholeTenant(ctx)) return undefined;
    const reach = await reachOf(tx, ctx);
    return or(
      eq(caseManagers.userId, ctx.principal.userId),
      eq(caseManagers.creatorId, ctx.principal.userId),
      reach.companyIds.length > 0 ? inArray(caseManagers.companyId, reach.companyIds) : undefined,
      sql`${caseManagers.id} in ${await ofVisibleCases(tx, ctx, cases.caseManagerId)}`,
    );
  },
});

/**
 * Companies: office roles see all; anyone else their own companies (as case manager or contractor), the
 * companies of the cases they may see, and those they created.
 */
registerRecordKind('company', {
  table: companies,
  id: companies.id,
  isDeleted: companies.isDeleted,
  label: 'The company',
  async condition(tx, ctx) {
    if (!ctx.permissions.has(Permissions.companies.read)) return NOTHING;
    if (seesWholeTenant(ctx)) return undefined;
    const reach = await reachOf(tx, ctx);
    return or(
      eq(companies.creatorId, ctx.principal.userId),
      anyOf([...reach.companyIds, ...reach.contractorCompanyIds], companies.id),
      sql`${companies.id} in ${await ofVisibleCases(tx, ctx, cases.companyId)}`,
    );
  },
});

/**
 * Specialists: the tenant's panel, read by everyone holding the permission (case managers choose from
 * it when they book); without the permission, none.
 */
registerRecordKind('specialist', {
  table: specialists,
  id: specialists.id,
  isDeleted: specialists.isDeleted,
  label: 'The specialist',
  condition(_tx, ctx) {
    return Promise.resolve(ctx.permissions.has(Permissions.specialists.read) ? undefined : NOTHING);
  },
});
