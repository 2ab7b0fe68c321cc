import { z } from 'zod';
import { endpoint } from '../endpoints/endpoint';
import { Permissions } from '../permissions';

/** The law-practice software a law firm (a company) connects, two-way, to its cases. */
export const PmsProviders = ['clio', 'leap', 'practice-evolve', 'actionstep', 'smokeball'] as const;
export const PmsProvider = z.enum(PmsProviders);
export type PmsProvider = z.infer<typeof PmsProvider>;

export const PMS_PROVIDER_NAMES: Readonly<Record<PmsProvider, string>> = {
  clio: 'Clio',
  leap: 'LEAP',
  'practice-evolve': 'Practice Evolve',
  actionstep: 'Action Step',
  smokeball: 'Smokeball',
};

/** Where a provider keeps a firm's data: Clio and LEAP run one service per region; the others one. */
export const PMS_REGIONS: Readonly<Record<PmsProvider, readonly string[]>> = {
  clio: ['US', 'EU', 'CA', 'AU'],
  leap: ['US', 'UK', 'CA', 'AU'],
  'practice-evolve': [],
  actionstep: [],
  smokeball: [],
};
export const PmsRegion = z.enum(['US', 'EU', 'CA', 'AU', 'UK']);
export type PmsRegion = z.infer<typeof PmsRegion>;

/** The web screen of each provider (the spec's routes). */
export const PMS_PROVIDER_SCREENS: Readonly<Record<PmsProvider, string>> = {
  clio: '/view/clio-app',
  leap: '/view/leap-app',
  'practice-evolve': '/view/pe-app',
  actionstep: '/view/actionstep-app',
  smokeball: '/view/smokeball-app',
};

/** Clio's custom field sets (and the others' equivalents) are kept this long before asking again. */
export const PMS_CUSTOM_FIELD_SETS_CACHE_SECONDS = 300;

export const PmsConnectionStatus = z.enum(['NOT_CONNECTED', 'PENDING', 'CONNECTED']);

/** A company's practice-software set-up as its screen shows it; never its tokens. */
export const PmsConfigDto = z
  .object({
    companyId: z.string(),
    companyName: z.string(),
    provider: PmsProvider.nullable(),
    region: PmsRegion.nullable(),
    status: PmsConnectionStatus,
    /** The firm's account in the provider (its name), once connected. */
    accountName: z.string().nullable(),
    connectedTime: z.string().nullable(),
    webhooksRegistered: z.boolean(),
    lastError: z.string().nullable(),
    lastErrorTime: z.string().nullable(),
    linkedMatters: z.number().int(),
    concurrencyStamp: z.string().nullable(),
  })
  .meta({ id: 'PmsConfigDto' });
export type PmsConfigDto = z.infer<typeof PmsConfigDto>;

export const PmsConfigListDto = z.object({ items: z.array(PmsConfigDto) });
export type PmsConfigListDto = z.infer<typeof PmsConfigListDto>;

/** Choosing the provider (and its region where it has regions); a change of provider forgets the old tokens. */
export const UpdatePmsConfigInput = z
  .object({
    provider: PmsProvider,
    region: PmsRegion.nullable().optional(),
  })
  .superRefine((v, ctx) => {
    const regions = PMS_REGIONS[v.provider];
    if (regions.length > 0 && (!v.region || !regions.includes(v.region))) {
      ctx.addIssue({
        code: 'custom',
        path: ['region'],
        message: `Choose the ${PMS_PROVIDER_NAMES[v.provider]} region: ${regions.join(', ')}.`,
      });
    }
    if (regions.length === 0 && v.region) {
      ctx.addIssue({ code: 'custom', path: ['region'], message: `${PMS_PROVIDER_NAMES[v.provider]} has no regions.` });
    }
  });
export type UpdatePmsConfigInput = z.input<typeof UpdatePmsConfigInput>;

export const PmsAuthorizeDto = z.object({ authorizeUrl: z.string() });

