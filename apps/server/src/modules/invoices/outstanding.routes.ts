import type { FastifyInstance } from 'fastify';
import {
  OutstandingBalanceEndpoints as outstanding,
  OverdueReminderEndpoints as overdue,
  RemittanceMailEndpoints as remittanceMail,
} from '@casebook/domain';
import { contextOf } from '../../platform/access/context';
import type { Database } from '../../platform/db/database';
import { registerEndpoint } from '../../platform/http/endpoints';
import { remittancePdf } from './invoice-pdf';
import { sendPdf } from './invoices.routes';
import { OutstandingService } from './outstanding.service';
import { sendOverdueReminders, tenantToday } from './overdue-reminders';
import { RemittanceMailService, remittanceFileName } from './remittance-mail.service';
import { RemittanceService } from './remittance.service';

/** Overdue reminders on demand, the outstanding balance report and statements, and remittance e-mail. */
export function registerOutstandingRoutes(app: FastifyInstance, database: Database): void {
  registerEndpoint(app, overdue.checkAndSend, async (req) => {
    const ctx = contextOf(req);
    return sendOverdueReminders(
      database,
      ctx.tenant.id,
      await tenantToday(database, ctx.tenant.id),
      ctx.principal.userId,
    );
  });

  const service = new OutstandingService(database);
  registerEndpoint(app, outstanding.report, async (req) => service.report(contextOf(req), req.query));
  registerEndpoint(app, outstanding.statement, async (req) =>
    service.statement(contextOf(req), req.query.companyId, req.query.asOf),
  );
  registerEndpoint(app, outstanding.print, async (req, reply) => {
    const { fileName, bytes } = await service.statementPdf(contextOf(req), req.query.companyId, req.query.asOf);
    return sendPdf(reply, fileName, bytes);
  });
  registerEndpoint(app, outstanding.send, async (req) => service.send(contextOf(req), req.body));

  const mail = new RemittanceMailService(database);
  const statements = new RemittanceService(database);
  registerEndpoint(app, remittanceMail.send, async (req) => mail.send(contextOf(req), req.body));
  registerEndpoint(app, remittanceMail.mine, async (req) => mail.mine(contextOf(req), req.query));
  registerEndpoint(app, remittanceMail.myPrint, async (req, reply) => {
    const ctx = contextOf(req);
    const statement = await statements.get(ctx, req.params.id);
    return sendPdf(reply, remittanceFileName(statement), await remittancePdf(statement, ctx.tenant.name, false));
  });
}
