import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { ADMIN_OR_STAFF, hasAnyRole } from '@casebook/domain';
import type { Tx } from '../db/database';
import { notFound } from '../http/errors';
import type { RequestContext } from './context';

/**
 * The kinds of record whose access depends on who the caller is within their tenant (beyond the route's
 * permission).
 */
export const RecordKinds = [
  'case',
  'session',
  'attachment',
  'file',
  'claimant',
  'caseManager',
  'company',
  'specialist',
  'invoice',
  'remittanceStatement',
  'fundingAgreement',
  'loan',
  'fundingRequest',
  'repaymentInvoice',
  'fundingInvoice',
  'marketingCampaign',
  'typistJob',
  'timeEntry',
  'inquiry',
  'emailProposal',
  'reportCorrection',
] as const;
export type RecordKind = (typeof RecordKinds)[number];

/**
 * How a kind's records are limited to the caller: its table, and the condition over that table that
 * keeps the rows the caller may see. Lists, selection lists, reads, writes and the records other records
 * hang on (attachments, files) all go through the same condition.
 */
export type RecordRule = {
  table: PgTable;
  id: PgColumn;
  isDeleted: PgColumn;
  /** What a 404 names ("The claimant was not found."). */
  label: string;
  /** The condition over `table` for the caller; undefined when they see every record of the tenant. */
  condition(tx: Tx, ctx: RequestContext): Promise<SQL | undefined>;
};

const rules = new Map<RecordKind, RecordRule>();

/** Registers a kind's rule; each module registers its own kinds once, when it is loaded. */
export function registerRecordKind(kind: RecordKind, rule: RecordRule): void {
  if (rules.has(kind)) throw new Error(`Record kind ${kind} is registered twice`);
  rules.set(kind, rule);
}

function ruleOf(kind: RecordKind): RecordRule {
  const rule = rules.get(kind);
  if (!rule) throw new Error(`Record kind ${kind} has no access rule`);
  return rule;
}

/** The kinds with no rule yet: start-up refuses to run with any, so no kind is open by omission. */
export function unregisteredRecordKinds(): RecordKind[] {
  return RecordKinds.filter((kind) => !rules.has(kind));
}

/** Office roles (admin, admin staff, staff, accounting) see every record of their tenant. */
export function seesWholeTenant(ctx: RequestContext): boolean {
  return hasAnyRole(ctx.principal.roles, ADMIN_OR_STAFF);
}

/** The condition for lacking the permission a kind needs: no rows. */
export const NOTHING: SQL = sql`false`;

/** The condition selecting the caller's records of a kind (undefined: all of the tenant's). */
export function recordCondition(tx: Tx, ctx: RequestContext, kind: RecordKind): Promise<SQL | undefined> {
  return ruleOf(kind).condition(tx, ctx);
}

/**
 * The condition on a column holding ids of a kind (an attachment's objectId, a case's clientId): the id
 * names a live record of the kind that the caller may see.
 */
export async function referencesVisible(
  tx: Tx,
  ctx: RequestContext,
  kind: RecordKind,
  column: PgColumn | SQL,
): Promise<SQL> {
  const rule = ruleOf(kind);
  const condition = await rule.condition(tx, ctx);
  return sql`${column} in (select ${rule.id} from ${rule.table} where ${and(eq(rule.isDeleted, false), condition)})`;
}

/** Of these ids, the live records of the kind that the caller may see. */
export async function visibleRecords(
  tx: Tx,
  ctx: RequestContext,
  kind: RecordKind,
  ids: readonly string[],
): Promise<Set<string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Set();
  const rule = ruleOf(kind);
  const rows = (await tx
    .select({ id: rule.id })
    .from(rule.table)
    .where(and(inArray(rule.id, unique), eq(rule.isDeleted, false), await rule.condition(tx, ctx)))) as {
    id: string;
  }[];
  return new Set(rows.map((r) => r.id));
}

/**
 * Every id names a live record of the kind that the caller may see; otherwise a 404, the same answer as
 * for a record that does not exist, so a record outside the caller's reach is not even confirmed.
 */
export async function requireAccess(
  tx: Tx,
  ctx: RequestContext,
  kind: RecordKind,
  ids: string | readonly string[],
): Promise<void> {
  const wanted = typeof ids === 'string' ? [ids] : ids;
  const found = await visibleRecords(tx, ctx, kind, wanted);
  if (wanted.some((id) => !found.has(id))) throw notFound(ruleOf(kind).label);
}

const memos = new WeakMap<RequestContext, Map<string, Promise<unknown>>>();

/**
 * A value worked out once per request (the caller's companies and specialist records): several kinds'
 * conditions need it, often within one call.
 */
export function oncePerRequest<T>(ctx: RequestContext, key: string, compute: () => Promise<T>): Promise<T> {
  let memo = memos.get(ctx);
  if (!memo) memos.set(ctx, (memo = new Map()));
  let value = memo.get(key) as Promise<T> | undefined;
  if (!value) {
    value = compute();
    memo.set(key, value);
    // A failed read (its transaction rolled back) is not kept: the next call reads again.
    value.catch(() => memo.delete(key));
  }
  return value;
}
