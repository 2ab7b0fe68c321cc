import { registerReportRoutes } from './modules/reports/reports.routes';
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import middie from '@fastify/middie';
import rateLimit from '@fastify/rate-limit';
import {
  createJsonSchemaTransform,
  createJsonSchemaTransformObject,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { apiSchemas, endpointCatalogue, uuidv7, VIDEO_MEETING_LIMIT_MINUTES } from '@casebook/domain';
import type { Config } from './config';
import type { Database } from './platform/db/database';
import { createGuard, type RouteAccess } from './platform/access/context';
import { TenantDirectory } from './platform/access/tenant-directory';
import { unregisteredRecordKinds } from './platform/access/records';
import { loadSigningKey } from './platform/auth/signing-keys';
import { createTokenService, type TokenService } from './platform/auth/tokens';
import { createErrorHandler, notFoundEnvelope } from './platform/http/errors';
import { loggerOptions } from './platform/http/logging';
import { pinToPublicUrl } from './platform/http/public-origin';
import { registerCompression, registerWebApp } from './platform/http/delivery';
import { registerSecurityHeaders } from './platform/http/security-headers';
import { rejectInvalidText } from './platform/http/text-input';
import { EndpointTable } from './platform/http/endpoints';
import {
  dropUnusedSchemas,
  nameSharedSchemas,
  shareErrorResponses,
  shareParameters,
} from './platform/http/openapi-components';
import { registerResource } from './platform/resources/resource.routes';
import type { ResourceDefinition } from './platform/resources/resource';
import { registerEntityChangeRoutes } from './modules/audit/entity-changes.routes';
import { citiesResource, countriesResource } from './modules/geography/geography.resources';
import { registerHealthRoutes, type DemoDataState } from './modules/health/health.routes';
import { recordSystemError, registerSystemErrorRoutes } from './modules/system/system-errors';
import { registerSubscriptionRoutes } from './modules/subscription/subscription.routes';
import { registerStatisticRoutes } from './modules/statistics/statistics.routes';
import { registerMigrationRoutes } from './modules/system/migration.routes';
import { registerSystemUpdateRoutes } from './modules/system/system-updates';
import { registerTenancyRoutes } from './modules/tenancy/tenancy.routes';
import { registerIdentityRoutes } from './modules/identity/identity.routes';
import { revokeAllForAccount } from './modules/identity/oidc/adapter';
import { createOidcProvider, LOGOUT_SCRIPT, LOGOUT_SCRIPT_PATH } from './modules/identity/oidc/provider';
import { PermissionDirectory } from './modules/identity/permission-directory';
import { UserDirectory, type UserDirectoryOptions } from './modules/identity/user-directory';
import { usersResource } from './modules/identity/users.resource';
import { userGroupsResource } from './modules/identity/user-groups.resource';
import { staffsResource } from './modules/identity/staffs.resource';
import { defaultPicsResource } from './modules/cases/default-pics.resource';
import { UsersService } from './modules/identity/users.service';
import { createMailer, type Mailer } from './platform/mail/mailer';
import { Jobs } from './platform/jobs/jobs';
import { defineAppointmentReminderJobs } from './modules/correspondence/appointment-reminders';
import { defineMailJobs, MailRelay } from './modules/correspondence/outbox';
import { defineOverdueReminderJobs } from './modules/invoices/overdue-reminders';
import { defineActionItemOverdueJobs } from './modules/cases/action-items-overdue';
import { registerCorrespondenceRoutes } from './modules/correspondence/correspondence.routes';
import { registerRelationshipActivityRoutes } from './modules/marketing/relationship-activities.routes';
import { registerNotificationRoutes } from './modules/notifications/notifications.routes';
import { registerSearchRoutes } from './modules/search/search.routes';
import type { NotificationsService } from './modules/notifications/notifications.service';
import { registerBackgroundJobRoutes } from './platform/jobs/background-jobs.routes';
import { registerHealthStatusRoutes } from './modules/health/health-status.routes';
import { createRealtimeHub } from './platform/realtime/hub';
import { notifyJobGaveUp } from './modules/notifications/notify';
import { peopleResources } from './modules/people/people.resources';
import { registerPeopleRoutes } from './modules/people/people.routes';
import { referenceResources } from './modules/reference/reference.resources';
import { registerFilesRoutes } from './modules/files/files.routes';
import { FilesService } from './modules/files/files.service';
import { AttachmentsService } from './modules/files/attachments.service';
import { DocumentProcessor } from './modules/files/document-processor';
import { defineTextJobs, TextRelay } from './modules/files/text-jobs';
import { registerAttachmentRoutes } from './modules/files/attachments.routes';
import { createLocalFileStore, createS3FileStore, type FileStore } from './platform/files/file-store';
import { registerReferenceRoutes } from './modules/reference/reference.routes';
import { registerSchedulingRoutes } from './modules/scheduling/scheduling.routes';
import { registerCaseRoutes } from './modules/cases/cases.routes';
import { registerBookingAssistantRoutes } from './modules/assistant/booking-assistant.routes';
import { openAiLanguageModel, type LanguageModelSettings } from './modules/assistant/language-model';
import { registerIndependenceRoutes } from './modules/cases/independence';
import { registerInvoiceRoutes, registerInvoiceSchemeRoutes } from './modules/invoices/invoices.routes';
import { InvoiceSchemesService } from './modules/invoices/invoice-schemes.service';
import './modules/invoices/invoices.access';
import { registerFundingRoutes } from './modules/funding/funding.routes';
import { registerSupplementaryRoutes } from './modules/supplementary/supplementary.routes';
import { registerMvaRoutes } from './modules/mva/mva.routes';
import { registerOtRoutes } from './modules/ot/ot.routes';
import { registerNdisRoutes } from './modules/ndis/ndis.routes';
import { registerMedicalRecordRoutes } from './modules/medical-records/medical-records.routes';
import { registerTpdRoutes } from './modules/tpd/tpd.routes';
import { registerMedNegRoutes } from './modules/medneg/medneg.routes';
import { readCaseAppointment } from './modules/cases/case-booking';
import type { IntegrationsConfig } from './modules/integrations/config';
import { AccountingService } from './modules/integrations/accounting.service';
import { registerAccountingRoutes } from './modules/integrations/accounting.routes';
import { MarketingService } from './modules/marketing/marketing.service';
import { registerMarketingRoutes } from './modules/marketing/marketing.routes';
import { TypingService } from './modules/typing/typing.service';
import { registerTypingRoutes } from './modules/typing/typing.routes';
import { TimeTrackingService } from './modules/time-tracking/time-tracking.service';
import { registerTimeTrackingRoutes } from './modules/time-tracking/time-tracking.routes';
import { ReportQaService } from './modules/report-qa/report-qa.service';
import { registerReportQaRoutes } from './modules/report-qa/report-qa.routes';
import { LmqService } from './modules/lmq/lmq.service';
import { registerLmqRoutes } from './modules/lmq/lmq.routes';
import { InquiriesService } from './modules/inquiries/inquiries.service';
import { registerInquiryRoutes } from './modules/inquiries/inquiries.routes';
import { ESignService } from './modules/integrations/esign.service';
import { registerESignRoutes } from './modules/integrations/esign.routes';
import { PmsService } from './modules/integrations/pms.service';
import { registerPmsRoutes } from './modules/integrations/pms.routes';
import { VideoService } from './modules/video/video.service';
import { registerVideoRoutes } from './modules/video/video.routes';
import { attachVideoSignalling } from './modules/video/video.signalling';
import { EmlService } from './modules/integrations/eml.service';
import { registerEmlRoutes } from './modules/integrations/eml.routes';
import { TelephonyService } from './modules/integrations/telephony.service';
import { registerTelephonyRoutes } from './modules/integrations/telephony.routes';
import { SmsService } from './modules/integrations/sms.service';
import { registerSmsRoutes } from './modules/integrations/sms.routes';
import { UhgService } from './modules/integrations/uhg.service';
import { registerUhgRoutes } from './modules/integrations/uhg.routes';

/** Every declared master-data resource. */
export const resources: readonly ResourceDefinition[] = [
  countriesResource,
  citiesResource,
  usersResource,
  userGroupsResource,
  staffsResource,
  ...peopleResources,
  ...referenceResources,
  defaultPicsResource,
];

export type AppDeps = {
  config: Pick<Config, 'publicUrl' | 'bodyLimitBytes' | 'webDist' | 'logLevel'> &
    Partial<
      Pick<
        Config,
        'smtpUrl' | 'dataDir' | 'mailFrom' | 's3' | 'trustProxy' | 'signInLimitPerMinute' | 'namedTenants' | 'video'
      >
    >;
  database: Database;
  /** Where file bytes go; by default S3 when configured, else DATA_DIR/files. */
  fileStore?: FileStore;
  logger?: FastifyServerOptions['logger'];
  mailer?: Mailer;
  /** Runs background job workers and the mail relay in this process (the server does; most tests don't). */
  jobs?: JobsConfig;
  /** How long users' standing and security stamps are cached here, and the cache's clock. */
  standing?: UserDirectoryOptions;
  /** Accounting providers (Xero, QuickBooks) and the key their tokens are sealed with; absent: none offered. */
  integrations?: IntegrationsConfig;
  /** An OpenAI-compatible provider for the assistant's wording and transcription; absent: none is called. */
  languageModel?: LanguageModelSettings;
  /** Where the demo's work in progress stands, seeded by main.ts after the server answers; /api/health tells. */
  demoData?: () => DemoDataState;
  /**
   * What GET /api/docs answers: the routes as registered, described when asked (the default: the tests and
   * `npm run openapi`), or the committed apps/server/openapi.json, which `npm run check` proves equal to
   * them (`npm start`).
   */
  apiDescription?: 'live' | 'committed';
};

/** apps/server/openapi.json as committed; undefined where it is not (a build without the sources). */
async function readCommittedApiDescription(): Promise<string | undefined> {
  try {
    return await fs.promises.readFile(new URL('../openapi.json', import.meta.url), 'utf8');
  } catch {
    return undefined;
  }
}

export type JobsConfig = {
  run: boolean;
  /**
   * The workers, relays and the document worker start when the caller calls `startBackground()` (main.ts,
   * once the server listens: none of it is needed to answer the first request) instead of when the app
   * is ready.
   */
  startLater?: boolean;
  pollingIntervalSeconds?: number;
  superviseIntervalSeconds?: number;
  relayIntervalMs?: number;
  /** First retry delay of a failed e-mail (seconds; doubled on each retry). */
  mailRetryDelaySeconds?: number;
  /** Retries of a failed e-mail before it is given up (5 unless set). */
  mailRetryLimit?: number;
};

/** A registered route and the access rule it declared. */
export type RouteInfo = { method: string; url: string; access: RouteAccess | undefined };

export type App = {
  app: FastifyInstance;
  tokens: TokenService;
  tenants: TenantDirectory;
  users: UserDirectory;
  permissions: PermissionDirectory;
  files: FilesService;
  attachments: AttachmentsService;
  documents: DocumentProcessor;
  routes: RouteInfo[];
  jobs: Jobs;
  mailRelay: MailRelay;
  notifications: NotificationsService;
  accounting: AccountingService;
  marketing: MarketingService;
  esign: ESignService;
  pms: PmsService;
  video: VideoService;
  eml: EmlService;
  /** Starts the background work (jobs.run with jobs.startLater); once, and nothing when jobs.run is off. */
  startBackground: () => Promise<void>;
};

/** Builds the Fastify instance with every route; main.ts and the tests both call it. */
export async function buildApp({
  config,
  database,
  logger,
  mailer: givenMailer,
  jobs: jobsConfig,
  fileStore,
  standing,
  integrations,
  demoData,
  languageModel,
  apiDescription = 'live',
}: AppDeps): Promise<App> {
  // Every record kind has its access rule before a request is served: none is open by omission.
  const unruled = unregisteredRecordKinds();
  if (unruled.length > 0) throw new Error(`Record kinds without an access rule: ${unruled.join(', ')}`);
  const app = Fastify({
    logger: logger ?? loggerOptions(config.logLevel),
    // X-Forwarded-* count only from these addresses (the client's address behind a known proxy).
    trustProxy: config.trustProxy?.length ? config.trustProxy : false,
    bodyLimit: config.bodyLimitBytes,
    genReqId: () => uuidv7(),
    // A GET route is not also a HEAD route unless it asks (the health check and the web app's files do):
    // the API's clients never send HEAD, and a second route for each of the many GETs costs start-up time.
    exposeHeadRoutes: false,
    ajv: undefined,
    // Requests are validated by their zod schemas, and handlers return DTOs built from typed mappings,
    // serialised directly. Given here rather than set after, so Fastify does not load its default
    // compilers (Ajv and fast-json-stringify, about a tenth of a start's module loading) for nothing.
    schemaController: {
      compilersFactory: {
        // Fastify's types describe Ajv's factories; these answer a route schema as the setters would.
        buildValidator: (() => validatorCompiler) as never,
        buildSerializer: (() => () => (data: unknown) => JSON.stringify(data)) as never,
      },
    },
  });
  // The API speaks JSON only; any other body type is a 415.
  app.removeContentTypeParser(['text/plain']);
  app.setErrorHandler(createErrorHandler((error, request) => recordSystemError(database, error, request)));
  app.addHook('preValidation', rejectInvalidText);
  const routes: RouteInfo[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routes.push({ method, url: route.url, access: route.config?.access });
    }
  });
  app.decorateRequest('casebook', undefined);
  app.decorate('endpointTable', new EndpointTable(endpointCatalogue));

  await registerSecurityHeaders(app, config.publicUrl);
  await registerCompression(app);

  nameSharedSchemas(resources);
  // Per-address limits, declared by the routes that need them (sign-in and the account links).
  await app.register(rateLimit, {
    global: false,
    // Answered in the error envelope as Casebook:TooManyRequests (429).
    errorResponseBuilder: (_req, context) =>
      Object.assign(new Error(`Rate limit exceeded, retry in ${context.after}`), {
        code: 'FST_ERR_RATE_LIMIT',
        statusCode: 429,
      }),
  });
  // The committed description is the routes' own (`npm run check` proves it): a server that serves it never
  // loads the swagger plugin and its YAML and schema libraries.
  const committedDescription = apiDescription === 'committed' ? await readCommittedApiDescription() : undefined;
  if (!committedDescription)
    await app.register((await import('@fastify/swagger')).default, {
      openapi: {
        openapi: '3.1.0',
        info: { title: 'Casebook API', version: '1.0.0' },
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
        security: [{ bearer: [] }],
      },
      // Schemas named in apiSchemas are described once under components and referred to by $ref.
      transform: createJsonSchemaTransform({ schemaRegistry: apiSchemas }),
      transformObject: (document) =>
        dropUnusedSchemas(
          shareParameters(
            shareErrorResponses(createJsonSchemaTransformObject({ schemaRegistry: apiSchemas })(document)),
          ),
        ),
    });

  const key = await loadSigningKey(database);
  const tenants = new TenantDirectory(database);
  const users = new UserDirectory(database, standing);
  const tokens = await createTokenService(key, config.publicUrl, {
    securityStampOf: (tenantId, userId) => users.securityStamp(tenantId, userId),
  });
  const permissions = new PermissionDirectory(database);
  const mailer =
    givenMailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      dataDir: config.dataDir ?? './data',
      from: config.mailFrom ?? 'Casebook <no-reply@casebook.local>',
    });

  const jobs = new Jobs(database, {
    ...(jobsConfig?.pollingIntervalSeconds !== undefined
      ? { pollingIntervalSeconds: jobsConfig.pollingIntervalSeconds }
      : {}),
    ...(jobsConfig?.superviseIntervalSeconds !== undefined
      ? { superviseIntervalSeconds: jobsConfig.superviseIntervalSeconds }
      : {}),
    onError: (error) => app.log.error({ err: error }, 'background jobs'),
    // The tenant's administrators hear of a job that failed for good (they can restart it under Background Jobs).
    onGaveUp: (failed) => notifyJobGaveUp(database, failed),
  });
  defineMailJobs(jobs, database, mailer, {
    ...(jobsConfig?.mailRetryDelaySeconds !== undefined ? { retryDelay: jobsConfig.mailRetryDelaySeconds } : {}),
    ...(jobsConfig?.mailRetryLimit !== undefined ? { retryLimit: jobsConfig.mailRetryLimit } : {}),
  });
  defineAppointmentReminderJobs(jobs, database);
  defineOverdueReminderJobs(jobs, database);
  defineActionItemOverdueJobs(jobs, database);
  const mailRelay = new MailRelay(database, jobs, jobsConfig?.relayIntervalMs ?? 1000);
  // Started with the app (its onReady) or, with jobs.startLater, when the caller says.
  const background: (() => Promise<void> | void)[] = [];
  if (jobsConfig?.run) {
    background.push(async () => {
      await jobs.start();
      mailRelay.start();
    });
  }
  app.addHook('onClose', async () => {
    mailRelay.stop();
    await jobs.stop();
  });

  const onStandingChanged = async (tenantId: string, userId: string) => {
    users.invalidate(tenantId, userId);
    await revokeAllForAccount(database, userId);
  };
  // The OpenID provider answers /connect/* and /.well-known/*, except the routes we serve ourselves.
  const provider = await createOidcProvider({
    database,
    issuer: config.publicUrl,
    signingKey: key.privateJwk,
    webRedirectOrigin: config.publicUrl,
  });
  const oidc = provider.callback();
  const pin = pinToPublicUrl(config.publicUrl);
  await app.register(middie);
  app.use((req, res, next) => {
    const url = req.url ?? '';
    const ours =
      url.startsWith('/connect/interaction/') || url.startsWith('/connect/userinfo') || url === LOGOUT_SCRIPT_PATH;
    if ((url.startsWith('/connect/') && !ours) || url.startsWith('/.well-known/')) {
      pin(req);
      return void oidc(req, res);
    }
    next();
  });
  app.get(LOGOUT_SCRIPT_PATH, { config: { access: { anonymous: true } }, schema: { hide: true } }, (_req, reply) =>
    reply.type('text/javascript; charset=utf-8').send(LOGOUT_SCRIPT),
  );

  app.addHook('onRequest', createGuard({ tokens, tenants, users, permissions }));
  const usersService = new UsersService({ database, mailer, publicUrl: config.publicUrl, onStandingChanged });

  registerHealthRoutes(app, database, demoData);
  registerSystemErrorRoutes(app, database);
  registerSubscriptionRoutes(app, database);
  registerSystemUpdateRoutes(app, database);
  registerStatisticRoutes(app, database);
  registerMigrationRoutes(app, database);
  app.get('/api/docs', { config: { access: { anonymous: true } }, schema: { hide: true } }, async (_req, reply) =>
    committedDescription ? reply.type('application/json').send(committedDescription) : app.swagger(),
  );
  for (const def of resources) registerResource(app, database, def);
  registerPeopleRoutes(app, database);
  registerReferenceRoutes(app, database);
  const scheduling = registerSchedulingRoutes(app, { database, readCase: readCaseAppointment });
  const caseService = registerCaseRoutes(app, database, scheduling);
  const model = languageModel ? openAiLanguageModel(languageModel) : undefined;
  registerBookingAssistantRoutes(app, { sessions: scheduling, cases: caseService, model });
  registerIndependenceRoutes(app, database);
  registerSupplementaryRoutes(app, database, caseService);
  registerMvaRoutes(app, database);
  registerOtRoutes(app, database);
  registerNdisRoutes(app, database);
  registerMedicalRecordRoutes(app, database);
  registerTpdRoutes(app, database);
  registerMedNegRoutes(app, database, caseService);
  const invoiceService = registerInvoiceRoutes(app, database);
  const accounting = new AccountingService(database, integrations, jobs, invoiceService, tenants);
  accounting.defineJobs();
  invoiceService.onChanged = (tenantId, invoice) => {
    void accounting
      .invoiceChanged(tenantId, invoice)
      .catch((err: unknown) => app.log.error({ err }, 'accounting push'));
    // The practice-software service is made below, with the file store; invoices change only once requests run.
    void pms.invoiceChanged(tenantId, invoice).catch((err: unknown) => app.log.error({ err }, 'practice push'));
  };
  await registerAccountingRoutes(app, accounting);
  const marketing = new MarketingService(database, integrations, jobs);
  marketing.defineJobs();
  registerMarketingRoutes(app, marketing);
  registerEntityChangeRoutes(app, database, resources);
  registerCorrespondenceRoutes(app, database);
  registerRelationshipActivityRoutes(app, database);
  registerFundingRoutes(app, database);
  registerReportRoutes(app, database, config.namedTenants ?? {});
  registerSearchRoutes(app, database);
  const notifications = registerNotificationRoutes(app, database);
  registerBackgroundJobRoutes(app, database, jobs);
  registerHealthStatusRoutes(app, { database, jobs, smtpConfigured: Boolean(config.smtpUrl) });
  const files = new FilesService({
    database,
    store:
      fileStore ??
      (config.s3 ? createS3FileStore(config.s3) : createLocalFileStore(path.join(config.dataDir ?? './data', 'files'))),
    signingKey: key,
    issuer: config.publicUrl,
  });
  await registerFilesRoutes(app, files);
  // Uploaded documents are parsed in worker threads with memory and time limits, never on this event loop.
  const documents = new DocumentProcessor();
  app.addHook('onClose', () => documents.close());
  const transcribe = languageModel ? openAiLanguageModel(languageModel).transcribe : undefined;
  const attachments = new AttachmentsService(files, documents, transcribe);
  registerAttachmentRoutes(app, attachments);
  registerInvoiceSchemeRoutes(app, new InvoiceSchemesService(database, invoiceService, files));
  defineTextJobs(jobs, attachments);
  const pms = new PmsService(database, integrations, jobs, files, invoiceService);
  pms.defineJobs();
  caseService.onStatusChanged = (tenantId, caseId, status) =>
    void pms
      .caseStatusChanged(tenantId, caseId, status)
      .catch((err: unknown) => app.log.error({ err }, 'practice push'));
  await registerPmsRoutes(app, pms);
  const esign = new ESignService(database, integrations, jobs, accounting, attachments, tenants);
  esign.defineJobs();
  await registerESignRoutes(app, esign);
  const sms = new SmsService(database, integrations);
  const video = new VideoService(
    database,
    tenants,
    config.publicUrl,
    config.video ?? { limitMinutes: VIDEO_MEETING_LIMIT_MINUTES, iceServers: [] },
    sms,
  );
  registerVideoRoutes(app, video);
  const eml = new EmlService(database, integrations, caseService);
  eml.defineJobs(jobs);
  app.addHook('onClose', () => eml.close());
  registerEmlRoutes(app, eml);
  registerTelephonyRoutes(app, new TelephonyService(database, integrations, accounting));
  await registerSmsRoutes(app, sms);
  registerUhgRoutes(app, new UhgService(database, integrations));
  const textRelay = new TextRelay(database, jobs, jobsConfig?.relayIntervalMs ?? 1000);
  if (jobsConfig?.run) {
    background.push(() => {
      textRelay.start();
      // The first document worker starts with the server, not with the first upload.
      void documents.pool.warm();
    });
    attachments.textQueued = () => void textRelay.flush().catch(() => undefined);
  }
  app.addHook('onClose', async () => textRelay.stop());
  registerTypingRoutes(app, new TypingService(database, () => attachments.textQueued()));
  registerTimeTrackingRoutes(app, new TimeTrackingService(database));
  registerReportQaRoutes(app, new ReportQaService(database), caseService);
  registerLmqRoutes(app, new LmqService(database));
  registerInquiryRoutes(app, new InquiriesService(database, caseService));

  const hub = createRealtimeHub({
    server: app.server,
    tokens,
    database,
    isActive: async (tenantId, userId, stamp) => {
      const user = await users.get(tenantId, userId);
      return Boolean(user?.isActive && stamp && user.securityStamp === stamp);
    },
    // The record's own detail call decides, with every rule it has; a short token of the socket's sign-in.
    canOpen: async (principal, fromModule, objectId) => {
      if (!principal.securityStamp) return false;
      const token = await tokens.issue({ ...principal, securityStamp: principal.securityStamp }, 60);
      const res = await app.inject({
        method: 'GET',
        url: `/api/app/${fromModule}/${objectId}`,
        headers: { authorization: `Bearer ${token}` },
      });
      return res.statusCode === 200;
    },
    loadNotification: (tenantId, id) => notifications.load(tenantId, id),
  });
  const signalling = attachVideoSignalling(hub.io, video);
  app.addHook('onClose', async () => {
    await signalling.close();
    await hub.close();
  });
  registerTenancyRoutes(app, {
    database,
    tenants,
    mailer,
    publicUrl: config.publicUrl,
    namedTenants: config.namedTenants ?? {},
  });
  registerIdentityRoutes(app, {
    database,
    tenants,
    provider,
    users: usersService,
    tokens,
    permissions,
    mailer,
    publicUrl: config.publicUrl,
    onStandingChanged,
    signInLimitPerMinute: config.signInLimitPerMinute ?? 20,
  });

  // A declared endpoint without a handler fails start-up.
  app.endpointTable.assertComplete();

  const indexHtml = path.join(config.webDist, 'index.html');
  const webApp = fs.existsSync(indexHtml)
    ? await registerWebApp(app, { webDist: config.webDist, publicUrl: config.publicUrl })
    : undefined;
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '';
    if (url.startsWith('/api/') || url.startsWith('/connect/') || req.method !== 'GET') {
      return reply.status(404).send(notFoundEnvelope());
    }
    // Client-side routes: the SPA answers every other GET.
    if (webApp) return webApp.sendIndex(req, reply);
    return reply
      .type('text/html')
      .send('<!doctype html><title>Casebook</title><p>The web app is not built. Run <code>npm run build</code>.</p>');
  });

  let backgroundStarted: Promise<void> | undefined;
  const startBackground = () =>
    (backgroundStarted ??= (async () => {
      for (const start of background) await start();
    })());
  if (!jobsConfig?.startLater) app.addHook('onReady', startBackground);

  return {
    startBackground,
    app,
    tokens,
    tenants,
    users,
    permissions,
    files,
    attachments,
    documents,
    routes,
    jobs,
    mailRelay,
    notifications,
    accounting,
    marketing,
    esign,
    pms,
    video,
    eml,
  };
}
