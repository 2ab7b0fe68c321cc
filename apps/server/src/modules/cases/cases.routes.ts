import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  BillingStatusLabels,
  CaseEndpoints as api,
  ImeStatusLabels,
  type CaseListInput,
  type CaseListItemDto as CaseListItem,
} from '@casebook/domain';
import type { Database } from '../../platform/db/database';
import { contextOf } from '../../platform/access/context';
import { registerEndpoint } from '../../platform/http/endpoints';
import {
  EXPORT_MAX_ROWS,
  exportSpreadsheets,
  sendExport,
  type SpreadsheetColumn,
} from '../../platform/resources/resource.export';
import { ActionItemsService } from './action-items.service';
import { CasesService } from './cases.service';
import type { SchedulingService } from '../scheduling/scheduling.service';

const EXPORT_COLUMNS: SpreadsheetColumn<CaseListItem>[] = [
  { key: 'caseNo', header: 'Case No' },
  { key: 'status', header: 'Status', format: (v) => ImeStatusLabels[v as keyof typeof ImeStatusLabels] ?? String(v) },
  { key: 'clientName', header: 'Claimant' },
  { key: 'companyName', header: 'Company' },
  { key: 'caseManagerName', header: 'Case Manager' },
  { key: 'specialistName', header: 'Specialist' },
  { key: 'centreName', header: 'Centre' },
  { key: 'appointmentDate', header: 'Appointment Date' },
  { key: 'appointmentTime', header: 'Appointment Time' },
  {
    key: 'billingStatus',
    header: 'Billing',
    format: (v) => BillingStatusLabels[v as keyof typeof BillingStatusLabels] ?? String(v),
  },
  { key: 'creationTime', header: 'Booked' },
];

