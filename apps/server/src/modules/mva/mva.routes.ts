import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  calculateLimitationDate,
  MvaEndpoints,
  MvaLimitationPeriods,
  MvaModule,
  uuidv7,
  type MvaOfferDto,
  type MvaSettlementDto,
} from '@casebook/domain';
import { contextOf } from '../../platform/access/context';
import { recordEntityChange } from '../../platform/db/audit';
import type { Database } from '../../platform/db/database';
import { registerEndpoint } from '../../platform/http/endpoints';
import { notFound } from '../../platform/http/errors';
import { registerCaseModule } from '../cases/case-module.routes';
import { mvaCaseDetails, mvaOffers, mvaSettlements } from './mva.schema';

const OFFER_ENTITY = 'MvaOffer';
const SETTLEMENT_ENTITY = 'MvaSettlement';

type OfferRow = typeof mvaOffers.$inferSelect;
type SettlementRow = typeof mvaSettlements.$inferSelect;

const offerDto = (r: OfferRow): MvaOfferDto => ({
  id: r.id,
  offerDate: r.offerDate,
  amount: r.amountCents,
  offeredBy: r.offeredBy,
  notes: r.notes,
  isCurrent: r.isCurrent,
  creationTime: r.creationTime.toISOString(),
});

const settlementDto = (r: SettlementRow): MvaSettlementDto => ({
  id: r.id,
  settlementDate: r.settlementDate,
  amount: r.amountCents,
  notes: r.notes,
  creationTime: r.creationTime.toISOString(),
});

/**
 * MVA claims: the declared calls, the limitation date, and a claim's offers and settlements. Every call on a
 * claim reads it under the caller's record rule first, so another tenant's or another firm's claim is a 404.
 */
export function registerMvaRoutes(app: FastifyInstance, database: Database) {
  const claims = registerCaseModule(app, database, MvaModule, MvaEndpoints, mvaCaseDetails);

  registerEndpoint(app, MvaEndpoints.calculateLimitationDate, async (req) => {
    const { stateId, accidentDate } = req.query;
    const period = MvaLimitationPeriods[stateId];
    return {
      stateId,
      accidentDate,
      limitationDate: calculateLimitationDate(stateId, accidentDate),
      years: period.years,
      source: period.source,
    };
  });

  const offersOf = (caseId: string) => and(eq(mvaOffers.caseId, caseId), eq(mvaOffers.isDeleted, false));

  registerEndpoint(app, MvaEndpoints.offers, async (req) =>
    claims.withCase(contextOf(req), req.params.id, async (tx) => {
      const rows = await tx
        .select()
        .from(mvaOffers)
        .where(offersOf(req.params.id))
        .orderBy(asc(mvaOffers.offerDate), asc(mvaOffers.id));
      return { totalCount: rows.length, items: rows.map(offerDto) };
    }),
  );

  registerEndpoint(app, MvaEndpoints.addOffer, async (req) => {
    const ctx = contextOf(req);
    return claims.withCase(
      ctx,
      req.params.id,
      async (tx) => {
        // The claim's first offer is its current one; later offers are made current by choice.
        const [existing] = await tx
          .select({ id: mvaOffers.id })
          .from(mvaOffers)
          .where(offersOf(req.params.id))
          .limit(1);
        const [row] = await tx
          .insert(mvaOffers)
          .values({
            tenantId: ctx.tenant.id,
            id: uuidv7(),
            concurrencyStamp: uuidv7(),
            creatorId: ctx.principal.userId,
            caseId: req.params.id,
            offerDate: req.body.offerDate,
            amountCents: req.body.amount,
            offeredBy: req.body.offeredBy,
            notes: req.body.notes,
            isCurrent: existing === undefined,
          })
          .returning();
        await recordEntityChange(tx, ctx.actor, {
          entityType: OFFER_ENTITY,
          entityId: row!.id,
          changeType: 'Created',
          before: null,
          after: row!,
        });
        return offerDto(row!);
      },
      true,
    );
  });

  registerEndpoint(app, MvaEndpoints.setCurrentOffer, async (req) => {
    const ctx = contextOf(req);
    const { id, offerId } = req.params;
    // The claim is locked, so two offers made current at once are taken one after the other.
    return claims.withCase(
      ctx,
      id,
      async (tx) => {
        const [offer] = await tx
          .select()
          .from(mvaOffers)
          .where(and(offersOf(id), eq(mvaOffers.id, offerId)));
        if (!offer) throw notFound('The offer');
        if (offer.isCurrent) return offerDto(offer);
        const now = new Date();
        const stamp = { lastModificationTime: now, lastModifierId: ctx.principal.userId, concurrencyStamp: uuidv7() };
        const previous = await tx
          .update(mvaOffers)
          .set({ isCurrent: false, ...stamp })
          .where(and(offersOf(id), eq(mvaOffers.isCurrent, true)))
          .returning();
        const [updated] = await tx
          .update(mvaOffers)
          .set({ isCurrent: true, ...stamp })
          .where(eq(mvaOffers.id, offerId))
          .returning();
        for (const p of previous) {
          await recordEntityChange(tx, ctx.actor, {
            entityType: OFFER_ENTITY,
            entityId: p.id,
            changeType: 'Updated',
            before: { isCurrent: true },
            after: { isCurrent: false },
          });
        }
        await recordEntityChange(tx, ctx.actor, {
          entityType: OFFER_ENTITY,
          entityId: offerId,
          changeType: 'Updated',
          before: { isCurrent: false },
          after: { isCurrent: true },
        });
        return offerDto(updated!);
      },
      true,
    );
  });

  registerEndpoint(app, MvaEndpoints.settlements, async (req) =>
    claims.withCase(contextOf(req), req.params.id, async (tx) => {
      const rows = await tx
        .select()
        .from(mvaSettlements)
        .where(and(eq(mvaSettlements.caseId, req.params.id), eq(mvaSettlements.isDeleted, false)))
        .orderBy(asc(mvaSettlements.settlementDate), asc(mvaSettlements.id));
      return { totalCount: rows.length, items: rows.map(settlementDto) };
    }),
  );

  registerEndpoint(app, MvaEndpoints.addSettlement, async (req) => {
    const ctx = contextOf(req);
    return claims.withCase(ctx, req.params.id, async (tx) => {
      const [row] = await tx
        .insert(mvaSettlements)
        .values({
          tenantId: ctx.tenant.id,
          id: uuidv7(),
          concurrencyStamp: uuidv7(),
          creatorId: ctx.principal.userId,
          caseId: req.params.id,
          settlementDate: req.body.settlementDate,
          amountCents: req.body.amount,
          notes: req.body.notes,
        })
        .returning();
      await recordEntityChange(tx, ctx.actor, {
        entityType: SETTLEMENT_ENTITY,
        entityId: row!.id,
        changeType: 'Created',
        before: null,
        after: row!,
      });
      return settlementDto(row!);
    });
  });
}
