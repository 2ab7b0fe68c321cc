import type { FastifyInstance } from 'fastify';
import { FileReviewEndpoints, FileReviewModule, SupplementaryEndpoints, SupplementaryModule } from '@casebook/domain';
import { contextOf } from '../../platform/access/context';
import type { Database } from '../../platform/db/database';
import { registerEndpoint } from '../../platform/http/endpoints';
import { invalidField } from '../../platform/http/errors';
import { registerCaseModule } from '../cases/case-module.routes';
import type { CasesService } from '../cases/cases.service';
import { supplementaryCaseDetails } from './supplementary.schema';

/**
 * Supplementary reports and file reviews: their declared calls, a supplementary asked for on an IME case, and
 * a file review's print.
 */
export function registerSupplementaryRoutes(app: FastifyInstance, database: Database, ime: CasesService) {
  const supplementary = registerCaseModule(
    app,
    database,
    SupplementaryModule,
    SupplementaryEndpoints,
    supplementaryCaseDetails,
  );
  const fileReviews = registerCaseModule(
    app,
    database,
    FileReviewModule,
    FileReviewEndpoints,
    supplementaryCaseDetails,
  );
  registerEndpoint(app, FileReviewEndpoints.fileReviewPrint, async (req) =>
    fileReviews.get(contextOf(req), req.params.id),
  );

  // The IME case is read under the caller's own access: another firm's case is a 404 here too.
  registerEndpoint(app, SupplementaryEndpoints.suppFromModule, async (req) => {
    const ctx = contextOf(req);
    const from = await ime.get(ctx, req.body.objectId);
    if (from.serviceType !== req.body.fromModule) throw invalidField('objectId', 'The case is not an IME case.');
    return supplementary.create(
      ctx,
      {
        clientId: from.clientId,
        caseManagerId: from.caseManagerId,
        specialistId: from.specialistId,
        bookingNotes: `Supplementary to ${from.caseNo}`,
      },
      { sourceCaseId: from.id },
    );
  });
}
