import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CorrespondenceListInput,
  CorrespondenceNoteDto,
  CreateAdhocTemplateInput,
  CreateCorrespondenceNoteInput,
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
import { registerCaseTemplateSources } from './case-template-source';
import { CorrespondenceService } from './correspondence.service';

const IdParams = z.object({ id: Uuid });
const KeyParams = z.object({ name: z.string().min(1).max(100) });
const SendingReportInput = z
  .object({
    from: z.iso.date({ error: 'from must be a date (YYYY-MM-DD)' }).optional(),
    to: z.iso.date({ error: 'to must be a date (YYYY-MM-DD)' }).optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: 'to must not be before from' });
const SendingReportItem = z.object({
  templateKey: z.string(),
  sent: z.number().int(),
  pending: z.number().int(),
  failed: z.number().int(),
  total: z.number().int(),
});

/** E-mail templates (built-in and ad-hoc), preview and send, e-mail tracking and the sending report. */
export function registerCorrespondenceRoutes(app: FastifyInstance, database: Database): CorrespondenceService {
  registerCaseTemplateSources();
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
        summary: "Messages per template key and delivery state, queued between two days (the tenant's dates)",
        querystring: SendingReportInput,
        response: { 200: pagedResult(SendingReportItem), ...errors },
      },
      config: { access: { permission: Permissions.emailTracking.read } },
    },
    async (req) => service.sendingReport(contextOf(req), req.query.from, req.query.to),
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
  // A record's correspondence tab: its e-mails and its notes.
  const correspondence = ['Correspondence'];
  r.get(
    '/api/app/correspondences/emails',
    {
      schema: {
        tags: correspondence,
        summary: "A record's e-mails, newest first",
        querystring: CorrespondenceListInput,
        response: { 200: pagedResult(EmailTrackingDto), ...errors },
      },
      config: { access: { permission: Permissions.correspondence.read } },
    },
    async (req) => service.listRecordEmails(contextOf(req), req.query),
  );
  r.get(
    '/api/app/correspondences/notes',
    {
      schema: {
        tags: correspondence,
        summary: "A record's notes of calls, messages and meetings",
        querystring: CorrespondenceListInput,
        response: { 200: pagedResult(CorrespondenceNoteDto), ...errors },
      },
      config: { access: { permission: Permissions.correspondence.read } },
    },
    async (req) => service.listNotes(contextOf(req), req.query),
  );
  r.post(
    '/api/app/correspondences/notes',
    {
      schema: {
        tags: correspondence,
        summary: "Add a note to a record's correspondence",
        body: CreateCorrespondenceNoteInput,
        response: { 200: CorrespondenceNoteDto, ...errors },
      },
      config: { access: { permission: Permissions.correspondence.create } },
    },
    async (req) => service.addNote(contextOf(req), req.body),
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
