import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { NdisEndpoints, NdisModule, uuidv7, type NdisEntryKind } from '@casebook/domain';
import { contextOf, type RequestContext } from '../../platform/access/context';
import { recordEntityChange } from '../../platform/db/audit';
import type { Database } from '../../platform/db/database';
import { registerEndpoint } from '../../platform/http/endpoints';
import { notFound } from '../../platform/http/errors';
import { registerCaseModule } from '../cases/case-module.routes';
import type { CaseModuleService } from '../cases/case-module.service';
import { sendPdf } from '../invoices/invoices.routes';
import { serviceAgreementPdf } from './ndis-pdf';
import { ndisCaseDetails, ndisEntries } from './ndis.schema';

const ENTRY_ENTITY = 'NdisEntry';
type EntryRow = typeof ndisEntries.$inferSelect;
type EntryCalls = (typeof NdisEndpoints)['keyContacts'];

const live = (caseId: string, kind: NdisEntryKind) =>
  and(eq(ndisEntries.caseId, caseId), eq(ndisEntries.kind, kind), eq(ndisEntries.isDeleted, false));

/** List, add and delete of one kind of the participant's records, each under the case's record rule. */
function registerEntries(
  app: FastifyInstance,
  service: CaseModuleService,
  calls: EntryCalls,
  kind: NdisEntryKind,
  toDto: (r: EntryRow) => unknown,
) {
  registerEndpoint(app, calls.list, async (req) =>
    service.withCase(contextOf(req), req.params.id, async (tx) => {
      const rows = await tx
        .select()
        .from(ndisEntries)
        .where(live(req.params.id, kind))
        .orderBy(asc(ndisEntries.creationTime), asc(ndisEntries.id));
      return { totalCount: rows.length, items: rows.map(toDto) as never };
    }),
  );
  registerEndpoint(app, calls.add, async (req) => {
    const ctx: RequestContext = contextOf(req);
    return service.withCase(ctx, req.params.id, async (tx) => {
      const [row] = await tx
        .insert(ndisEntries)
        .values({
          tenantId: ctx.tenant.id,
          id: uuidv7(),
          concurrencyStamp: uuidv7(),
          creatorId: ctx.principal.userId,
          caseId: req.params.id,
          kind,
          userName: ctx.actor.userName,
          ...(req.body as Record<string, unknown>),
        })
        .returning();
      await recordEntityChange(tx, ctx.actor, {
        entityType: ENTRY_ENTITY,
        entityId: row!.id,
        changeType: 'Created',
        before: null,
        after: row!,
      });
      return toDto(row!) as never;
    });
  });
  registerEndpoint(app, calls.remove, async (req, reply) => {
    const ctx = contextOf(req);
    await service.withCase(ctx, req.params.id, async (tx) => {
      const [row] = await tx
        .update(ndisEntries)
        .set({ isDeleted: true, deletionTime: new Date(), deleterId: ctx.principal.userId, concurrencyStamp: uuidv7() })
        .where(and(live(req.params.id, kind), eq(ndisEntries.id, req.params.entryId)))
        .returning();
      if (!row) throw notFound('The record');
      await recordEntityChange(tx, ctx.actor, {
        entityType: ENTRY_ENTITY,
        entityId: row.id,
        changeType: 'Deleted',
        before: row,
        after: null,
      });
    });
    return reply.status(204).send();
  });
}

/** NDIS cases: the declared calls, the participant's key contacts, attendees and clinical notes, the agreement. */
export function registerNdisRoutes(app: FastifyInstance, database: Database) {
  const ndis = registerCaseModule(app, database, NdisModule, NdisEndpoints, ndisCaseDetails);
  registerEntries(app, ndis, NdisEndpoints.keyContacts, 'KEY_CONTACT', (r) => ({
    id: r.id,
    name: r.name ?? '',
    relationship: r.relationship,
    phone: r.phone,
    email: r.email,
  }));
  registerEntries(app, ndis, NdisEndpoints.attendees as unknown as EntryCalls, 'ATTENDEE', (r) => ({
    id: r.id,
    name: r.name ?? '',
    role: r.role,
  }));
  registerEntries(app, ndis, NdisEndpoints.clinicalNotes as unknown as EntryCalls, 'CLINICAL_NOTE', (r) => ({
    id: r.id,
    noteDate: r.noteDate ?? '',
    note: r.note ?? '',
    userName: r.userName,
    creationTime: r.creationTime.toISOString(),
  }));

  registerEndpoint(app, NdisEndpoints.printServiceAgreement, async (req, reply) => {
    const ctx = contextOf(req);
    const { c, contacts } = await ndis.withCase(ctx, req.params.id, async (tx, c) => ({
      c,
      contacts: await tx
        .select()
        .from(ndisEntries)
        .where(live(c.id, 'KEY_CONTACT'))
        .orderBy(asc(ndisEntries.creationTime)),
    }));
    return sendPdf(reply, `Service Agreement ${c.caseNo}.pdf`, await serviceAgreementPdf(c, ctx.tenant.name, contacts));
  });
}
