import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateAdhocTemplateInput,
  EmailPreviewDto,
  EmailPreviewInput,
  EmailSendInput,
  EmailTemplateDto,
  EmailTemplateListInput,
  EmailTrackingDetailDto,
  EmailTrackingDto,
  EmailTrackingListInput,
  pagedResult,
  Permissions,
  UpdateEmailTemplateInput,
  Uuid,
} from '@casebook/domain';
import type { Database } from '../../platform/db/database';
import { contextOf } from '../../platform/access/context';
import { errorResponses as errors } from '../../platform/http/errors';
import { CorrespondenceService } from './correspondence.service';

const IdParams = z.object({ id: Uuid });
const KeyParams = z.object({ name: z.string().min(1).max(100) });
const SendingReportItem = z.object({
  templateKey: z.string(),
  sent: z.number().int(),
  pending: z.number().int(),
  failed: z.number().int(),
  total: z.number().int(),
});

/** E-mail templates (built-in and ad-hoc), preview and send, e-mail tracking and the sending report. */
export function registerCorrespondenceRoutes(app: FastifyInstance, database: Database): CorrespondenceService {
  const service = new CorrespondenceService(database);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tracking = ['E-mail tracking'];
  const templates = ['E-mail templates'];

  r.get(
    '/api/app/email-trackings',
    {
      schema: {
        tags: tracking,
        querystring: EmailTrackingListInput,
        response: { 200: pagedResult(EmailTrackingDto), ...errors },
      },
      config: { access: { permission: Permissions.emailTracking.read } },
    },
    async (req) => service.listTracking(contextOf(req), req.query),
  );
  r.get(
    '/api/app/email-trackings/sending-report',
    {
      schema: {
        tags: tracking,
        summary: 'Messages per template key and delivery state',
        response: { 200: pagedResult(SendingReportItem), ...errors },
      },
      config: { access: { permission: Permissions.emailTracking.read } },
    },
    async (req) => service.sendingReport(contextOf(req), undefined, undefined),
  );
  r.get(
    '/api/app/email-trackings/:id',
    {
      schema: { tags: tracking, params: IdParams, response: { 200: EmailTrackingDetailDto, ...errors } },
      config: { access: { permission: Permissions.emailTracking.read } },
    },
    async (req) => service.getTracking(contextOf(req), req.params.id),
  );
  r.post(
    '/api/app/email-trackings/:id/resend',
    {
      schema: {
        tags: tracking,
        summary: 'Send the message again (as a new message)',
        params: IdParams,
        response: { 200: EmailTrackingDto, ...errors },
      },
      config: { access: { permission: Permissions.emailTracking.resend } },
    },
    async (req) => service.resend(contextOf(req), req.params.id),
  );
  r.post(
    '/api/app/email-trackings/:id/mark-success',
    {
      schema: {
        tags: tracking,
        summary: 'Record the message as delivered',
        params: IdParams,
        response: { 200: EmailTrackingDto, ...errors },
      },
      config: { access: { permission: Permissions.emailTracking.resend } },
    },
    async (req) => service.markSuccess(contextOf(req), req.params.id),
  );
  // A case's correspondence tab: its messages.
  r.get(
    '/api/app/correspondences',
    {
      schema: {
        tags: tracking,
        querystring: EmailTrackingListInput.extend({ objectId: Uuid }),
        response: { 200: pagedResult(EmailTrackingDto), ...errors },
      },
      config: { access: { permission: Permissions.emailTemplates.read } },
    },
    async (req) => service.listTracking(contextOf(req), req.query),
  );

  r.get(
    '/api/app/email-templates',
    {
      schema: {
        tags: templates,
        querystring: EmailTemplateListInput,
        response: { 200: pagedResult(EmailTemplateDto), ...errors },
      },
      config: { access: { permission: Permissions.emailTemplates.read } },
    },
    async (req) => service.listTemplates(contextOf(req), req.query),
  );
  r.get(
    '/api/app/email-templates/by-name/:name',
    {
      schema: { tags: templates, params: KeyParams, response: { 200: EmailTemplateDto, ...errors } },
      config: { access: { permission: Permissions.emailTemplates.read } },
    },
    async (req) => service.getTemplate(contextOf(req), req.params.name),
  );
  r.put(
    '/api/app/email-templates/by-name/:name',
    {
      schema: {
        tags: templates,
        summary: "Save the tenant's version of a template",
        params: KeyParams,
        body: UpdateEmailTemplateInput,
        response: { 200: EmailTemplateDto, ...errors },
      },
      config: { access: { permission: Permissions.emailTemplates.update } },
    },
    async (req) => service.updateTemplate(contextOf(req), req.params.name, req.body),
  );
  r.post(
    '/api/app/email-templates/preview',
    {
      schema: { tags: templates, body: EmailPreviewInput, response: { 200: EmailPreviewDto, ...errors } },
      config: { access: { permission: Permissions.emailTemplates.read } },
    },
    async (req) => {
      const { sender, destination, subject, body, metaData } = await service.preview(contextOf(req), req.body);
      return { sender, destination, subject, body, metaData };
    },
  );
  r.post(
    '/api/app/email-templates/send',
    {
      schema: {
        tags: templates,
        summary: 'Render and send to the recipient',
        body: EmailSendInput,
        response: { 200: EmailTrackingDto, ...errors },
      },
      config: { access: { permission: Permissions.emailTemplates.send } },
    },
    async (req) => service.send(contextOf(req), req.body),
  );

  r.post(
    '/api/app/adhocemail-templates',
    {
      schema: { tags: templates, body: CreateAdhocTemplateInput, response: { 200: EmailTemplateDto, ...errors } },
      config: { access: { permission: Permissions.emailTemplates.update, features: ['AdHocTemplate'] } },
    },
    async (req) => service.createAdhoc(contextOf(req), req.body),
  );
  for (const [action, disabled] of [
    ['enable', false],
    ['disable', true],
  ] as const) {
    r.put(
      `/api/app/adhocemail-templates/:id/${action}`,
      {
        schema: { tags: templates, params: IdParams, response: { 200: EmailTemplateDto, ...errors } },
        config: { access: { permission: Permissions.emailTemplates.update, features: ['AdHocTemplate'] } },
      },
      async (req) => service.setAdhocDisabled(contextOf(req), req.params.id, disabled),
    );
  }
  r.get(
    '/api/app/adhocemail-templates/:id/get-rendered-content',
    {
      schema: {
        tags: templates,
        params: IdParams,
        response: { 200: z.object({ subject: z.string(), content: z.string() }), ...errors },
      },
      config: { access: { permission: Permissions.emailTemplates.read, features: ['AdHocTemplate'] } },
    },
    async (req) => service.renderedAdhoc(contextOf(req), req.params.id),
  );
  return service;
}
