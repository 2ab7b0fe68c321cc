import { z } from 'zod';
import { endpoint } from '../endpoints/endpoint';
import { Uuid } from '../ids';
import { Permissions } from '../permissions';

/**
 * An envelope's status: QUEUED until DocuSign has it, then DocuSign's own envelope statuses; FAILED when
 * DocuSign refused it (the error says why).
 */
export const EnvelopeStatuses = ['QUEUED', 'sent', 'delivered', 'completed', 'declined', 'voided', 'FAILED'] as const;
export const EnvelopeStatus = z.enum(EnvelopeStatuses);
export type EnvelopeStatus = z.infer<typeof EnvelopeStatus>;

export const ENVELOPE_STATUS_LABELS: Readonly<Record<EnvelopeStatus, string>> = {
  QUEUED: 'Being sent',
  sent: 'Sent for signature',
  delivered: 'Opened by the signer',
  completed: 'Signed',
  declined: 'Declined',
  voided: 'Voided',
  FAILED: 'Not sent',
};

/** Statuses after which nothing more happens to an envelope. */
export const FINAL_ENVELOPE_STATUSES: readonly EnvelopeStatus[] = ['completed', 'declined', 'voided', 'FAILED'];

/** A document of a case sent for signature. */
export const EnvelopeDto = z
  .object({
    id: z.string(),
    caseId: z.string(),
    document: z.enum(['CONSENT_FORM']),
    status: EnvelopeStatus,
    signerName: z.string(),
    signerEmail: z.string(),
    externalId: z.string().nullable(),
    sentTime: z.string().nullable(),
    completedTime: z.string().nullable(),
    statusTime: z.string().nullable(),
    /** The signed PDF, once stored among the case's attachments. */
    attachmentId: z.string().nullable(),
    lastError: z.string().nullable(),
    creationTime: z.string(),
  })
  .meta({ id: 'EnvelopeDto' });
export type EnvelopeDto = z.infer<typeof EnvelopeDto>;

export const EnvelopeListDto = z.object({ items: z.array(EnvelopeDto) });
export type EnvelopeListDto = z.infer<typeof EnvelopeListDto>;

/** DocuSign Connect's JSON message (SIM, restv2.1): the event and the envelope it concerns. */
export const DocuSignConnectBody = z.looseObject({
  event: z.string().max(100),
  data: z.looseObject({
    accountId: z.string().max(100),
    envelopeId: z.string().max(100),
  }),
});

const IdParams = z.object({ id: Uuid });
const features = ['Assessment', 'MassTorts', 'OT', 'COTELE'] as const;
const tags = ['E-signature'];
const BASE = '/api/app/assessments';

/** A case's consent form sent for signature through DocuSign, its status, and DocuSign Connect. */
export const ESignEndpoints = {
  envelopes: endpoint({
    method: 'GET',
    path: `${BASE}/:id/docuSignEnvelopes`,
    params: IdParams,
    response: EnvelopeListDto,
    access: { permission: Permissions.assessments.read, features },
    summary: "The case's documents sent for signature, newest first, with their status",
    tags,
  }),
  generateDocuSignConsentForm: endpoint({
    method: 'POST',
    path: `${BASE}/:id/generateDocuSignConsentForm`,
    params: IdParams,
    response: EnvelopeDto,
    access: { permission: Permissions.assessments.update, features },
    summary: "Makes the case's consent form and sends it to the claimant for signature (in the background)",
    tags,
  }),
  syncConsentFormDocuSignStatus: endpoint({
    method: 'POST',
    path: `${BASE}/:id/syncConsentFormDocuSignStatus`,
    params: IdParams,
    response: EnvelopeListDto,
    access: { permission: Permissions.assessments.update, features },
    summary: "Asks DocuSign for the status of the case's open envelopes; a signed one is stored as an attachment",
    tags,
  }),
  docuSignWebhook: endpoint({
    method: 'POST',
    path: '/api/app/integrations/docusign/webhook',
    body: DocuSignConnectBody,
    access: { anonymous: true },
    summary: 'DocuSign Connect, signed with X-DocuSign-Signature-1 (HMAC-SHA256 of the body with the Connect key)',
    tags,
  }),
};