export const PmsCallbackQuery = z.object({
  code: z.string().max(4000).optional(),
  state: z.string().max(200).optional(),
  error: z.string().max(200).optional(),
});

/** A matter in the firm's practice software. */
export const PmsMatterDto = z
  .object({
    id: z.string(),
    number: z.string().nullable(),
    description: z.string().nullable(),
    status: z.string().nullable(),
    clientName: z.string().nullable(),
    responsibleUserName: z.string().nullable(),
  })
  .meta({ id: 'PmsMatterDto' });
export type PmsMatterDto = z.infer<typeof PmsMatterDto>;

export const PmsMatterListDto = z.object({ items: z.array(PmsMatterDto) });
export type PmsMatterListDto = z.infer<typeof PmsMatterListDto>;

export const PmsMatterSearchQuery = z.object({ filterText: z.string().trim().max(200).optional() });

export const PmsCustomFieldSetsDto = z.object({
  items: z.array(z.object({ id: z.string(), name: z.string(), fields: z.array(z.string()) })),
  /** When the provider was last asked (the list is kept five minutes). */
  fetchedTime: z.string(),
});
export type PmsCustomFieldSetsDto = z.infer<typeof PmsCustomFieldSetsDto>;

export const PmsDocumentKind = z.enum(['REPORT', 'INVOICE']);
export type PmsDocumentKind = z.infer<typeof PmsDocumentKind>;

/** A case linked to a matter: what was synced and pushed, and when. */
export const PmsMatterLinkDto = z
  .object({
    id: z.string(),
    caseId: z.string(),
    caseNo: z.string(),
    companyId: z.string(),
    companyName: z.string(),
    provider: PmsProvider,
    matterId: z.string(),
    matterNumber: z.string().nullable(),
    matterDescription: z.string().nullable(),
    matterStatus: z.string().nullable(),
    clientName: z.string().nullable(),
    responsibleUserName: z.string().nullable(),
    documents: z.array(
      z.object({
        kind: PmsDocumentKind,
        name: z.string(),
        externalId: z.string().nullable(),
        pushedTime: z.string().nullable(),
      }),
    ),
    lastSyncTime: z.string().nullable(),
    lastError: z.string().nullable(),
    concurrencyStamp: z.string(),
  })
  .meta({ id: 'PmsMatterLinkDto' });
export type PmsMatterLinkDto = z.infer<typeof PmsMatterLinkDto>;

export const PmsMatterLinkListDto = z.object({ totalCount: z.number().int(), items: z.array(PmsMatterLinkDto) });
export type PmsMatterLinkListDto = z.infer<typeof PmsMatterLinkListDto>;

export const PmsMatterLinkListQuery = z.object({
  filterText: z.string().trim().max(200).optional(),
  skipCount: z.coerce.number().int().min(0).default(0),
  maxResultCount: z.coerce.number().int().min(1).max(1000).default(20),
});

export const CasePmsLinkDto = z.object({ link: PmsMatterLinkDto.nullable() });
export type CasePmsLinkDto = z.infer<typeof CasePmsLinkDto>;

export const LinkCaseToMatterInput = z.object({ matterId: z.string().trim().min(1).max(100) });

const IdParams = z.object({ id: z.uuid() });
const ProviderParams = z.object({ provider: PmsProvider });
const WebhookParams = z.object({ provider: PmsProvider, connectionId: z.uuid() });
const tags = ['Practice software'];
const P = Permissions.legalPractice;
const features = ['LegalPracticeAPI'] as const;

