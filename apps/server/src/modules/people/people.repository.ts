import { and, asc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { SIMILAR_ITEMS_MAX, type SimilarItem } from '@casebook/domain';
import type { Tx } from '../../platform/db/database';
import type { SearchCondition } from '../../platform/resources/resource';
import { likePattern } from '../../platform/resources/resource.repository';
import { referencedValue } from '../../platform/resources/resource.sql';
import { specialists } from './people.schema';
import { caseManagers, clients, companies, contractors, serviceProviders } from './people.schema';

/** The people tables searched through person_search. */
export type PersonKind = 'case_managers' | 'clients' | 'specialists';

/** The searched columns of a person table. */
type PersonColumns = {
  id: PgColumn;
  firstName: PgColumn;
  lastName: PgColumn;
  email: PgColumn;
  phone: PgColumn;
  mobile: PgColumn;
};

/** Trigrams need three characters; shorter text is matched on the table itself. */
const TRIGRAM_MIN = 3;

/**
 * The search condition for case managers, clients and specialists: any part of the name, e-mail or
 * phone, case-insensitively. Text that is only digits and phone punctuation is searched as digits,
 * so '0412 345' finds 0412345678. From three characters the ids come from the trigram-indexed
 * person_search table. Shorter text matches most people, so it is tested row by row on the table,
 * where the list's ordered index reaches a page of matches after a few rows.
 */
export function personSearchCondition(kind: PersonKind, t: PersonColumns, text: string): SearchCondition {
  const compact = text.replace(/[\s()+-]/g, '');
  const term = /^\d+$/.test(compact) ? compact : text.trim().toLowerCase();
  const pattern = likePattern(term);
  if (term.length < TRIGRAM_MIN) {
    return {
      where: or(...[t.firstName, t.lastName, t.email, t.phone, t.mobile].map((c) => ilike(c, pattern)))!,
      collectsAllMatches: false,
    };
  }
  return { where: sql`${t.id} in (select casebook_person_search(${kind}, ${pattern}))`, collectsAllMatches: true };
}

const lowerEq = (column: PgColumn, value: string) => sql`lower(${column}) = lower(${value})`;

type PersonTable = typeof caseManagers | typeof specialists;

/** The only SQL of the people module's own rules; runs inside tenant transactions. */
export const peopleRepository = {
  /** Case managers or specialists with the same e-mail, phone, or first and last name. */
  async similarPeople(
    tx: Tx,
    table: PersonTable,
    q: { firstName?: string; lastName?: string; email?: string; phone?: string; excludeId?: string },
    visible?: SQL,
  ): Promise<SimilarItem[]> {
    const name =
      q.firstName && q.lastName
        ? and(lowerEq(table.firstName, q.firstName), lowerEq(table.lastName, q.lastName))
        : undefined;
    const email = q.email ? lowerEq(table.email, q.email) : undefined;
    const phone = q.phone ? or(eq(table.phone, q.phone), eq(table.mobile, q.phone)) : undefined;
    if (!name && !email && !phone) return [];
    const company =
      table === caseManagers
        ? referencedValue<string | null>(companies, (c) => c(companies.name), {
            tenantId: caseManagers.tenantId,
            fk: caseManagers.companyId,
          })
        : sql<string | null>`null`;
    const rows = await tx
      .select({
        id: table.id,
        firstName: table.firstName,
        lastName: table.lastName,
        email: table.email,
        phone: table.phone,
        mobile: table.mobile,
        isActive: table.isActive,
        companyName: company,
        byName: name ? sql<boolean>`coalesce(${name}, false)` : sql<boolean>`false`,
        byEmail: email ? sql<boolean>`coalesce(${email}, false)` : sql<boolean>`false`,
        byPhone: phone ? sql<boolean>`coalesce(${phone}, false)` : sql<boolean>`false`,
      })
      .from(table)
      .where(
        and(
          eq(table.isDeleted, false),
          q.excludeId ? ne(table.id, q.excludeId) : undefined,
          or(name, email, phone),
          visible,
        ),
      )
      .orderBy(asc(table.lastName), asc(table.firstName), asc(table.id))
      .limit(SIMILAR_ITEMS_MAX);
    return rows.map((r) => ({
      id: r.id,
      displayName: `${r.firstName} ${r.lastName}`,
      isActive: r.isActive,
      reasons: [
        ...(r.byName ? (['name'] as const) : []),
        ...(r.byEmail ? (['email'] as const) : []),
        ...(r.byPhone ? (['phone'] as const) : []),
      ],
      companyName: r.companyName,
      email: r.email,
      phone: r.phone ?? r.mobile,
    }));
  },

  /** Clients with the same first and last name (any case) and date of birth. */
  async similarClients(
    tx: Tx,
    q: { firstName: string; lastName: string; dateOfBirth: string; excludeId?: string },
    visible?: SQL,
  ): Promise<SimilarItem[]> {
    const rows = await tx
      .select()
      .from(clients)
      .where(
        and(
          eq(clients.isDeleted, false),
          sql`lower(${clients.lastName}) = lower(${q.lastName})`,
          sql`lower(${clients.firstName}) = lower(${q.firstName})`,
          eq(clients.dateOfBirth, q.dateOfBirth),
          q.excludeId ? ne(clients.id, q.excludeId) : undefined,
          visible,
        ),
      )
      .orderBy(asc(clients.id))
      .limit(SIMILAR_ITEMS_MAX);
    return rows.map((r) => ({
      id: r.id,
      displayName: `${r.firstName} ${r.lastName}`,
      isActive: r.isActive,
      reasons: ['nameAndDateOfBirth' as const],
      dateOfBirth: r.dateOfBirth,
      email: r.email,
      phone: r.phone ?? r.mobile,
    }));
  },

  /** True when another service provider already has the name (any case). */
  async serviceProviderNameTaken(tx: Tx, name: string, excludeId?: string): Promise<boolean> {
    const [row] = await tx
      .select({ id: serviceProviders.id })
      .from(serviceProviders)
      .where(
        and(
          eq(serviceProviders.isDeleted, false),
          sql`lower(${serviceProviders.name}) = lower(${name.trim()})`,
          excludeId ? ne(serviceProviders.id, excludeId) : undefined,
        ),
      )
      .limit(1);
    return Boolean(row);
  },

  async company(tx: Tx, id: string) {
    const [row] = await tx
      .select()
      .from(companies)
      .where(and(eq(companies.id, id), eq(companies.isDeleted, false)));
    return row;
  },

  /** The case manager, specialist or contractor record a user signs in as. */
  async recordOfUser(tx: Tx, kind: 'case_managers' | 'specialists' | 'contractors', userId: string) {
    const table = kind === 'case_managers' ? caseManagers : kind === 'specialists' ? specialists : contractors;
    const [row] = await tx
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.userId, userId), eq(table.isDeleted, false)))
      .orderBy(asc(table.id))
      .limit(1);
    return row?.id;
  },

  /** The existing case managers among the ids. */
  async caseManagerIds(tx: Tx, ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await tx
      .select({ id: caseManagers.id })
      .from(caseManagers)
      .where(and(inArray(caseManagers.id, [...ids]), eq(caseManagers.isDeleted, false)));
    return rows.map((r) => r.id);
  },

  /** Case managers as pick-list entries, by name. */
  async caseManagersByIds(tx: Tx, ids: readonly string[]) {
    if (ids.length === 0) return [];
    return tx
      .select({
        id: caseManagers.id,
        displayName: sql<string>`${caseManagers.firstName} || ' ' || ${caseManagers.lastName}`,
        isActive: caseManagers.isActive,
      })
      .from(caseManagers)
      .where(and(inArray(caseManagers.id, [...ids]), eq(caseManagers.isDeleted, false)))
      .orderBy(asc(caseManagers.firstName), asc(caseManagers.lastName), asc(caseManagers.id));
  },
};
