import { z } from 'zod';
import { DEFAULT_RESULT_COUNT, PagedListInput, QueryBoolean } from './paging';

/** Delivery state of an outbound e-mail. */
export const MailDeliveryStates = ['Pending', 'Sending', 'Sent', 'Failed'] as const;
export type MailDeliveryState = (typeof MailDeliveryStates)[number];

/** One outbound message as e-mail tracking shows it. */
export const EmailTrackingDto = z.object({
  id: z.string(),
  templateKey: z.string().nullable(),
  trackingPropertyName: z.string().nullable(),
  fromModule: z.string().nullable(),
  objectId: z.string().nullable(),
  objectReference: z.string().nullable(),
  category: z.string().nullable(),
  recipient: z.string(),
  cc: z.string().nullable(),
  sender: z.string().nullable(),
  subject: z.string(),
  state: z.enum(MailDeliveryStates),
  markedSuccess: z.boolean(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  creationTime: z.string(),
  sentTime: z.string().nullable(),
});
export type EmailTrackingDto = z.infer<typeof EmailTrackingDto>;

export const EmailTrackingDetailDto = EmailTrackingDto.extend({ html: z.string() });
export type EmailTrackingDetailDto = z.infer<typeof EmailTrackingDetailDto>;

export const EmailTrackingListInput = PagedListInput.extend({
  templateKey: z.string().max(200).optional(),
  objectId: z.uuid({ error: 'objectId must be a UUID' }).optional(),
  state: z.enum(MailDeliveryStates, { error: `state must be one of ${MailDeliveryStates.join(', ')}` }).optional(),
});
export type EmailTrackingListInput = z.infer<typeof EmailTrackingListInput>;

/** Modules that send templated e-mail (template keys are grouped by them). */
export const TemplateModules = [
  'IME',
  'MN',
  'SUPP',
  'MR',
  'MVA',
  'TPD',
  'INVOICE',
  'OT_QUOTATION',
  'DISBURSEMENT_FUNDING',
  'REPAYMENT_INVOICE',
  'SPECIALIST',
] as const;
export type TemplateModule = (typeof TemplateModules)[number];
/** Modules whose records keep correspondence (e-mails and notes): those with templates and NDIS, which has none. */
export const CorrespondenceModules = [...TemplateModules, 'NDIS'] as const;
export type CorrespondenceModule = (typeof CorrespondenceModules)[number];
/** Modules whose records e-mails are previewed and sent for. */
export const BUILT_IN_TEMPLATE_MODULES: readonly string[] = TemplateModules;

export const EmailTemplateDto = z.object({
  id: z.string().nullable(),
  name: z.string(),
  templateKey: z.string(),
  module: z.string(),
  description: z.string(),
  subject: z.string(),
  templateContent: z.string(),
  disabled: z.boolean(),
  isAdhoc: z.boolean(),
  isCustomised: z.boolean(),
  placeholders: z.array(z.string()),
  concurrencyStamp: z.string().nullable(),
});
export type EmailTemplateDto = z.infer<typeof EmailTemplateDto>;

export const EmailTemplateListInput = PagedListInput.extend({
  module: z.string().max(50).optional(),
  isAdhoc: QueryBoolean.optional(),
});
export type EmailTemplateListInput = z.infer<typeof EmailTemplateListInput>;

const TEMPLATE_KEY = /^[A-Z][A-Z0-9_]{1,99}$/;

export const UpdateEmailTemplateInput = z.strictObject({
  subject: z.string({ error: 'This field is required' }).trim().min(1, 'This field is required').max(500),
  templateContent: z.string({ error: 'This field is required' }).min(1, 'This field is required').max(200_000),
  /** A disabled template sends nothing when the application would send it; left out, it stays as it is. */
  disabled: z.boolean({ error: 'disabled must be true or false' }).optional(),
  concurrencyStamp: z.string().nullable().optional(),
});
export type UpdateEmailTemplateInput = z.infer<typeof UpdateEmailTemplateInput>;

export const CreateAdhocTemplateInput = z.strictObject({
  templateKey: z
    .string({ error: 'This field is required' })
    .regex(TEMPLATE_KEY, 'templateKey must be upper-case letters, digits and underscores'),
  subject: z.string({ error: 'This field is required' }).trim().min(1, 'This field is required').max(500),
  templateContent: z.string({ error: 'This field is required' }).min(1, 'This field is required').max(200_000),
});
export type CreateAdhocTemplateInput = z.infer<typeof CreateAdhocTemplateInput>;

/** Preview or send of a template for one record: the module's object and extra placeholder values. */
export const EmailPreviewInput = z.strictObject({
  templateKey: z.string({ error: 'This field is required' }).min(1, 'This field is required').max(100),
  fromModule: z.enum(TemplateModules, { error: `fromModule must be one of ${TemplateModules.join(', ')}` }),
  objectId: z.uuid({ error: 'objectId must be a UUID' }).optional(),
  extraParams: z.record(z.string(), z.string().max(4000)).optional(),
  /** An edited subject/content to render instead of the saved one (the editor's preview). */
  subject: z.string().max(500).optional(),
  templateContent: z.string().max(200_000).optional(),
});
export type EmailPreviewInput = z.infer<typeof EmailPreviewInput>;

export const EmailSendInput = EmailPreviewInput.extend({
  email: z.email({ error: 'The Email field is not a valid e-mail address.' }),
});
export type EmailSendInput = z.infer<typeof EmailSendInput>;

export const EmailPreviewDto = z.object({
  sender: z.string(),
  destination: z.string().nullable(),
  subject: z.string(),
  body: z.string(),
  metaData: z.object({ fromModule: z.string() }),
});
export type EmailPreviewDto = z.infer<typeof EmailPreviewDto>;

/** How a correspondence note was exchanged (case-modules.md, communication types). */
export const CommunicationTypes = [
  'PHONE',
  'SMS',
  'EMAIL',
  'OPERATOR_EMAIL',
  'PRIVATE_NOTE',
  'UNSUCCESSFUL_PHONE_CALL_FAX',
  'RELATIONSHIP_MEETING',
  'RELATIONSHIP_CALL',
  'RELATIONSHIP_EMAIL',
  'RELATIONSHIP_MESSAGE',
  'OTHERS',
] as const;
export type CommunicationType = (typeof CommunicationTypes)[number];
export const CommunicationTypeLabels: Record<CommunicationType, string> = {
  PHONE: 'Phone',
  SMS: 'SMS',
  EMAIL: 'Email',
  OPERATOR_EMAIL: 'Operator email',
  PRIVATE_NOTE: 'Private note',
  UNSUCCESSFUL_PHONE_CALL_FAX: 'Unsuccessful phone call/fax',
  RELATIONSHIP_MEETING: 'Relationship meeting',
  RELATIONSHIP_CALL: 'Relationship call',
  RELATIONSHIP_EMAIL: 'Relationship email',
  RELATIONSHIP_MESSAGE: 'Relationship message',
  OTHERS: 'Others',
};

/** What a piece of correspondence is about (case-modules.md, correspondence categories). */
export const CorrespondenceCategories = [
  'CASE_BOOKING',
  'PAPERWORK',
  'APPOINTMENT_CONFIRMATION_RESCHEDULE',
  'ATTENDANCE',
  'NON_ATTENDANCE',
  'CANCELLATION',
  'DICTATION',
  'REPORT_COLLECTION',
  'BILLING',
] as const;
export type CorrespondenceCategory = (typeof CorrespondenceCategories)[number];
export const CorrespondenceCategoryLabels: Record<CorrespondenceCategory, string> = {
  CASE_BOOKING: 'Case booking',
  PAPERWORK: 'Paperwork',
  APPOINTMENT_CONFIRMATION_RESCHEDULE: 'Appointment confirmation and reschedule',
  ATTENDANCE: 'Attendance',
  NON_ATTENDANCE: 'Non-attendance',
  CANCELLATION: 'Cancellation',
  DICTATION: 'Dictation',
  REPORT_COLLECTION: 'Report collection',
  BILLING: 'Billing',
};

/** The correspondence category an e-mail of a template falls in, read from its key; null when none fits. */
export function correspondenceCategoryOf(templateKey: string | null): CorrespondenceCategory | null {
  const key = templateKey ?? '';
  if (/NON_ATTEND|NOT_ATTEND|DNA/.test(key)) return 'NON_ATTENDANCE';
  if (/CANCEL/.test(key)) return 'CANCELLATION';
  if (/PAPERWORK/.test(key)) return 'PAPERWORK';
  if (/APPOINTMENT_(CONFIRMATION|RESCHEDULE|REMINDER)/.test(key)) return 'APPOINTMENT_CONFIRMATION_RESCHEDULE';
  if (/APPOINTMENT_REQUEST|BOOKING/.test(key)) return 'CASE_BOOKING';
  if (/ATTEND/.test(key)) return 'ATTENDANCE';
  if (/DICTATION/.test(key)) return 'DICTATION';
  if (/REPORT/.test(key)) return 'REPORT_COLLECTION';
  if (/PAYMENT|INVOICE|RECEIPT/.test(key)) return 'BILLING';
  return null;
}

/** A note of a call, message or meeting kept on a record's correspondence tab. */
export const CorrespondenceNoteDto = z.object({
  id: z.string(),
  fromModule: z.string(),
  objectId: z.string(),
  communicationType: z.enum(CommunicationTypes),
  category: z.enum(CorrespondenceCategories).nullable(),
  contactName: z.string().nullable(),
  content: z.string(),
  contactTime: z.string(),
  creatorName: z.string().nullable(),
  creationTime: z.string(),
});
export type CorrespondenceNoteDto = z.infer<typeof CorrespondenceNoteDto>;

export const CorrespondenceListInput = PagedListInput.extend({
  fromModule: z.enum(CorrespondenceModules, {
    error: `fromModule must be one of ${CorrespondenceModules.join(', ')}`,
  }),
  objectId: z.uuid({ error: 'objectId must be a UUID' }),
  communicationType: z
    .enum(CommunicationTypes, { error: `communicationType must be one of ${CommunicationTypes.join(', ')}` })
    .optional(),
  category: z
    .enum(CorrespondenceCategories, { error: `category must be one of ${CorrespondenceCategories.join(', ')}` })
    .optional(),
});
export type CorrespondenceListInput = z.infer<typeof CorrespondenceListInput>;

export const CreateCorrespondenceNoteInput = z.strictObject({
  fromModule: z.enum(CorrespondenceModules, {
    error: `fromModule must be one of ${CorrespondenceModules.join(', ')}`,
  }),
  objectId: z.uuid({ error: 'objectId must be a UUID' }),
  communicationType: z.enum(CommunicationTypes, {
    error: `communicationType must be one of ${CommunicationTypes.join(', ')}`,
  }),
  category: z
    .enum(CorrespondenceCategories, { error: `category must be one of ${CorrespondenceCategories.join(', ')}` })
    .nullable()
    .optional(),
  contactName: z.string().trim().max(200).nullable().optional(),
  content: z.string({ error: 'This field is required' }).trim().min(1, 'This field is required').max(4000),
  /** When the call or meeting took place; now when left out. */
  contactTime: z.iso.datetime({ offset: true, error: 'contactTime must be a date and time' }).optional(),
});
export type CreateCorrespondenceNoteInput = z.infer<typeof CreateCorrespondenceNoteInput>;

/** Notification types of the in-app notification feature. */
export const NotificationTypes = ['Action Required', 'Email Received'] as const;
export type NotificationType = (typeof NotificationTypes)[number];

/** Titles of the notifications the product raises by itself (decision 0058). */
export const NotificationTitles = {
  bookingConfirmed: 'Booking confirmed',
  appointmentChanged: 'Appointment changed',
  appointmentCancelled: 'Appointment cancelled',
  reportReceived: 'Report received',
  reportCompleted: 'Report completed',
  caseCancelled: 'Case cancelled',
  actionItemAssigned: 'Action item assigned',
  actionItemOverdue: 'Action item overdue',
  emailFailed: 'E-mail failed',
  jobFailed: 'Job failed',
  invoicePaid: 'Invoice paid',
  fundingApproved: 'Funding approved',
} as const;
export type NotificationEvent = keyof typeof NotificationTitles;

/** Page size of the notification list; 'Load more' skips by the same amount. */
export const NOTIFICATION_PAGE_SIZE = 20;
/** Characters of notification content shown in the list and in the popup toast. */
export const NOTIFICATION_LIST_CONTENT_LENGTH = 200;
export const NOTIFICATION_TOAST_CONTENT_LENGTH = 50;
/** Local-storage key of the saved notification type filter. */
export const NOTIFICATION_FILTER_KEY = 'NOTIFICATION_FILTER';
/** Setting that turns on the popup toast for new notifications (value 'true'). */
export const SHOW_POPUP_SETTING = 'ICS.InAppNotification.ShowPopupForNewItem';

export const NotificationDto = z.object({
  id: z.string(),
  recipientId: z.string(),
  objectId: z.string().nullable(),
  objectReferenceName: z.string().nullable(),
  fromModule: z.string().nullable(),
  type: z.enum(NotificationTypes),
  title: z.string(),
  content: z.string(),
  sentTime: z.string(),
  isRead: z.boolean(),
  creator: z.object({ name: z.string().nullable(), email: z.string().nullable() }),
});
export type NotificationDto = z.infer<typeof NotificationDto>;

export const NotificationListInput = z.object({
  skipCount: PagedListInput.shape.skipCount,
  maxResultCount: PagedListInput.shape.maxResultCount.default(DEFAULT_RESULT_COUNT),
  notificationTypes: z
    .union([z.enum(NotificationTypes), z.array(z.enum(NotificationTypes))], {
      error: `notificationTypes must be ${NotificationTypes.join(' or ')}`,
    })
    .transform((v) => (Array.isArray(v) ? v : [v]))
    .optional(),
  showUnread: QueryBoolean.optional(),
});
export type NotificationListInput = z.infer<typeof NotificationListInput>;

export const NotificationSummaryDto = z.object({ totalCount: z.number().int(), totalUnreadCount: z.number().int() });
export type NotificationSummaryDto = z.infer<typeof NotificationSummaryDto>;

/** Cuts text to a length, with an ellipsis when something was cut. */
export function truncateText(text: string, length: number): string {
  return text.length <= length ? text : `${text.slice(0, length)}…`;
}

/** Removes tags from notification HTML content so it can be shown as plain text. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(br|\/p|\/div|\/li)\s*\/?>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Background job states as the jobs screen shows them. */
export const BackgroundJobStates = ['Scheduled', 'Processing', 'Retrying', 'Completed', 'Cancelled', 'Failed'] as const;
export type BackgroundJobState = (typeof BackgroundJobStates)[number];

export const BackgroundJobDto = z.object({
  id: z.string(),
  name: z.string(),
  state: z.enum(BackgroundJobStates),
  retryCount: z.number().int(),
  retryLimit: z.number().int(),
  createdOn: z.string(),
  startedOn: z.string().nullable(),
  completedOn: z.string().nullable(),
  error: z.string().nullable(),
  summary: z.string().nullable(),
});
export type BackgroundJobDto = z.infer<typeof BackgroundJobDto>;

export const BackgroundJobListInput = PagedListInput.extend({
  state: z.enum(BackgroundJobStates, { error: `state must be one of ${BackgroundJobStates.join(', ')}` }).optional(),
  name: z.string().max(100).optional(),
});
export type BackgroundJobListInput = z.infer<typeof BackgroundJobListInput>;
