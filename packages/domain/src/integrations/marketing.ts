import { z } from 'zod';
import { endpoint } from '../endpoints/endpoint';
import { PagedListInput, pagedResult, QueryBoolean } from '../paging';
import { Permissions } from '../permissions';

/** A campaign's stage, 0 to 4 (spec §9); what each means is decision 0071. */
export const MarketingStages = [0, 1, 2, 3, 4] as const;
export type MarketingStage = (typeof MarketingStages)[number];
export const MARKETING_STAGE_NAMES: Readonly<Record<MarketingStage, string>> = {
  0: 'Draft',
  1: 'Ready',
  2: 'Sending',
  3: 'Sent',
  4: 'Failed',
};
const Stage = z.union(MarketingStages.map((s) => z.literal(s)) as [z.ZodLiteral<0>, ...z.ZodLiteral<MarketingStage>[]]);

/** Who a campaign goes to: companies and case managers of the tenant (their e-mail addresses). */
export const MarketingRecipientKinds = ['company', 'caseManager'] as const;
export const MarketingRecipientKind = z.enum(MarketingRecipientKinds);
export type MarketingRecipientKind = z.infer<typeof MarketingRecipientKind>;

/** The largest campaign, in recipients. */
export const MARKETING_MAX_RECIPIENTS = 20_000;

const ids = (field: string) =>
  z
    .array(z.uuid({ error: `${field} must hold record ids` }))
    .max(MARKETING_MAX_RECIPIENTS, `${field} must have at most ${MARKETING_MAX_RECIPIENTS} ids`)
    .default([]);

export const MarketingCampaignInput = z.object({
  name: z.string().trim().min(1, 'name is required').max(200, 'name must be at most 200 characters'),
  subject: z.string().trim().min(1, 'subject is required').max(200, 'subject must be at most 200 characters'),
  htmlContent: z
    .string()
    .trim()
    .min(1, 'htmlContent is required')
    .max(200_000, 'htmlContent must be at most 200000 characters'),
  /** The provider's verified sender the campaign is sent from. */
  senderId: z.coerce.number({ error: 'senderId must be a sender' }).int().positive().nullable().default(null),
  /** The provider's unsubscribe group the campaign's unsubscribe link joins. */
  unsubscribeGroupId: z.coerce
    .number({ error: 'unsubscribeGroupId must be a group' })
    .int()
    .positive()
    .nullable()
    .default(null),
  companyIds: ids('companyIds'),
  caseManagerIds: ids('caseManagerIds'),
});
export type MarketingCampaignInput = z.input<typeof MarketingCampaignInput>;

export const MarketingCampaignUpdateInput = MarketingCampaignInput.extend({
  concurrencyStamp: z.string().min(1, 'concurrencyStamp is required'),
});

/** A single send's statistics as the provider counts them. */
export const SingleSendStatisticDto = z
  .object({
    requests: z.number().int(),
    delivered: z.number().int(),
    opens: z.number().int(),
    uniqueOpens: z.number().int(),
    clicks: z.number().int(),
    uniqueClicks: z.number().int(),
    unsubscribes: z.number().int(),
    bounces: z.number().int(),
    spamReports: z.number().int(),
  })
  .meta({ id: 'SingleSendStatisticDto' });
export type SingleSendStatisticDto = z.infer<typeof SingleSendStatisticDto>;

export const MarketingCampaignListItemDto = z
  .object({
    id: z.uuid(),
    name: z.string(),
    subject: z.string(),
    stage: Stage,
    stageName: z.string(),
    recipientCount: z.number().int(),
    sentCount: z.number().int(),
    sentTime: z.string().nullable(),
    creationTime: z.string(),
  })
  .meta({ id: 'MarketingCampaignListItemDto' });
export type MarketingCampaignListItemDto = z.infer<typeof MarketingCampaignListItemDto>;

export const MarketingCampaignDto = MarketingCampaignListItemDto.extend({
  htmlContent: z.string(),
  senderId: z.number().int().nullable(),
  unsubscribeGroupId: z.number().int().nullable(),
  companyIds: z.array(z.uuid()),
  caseManagerIds: z.array(z.uuid()),
  /** Recipients left out: unsubscribed in our list or suppressed by the provider. */
  unsubscribedCount: z.number().int(),
  singleSendId: z.string().nullable(),
  statistics: SingleSendStatisticDto.nullable(),
  statisticsSyncTime: z.string().nullable(),
  lastError: z.string().nullable(),
  concurrencyStamp: z.string(),
}).meta({ id: 'MarketingCampaignDto' });
export type MarketingCampaignDto = z.infer<typeof MarketingCampaignDto>;

