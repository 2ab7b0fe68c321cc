import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  decideIndependence,
  INDEPENDENCE_BLOCK_SETTING,
  INDEPENDENCE_BLOCKED_MESSAGE,
  INDEPENDENCE_OVERRIDE_REQUIRED,
  IndependenceEndpoints as api,
  independenceBlockKinds,
  independenceNeedsOverride,
  uuidv7,
  type ClaimantRelationshipDto,
  type ClaimantRelationshipInput,
  type IndependenceCheckResult,
  type IndependenceEvidence,
  type IndependenceOverrideInput,
  type IndependenceRecordDto,
} from '@casebook/domain';
import { contextOf, type RequestContext } from '../../platform/access/context';
import { requireAccess, seesWholeTenant, visibleRecords } from '../../platform/access/records';
import { recordEntityChange } from '../../platform/db/audit';
import type { Database, Tx } from '../../platform/db/database';
import { registerEndpoint } from '../../platform/http/endpoints';
import { AppError, businessRule, invalidField, notFound } from '../../platform/http/errors';
import { clients, companies, specialists } from '../people/people.schema';
import { cases } from './cases.schema';
import { caseIndependenceChecks as checks, claimantRelationships as rel } from './independence.schema';

const CASE_ENTITY = 'Case';
const CLIENT_ENTITY = 'Client';
/** The earlier cases a check names at most (the newest first). */
const EARLIER_CASES_SHOWN = 20;

const fullName = (t: typeof specialists) => sql<string>`(${t.firstName} || ' ' || ${t.lastName})`;

/**
 * The independence check inside the caller's transaction (the booking's own, to refuse a blocked
 * specialist at Save).
 */
export async function checkIndependence(
  tx: Tx,
  ctx: RequestContext,
  q: {
    clientId: string;
    specialistId: string;
    caseId?: string | undefined;
    /** The company the booking is for, when it is being chosen (else the case's own). */
    companyId?: string | undefined;
  },
): Promise<IndependenceCheckResult> {
  const [specialist] = await tx
    .select({ id: specialists.id, name: fullName(specialists) })
    .from(specialists)
    .where(and(eq(specialists.id, q.specialistId), eq(specialists.isDeleted, false)));
  if (!specialist) throw invalidField('specialistId', 'The specialist does not exist.');
  const [client] = await tx
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.id, q.clientId), eq(clients.isDeleted, false)));
  if (!client) throw invalidField('clientId', 'The claimant does not exist.');
  const thisCompany = q.companyId
    ? q.companyId
    : q.caseId
      ? (await tx.select({ companyId: cases.companyId }).from(cases).where(eq(cases.id, q.caseId)))[0]?.companyId
      : undefined;
  const earlier = await tx
    .select({
      id: cases.id,
      caseNo: cases.caseNo,
      companyId: cases.companyId,
      companyName: companies.name,
      appointmentDate: cases.appointmentDate,
    })
    .from(cases)
    .innerJoin(companies, and(eq(companies.tenantId, cases.tenantId), eq(companies.id, cases.companyId)))
    .where(
      and(
        eq(cases.specialistId, q.specialistId),
        eq(cases.clientId, q.clientId),
        eq(cases.isDeleted, false),
        q.caseId ? ne(cases.id, q.caseId) : undefined,
      ),
    )
    .orderBy(desc(cases.creationTime))
    .limit(EARLIER_CASES_SHOWN);
  const visible = seesWholeTenant(ctx)
    ? new Set(earlier.map((c) => c.id))
    : await visibleRecords(
        tx,
        ctx,
        'case',
        earlier.map((c) => c.id),
      );
  const relationships = await tx
    .select({ kind: rel.kind, note: rel.note })
    .from(rel)
    .where(and(eq(rel.clientId, q.clientId), eq(rel.specialistId, q.specialistId), eq(rel.isDeleted, false)))
    .orderBy(rel.creationTime);
  const evidence: IndependenceEvidence[] = [
    ...relationships.map((r) => ({ kind: r.kind, note: r.note })),
    ...earlier.map((c) => ({
      kind: 'EARLIER_CASE' as const,
      caseNo: visible.has(c.id) ? c.caseNo : null,
      companyName: visible.has(c.id) ? c.companyName : null,
      sameCompany: thisCompany !== undefined && c.companyId === thisCompany,
      appointmentDate: c.appointmentDate,
    })),
  ];
  return decideIndependence(
    specialist,
    evidence,
    independenceBlockKinds(ctx.tenant.settings[INDEPENDENCE_BLOCK_SETTING]),
  );
}

