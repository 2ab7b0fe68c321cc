import type { FastifyInstance } from 'fastify';
import { FundingEndpoints as api } from '@casebook/domain';
import { contextOf } from '../../platform/access/context';
import type { Database } from '../../platform/db/database';
import { registerEndpoint } from '../../platform/http/endpoints';
import { statementPdf } from './statement-pdf';
import { FundingService } from './funding.service';

/** Funding providers, agreements, loans, their ledger and the accrued-interest statement. */
export function registerFundingRoutes(app: FastifyInstance, database: Database): FundingService {
  const service = new FundingService(database);

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
    service.changeAgreementStatus(contextOf(req), req.params.id, req.body.status, req.body.concurrencyStamp),
  );
  registerEndpoint(app, api.addInterestRate, async (req) =>
    service.addInterestRate(contextOf(req), req.params.id, req.body),
  );

  registerEndpoint(app, api.listLoans, async (req) => service.listLoans(contextOf(req), req.query));
  registerEndpoint(app, api.loanSummary, async (req) => service.loanSummary(contextOf(req)));
  registerEndpoint(app, api.getLoan, async (req) => service.getLoan(contextOf(req), req.params.id));
  registerEndpoint(app, api.createLoan, async (req) => service.createLoan(contextOf(req), req.body));
  registerEndpoint(app, api.recordAdvance, async (req) =>
    service.recordAdvance(contextOf(req), req.params.id, req.body),
  );
  registerEndpoint(app, api.recordRepayment, async (req) =>
    service.recordRepayment(contextOf(req), req.params.id, req.body),
  );
  registerEndpoint(app, api.postInterest, async (req) =>
    service.postInterest(contextOf(req), req.params.id, req.body.untilDate),
  );
  registerEndpoint(app, api.cancelLoan, async (req) =>
    service.cancelLoan(contextOf(req), req.params.id, req.body.reason),
  );
  registerEndpoint(app, api.accruedInterestStatement, async (req) =>
    service.statement(contextOf(req), req.params.id, req.query.untilDate),
  );
  registerEndpoint(app, api.accruedInterestStatementPdf, async (req, reply) => {
    const ctx = contextOf(req);
    const statement = await service.statement(ctx, req.params.id, req.query.untilDate);
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
  return service;
}