export const MarketingCampaignListInput = PagedListInput.extend({
  stage: z.coerce
    .number({ error: 'stage must be 0 to 4' })
    .int('stage must be 0 to 4')
    .min(0, 'stage must be 0 to 4')
    .max(4, 'stage must be 0 to 4')
    .optional(),
});

export const MarketingCampaignExportInput = z.object({
  filterText: z.string().max(200, 'filterText must be at most 200 characters').optional(),
  stage: MarketingCampaignListInput.shape.stage,
});

/** A company or case manager with an e-mail address, as the recipients picker offers it. */
export const MarketingCandidateDto = z
  .object({
    kind: MarketingRecipientKind,
    id: z.uuid(),
    name: z.string(),
    email: z.string(),
    companyName: z.string().nullable(),
  })
  .meta({ id: 'MarketingCandidateDto' });
export type MarketingCandidateDto = z.infer<typeof MarketingCandidateDto>;

export const MarketingCandidatesInput = PagedListInput.extend({ kind: MarketingRecipientKind });

/** One recipient's e-mail in a campaign: sent, or left out and why. */
export const MarketingEmailStatuses = ['PENDING', 'SENT', 'UNSUBSCRIBED', 'SUPPRESSED', 'PREVIEW'] as const;
export const MarketingEmailHistoryDto = z
  .object({
    email: z.string(),
    name: z.string(),
    kind: MarketingRecipientKind.nullable(),
    status: z.enum(MarketingEmailStatuses),
    time: z.string().nullable(),
  })
  .meta({ id: 'MarketingEmailHistoryDto' });
export type MarketingEmailHistoryDto = z.infer<typeof MarketingEmailHistoryDto>;

export const MarketingSenderDto = z
  .object({
    id: z.number().int(),
    nickname: z.string(),
    fromEmail: z.string(),
    fromName: z.string(),
    verified: z.boolean(),
  })
  .meta({ id: 'MarketingSenderDto' });
export type MarketingSenderDto = z.infer<typeof MarketingSenderDto>;

export const UnsubscribeGroupDto = z
  .object({ id: z.number().int(), name: z.string(), description: z.string(), isDefault: z.boolean() })
  .meta({ id: 'UnsubscribeGroupDto' });
export type UnsubscribeGroupDto = z.infer<typeof UnsubscribeGroupDto>;

export const UnsubscribedEmailDto = z
  .object({ email: z.string(), source: z.enum(['provider', 'casebook']) })
  .meta({ id: 'UnsubscribedEmailDto' });

export const UnsubscribeInput = z.object({
  email: z.email({ error: 'email must be an e-mail address' }).max(320, 'email must be at most 320 characters'),
});

export const SendEmailQuery = z.object({ isPreview: QueryBoolean.optional() });
export const SendEmailResultDto = z.object({ isPreview: z.boolean(), message: z.string() });

/** The tenant's connection to the e-mail delivery provider: its API key, kept sealed. */
export const MarketingConnectionDto = z
  .object({
    provider: z.string(),
    available: z.boolean(),
    connected: z.boolean(),
    connectedTime: z.string().nullable(),
    lastError: z.string().nullable(),
    lastErrorTime: z.string().nullable(),
  })
  .meta({ id: 'MarketingConnectionDto' });
export type MarketingConnectionDto = z.infer<typeof MarketingConnectionDto>;
export const MarketingConnectionInput = z.object({
  apiKey: z.string().trim().min(1, 'apiKey is required').max(400, 'apiKey must be at most 400 characters'),
});

const IdParams = z.object({ id: z.uuid({ error: 'id must be a record id' }) });
const BASE = '/api/app/marketing-campaigns';
const P = Permissions.marketingCampaigns;
const features = ['MarketingCampaign'] as const;
const tags = ['Marketing'];