/** What a booking's Save decided of its specialist's independence: a warning gone ahead with, and why. */
export type BookingIndependence = { result: IndependenceCheckResult; reason: string } | undefined;

/**
 * The independence check at a booking's Save, in its transaction (decision 0031): a specialist the tenant's
 * rule blocks is refused (422); a warning that needs an override is refused until the Save carries the
 * reason for going ahead (422 `confirm:independenceOverrideReason`, the check's summary as message). A
 * warning gone ahead with is returned, for `recordIndependenceOverride` once the case is written.
 */
export async function checkBookingIndependence(
  tx: Tx,
  ctx: RequestContext,
  q: {
    clientId: string;
    specialistId: string;
    caseId?: string | undefined;
    companyId: string;
    independenceOverrideReason?: string | undefined;
  },
): Promise<BookingIndependence> {
  const result = await checkIndependence(tx, ctx, q);
  if (result.outcome === 'BLOCKED') {
    throw new AppError('Casebook:BusinessRule', INDEPENDENCE_BLOCKED_MESSAGE, undefined, 'independence:blocked');
  }
  const reason = q.independenceOverrideReason;
  if (independenceNeedsOverride(result) && !reason) {
    throw new AppError('Casebook:BusinessRule', result.summary, undefined, INDEPENDENCE_OVERRIDE_REQUIRED);
  }
  return result.outcome === 'WARNING' && reason ? { result, reason } : undefined;
}

async function recordedCheck(tx: Tx, caseId: string): Promise<IndependenceRecordDto | null> {
  const [row] = await tx
    .select()
    .from(checks)
    .where(and(eq(checks.caseId, caseId), eq(checks.isDeleted, false)))
    .orderBy(desc(checks.creationTime), desc(checks.id))
    .limit(1);
  if (!row) return null;
  return {
    outcome: row.outcome,
    specialistId: row.specialistId,
    summary: row.summary,
    reasons: row.reasons,
    overriddenBy: row.overriddenByName,
    overrideReason: row.overrideReason,
    recordedAt: row.creationTime.toISOString(),
  };
}

/**
 * Going ahead despite a warning, recorded in the caller's transaction: the check as it stands, who went
 * ahead and why on the case (`case_independence_checks`), and in the case's change history, so "View
 * changes" shows `independenceCheck`, `independenceOverrideReason` and `independenceOverriddenBy`.
 */
export async function recordIndependenceOverride(
  tx: Tx,
  ctx: RequestContext,
  caseId: string,
  { result, reason }: NonNullable<BookingIndependence>,
): Promise<IndependenceRecordDto> {
  const before = await recordedCheck(tx, caseId);
  await tx.insert(checks).values({
    tenantId: ctx.tenant.id,
    id: uuidv7(),
    creatorId: ctx.principal.userId,
    concurrencyStamp: uuidv7(),
    caseId,
    specialistId: result.specialistId,
    outcome: result.outcome,
    summary: result.summary,
    reasons: result.reasons,
    overriddenById: ctx.principal.userId,
    overriddenByName: ctx.actor.userName,
    overrideReason: reason,
  });
  await recordEntityChange(tx, ctx.actor, {
    entityType: CASE_ENTITY,
    entityId: caseId,
    changeType: 'Updated',
    before: before
      ? {
          independenceCheck: before.summary,
          independenceOverrideReason: before.overrideReason,
          independenceOverriddenBy: before.overriddenBy,
        }
      : null,
    after: {
      independenceCheck: `${result.outcome === 'WARNING' ? 'Warning overridden' : result.outcome}: ${result.summary}`,
      independenceOverrideReason: reason,
      independenceOverriddenBy: ctx.actor.userName,
    },
  });
  return (await recordedCheck(tx, caseId))!;
}

/**
 * The independence check. It reads every earlier case of the specialist with the claimant, whatever the
 * caller may see (whether a specialist is independent does not depend on who asks); a caller who may
 * not see one of those cases (another firm's, for a case manager) is told of it without its number or
 * company.
 */
export class IndependenceService {
  constructor(private readonly database: Database) {}

  check(
    tx: Tx,
    ctx: RequestContext,
    q: { clientId: string; specialistId: string; caseId?: string | undefined },
  ): Promise<IndependenceCheckResult> {
    return checkIndependence(tx, ctx, q);
  }

