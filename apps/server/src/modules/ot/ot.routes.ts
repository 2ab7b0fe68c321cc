import { and, asc, eq, max } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  formatIsoDate,
  gstRateOn,
  OtEndpoints,
  otQuotationAmounts,
  todayIn,
  uuidv7,
  type OtQuotationDto,
} from '@casebook/domain';
import { contextOf, type RequestContext } from '../../platform/access/context';
import { recordEntityChange } from '../../platform/db/audit';
import type { Database, Tx } from '../../platform/db/database';
import { registerEndpoint } from '../../platform/http/endpoints';
import { businessRule, concurrencyConflict, notFound } from '../../platform/http/errors';
import { caseScopeFor } from '../cases/cases.access';
import { casesRepository } from '../cases/cases.repository';
import { gstRatesOf } from '../invoices/invoices.service';
import { otQuotationItems, otQuotations } from './ot.schema';

const QUOTATION_ENTITY = 'OtQuotation';
const ITEM_ENTITY = 'OtQuotationItem';
/** The service type whose cases have quotations: OT's own parts read only OT cases. */
const OT_CASES = ['OT'] as const;

type Quotation = typeof otQuotations.$inferSelect;

/** The OT case under the caller's record rule (404 when they may not see it, or it is not an OT case). */
async function otCase(tx: Tx, ctx: RequestContext, id: string, forUpdate = false) {
  const found = await casesRepository.find(tx, id, await caseScopeFor(tx, ctx), forUpdate, OT_CASES);
  if (!found) throw notFound('The case');
  return found.c;
}

async function quotationOf(tx: Tx, caseId: string): Promise<Quotation | undefined> {
  const [q] = await tx
    .select()
    .from(otQuotations)
    .where(and(eq(otQuotations.caseId, caseId), eq(otQuotations.isDeleted, false)));
  return q;
}

async function dto(tx: Tx, q: Quotation, caseNo: string): Promise<OtQuotationDto> {
  const rows = await tx
    .select()
    .from(otQuotationItems)
    .where(and(eq(otQuotationItems.quotationId, q.id), eq(otQuotationItems.isDeleted, false)))
    .orderBy(asc(otQuotationItems.position), asc(otQuotationItems.id));
  const amounts = otQuotationAmounts(rows, q.gstBasisPoints);
  return {
    id: q.id,
    caseId: q.caseId,
    caseNo,
    quotationDate: q.quotationDate,
    validUntil: q.validUntil,
    notes: q.notes,
    gstBasisPoints: q.gstBasisPoints,
    items: rows.map((r, i) => ({
      id: r.id,
      position: r.position,
      description: r.description,
      quantity: r.quantity,
      unitPrice: r.unitPriceCents,
      taxable: r.taxable,
      amount: amounts.lines[i]!.amountCents,
      gst: amounts.lines[i]!.gstCents,
      total: amounts.lines[i]!.totalCents,
    })),
    subtotal: amounts.subtotalCents,
    gst: amounts.gstCents,
    total: amounts.totalCents,
    concurrencyStamp: q.concurrencyStamp,
  };
}

/**
 * OT's own calls: the quotation of an OT case with its item costs. Each quotation call reads the case under the caller's
 * record rule, locks it for a write, and writes with its audit rows in one transaction.
 */
