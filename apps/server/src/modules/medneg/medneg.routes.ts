import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  CreateCaseInput,
  MedNegEndpoints,
  MedNegModule,
  MedNegPoRequestStatus,
  moduleAllows,
  refusedTransitionMessage,
  uuidv7,
  type MedNegPoRequestDto,
} from '@casebook/domain';
import { contextOf } from '../../platform/access/context';
import type { Database, Tx } from '../../platform/db/database';
import { registerEndpoint } from '../../platform/http/endpoints';
import { businessRule, invalidField, notFound } from '../../platform/http/errors';
import { registerCaseModule } from '../cases/case-module.routes';
import type { CasesService } from '../cases/cases.service';
import { specialists } from '../people/people.schema';
import { medNegCaseDetails, medNegPoRequests } from './medneg.schema';

const poColumns = {
  id: medNegPoRequests.id,
  specialistId: medNegPoRequests.specialistId,
  specialistName: specialists.firstName,
  specialistSurname: specialists.lastName,
  requestType: medNegPoRequests.requestType,
  requestedDate: medNegPoRequests.requestedDate,
  answer: medNegPoRequests.answer,
  answerDate: medNegPoRequests.answerDate,
  notes: medNegPoRequests.notes,
};

async function poRequests(tx: Tx, caseId: string, poId?: string): Promise<MedNegPoRequestDto[]> {
  const rows = await tx
    .select(poColumns)
    .from(medNegPoRequests)
    .innerJoin(specialists, eq(specialists.id, medNegPoRequests.specialistId))
    .where(and(eq(medNegPoRequests.caseId, caseId), poId ? eq(medNegPoRequests.id, poId) : undefined))
    .orderBy(asc(medNegPoRequests.creationTime), asc(medNegPoRequests.id));
  return rows.map(({ specialistName, specialistSurname, ...r }) => ({
    ...r,
    specialistName: `${specialistName} ${specialistSurname}`,
    requestType: r.requestType as MedNegPoRequestDto['requestType'],
    answer: r.answer as MedNegPoRequestDto['answer'],
  }));
}

/** Medical negligence: the declared calls, PO requests with answers, the linked full report, the number check. */
export function registerMedNegRoutes(app: FastifyInstance, database: Database, ime: CasesService) {
  const mn = registerCaseModule(app, database, MedNegModule, MedNegEndpoints, medNegCaseDetails);

  registerEndpoint(app, MedNegEndpoints.checkExistCaseNo, async (req) =>
    ime.checkExistCaseNo(contextOf(req), { caseNo: req.query.caseNo, fromModule: 'medneg' }),
  );
  registerEndpoint(app, MedNegEndpoints.poRequests, async (req) => ({
    items: await mn.read(contextOf(req), req.params.id, (tx) => poRequests(tx, req.params.id)),
  }));
  registerEndpoint(app, MedNegEndpoints.createPoRequest, async (req) =>
    mn.act(contextOf(req), req.params.id, async (tx, status) => {
      const [specialist] = await tx
        .select({ id: specialists.id })
        .from(specialists)
        .where(eq(specialists.id, req.body.specialistId));
      if (!specialist) throw invalidField('specialistId', 'The specialist does not exist.');
      const id = uuidv7();
      await tx
        .insert(medNegPoRequests)
        .values({ tenantId: contextOf(req).tenant.id, id, caseId: req.params.id, ...req.body });
      const to = MedNegPoRequestStatus[req.body.requestType];
      // A matter already further on (a linked report) keeps its status; the request is still recorded.
      const moves = to !== status && moduleAllows(MedNegModule, status, to) ? to : null;
      return { to: moves, value: (await poRequests(tx, req.params.id, id))[0]! };
    }),
  );
  registerEndpoint(app, MedNegEndpoints.updatePoRequest, async (req) =>
    mn.act(contextOf(req), req.params.id, async (tx) => {
      const updated = await tx
        .update(medNegPoRequests)
        .set(req.body)
        .where(and(eq(medNegPoRequests.id, req.params.poId), eq(medNegPoRequests.caseId, req.params.id)))
        .returning({ id: medNegPoRequests.id });
      if (updated.length === 0) throw notFound('The request');
      return { to: null, value: (await poRequests(tx, req.params.id, req.params.poId))[0]! };
    }),
  );
  registerEndpoint(app, MedNegEndpoints.deletePoRequest, async (req) =>
    mn.act(contextOf(req), req.params.id, async (tx) => {
      const gone = await tx
        .delete(medNegPoRequests)
        .where(and(eq(medNegPoRequests.id, req.params.poId), eq(medNegPoRequests.caseId, req.params.id)))
        .returning({ id: medNegPoRequests.id });
      if (gone.length === 0) throw notFound('The request');
      return { to: null, value: null };
    }),
  );

  // The full report: an IME case with the matter's parties, booked by the caller (under their own rights), then
  // linked. The transition is checked first, so a matter that cannot take a report books none.
  registerEndpoint(app, MedNegEndpoints.fullReport, async (req) => {
    const ctx = contextOf(req);
    const matter = await mn.get(ctx, req.params.id);
    if (!moduleAllows(MedNegModule, matter.status, 'LINKED_REPORT_CREATED')) {
      throw businessRule(refusedTransitionMessage(MedNegModule, matter.status, 'LINKED_REPORT_CREATED'));
    }
    const report = await ime.create(
      ctx,
      CreateCaseInput.parse({
        clientId: matter.clientId,
        caseManagerId: matter.caseManagerId,
        specialistId: req.body.specialistId,
        bookingNotes: `Full report for medical negligence matter ${matter.caseNo}`,
        confirmNoContract: true,
      }),
    );
    await mn.act(ctx, req.params.id, async () => ({
      to: 'LINKED_REPORT_CREATED',
      fields: { linkedCaseId: report.id },
      note: report.caseNo,
      value: null,
    }));
    return mn.get(ctx, req.params.id);
  });
}
