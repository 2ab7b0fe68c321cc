import { z } from 'zod';
import { endpoint } from '../endpoints/endpoint';
import { Uuid } from '../ids';
import { pagedResult, PagedListInput } from '../paging';
import { Permissions } from '../permissions';

/** Where an appointment request came from: an .eml file uploaded by staff, or the tenant's mailbox. */
export const EmlSources = ['UPLOAD', 'MAILBOX'] as const;
export type EmlSource = (typeof EmlSources)[number];

/** A proposed case waits for staff; accepted, it became a case; rejected, nothing was made. */
export const EmlProposalStatuses = ['PENDING', 'ACCEPTED', 'REJECTED'] as const;
export const EmlProposalStatus = z.enum(EmlProposalStatuses);
export type EmlProposalStatus = z.infer<typeof EmlProposalStatus>;

export const EML_PROPOSAL_STATUS_LABELS: Readonly<Record<EmlProposalStatus, string>> = {
  PENDING: 'Waiting',
  ACCEPTED: 'Accepted',
  REJECTED: 'Rejected',
};

/** The largest .eml file taken (bytes); a larger request is refused, not cut. */
export const EML_MAX_BYTES = 5 * 1024 * 1024;

/** A request e-mail read into the fields of a case (decision 0078 says which lines are read). */
export const EmlProposalDto = z
  .object({
    id: z.string(),
    status: EmlProposalStatus,
    source: z.enum(EmlSources),
    subject: z.string().nullable(),
    fromEmail: z.string().nullable(),
    fromName: z.string().nullable(),
    receivedTime: z.string().nullable(),
    claimantFirstName: z.string().nullable(),
    claimantLastName: z.string().nullable(),
    claimantDateOfBirth: z.string().nullable(),
    companyName: z.string().nullable(),
    caseManagerEmail: z.string().nullable(),
    appointmentDate: z.string().nullable(),
    appointmentTime: z.string().nullable(),
    notes: z.string().nullable(),
    /** The tenant's records the request names, when found: suggested on acceptance. */
    matchedCompanyId: z.string().nullable(),
    matchedCaseManagerId: z.string().nullable(),
    matchedClientId: z.string().nullable(),
    /** What could not be read from the e-mail, in words. */
    problems: z.array(z.string()),
    caseId: z.string().nullable(),
    caseNo: z.string().nullable(),
    decidedTime: z.string().nullable(),
    creationTime: z.string(),
    concurrencyStamp: z.string(),
  })
  .meta({ id: 'EmlProposalDto' });
export type EmlProposalDto = z.infer<typeof EmlProposalDto>;

export const EmlProposalListInput = PagedListInput.extend({
  status: EmlProposalStatus.optional(),
});

/** An .eml file, its bytes in base64. */
export const EmlUploadInput = z.object({
  fileName: z
    .string()
    .trim()
    .min(1, 'fileName is required')
    .max(255, 'fileName must be at most 255 characters')
    .regex(/\.eml$/i, 'Only .eml file accepted'),
  content: z
    .string()
    .min(1, 'content is required')
    .max(Math.ceil(EML_MAX_BYTES / 3) * 4, 'content must be at most 5 MB')
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'content must be base64'),
});
export type EmlUploadInput = z.input<typeof EmlUploadInput>;

/** Accepting: the records the case is made with; each defaults to the one matched from the e-mail. */
export const EmlAcceptInput = z.object({
  concurrencyStamp: z.string().min(1, 'concurrencyStamp is required'),
  caseManagerId: Uuid.nullable().default(null),
  /** An existing claimant; none: the claimant named in the e-mail is added. */
  clientId: Uuid.nullable().default(null),
});
export type EmlAcceptInput = z.input<typeof EmlAcceptInput>;

export const EmlRejectInput = z.object({
  concurrencyStamp: z.string().min(1, 'concurrencyStamp is required'),
});

/** The tenant's mailbox the requests arrive in (IMAP); the password is kept sealed and never shown. */
export const EmlMailboxDto = z
  .object({
    configured: z.boolean(),
    host: z.string().nullable(),
    port: z.number().int().nullable(),
    secure: z.boolean(),
    username: z.string().nullable(),
    folder: z.string(),
    lastSyncTime: z.string().nullable(),
    lastError: z.string().nullable(),
  })
  .meta({ id: 'EmlMailboxDto' });
