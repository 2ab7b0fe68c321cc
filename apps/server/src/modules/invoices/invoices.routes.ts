import type { FastifyInstance } from 'fastify';
import {
  InvoiceEndpoints as api,
  PaymentBlueprintEndpoints as blueprints,
  RemittanceEndpoints as remittances,
} from '@casebook/domain';
import type { FastifyReply } from 'fastify';
import { contextOf } from '../../platform/access/context';
import type { Database } from '../../platform/db/database';
import { registerEndpoint } from '../../platform/http/endpoints';
import { creditNotePdf, invoicePdf, remittancePdf } from './invoice-pdf';
import { notFound } from '../../platform/http/errors';
import { InvoicesService } from './invoices.service';
import { InvoiceSelectionService } from './invoice-selection.service';
import type { InvoiceSchemesService } from './invoice-schemes.service';
import { sendExport } from '../../platform/resources/resource.export';
import { registerOutstandingRoutes } from './outstanding.routes';
import { RemittanceService } from './remittance.service';

/** Invoices of cases, their payments, and the payment blueprints they are made from. */
export function registerInvoiceRoutes(app: FastifyInstance, database: Database): InvoicesService {
  const service = new InvoicesService(database);
  registerEndpoint(app, api.list, async (req) => service.list(contextOf(req), req.query));
  registerEndpoint(app, api.statusCounts, async (req) => service.statusCounts(contextOf(req), req.query));
  registerEndpoint(app, api.get, async (req) => service.get(contextOf(req), req.params.id));
  registerEndpoint(app, api.invoiceFromModule, async (req) => service.invoiceFromModule(contextOf(req), req.body));
  registerEndpoint(app, api.update, async (req) => service.update(contextOf(req), req.params.id, req.body));
  registerEndpoint(app, api.icareUpdate, async (req) => service.updateScheme(contextOf(req), req.params.id, req.body));
  registerEndpoint(app, api.send, async (req) =>
    service.send(contextOf(req), req.params.id, req.body.concurrencyStamp),
  );
  registerEndpoint(app, api.cancel, async (req) => service.cancel(contextOf(req), req.params.id, req.body));
  registerEndpoint(app, api.addPartialPayment, async (req) =>
    service.addPayment(contextOf(req), req.params.id, req.body),
  );
  registerEndpoint(app, api.deletePartialPayment, async (req) =>
    service.deletePayment(contextOf(req), req.params.id, req.params.paymentId),
  );
  registerEndpoint(app, api.caseDetailPayments, async (req) =>
    service.caseDetailPayments(contextOf(req), req.query.caseId),
  );

  registerEndpoint(app, blueprints.list, async (req) => service.blueprints(contextOf(req), req.query));
  registerEndpoint(app, blueprints.fromModule, async (req) =>
    service.blueprintFromModule(contextOf(req), req.query.caseId),
  );
  registerEndpoint(app, blueprints.get, async (req) => service.blueprint(contextOf(req), req.params.id));
  registerEndpoint(app, blueprints.create, async (req) => service.createBlueprint(contextOf(req), req.body));
  registerEndpoint(app, blueprints.update, async (req) =>
    service.updateBlueprint(contextOf(req), req.params.id, req.body),
  );
  registerEndpoint(app, api.print, async (req, reply) => {
    const ctx = contextOf(req);
    const invoice = await service.get(ctx, req.params.id);
    return sendPdf(reply, `${invoice.invoiceNo}.pdf`, await invoicePdf(invoice, ctx.tenant.name));
  });

  registerEndpoint(app, api.createCreditNote, async (req) =>
    service.createCreditNote(contextOf(req), req.params.id, req.body),
  );
  const selection = new InvoiceSelectionService(database, service);
  registerEndpoint(app, api.sendSelected, async (req) => selection.send(contextOf(req), req.body.ids));
  registerEndpoint(app, api.exportSelected, async (req, reply) =>
    sendExport(reply, await selection.export(contextOf(req), req.body.ids)),
  );
  registerEndpoint(app, api.creditNotePrint, async (req, reply) => {
    const ctx = contextOf(req);
    const invoice = await service.get(ctx, req.params.id);
    const note = invoice.creditNotes.find((n) => n.id === req.params.creditNoteId);
    if (!note) throw notFound('The credit note');
    return sendPdf(reply, `${note.creditNoteNo}.pdf`, await creditNotePdf(invoice, note, ctx.tenant.name));
  });

  const remittance = new RemittanceService(database);
  registerEndpoint(app, remittances.run, async (req) => remittance.run(contextOf(req), req.body));
  registerEndpoint(app, remittances.list, async (req) => remittance.list(contextOf(req), req.query));
  registerEndpoint(app, remittances.get, async (req) => remittance.get(contextOf(req), req.params.id));
  registerEndpoint(app, remittances.print, async (req, reply) => {
    const ctx = contextOf(req);
    const statement = await remittance.get(ctx, req.params.id);
    const name = `remittance-${statement.yearPeriod}-${String(statement.monthPeriod).padStart(2, '0')}-${statement.specialistName.replace(/[^A-Za-z0-9]+/g, '-')}.pdf`;
    return sendPdf(
      reply,
      name,
      await remittancePdf(statement, ctx.tenant.name, req.query.showProviderPayment === true),
    );
  });
  registerOutstandingRoutes(app, database);
  return service;
}

/** The scheme exports: the iCare report and the IRO lists and files (they read the file store). */
export function registerInvoiceSchemeRoutes(app: FastifyInstance, schemes: InvoiceSchemesService): void {
  registerEndpoint(app, api.exportIcareReport, async (req, reply) =>
    sendExport(reply, await schemes.icareReport(contextOf(req), req.query)),
  );
  registerEndpoint(app, api.exportIro, async (req, reply) =>
    sendExport(reply, await schemes.iroInvoices(contextOf(req), req.query)),
  );
  registerEndpoint(app, api.exportIro2, async (req, reply) =>
    sendExport(reply, await schemes.iroLines(contextOf(req), req.query)),
  );
  registerEndpoint(app, api.downloadIroReportFiles, async (req, reply) => {
    const zip = await schemes.iroFiles(contextOf(req), req.query);
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', `attachment; filename="${zip.fileName}"`)
      .send(zip.body);
  });
}

/** A PDF answer, shown in the browser's viewer (inline) with a file name for saving. */
export function sendPdf(reply: FastifyReply, fileName: string, bytes: Uint8Array) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `inline; filename="${fileName}"`)
    .send(Buffer.from(bytes));
}
