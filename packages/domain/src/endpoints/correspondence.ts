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
  UpdateEmailTemplateInput,
} from '../correspondence';
import { Uuid } from '../ids';
import { pagedResult } from '../paging';
import { Permissions } from '../permissions';
import { endpoint } from './endpoint';

const IdParams = z.object({ id: Uuid });
const KeyParams = z.object({ name: z.string().min(1).max(100) });
const SendingReportInput = z
  .object({
    from: z.iso.date({ error: 'from must be a date (YYYY-MM-DD)' }).optional(),
    to: z.iso.date({ error: 'to must be a date (YYYY-MM-DD)' }).optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: 'to must not be before from' });
/** One row of the sending report: a template key's messages by delivery state. */
export const SendingReportItem = z.object({
  templateKey: z.string(),
  sent: z.number().int(),
  pending: z.number().int(),
  failed: z.number().int(),
  total: z.number().int(),
});
export type SendingReportItem = z.infer<typeof SendingReportItem>;

const tracking = ['E-mail tracking'];
const templates = ['E-mail templates'];
const correspondence = ['Correspondence'];
const adhoc = (permission: string) => ({ permission, features: ['AdHocTemplate'] }) as const;

/** E-mail templates (built-in and ad-hoc), preview and send, e-mail tracking and the sending report. */
export const CorrespondenceEndpoints = {
  listTracking: endpoint({
    method: 'GET',
    path: '/api/app/email-trackings',
    query: EmailTrackingListInput,
    response: pagedResult(EmailTrackingDto),
    access: { permission: Permissions.emailTracking.read },
    tags: tracking,
  }),
  sendingReport: endpoint({
    method: 'GET',
    path: '/api/app/email-trackings/sending-report',
    query: SendingReportInput,
    response: pagedResult(SendingReportItem),
    access: { permission: Permissions.emailTracking.read },
    summary: "Messages per template key and delivery state, queued between two days (the tenant's dates)",
    tags: tracking,
  }),
  getTracking: endpoint({
    method: 'GET',
    path: '/api/app/email-trackings/:id',
    params: IdParams,
    response: EmailTrackingDetailDto,
    access: { permission: Permissions.emailTracking.read },
    tags: tracking,
  }),
  resend: endpoint({
    method: 'POST',
    path: '/api/app/email-trackings/:id/resend',
    params: IdParams,
    response: EmailTrackingDto,
    access: { permission: Permissions.emailTracking.resend },
    summary: 'Send the message again (as a new message)',
    tags: tracking,
  }),
  markSuccess: endpoint({
    method: 'POST',
    path: '/api/app/email-trackings/:id/mark-success',
    params: IdParams,
    response: EmailTrackingDto,
    access: { permission: Permissions.emailTracking.resend },
    summary: 'Record the message as delivered',
    tags: tracking,
  }),
  recordEmails: endpoint({
    method: 'GET',
    path: '/api/app/correspondences/emails',
    query: CorrespondenceListInput,
    response: pagedResult(EmailTrackingDto),
    access: { permission: Permissions.correspondence.read },
    summary: "A record's e-mails, newest first",
    tags: correspondence,
  }),
  listNotes: endpoint({
    method: 'GET',
    path: '/api/app/correspondences/notes',
    query: CorrespondenceListInput,
    response: pagedResult(CorrespondenceNoteDto),
    access: { permission: Permissions.correspondence.read },
    summary: "A record's notes of calls, messages and meetings",
    tags: correspondence,
  }),
  addNote: endpoint({
    method: 'POST',
    path: '/api/app/correspondences/notes',
    body: CreateCorrespondenceNoteInput,
    response: CorrespondenceNoteDto,
    access: { permission: Permissions.correspondence.create },
    summary: "Add a note to a record's correspondence",
    tags: correspondence,
  }),
  listTemplates: endpoint({
    method: 'GET',
    path: '/api/app/email-templates',
    query: EmailTemplateListInput,
    response: pagedResult(EmailTemplateDto),
    access: { permission: Permissions.emailTemplates.read },
    tags: templates,
  }),
  getTemplate: endpoint({
    method: 'GET',
    path: '/api/app/email-templates/by-name/:name',
    params: KeyParams,
    response: EmailTemplateDto,
    access: { permission: Permissions.emailTemplates.read },
    tags: templates,
  }),
  updateTemplate: endpoint({
    method: 'PUT',
    path: '/api/app/email-templates/by-name/:name',
    params: KeyParams,
    body: UpdateEmailTemplateInput,
    response: EmailTemplateDto,
    access: { permission: Permissions.emailTemplates.update },
    summary: "Save the tenant's version of a template",
    tags: templates,
  }),
  preview: endpoint({
    method: 'POST',
    path: '/api/app/email-templates/preview',
    body: EmailPreviewInput,
    response: EmailPreviewDto,
    access: { permission: Permissions.emailTemplates.read },
    tags: templates,
  }),
  send: endpoint({
    method: 'POST',
    path: '/api/app/email-templates/send',
    body: EmailSendInput,
    response: EmailTrackingDto,
    access: { permission: Permissions.emailTemplates.send },
    summary: 'Render and send to the recipient',
    tags: templates,
  }),
  createAdhoc: endpoint({
    method: 'POST',
    path: '/api/app/adhocemail-templates',
    body: CreateAdhocTemplateInput,
    response: EmailTemplateDto,
    access: adhoc(Permissions.emailTemplates.update),
    tags: templates,
  }),
  enableAdhoc: endpoint({
    method: 'PUT',
    path: '/api/app/adhocemail-templates/:id/enable',
    params: IdParams,
    response: EmailTemplateDto,
    access: adhoc(Permissions.emailTemplates.update),
    tags: templates,
  }),
  disableAdhoc: endpoint({
    method: 'PUT',
    path: '/api/app/adhocemail-templates/:id/disable',
    params: IdParams,
    response: EmailTemplateDto,
    access: adhoc(Permissions.emailTemplates.update),
    tags: templates,
  }),
  renderedAdhoc: endpoint({
    method: 'GET',
    path: '/api/app/adhocemail-templates/:id/get-rendered-content',
    params: IdParams,
    response: z.object({ subject: z.string(), content: z.string() }),
    access: adhoc(Permissions.emailTemplates.read),
    tags: templates,
  }),
};
