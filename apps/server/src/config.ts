import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { IceServer, VIDEO_MEETING_LIMIT_MINUTES, type NamedTenantList } from '@casebook/domain';
import type { S3StoreOptions } from './platform/files/file-store';
import type { VideoConfig } from './modules/video/video.service';

const Env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.url().optional(),
  APP_DATABASE_URL: z.url().optional(),
  APP_DB_PASSWORD: z.string().optional(),
  APP_DATABASE_SESSION_URL: z.url().optional(),
  DATABASE_READ_URL: z.url().optional(),
  NAMED_TENANTS_EXCLUSIVE_REPORTS: z.string().default(''),
  NAMED_TENANTS_ACCOUNTING_MENU_HIDDEN_FOR_STAFF: z.string().default(''),
  ROLE: z.enum(['api', 'worker', 'all'], { error: 'must be api, worker or all' }).default('all'),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(40),
  DATABASE_PREPARED_STATEMENTS: z.enum(['true', 'false']).default('true'),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const entries = (value ?? '')
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean);
      for (const entry of entries) {
        if (!isProxyAddress(entry)) {
          ctx.addIssue({ code: 'custom', message: `'${entry}' is not an IP address, a CIDR range or a named range` });
        }
      }
      return entries;
    }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024),
  WEB_DIST: z.string().optional(),
  SEED_DEMO: z.enum(['true', 'false']).optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Casebook <no-reply@casebook.local>'),
  ADMIN_PASSWORD: z.string().optional(),
  JOBS: z.enum(['true', 'false']).default('true'),
  JOBS_SUPERVISE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  MAIL_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  SIGN_IN_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(20),
  S3_BUCKET: z.string().min(3).optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).optional(),
  VIDEO_MEETING_LIMIT_MINUTES: z.coerce.number().positive().max(1440).default(VIDEO_MEETING_LIMIT_MINUTES),
  VIDEO_ICE_SERVERS: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (!value?.trim()) return [];
      try {
        const parsed = z.array(IceServer).safeParse(JSON.parse(value));
        if (parsed.success) return parsed.data;
      } catch {
        // Reported below.
      }
      ctx.addIssue({ code: 'custom', message: 'must be a JSON list of { urls, username?, credential? }' });
      return z.NEVER;
    }),
});

const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An IP address, an address range in CIDR form (10.0.0.0/8, fd00::/8) or a named range (loopback). */
function isProxyAddress(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = net.isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  /** Owner connection (runs migrations, host-wide work). Absent: embedded PGlite under dataDir. */
  databaseUrl: string | undefined;
  /** Login of the restricted application role; derived from databaseUrl when not given. */
  appDatabaseUrl: string | undefined;
  appDbPassword: string | undefined;
  /**
   * The application role's connection for work that holds a session (job workers, LISTEN for the
   * real-time hub): to PostgreSQL itself when APP_DATABASE_URL goes through a pooler in transaction mode.
   */
  appDatabaseSessionUrl: string | undefined;
  /** A streaming read replica for reports (the application role's login there). */
  databaseReadUrl: string | undefined;
  /**
   * What this process does: `api` answers HTTP and runs no job workers, `worker` runs job workers and
   * answers no HTTP, `all` both. Several processes of one database split the work this way.
   */
  role: 'api' | 'worker' | 'all';
  /**
   * The spec's named-tenant lists, by tenant name: the pages offered only to some tenants (the IRO and
   * service revenue master and forecast reports) and the tenants whose staff do not see the Billing menu.
   */
  namedTenants: Record<NamedTenantList, string[]>;
  /** Connections of the application role's pool on PostgreSQL. */
  dbPoolSize: number;
  /** Whether hot reads may prepare their statements (off behind PgBouncer before 1.21 in transaction mode). */
  dbPreparedStatements: boolean;
  publicUrl: string;
  /**
   * Addresses of the reverse proxies whose X-Forwarded-For/-Proto/-Host are believed (the client's
   * address behind them); empty: forwarded headers are ignored. Endpoint URLs and the cookies' Secure
   * flag never follow them: they come from publicUrl.
   */
  trustProxy: string[];
  logLevel: z.infer<typeof Env>['LOG_LEVEL'];
  bodyLimitBytes: number;
  webDist: string;
  seedDemo: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** First password of the host admin on a database without demo data; generated when absent. */
  adminPassword: string | undefined;
  /** Whether this process runs background job workers (false: an API-only node). */
  jobs: boolean;
  /** How often lost or expired jobs are looked for (seconds). */
  jobsSuperviseSeconds: number;
  /** First retry delay of a failed e-mail, doubled on each retry (seconds). */
  mailRetryDelaySeconds: number;
  /**
   * Sign-in, forgot-password, reset-password and one-time-link calls one address may make per minute,
   * each call counted on its own; more answer 429.
   */
  signInLimitPerMinute: number;
  /** S3-compatible object storage for files; absent: files on local disk under DATA_DIR/files. */
  s3: S3StoreOptions | undefined;
  /** Video meetings: the close limit after the first join, and the STUN/TURN servers browsers use. */
  video: VideoConfig;
};

/** A comma-separated list of tenant names. */
const names = (list: string) =>
  list
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);

/** Reads and validates the environment; a bad value stops start-up with the variable named. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = Env.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const port = e.PORT;
  return {
    port,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    appDatabaseUrl: e.APP_DATABASE_URL,
    appDbPassword: e.APP_DB_PASSWORD,
    appDatabaseSessionUrl: e.APP_DATABASE_SESSION_URL,
    databaseReadUrl: e.DATABASE_READ_URL,
    role: e.ROLE,
    namedTenants: {
      exclusiveReports: names(e.NAMED_TENANTS_EXCLUSIVE_REPORTS),
      accountingMenuHiddenForStaff: names(e.NAMED_TENANTS_ACCOUNTING_MENU_HIDDEN_FOR_STAFF),
    },
    dbPoolSize: e.DB_POOL_SIZE,
    dbPreparedStatements: e.DATABASE_PREPARED_STATEMENTS === 'true',
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${port}`,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    webDist: path.resolve(e.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    seedDemo: e.SEED_DEMO === undefined ? e.DATABASE_URL === undefined : e.SEED_DEMO === 'true',
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    adminPassword: e.ADMIN_PASSWORD,
    jobs: e.ROLE === 'worker' || (e.ROLE === 'all' && e.JOBS === 'true'),
    jobsSuperviseSeconds: e.JOBS_SUPERVISE_SECONDS,
    mailRetryDelaySeconds: e.MAIL_RETRY_DELAY_SECONDS,
    signInLimitPerMinute: e.SIGN_IN_LIMIT_PER_MINUTE,
    video: { limitMinutes: e.VIDEO_MEETING_LIMIT_MINUTES, iceServers: e.VIDEO_ICE_SERVERS },
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          ...(e.S3_ENDPOINT ? { endpoint: e.S3_ENDPOINT } : {}),
          ...(e.S3_ACCESS_KEY_ID ? { accessKeyId: e.S3_ACCESS_KEY_ID } : {}),
          ...(e.S3_SECRET_ACCESS_KEY ? { secretAccessKey: e.S3_SECRET_ACCESS_KEY } : {}),
          ...(e.S3_FORCE_PATH_STYLE ? { forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true' } : {}),
        }
      : undefined,
  };
}
