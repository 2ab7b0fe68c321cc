import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type {
  CaseModuleDeclaration,
  CaseModuleEndpoints,
  ModuleCaseListItemDto,
  TemplateModule,
} from '@casebook/domain';
import { contextOf } from '../../platform/access/context';
import type { Database } from '../../platform/db/database';
import { tenants } from '../../platform/db/platform.schema';
import { registerEndpoint } from '../../platform/http/endpoints';
import { notFound } from '../../platform/http/errors';
import {
  EXPORT_MAX_ROWS,
  exportSpreadsheets,
  sendExport,
  type SpreadsheetColumn,
} from '../../platform/resources/resource.export';
import { mailOutbox } from '../correspondence/correspondence.schema';
import { CorrespondenceService } from '../correspondence/correspondence.service';
import { registerTemplateSource } from '../correspondence/template-sources';
import { ActionItemsService } from './action-items.service';
import { CaseModuleService, moduleMailValues, moduleRecipientOf, type ModuleDetailsTable } from './case-module.service';
import { casesRepository } from './cases.repository';

/** The list's columns in the export, with the module's status words and, where it keeps one, the due date. */
function exportColumns(m: CaseModuleDeclaration): SpreadsheetColumn<ModuleCaseListItemDto>[] {
  return [
    { key: 'caseNo', header: 'Case No' },
    { key: 'status', header: 'Status', format: (v) => m.statuses[String(v)]?.label ?? String(v) },
    { key: 'clientName', header: 'Claimant' },
    { key: 'companyName', header: 'Company' },
    { key: 'caseManagerName', header: 'Case Manager' },
    { key: 'specialistName', header: 'Specialist' },
    ...(m.due ? [{ key: 'dueDate' as const, header: 'Due' }] : []),
    { key: 'creationTime', header: 'Created' },
  ];
}

/** The modules registered per template family (supplementary and file review share SUPP). */
const byTemplateModule = new Map<string, CaseModuleDeclaration[]>();

/**
 * The module's cases fill its templates: the number, parties and status, addressed to the specialist or the
 * case manager as the template's key says. The correspondence calls (the case's e-mails and notes) find the
 * module's cases through it too, so every module has it, with or without templates, under the case's record rule.
 */
function registerModuleTemplateSource(m: CaseModuleDeclaration) {
  const family = byTemplateModule.get(m.templateModule) ?? [];
  if (!family.includes(m)) family.push(m);
  byTemplateModule.set(m.templateModule, family);
  registerTemplateSource(
    m.templateModule,
    async (tx, tenantId, objectId, templateKey) => {
      const found = await casesRepository.find(
        tx,
        objectId,
        { kind: 'all' },
        false,
        family.flatMap((f) => f.serviceTypes),
      );
      if (!found) return undefined;
      const module = family.find((f) => (f.serviceTypes as readonly string[]).includes(found.c.serviceType))!;
      const [tenant] = await tx.select({ timezone: tenants.timezone }).from(tenants).where(eq(tenants.id, tenantId));
      const to = moduleRecipientOf(templateKey ?? '');
      const recipient = await casesRepository.recipient(
        tx,
        to,
        to === 'specialists' ? found.c.specialistId : found.c.caseManagerId,
      );
      return {
        values: moduleMailValues(module, found as never, recipient?.name ?? '', tenant?.timezone ?? 'Australia/Sydney'),
        objectReference: found.c.caseNo,
        defaultRecipient: recipient?.email ?? null,
      };
    },
    'case',
  );
}

/**
 * Registers a declared case module's shared calls: list, counts and overdue counts, export, get, create,
 * `checkExistCaseNo`, rebook, status log, one PUT per step of the declaration (each saving through the step's
 * input and moving the status as the module decides), and, where the declaration has the part,
 * `sendReportStatus` and the e-mails of its templates. Every call on a case reads it under the case's record rule
 * first: another tenant's case, another firm's or one the caller may not see is a 404.
 */