/** Practice-software connections per company, matters, case links and the providers' webhooks. */
export const PmsEndpoints = {
  configs: endpoint({
    method: 'GET',
    path: '/api/app/companies/pms-configs',
    query: z.object({ provider: PmsProvider.optional() }),
    response: PmsConfigListDto,
    access: { permission: P.read, features },
    summary: "Every law firm's practice-software set-up (optionally of one provider)",
    tags,
  }),
  getConfig: endpoint({
    method: 'GET',
    path: '/api/app/companies/:id/pms-config',
    params: IdParams,
    response: PmsConfigDto,
    access: { permission: P.read, features },
    summary: "A company's practice software: provider, region, connection",
    tags,
  }),
  updateConfig: endpoint({
    method: 'PUT',
    path: '/api/app/companies/:id/pms-config',
    params: IdParams,
    body: UpdatePmsConfigInput,
    response: PmsConfigDto,
    access: { permission: P.update, features },
    summary: "Chooses the company's practice software and region",
    tags,
  }),
  authorize: endpoint({
    method: 'POST',
    path: '/api/app/companies/:id/pms-config-authorize',
    params: IdParams,
    response: PmsAuthorizeDto,
    access: { permission: P.update, features },
    summary: "The provider's authorize URL (OAuth 2 authorization code) the user is sent to",
    tags,
  }),
  disconnect: endpoint({
    method: 'POST',
    path: '/api/app/companies/:id/pms-config-disconnect',
    params: IdParams,
    response: PmsConfigDto,
    access: { permission: P.update, features },
    summary: 'Forgets the tokens; linked matters stay listed',
    tags,
  }),
  registerWebhooks: endpoint({
    method: 'POST',
    path: '/api/app/companies/:id/pms-register-webhooks',
    params: IdParams,
    response: PmsConfigDto,
    access: { permission: P.update, features },
    summary: "Registers Casebook's webhook for matter changes with the provider",
    tags,
  }),
  matters: endpoint({
    method: 'GET',
    path: '/api/app/companies/:id/pms-matters',
    params: IdParams,
    query: PmsMatterSearchQuery,
    response: PmsMatterListDto,
    access: { permission: P.read, features },
    summary: "Finds matters in the company's practice software",
    tags,
  }),
  customFieldSets: endpoint({
    method: 'GET',
    path: '/api/app/companies/:id/pms-custom-field-sets',
    params: IdParams,
    response: PmsCustomFieldSetsDto,
    access: { permission: P.read, features },
    summary: "The provider's custom field sets (kept five minutes)",
    tags,
  }),
  callback: endpoint({
    method: 'GET',
    path: '/api/app/pms/:provider/callback',
    params: ProviderParams,
    query: PmsCallbackQuery,
    access: { anonymous: true },
    summary: "The provider's redirect: exchanges the code for tokens and returns to the provider's screen",
    tags,
  }),
  webhook: endpoint({
    method: 'POST',
    path: '/api/app/pms/:provider/webhook/:connectionId',
    params: WebhookParams,
    body: z.looseObject({}),
    access: { anonymous: true },
    summary: "The provider's webhook (signed with the secret agreed at registration): a matter changed",
    tags,
  }),
  links: endpoint({
    method: 'GET',
    path: '/api/app/pms-matters',
    query: PmsMatterLinkListQuery,
    response: PmsMatterLinkListDto,
    access: { permission: Permissions.pmsMatters.read, features: ['LegalPracticeAPI', 'CompanyPMSConfig'] },
    summary: 'Cases linked to matters, with their last sync (a case manager: the cases they see)',
    tags,
  }),
  caseLink: endpoint({
    method: 'GET',
    path: '/api/app/cases/:id/pms-link',
    params: IdParams,
    response: CasePmsLinkDto,
    access: { permission: P.read, features },
    summary: "The case's matter, if linked",
    tags,
  }),
  linkCase: endpoint({
    method: 'PUT',
    path: '/api/app/cases/:id/pms-link',
    params: IdParams,
    body: LinkCaseToMatterInput,
    response: PmsMatterLinkDto,
    access: { permission: P.update, features },
    summary: "Links the case to a matter of its law firm's practice software, syncs it and queues its documents",
    tags,
  }),
  syncCase: endpoint({
    method: 'POST',
    path: '/api/app/cases/:id/pms-sync',
    params: IdParams,
    response: PmsMatterLinkDto,
    access: { permission: P.update, features },
    summary: "Syncs the matter's client, responsible user and status, and pushes documents not yet there",
    tags,
  }),
};