export function registerOtRoutes(app: FastifyInstance, database: Database) {
  registerEndpoint(app, OtEndpoints.quotation, async (req) => {
    const ctx = contextOf(req);
    return database.withTenant(ctx.tenant.id, async (tx) => {
      const c = await otCase(tx, ctx, req.params.id);
      const q = await quotationOf(tx, c.id);
      if (!q) throw notFound('The quotation');
      return dto(tx, q, c.caseNo);
    });
  });

  registerEndpoint(app, OtEndpoints.initCase, async (req) => {
    const ctx = contextOf(req);
    return database.withTenant(ctx.tenant.id, async (tx) => {
      const c = await otCase(tx, ctx, req.params.id, true);
      if (await quotationOf(tx, c.id)) throw businessRule('The case already has a quotation.');
      const quotationDate = req.body.quotationDate ?? formatIsoDate(todayIn(ctx.tenant.timezone));
      const [q] = await tx
        .insert(otQuotations)
        .values({
          tenantId: ctx.tenant.id,
          id: uuidv7(),
          concurrencyStamp: uuidv7(),
          creatorId: ctx.principal.userId,
          caseId: c.id,
          quotationDate,
          validUntil: req.body.validUntil,
          notes: req.body.notes,
          gstBasisPoints: gstRateOn(gstRatesOf(ctx), quotationDate),
        })
        .returning();
      await recordEntityChange(tx, ctx.actor, {
        entityType: QUOTATION_ENTITY,
        entityId: q!.id,
        changeType: 'Created',
        before: null,
        after: q!,
      });
      return dto(tx, q!, c.caseNo);
    });
  });

  /** A write on the case's quotation: the case locked, the quotation found, the work, its stamp renewed. */
  const onQuotation = (
    ctx: RequestContext,
    caseId: string,
    work: (tx: Tx, q: Quotation) => Promise<Partial<Quotation> | void>,
  ) =>
    database.withTenant(ctx.tenant.id, async (tx) => {
      const c = await otCase(tx, ctx, caseId, true);
      const q = await quotationOf(tx, c.id);
      if (!q) throw notFound('The quotation');
      const changes = (await work(tx, q)) ?? {};
      const [saved] = await tx
        .update(otQuotations)
        .set({
          ...changes,
          lastModificationTime: new Date(),
          lastModifierId: ctx.principal.userId,
          concurrencyStamp: uuidv7(),
        })
        .where(eq(otQuotations.id, q.id))
        .returning();
      return dto(tx, saved!, c.caseNo);
    });

  registerEndpoint(app, OtEndpoints.updateQuotation, async (req) => {
    const ctx = contextOf(req);
    return onQuotation(ctx, req.params.id, async (tx, q) => {
      if (q.concurrencyStamp !== req.body.concurrencyStamp) throw concurrencyConflict();
      const after = {
        quotationDate: req.body.quotationDate,
        validUntil: req.body.validUntil,
        notes: req.body.notes,
        gstBasisPoints: gstRateOn(gstRatesOf(ctx), req.body.quotationDate),
      };
      await recordEntityChange(tx, ctx.actor, {
        entityType: QUOTATION_ENTITY,
        entityId: q.id,
        changeType: 'Updated',
        before: q,
        after: { ...q, ...after },
      });
      return after;
    });
  });

  const itemValues = (b: { description: string; quantity: number; unitPrice: number; taxable: boolean }) => ({
    description: b.description,
    quantity: b.quantity,
    unitPriceCents: b.unitPrice,
    taxable: b.taxable,
  });

  registerEndpoint(app, OtEndpoints.addItemCost, async (req) => {
    const ctx = contextOf(req);
    return onQuotation(ctx, req.params.id, async (tx, q) => {
      const [last] = await tx
        .select({ n: max(otQuotationItems.position) })
        .from(otQuotationItems)
        .where(eq(otQuotationItems.quotationId, q.id));
      const [row] = await tx
        .insert(otQuotationItems)
        .values({
          tenantId: ctx.tenant.id,
          id: uuidv7(),
          concurrencyStamp: uuidv7(),
          creatorId: ctx.principal.userId,
          quotationId: q.id,
          position: (last?.n ?? 0) + 1,
          ...itemValues(req.body),
        })
        .returning();
      await recordEntityChange(tx, ctx.actor, {
        entityType: ITEM_ENTITY,
        entityId: row!.id,
        changeType: 'Created',
        before: null,
        after: row!,
      });
    });
  });

  const item = async (tx: Tx, q: Quotation, itemId: string) => {
    const [row] = await tx
      .select()
      .from(otQuotationItems)
      .where(
        and(
          eq(otQuotationItems.id, itemId),
          eq(otQuotationItems.quotationId, q.id),
          eq(otQuotationItems.isDeleted, false),
        ),
      );
    if (!row) throw notFound('The item cost');
    return row;
  };

  registerEndpoint(app, OtEndpoints.updateItemCost, async (req) => {
    const ctx = contextOf(req);
    return onQuotation(ctx, req.params.id, async (tx, q) => {
      const before = await item(tx, q, req.params.itemId);
      const [after] = await tx
        .update(otQuotationItems)
        .set({
          ...itemValues(req.body),
          lastModificationTime: new Date(),
          lastModifierId: ctx.principal.userId,
          concurrencyStamp: uuidv7(),
        })
        .where(eq(otQuotationItems.id, before.id))
        .returning();
      await recordEntityChange(tx, ctx.actor, {
        entityType: ITEM_ENTITY,
        entityId: before.id,
        changeType: 'Updated',
        before,
        after: after!,
      });
    });
  });

  registerEndpoint(app, OtEndpoints.deleteItemCost, async (req) => {
    const ctx = contextOf(req);
    return onQuotation(ctx, req.params.id, async (tx, q) => {
      const before = await item(tx, q, req.params.itemId);
      const now = new Date();
      await tx
        .update(otQuotationItems)
        .set({ isDeleted: true, deletionTime: now, deleterId: ctx.principal.userId, concurrencyStamp: uuidv7() })
        .where(eq(otQuotationItems.id, before.id));
      await recordEntityChange(tx, ctx.actor, {
        entityType: ITEM_ENTITY,
        entityId: before.id,
        changeType: 'Deleted',
        before,
        after: null,
      });
    });
  });
}