/** Marketing campaigns (spec §7 "Marketing"), sent through the e-mail delivery provider (decision 0071). */
export const MarketingEndpoints = {
  list: endpoint({
    method: 'GET',
    path: BASE,
    query: MarketingCampaignListInput,
    response: pagedResult(MarketingCampaignListItemDto),
    access: { permission: P.read, features },
    summary: 'Campaigns, newest first; filter by stage and search text',
    tags,
  }),
  export: endpoint({
    method: 'POST',
    path: `${BASE}/export`,
    body: MarketingCampaignExportInput,
    access: { permission: P.read, features },
    summary: 'The campaigns as a spreadsheet (500 rows a file)',
    tags,
  }),
  candidates: endpoint({
    method: 'GET',
    path: `${BASE}/recipient-candidates`,
    query: MarketingCandidatesInput,
    response: pagedResult(MarketingCandidateDto),
    access: { permission: P.read, features },
    summary: 'Companies or case managers of the tenant that have an e-mail address',
    tags,
  }),
  connection: endpoint({
    method: 'GET',
    path: `${BASE}/connection`,
    response: MarketingConnectionDto,
    access: { permission: P.read, features },
    summary: "The e-mail delivery provider's connection: set or not, the last error",
    tags,
  }),
  connect: endpoint({
    method: 'PUT',
    path: `${BASE}/connection`,
    body: MarketingConnectionInput,
    response: MarketingConnectionDto,
    access: { permission: P.connect, features },
    summary: "Keeps the tenant's provider API key (sealed) after checking it with the provider",
    tags,
  }),
  senders: endpoint({
    method: 'GET',
    path: `${BASE}/senders`,
    response: z.object({ items: z.array(MarketingSenderDto) }),
    access: { permission: P.read, features },
    summary: "The provider's verified senders",
    tags,
  }),
  unsubscribeGroups: endpoint({
    method: 'GET',
    path: `${BASE}/GetUnsubscribeGroups`,
    response: z.object({ items: z.array(UnsubscribeGroupDto) }),
    access: { permission: P.read, features },
    summary: "The provider's unsubscribe groups",
    tags,
  }),
  unsubscribedEmails: endpoint({
    method: 'GET',
    path: `${BASE}/GetUnsubscribedEmails`,
    query: z.object({ groupId: z.coerce.number({ error: 'groupId must be a group' }).int().positive().optional() }),
    response: z.object({ items: z.array(UnsubscribedEmailDto) }),
    access: { permission: P.read, features },
    summary: "Unsubscribed addresses: the group's suppressions (or the provider's global unsubscribes) and ours",
    tags,
  }),
  unsubscribe: endpoint({
    method: 'POST',
    path: `${BASE}/unsubscribes`,
    body: UnsubscribeInput,
    response: z.object({ items: z.array(UnsubscribedEmailDto) }),
    access: { permission: P.update, features },
    summary: 'Adds an address to our own unsubscribed list: no campaign is sent to it again',
    tags,
  }),
  get: endpoint({
    method: 'GET',
    path: `${BASE}/:id`,
    params: IdParams,
    response: MarketingCampaignDto,
    access: { permission: P.read, features },
    tags,
  }),
  create: endpoint({
    method: 'POST',
    path: BASE,
    body: MarketingCampaignInput,
    response: MarketingCampaignDto,
    access: { permission: P.create, features },
    tags,
  }),
  update: endpoint({
    method: 'PUT',
    path: `${BASE}/:id`,
    params: IdParams,
    body: MarketingCampaignUpdateInput,
    response: MarketingCampaignDto,
    access: { permission: P.update, features },
    summary: 'Changes a campaign not yet sent',
    tags,
  }),
  delete: endpoint({
    method: 'DELETE',
    path: `${BASE}/:id`,
    params: IdParams,
    status: 204,
    access: { permission: P.delete, features },
    summary: 'Deletes a campaign not yet sent',
    tags,
  }),
  duplicate: endpoint({
    method: 'POST',
    path: `${BASE}/:id/duplicate`,
    params: IdParams,
    response: MarketingCampaignDto,
    access: { permission: P.create, features },
    summary: 'A new draft with the same content and recipients',
    tags,
  }),
  sendEmail: endpoint({
    method: 'GET',
    path: `${BASE}/:id/SendEmail`,
    params: IdParams,
    query: SendEmailQuery,
    response: SendEmailResultDto,
    access: { permission: P.send, features },
    summary: 'isPreview: the campaign sent to its sender only; otherwise queued to go to its recipients once',
    tags,
  }),
  emailHistories: endpoint({
    method: 'GET',
    path: `${BASE}/:id/GetEmailHistories`,
    params: IdParams,
    query: PagedListInput,
    response: pagedResult(MarketingEmailHistoryDto),
    access: { permission: P.read, features },
    summary: "Each recipient's e-mail: sent, or left out as unsubscribed or suppressed",
    tags,
  }),
  singleSendStatistic: endpoint({
    method: 'GET',
    path: `${BASE}/:id/singleSendStatistic`,
    params: IdParams,
    response: z.object({ statistics: SingleSendStatisticDto.nullable(), syncTime: z.string().nullable() }),
    access: { permission: P.read, features },
    summary: 'The statistics last synced from the provider',
    tags,
  }),
  syncStatistics: endpoint({
    method: 'POST',
    path: `${BASE}/:id/sync-statistics`,
    params: IdParams,
    response: MarketingCampaignDto,
    access: { permission: P.send, features },
    summary: "Pulls the single send's statistics and the provider's unsubscribes back",
    tags,
  }),
};
