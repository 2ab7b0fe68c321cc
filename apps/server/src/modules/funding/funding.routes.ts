import type { FastifyInstance } from 'fastify';
import {
  FundingEndpoints as api,
  FundingInvoiceEndpoints as fundingInvoices,
  RepaymentInvoiceEndpoints as repayments,
} from '@casebook/domain';
import { contextOf } from '../../platform/access/context';
import type { Database } from '../../platform/db/database';
import { registerEndpoint } from '../../platform/http/endpoints';
import { TenantDirectory } from '../../platform/access/tenant-directory';
import { statementPdf } from './statement-pdf';
import { FundingExchange } from './funding.exchange';
import { FundingService } from './funding.service';
import { repaymentInvoicePdf } from './repayment-invoice-pdf';
import { RepaymentInvoicesService } from './repayment-invoices.service';
import { FundingInvoicesService } from './funding-invoices.service';
import { sendPdf } from '../invoices/invoices.routes';

/** Funding providers, agreements, loans, their ledger and the accrued-interest statement. */
export function registerFundingRoutes(app: FastifyInstance, database: Database): FundingService {
  const service = new FundingService(database);
  const exchange = new FundingExchange(database, new TenantDirectory(database));

  registerEndpoint(app, api.listProviders, async (req) => service.listProviders(contextOf(req), req.query));
  registerEndpoint(app, api.getProvider, async (req) => service.getProvider(contextOf(req), req.params.id));
  registerEndpoint(app, api.createProvider, async (req) => service.createProvider(contextOf(req), req.body));
  registerEndpoint(app, api.updateProvider, async (req) =>
    service.updateProvider(contextOf(req), req.params.id, req.body),
  );
  registerEndpoint(app, api.listProviderStaff, async (req) => service.listStaff(contextOf(req), req.params.id));
  registerEndpoint(app, api.addProviderStaff, async (req) => service.addStaff(contextOf(req), req.params.id, req.body));
  registerEndpoint(app, api.removeProviderStaff, async (req, reply) => {
    await service.removeStaff(contextOf(req), req.params.id, req.params.staffId);
    return reply.status(204).send();
  });

  registerEndpoint(app, api.listAgreements, async (req) => service.listAgreements(contextOf(req), req.query));
  registerEndpoint(app, api.getAgreement, async (req) => service.getAgreement(contextOf(req), req.params.id));
  registerEndpoint(app, api.createAgreement, async (req) => service.createAgreement(contextOf(req), req.body));
  registerEndpoint(app, api.changeAgreementStatus, async (req) =>
    exchange.changeAgreementStatus(contextOf(req), req.params.id, req.body.status, req.body.concurrencyStamp),
  );
  registerEndpoint(app, api.addInterestRate, async (req) =>
    exchange.addInterestRate(contextOf(req), req.params.id, req.body),
  );

  registerEndpoint(app, api.listLoans, async (req) => service.listLoans(contextOf(req), req.query));
  registerEndpoint(app, api.loanSummary, async (req) => service.loanSummary(contextOf(req)));
  registerEndpoint(app, api.getLoan, async (req) => service.getLoan(contextOf(req), req.params.id));
  registerEndpoint(app, api.createLoan, async (req) => service.createLoan(contextOf(req), req.body));
  registerEndpoint(app, api.recordAdvance, async (req) =>
    exchange.recordAdvance(contextOf(req), req.params.id, req.body),
  );
  registerEndpoint(app, api.recordRepayment, async (req) =>
    exchange.recordRepayment(contextOf(req), req.params.id, req.body),
  );
  registerEndpoint(app, api.postInterest, async (req) =>
    exchange.postInterest(contextOf(req), req.params.id, req.body.untilDate),
  );
  registerEndpoint(app, api.cancelLoan, async (req) =>
    exchange.cancelLoan(contextOf(req), req.params.id, req.body.reason),
  );
  registerEndpoint(app, api.accruedInterestStatement, async (req) =>
    service.statement(contextOf(req), req.params.id, req.query.untilDate, req.query.fundingTransactionStatuses),
  );
  registerEndpoint(app, api.accruedInterestStatementPdf, async (req, reply) => {
    const ctx = contextOf(req);
    const statement = await service.statement(
      ctx,
      req.params.id,
      req.query.untilDate,
      req.query.fundingTransactionStatuses,
    );
    const bytes = await statementPdf(statement, { tenantName: ctx.tenant.name });
    return reply
      .header('content-type', 'application/pdf')
      .header(
        'content-disposition',
        `attachment; filename="accrued-interest-statement-${statement.loan.loanNo}-${statement.untilDate}.pdf"`,
      )
      .send(Buffer.from(bytes));
  });

  registerEndpoint(app, api.listTransactions, async (req) => service.listTransactions(contextOf(req), req.query));

  registerEndpoint(app, api.listApprovedLenders, async (req) => exchange.listApprovedLenders(contextOf(req)));
  registerEndpoint(app, api.lenderOptions, async (req) => exchange.lenderOptions(contextOf(req)));
  registerEndpoint(app, api.addApprovedLender, async (req) =>
    exchange.addApprovedLender(contextOf(req), req.body.lenderTenantId),
  );
  registerEndpoint(app, api.removeApprovedLender, async (req, reply) => {
    await exchange.removeApprovedLender(contextOf(req), req.params.id);
    return reply.status(204).send();
  });
  registerEndpoint(app, api.listRequests, async (req) => exchange.listRequests(contextOf(req), req.query));
  registerEndpoint(app, api.getRequest, async (req) => exchange.getRequest(contextOf(req), req.params.id));
  registerEndpoint(app, api.createRequest, async (req) => exchange.createRequest(contextOf(req), req.body));
  registerEndpoint(app, api.sendRequest, async (req) => exchange.sendRequest(contextOf(req), req.params.id));
  registerEndpoint(app, api.approveRequest, async (req) =>
    exchange.approveRequest(contextOf(req), req.params.id, req.body),
  );
  registerEndpoint(app, api.cancelRequest, async (req) =>
    exchange.cancelRequest(contextOf(req), req.params.id, req.body.reason, req.body.concurrencyStamp),
  );

  registerEndpoint(app, api.listAdvanceRequests, async (req) =>
    exchange.listAdvanceRequests(contextOf(req), req.query),
  );
  registerEndpoint(app, api.calculateAdvance, async (req) => service.calculateAdvance(contextOf(req), req.query));
  registerEndpoint(app, api.checkDuplicateAdvanceRequests, async (req) =>
    exchange.checkDuplicateAdvance(contextOf(req), req.query.loanId, req.query.invoiceNo),
  );
  registerEndpoint(app, api.getAdvanceRequest, async (req) =>
    exchange.getAdvanceRequest(contextOf(req), req.params.id),
  );
  registerEndpoint(app, api.createAdvanceRequest, async (req) =>
    exchange.createAdvanceRequest(contextOf(req), req.body),
  );
  registerEndpoint(app, api.approveAdvanceRequest, async (req) =>
    exchange.approveAdvanceRequest(contextOf(req), req.params.id, req.body.paymentDate ?? null),
  );
  registerEndpoint(app, api.rejectAdvanceRequest, async (req) =>
    exchange.rejectAdvanceRequest(contextOf(req), req.params.id, req.body.reason),
  );
  registerEndpoint(app, api.cancelAdvanceRequest, async (req) =>
    exchange.cancelAdvanceRequest(contextOf(req), req.params.id, req.body.reason),
  );

  const invoices = new RepaymentInvoicesService(database, exchange);
  registerEndpoint(app, repayments.list, async (req) => invoices.list(contextOf(req), req.query));
  registerEndpoint(app, repayments.counts, async (req) => invoices.counts(contextOf(req), req.query));
  registerEndpoint(app, repayments.get, async (req) => invoices.get(contextOf(req), req.params.id));
  registerEndpoint(app, repayments.create, async (req) => invoices.create(contextOf(req), req.body));
  registerEndpoint(app, repayments.send, async (req) =>
    invoices.send(contextOf(req), req.params.id, req.body.concurrencyStamp),
  );
  registerEndpoint(app, repayments.cancel, async (req) => invoices.cancel(contextOf(req), req.params.id, req.body));
  registerEndpoint(app, repayments.addPayment, async (req) =>
    invoices.addPayment(contextOf(req), req.params.id, req.body),
  );
  registerEndpoint(app, repayments.print, async (req, reply) => {
    const ctx = contextOf(req);
    const invoice = await invoices.get(ctx, req.params.id);
    return sendPdf(reply, `${invoice.invoiceNo}.pdf`, await repaymentInvoicePdf(invoice, ctx.tenant.name));
  });

  const billing = new FundingInvoicesService(database, exchange);
  registerEndpoint(app, fundingInvoices.list, async (req) => billing.list(contextOf(req), req.query));
  registerEndpoint(app, fundingInvoices.counts, async (req) => billing.counts(contextOf(req), req.query));
  registerEndpoint(app, fundingInvoices.billable, async (req) => billing.billable(contextOf(req), req.query));
  registerEndpoint(app, fundingInvoices.get, async (req) => billing.get(contextOf(req), req.params.id));
  registerEndpoint(app, fundingInvoices.create, async (req) => billing.create(contextOf(req), req.body));
  registerEndpoint(app, fundingInvoices.cancel, async (req) => billing.cancel(contextOf(req), req.params.id, req.body));
  registerEndpoint(app, fundingInvoices.addPayment, async (req) =>
    billing.addPayment(contextOf(req), req.params.id, req.body),
  );
  return service;
}
