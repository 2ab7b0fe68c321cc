import { z } from 'zod';
import { endpoint } from '../endpoints/endpoint';
import { Uuid } from '../ids';
import { Permissions } from '../permissions';

/** What a text message is for. */
export const SmsKinds = ['APPOINTMENT_REMINDER', 'VIDEO_LINK'] as const;
export type SmsKind = (typeof SmsKinds)[number];

/** QUEUED until the provider has it; SENT once it took it; FAILED when it refused it (the error says why). */
export const SmsStatuses = ['QUEUED', 'SENT', 'FAILED'] as const;
export type SmsStatus = (typeof SmsStatuses)[number];

export const SmsMessageDto = z
  .object({
    id: z.string(),
    caseId: z.string().nullable(),
    kind: z.enum(SmsKinds),
    to: z.string(),
    body: z.string(),
    status: z.enum(SmsStatuses),
    providerId: z.string().nullable(),
    attempts: z.number().int(),
    lastError: z.string().nullable(),
    sentTime: z.string().nullable(),
    creationTime: z.string(),
  })
  .meta({ id: 'SmsMessageDto' });
export type SmsMessageDto = z.infer<typeof SmsMessageDto>;

export const SendCaseSmsInput = z.object({
  kind: z.enum(SmsKinds, { error: `kind must be one of ${SmsKinds.join(', ')}` }),
  /** The video appointment's link (VIDEO_LINK). */
  videoLink: z.url({ error: 'videoLink must be a web address' }).max(2000).optional(),
});
export type SendCaseSmsInput = z.input<typeof SendCaseSmsInput>;

/** The answer to sending: the message and the spec's success words. */
export const SendSmsResultDto = z.object({ message: z.string(), sms: SmsMessageDto }).meta({ id: 'SendSmsResultDto' });

/** A provider check on the health screen. */
export const ProviderCheckDto = z
  .object({ name: z.string(), status: z.enum(['Healthy', 'Unhealthy', 'NotConfigured']), detail: z.string() })
  .meta({ id: 'ProviderCheckDto' });
export type ProviderCheckDto = z.infer<typeof ProviderCheckDto>;

/** Twilio's inbound message webhook (form fields; only those read are named). */
export const TwilioInboundBody = z.looseObject({
  From: z.string().max(50),
  To: z.string().max(50),
  Body: z.string().max(2000).default(''),
  OptOutType: z.string().max(20).optional(),
});

const IdParams = z.object({ id: Uuid });
const tags = ['SMS'];
const features = ['Assessment', 'MassTorts', 'OT', 'COTELE'] as const;

/** Text messages of a case (appointment reminder, video link), Twilio's inbound webhook and check-twilio. */
export const SmsEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/app/assessments/:id/sms',
    params: IdParams,
    response: z.object({ items: z.array(SmsMessageDto) }),
    access: { permission: Permissions.assessments.read, features },
    summary: "The case's text messages, newest first",
    tags,
  }),
  send: endpoint({
    method: 'POST',
    path: '/api/app/assessments/:id/sms',
    params: IdParams,
    body: SendCaseSmsInput,
    response: SendSmsResultDto,
    access: { permission: Permissions.sms.send, features },
    summary: "Texts the claimant's mobile the appointment reminder or the video link (never to a number opted out)",
    tags,
  }),
  inbound: endpoint({
    method: 'POST',
    path: '/api/app/integrations/twilio/webhook',
    body: TwilioInboundBody,
    access: { anonymous: true },
    summary: 'Twilio inbound message (form-encoded, X-Twilio-Signature): STOP and its synonyms opt the number out',
    tags,
  }),
  checkTwilio: endpoint({
    method: 'POST',
    path: '/api/app/health-status/check-twilio',
    response: ProviderCheckDto,
    access: { permission: Permissions.healthStatus.read },
    summary: 'Asks Twilio for the account with the configured credentials',
    tags,
  }),
};