export type EmlMailboxDto = z.infer<typeof EmlMailboxDto>;

export const EmlMailboxInput = z.object({
  host: z
    .string()
    .trim()
    .min(1, 'host is required')
    .max(255, 'host must be at most 255 characters')
    .regex(/^[A-Za-z0-9.-]+$/, 'host must be a host name or address'),
  port: z.coerce
    .number({ error: 'port must be a number' })
    .int('port must be a whole number')
    .min(1, 'port must be 1 to 65535')
    .max(65535, 'port must be 1 to 65535'),
  secure: z.boolean().default(true),
  username: z.string().trim().min(1, 'username is required').max(255, 'username must be at most 255 characters'),
  /** Left out: the kept password stays. */
  password: z.string().min(1, 'password is required').max(1000, 'password is too long').optional(),
  folder: z.string().trim().min(1, 'folder is required').max(255, 'folder is too long').default('INBOX'),
});
export type EmlMailboxInput = z.input<typeof EmlMailboxInput>;

export const EmlSyncResultDto = z
  .object({ fetched: z.number().int(), proposed: z.number().int(), mailbox: EmlMailboxDto })
  .meta({ id: 'EmlSyncResultDto' });
export type EmlSyncResultDto = z.infer<typeof EmlSyncResultDto>;

const P = Permissions.emlAppointments;
const features = ['EMLIntegration'] as const;
const tags = ['Synced appointments'];
const BASE = '/api/app/eml';
const IdParams = z.object({ id: Uuid });

/** app/eml: appointment requests from e-mail files and the tenant's mailbox, proposed as cases. */
export const EmlEndpoints = {
  list: endpoint({
    method: 'GET',
    path: BASE,
    query: EmlProposalListInput,
    response: pagedResult(EmlProposalDto),
    access: { permission: P.read, features },
    summary: 'Appointment requests read from e-mail, newest first, by status',
    tags,
  }),
  get: endpoint({
    method: 'GET',
    path: `${BASE}/:id`,
    params: IdParams,
    response: EmlProposalDto,
    access: { permission: P.read, features },
    summary: 'One appointment request read from e-mail',
    tags,
  }),
  upload: endpoint({
    method: 'POST',
    path: `${BASE}/upload`,
    body: EmlUploadInput,
    response: EmlProposalDto,
    access: { permission: P.update, features },
    summary: 'Reads an uploaded .eml file into a proposed case (the same message twice gives one proposal)',
    tags,
  }),
  accept: endpoint({
    method: 'POST',
    path: `${BASE}/:id/accept`,
    params: IdParams,
    body: EmlAcceptInput,
    response: EmlProposalDto,
    access: { permission: P.update, features },
    summary: 'Makes the case the request asks for: its claimant, company (the case manager’s) and date',
    tags,
  }),
  reject: endpoint({
    method: 'POST',
    path: `${BASE}/:id/reject`,
    params: IdParams,
    body: EmlRejectInput,
    response: EmlProposalDto,
    access: { permission: P.update, features },
    summary: 'Declines the request; no case is made',
    tags,
  }),
  mailbox: endpoint({
    method: 'GET',
    path: `${BASE}/mailbox`,
    response: EmlMailboxDto,
    access: { permission: P.read, features },
    summary: "The tenant's request mailbox (IMAP), without its password",
    tags,
  }),
  saveMailbox: endpoint({
    method: 'PUT',
    path: `${BASE}/mailbox`,
    body: EmlMailboxInput,
    response: EmlMailboxDto,
    access: { permission: P.connect, features },
    summary: "Keeps the tenant's request mailbox (the password sealed) after signing in to it",
    tags,
  }),
  sync: endpoint({
    method: 'POST',
    path: `${BASE}/mailbox/sync`,
    response: EmlSyncResultDto,
    access: { permission: P.update, features },
    summary: 'Reads the mailbox now: new messages become proposed cases and are marked read',
    tags,
  }),
};