/** The case core and assessment calls: list, booking, step updates, status log, action items. */
export function registerCaseRoutes(
  app: FastifyInstance,
  database: Database,
  sessions?: SchedulingService,
): CasesService {
  const service = new CasesService(database, sessions);
  const actions = new ActionItemsService(database, service);

  registerEndpoint(app, api.list, async (req) => service.list(contextOf(req), req.query));

  const exportCases = (ctx: ReturnType<typeof contextOf>, q: z.output<typeof CaseListInput>) =>
    exportSpreadsheets({
      name: 'assessments',
      sheetTitle: 'Assessments',
      columns: EXPORT_COLUMNS,
      timeZone: ctx.tenant.timezone,
      forEachPage: (size, onPage) => service.forEachPage(ctx, q, size, EXPORT_MAX_ROWS, onPage),
    });
  registerEndpoint(app, api.exportList, async (req, reply) =>
    sendExport(reply, await exportCases(contextOf(req), req.body)),
  );
  registerEndpoint(app, api.exportListGet, async (req, reply) =>
    sendExport(reply, await exportCases(contextOf(req), req.query)),
  );

  registerEndpoint(app, api.checkExistCaseNo, async (req) => service.checkExistCaseNo(contextOf(req), req.query));
  registerEndpoint(app, api.bookingCheck, async (req) => service.bookingCheck(contextOf(req), req.query));
  registerEndpoint(app, api.get, async (req) => service.get(contextOf(req), req.params.id));
  registerEndpoint(app, api.create, async (req) => service.create(contextOf(req), req.body));

  // The steps of the case screen.
  registerEndpoint(app, api.updateBookingDetail, async (req) =>
    service.updateBookingDetail(contextOf(req), req.params.id, req.body),
  );
  registerEndpoint(app, api.updateAppointment, async (req) =>
    service.updateAppointment(contextOf(req), req.params.id, req.body),
  );
  registerEndpoint(app, api.rescheduleAppointment, async (req) =>
    service.rescheduleAppointment(contextOf(req), req.params.id, req.body),
  );
  registerEndpoint(app, api.updatePaperwork, async (req) =>
    service.updatePaperwork(contextOf(req), req.params.id, req.body),
  );
  registerEndpoint(app, api.updateAttendance, async (req) =>
    service.updateAttendance(contextOf(req), req.params.id, req.body),
  );
  registerEndpoint(app, api.updateCancellation, async (req) =>
    service.updateCancellation(contextOf(req), req.params.id, req.body),
  );
  registerEndpoint(app, api.updateDictationReport, async (req) =>
    service.updateDictationReport(contextOf(req), req.params.id, req.body),
  );

  registerEndpoint(app, api.cancelAppointment, async (req) =>
    service.cancelAppointment(contextOf(req), req.params.id, req.body),
  );
  registerEndpoint(app, api.rebook, async (req) => service.rebook(contextOf(req), req.params.id, req.body));
  registerEndpoint(app, api.sendReportStatus, async (req) =>
    service.sendReportStatus(contextOf(req), req.params.id, req.body),
  );
  registerEndpoint(app, api.requestEmail, async (req) => service.requestEmail(contextOf(req), req.params.id, req.body));
  registerEndpoint(app, api.appointmentHistory, async (req) =>
    service.appointmentHistory(contextOf(req), req.params.id),
  );
  registerEndpoint(app, api.specialistClientHistory, async (req) =>
    service.specialistClientHistory(contextOf(req), req.params.id),
  );
  registerEndpoint(app, api.checklist, async (req) => service.checklist(contextOf(req), req.params.id));
  registerEndpoint(app, api.updateBillingStatus, async (req) =>
    service.updateBillingStatus(contextOf(req), req.params.id, req.body),
  );

  // Case permission: who may see the case (Everyone, Staff, a user group).
  registerEndpoint(app, api.permission, async (req) => service.permission(contextOf(req), req.query.objectId));
  registerEndpoint(app, api.setPermission, async (req) => service.setPermission(contextOf(req), req.body));

  // Status log.
  registerEndpoint(app, api.changeStatus, async (req) => service.changeStatus(contextOf(req), req.body));
  registerEndpoint(app, api.addStatusLog, async (req) => service.changeStatus(contextOf(req), req.body));
  registerEndpoint(app, api.statusLogs, async (req) => service.statusLogs(contextOf(req), req.query));
  registerEndpoint(app, api.countCaseStatus, async (req) => service.countCaseStatus(contextOf(req), req.query));
  registerEndpoint(app, api.countOverdueCaseStatus, async (req) =>
    service.countOverdueCaseStatus(contextOf(req), req.query),
  );
  registerEndpoint(app, api.countNextCaseStatus, async (req) => service.countNextCaseStatus(contextOf(req), req.query));

  registerEndpoint(app, api.exportNotes, async (req, reply) => {
    const ctx = contextOf(req);
    const c = await service.get(ctx, req.query.objectId);
    const log = await service.statusLogs(ctx, { objectId: c.id });
    const lines = [
      `Case ${c.caseNo}`,
      '',
      'Booking notes:',
      c.bookingNotes ?? '',
      ...(c.privateNotes !== null ? ['', 'Private notes:', c.privateNotes] : []),
      '',
      'Status log:',
      ...log.items.map(
        (l) => `${l.statusDate}  ${ImeStatusLabels[l.statusName]}  ${l.userName ?? ''}${l.note ? `  ${l.note}` : ''}`,
      ),
    ];
    return reply
      .header('content-type', 'text/plain; charset=utf-8')
      .header('content-disposition', `attachment; filename="${c.caseNo}-notes.txt"`)
      .send(lines.join('\n'));
  });

  // Action items and persons in charge.
  registerEndpoint(app, api.actionItems, async (req) => actions.list(contextOf(req), req.query.objectId));
  registerEndpoint(app, api.createActionItem, async (req) => actions.create(contextOf(req), req.body));
  registerEndpoint(app, api.updateActionItem, async (req) => actions.update(contextOf(req), req.params.id, req.body));
  registerEndpoint(app, api.deleteActionItem, async (req, reply) => {
    await actions.remove(contextOf(req), req.params.id);
    return reply.status(204).send();
  });
  registerEndpoint(app, api.assignedUsersCount, async (req) => actions.assignedUsersCount(contextOf(req)));
  registerEndpoint(app, api.picsCount, async (req) => actions.picsCount(contextOf(req)));
  registerEndpoint(app, api.defaultPics, async (req) => actions.defaultPics(contextOf(req)));
  registerEndpoint(app, api.addDefaultPic, async (req) => actions.addDefaultPic(contextOf(req), req.body));
  registerEndpoint(app, api.deleteDefaultPic, async (req, reply) => {
    await actions.deleteDefaultPic(contextOf(req), req.query.id);
    return reply.status(204).send();
  });

  return service;
}