export function registerCaseModule(
  app: FastifyInstance,
  database: Database,
  module: CaseModuleDeclaration,
  api: CaseModuleEndpoints,
  details: ModuleDetailsTable,
): CaseModuleService {
  const service = new CaseModuleService(database, module, details);
  const mail = new CorrespondenceService(database);
  registerModuleTemplateSource(module);
  registerEndpoint(app, api.list, async (req) => service.list(contextOf(req), req.query));
  registerEndpoint(app, api.counts, async (req) => service.countByStatus(contextOf(req), req.query));
  registerEndpoint(app, api.countOverdue, async (req) => service.countOverdue(contextOf(req), req.query));
  registerEndpoint(app, api.export, async (req, reply) => {
    const ctx = contextOf(req);
    const file = await exportSpreadsheets({
      name: module.key,
      sheetTitle: module.title,
      columns: exportColumns(module),
      timeZone: ctx.tenant.timezone,
      forEachPage: (size, onPage) => service.forEachPage(ctx, req.query, size, EXPORT_MAX_ROWS, onPage),
    });
    return sendExport(reply, file);
  });
  // A module that answers it with its own call registers that call itself.
  if (api.checkExistCaseNo && !module.ownCalls?.includes('checkExistCaseNo')) {
    registerEndpoint(app, api.checkExistCaseNo, async (req) => service.checkExistCaseNo(contextOf(req), req.query));
  }
  registerEndpoint(app, api.get, async (req) => service.get(contextOf(req), req.params.id));
  registerEndpoint(app, api.create, async (req) => service.create(contextOf(req), req.body));
  registerEndpoint(app, api.rebook, async (req) => service.rebook(contextOf(req), req.params.id, req.body ?? {}));
  registerEndpoint(app, api.statusLogs, async (req) => service.statusLogs(contextOf(req), req.params.id));
  for (const [key, e] of Object.entries(api.steps)) {
    registerEndpoint(app, e, async (req) => service.step(contextOf(req), key, req.params.id, req.body as never));
  }
  if (api.sendReportStatus) {
    registerEndpoint(app, api.sendReportStatus, async (req) =>
      service.sendReportStatus(contextOf(req), req.params.id, req.body),
    );
  }
  // A module with templates has a template module (checkCaseModule says so).
  if (api.actionItems && api.createActionItem && api.updateActionItem && api.deleteActionItem) {
    // The module's own read decides: a case of another module, firm or tenant is a 404.
    const actions = new ActionItemsService(database, service);
    registerEndpoint(app, api.actionItems, async (req) => actions.list(contextOf(req), req.params.id));
    registerEndpoint(app, api.createActionItem, async (req) =>
      actions.create(contextOf(req), { ...req.body, objectId: req.params.id }),
    );
    registerEndpoint(app, api.updateActionItem, async (req) =>
      actions.update(contextOf(req), req.params.itemId, req.body, req.params.id),
    );
    registerEndpoint(app, api.deleteActionItem, async (req, reply) => {
      await actions.remove(contextOf(req), req.params.itemId, req.params.id);
      return reply.status(204).send();
    });
  }
  const fromModule = module.templateModule as TemplateModule;
  if (api.emailPreview && api.emailSend && api.emailResend) {
    registerEndpoint(app, api.emailPreview, async (req) => {
      const ctx = contextOf(req);
      await service.read(ctx, req.params.id, async () => undefined);
      const shown = await mail.preview(ctx, { ...req.body, fromModule, objectId: req.params.id });
      const { sender, destination, subject, body, metaData } = shown;
      return { sender, destination, subject, body, metaData };
    });
    registerEndpoint(app, api.emailSend, async (req) => {
      const ctx = contextOf(req);
      await service.read(ctx, req.params.id, async () => undefined);
      return mail.send(ctx, { ...req.body, fromModule, objectId: req.params.id });
    });
    registerEndpoint(app, api.emailResend, async (req) => {
      const ctx = contextOf(req);
      // Only an e-mail of this case, read under the case's record rule.
      await service.read(ctx, req.params.id, async (tx) => {
        const [row] = await tx
          .select({ id: mailOutbox.id })
          .from(mailOutbox)
          .where(
            and(
              eq(mailOutbox.tenantId, ctx.tenant.id),
              eq(mailOutbox.id, req.params.emailId),
              eq(mailOutbox.objectId, req.params.id),
            ),
          );
        if (!row) throw notFound('The e-mail');
      });
      return mail.resend(ctx, req.params.emailId);
    });
  }
  return service;
}
