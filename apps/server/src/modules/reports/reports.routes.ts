import type { FastifyInstance } from 'fastify';
import { ReportEndpoints as api, type NamedTenantList } from '@casebook/domain';
import { contextOf } from '../../platform/access/context';
import type { Database } from '../../platform/db/database';
import { registerEndpoint } from '../../platform/http/endpoints';
import { sendExport } from '../../platform/resources/resource.export';
import { ReportsService } from './reports.service';

/** The business reports: figures, the records behind a row, and the spreadsheet. */
export function registerReportRoutes(
  app: FastifyInstance,
  database: Database,
  namedTenants: Partial<Record<NamedTenantList, readonly string[]>>,
): void {
  const service = new ReportsService(database, namedTenants);
  registerEndpoint(app, api.get, async (req) => service.get(contextOf(req), req.params.key, req.query));
  registerEndpoint(app, api.records, async (req) => service.records(contextOf(req), req.params.key, req.query));
  registerEndpoint(app, api.export, async (req, reply) =>
    sendExport(reply, await service.export(contextOf(req), req.params.key, req.query)),
  );
}