  async standalone(ctx: RequestContext, q: { clientId: string; specialistId: string; caseId?: string | undefined }) {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      await requireAccess(tx, ctx, 'claimant', q.clientId);
      if (q.caseId) await requireAccess(tx, ctx, 'case', q.caseId);
      return this.check(tx, ctx, q);
    });
  }

  private async caseOf(tx: Tx, ctx: RequestContext, id: string) {
    await requireAccess(tx, ctx, 'case', id);
    const [row] = await tx
      .select({ id: cases.id, clientId: cases.clientId, specialistId: cases.specialistId })
      .from(cases)
      .where(eq(cases.id, id));
    if (!row) throw notFound('The case');
    return row;
  }

  async ofCase(ctx: RequestContext, id: string, specialistId: string | undefined) {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const kase = await this.caseOf(tx, ctx, id);
      const who = specialistId ?? kase.specialistId;
      const current = who
        ? await this.check(tx, ctx, { clientId: kase.clientId, specialistId: who, caseId: id })
        : null;
      return { current, recorded: await recordedCheck(tx, id) };
    });
  }

  /**
   * Going ahead despite a warning: the check as it stands, who went ahead and why are recorded on the
   * case, with the case's audit rows (so "View changes" shows them), in one transaction. A clear check
   * needs no override; a blocked one cannot be overridden.
   */
  async override(ctx: RequestContext, id: string, input: IndependenceOverrideInput): Promise<IndependenceRecordDto> {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const kase = await this.caseOf(tx, ctx, id);
      const result = await this.check(tx, ctx, {
        clientId: kase.clientId,
        specialistId: input.specialistId,
        caseId: id,
      });
      if (result.outcome === 'BLOCKED') throw businessRule(INDEPENDENCE_BLOCKED_MESSAGE);
      if (result.outcome === 'CLEAR') throw businessRule('The check is clear: there is nothing to override.');
      return recordIndependenceOverride(tx, ctx, id, { result, reason: input.reason });
    });
  }

  async relationships(ctx: RequestContext, clientId: string): Promise<{ items: ClaimantRelationshipDto[] }> {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      await requireAccess(tx, ctx, 'claimant', clientId);
      return { items: await this.relationshipRows(tx, clientId) };
    });
  }

  private async relationshipRows(tx: Tx, clientId: string, id?: string): Promise<ClaimantRelationshipDto[]> {
    return tx
      .select({
        id: rel.id,
        clientId: rel.clientId,
        specialistId: rel.specialistId,
        specialistName: fullName(specialists),
        kind: rel.kind,
        note: rel.note,
      })
      .from(rel)
      .innerJoin(specialists, and(eq(specialists.tenantId, rel.tenantId), eq(specialists.id, rel.specialistId)))
      .where(and(eq(rel.clientId, clientId), eq(rel.isDeleted, false), id ? eq(rel.id, id) : undefined))
      .orderBy(rel.creationTime);
  }

  async addRelationship(
    ctx: RequestContext,
    clientId: string,
    input: ClaimantRelationshipInput,
  ): Promise<ClaimantRelationshipDto> {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      await requireAccess(tx, ctx, 'claimant', clientId);
      const [specialist] = await tx
        .select({ id: specialists.id })
        .from(specialists)
        .where(and(eq(specialists.id, input.specialistId), eq(specialists.isDeleted, false)));
      if (!specialist) throw invalidField('specialistId', 'The specialist does not exist.');
      const id = uuidv7();
      const values = {
        tenantId: ctx.tenant.id,
        id,
        creatorId: ctx.principal.userId,
        concurrencyStamp: uuidv7(),
        clientId,
        ...input,
      };
      await tx.insert(rel).values(values);
      await recordEntityChange(tx, ctx.actor, {
        entityType: CLIENT_ENTITY,
        entityId: clientId,
        changeType: 'Updated',
        before: null,
        after: { relationship: `${input.kind} ${input.specialistId}${input.note ? `: ${input.note}` : ''}` },
      });
      return (await this.relationshipRows(tx, clientId, id))[0]!;
    });
  }
}

export function registerIndependenceRoutes(app: FastifyInstance, database: Database): IndependenceService {
  const service = new IndependenceService(database);
  registerEndpoint(app, api.independenceCheck, async (req) => service.standalone(contextOf(req), req.query));
  registerEndpoint(app, api.caseIndependence, async (req) =>
    service.ofCase(contextOf(req), req.params.id, req.query.specialistId),
  );
  registerEndpoint(app, api.overrideIndependence, async (req) =>
    service.override(contextOf(req), req.params.id, req.body),
  );
  registerEndpoint(app, api.claimantRelationships, async (req) => service.relationships(contextOf(req), req.params.id));
  registerEndpoint(app, api.addClaimantRelationship, async (req) =>
    service.addRelationship(contextOf(req), req.params.id, req.body),
  );
  return service;
}
