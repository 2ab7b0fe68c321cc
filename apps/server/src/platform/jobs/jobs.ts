import { PgBoss, fromPglite, type Job } from 'pg-boss';
import type { Database } from '../db/database';

/** The schema pg-boss keeps its queue in; a migration creates it owned by the application role. */
export const JOBS_SCHEMA = 'pgboss';

/** Every job names its tenant, so a tenant's admins see and act on only their own jobs. */
export type JobData = { tenantId: string; summary?: string };

export type QueueOptions = {
  /** Attempts after the first failure; each waits retryDelay seconds, doubled every time when backoff is on. */
  retryLimit: number;
  retryDelay: number;
  retryBackoff: boolean;
  retryDelayMax?: number;
  /** A job running longer than this is failed and retried. */
  expireInSeconds: number;
  /**
   * A running job refreshes a heartbeat; when its process dies, the job is retried once the heartbeat
   * is this many seconds old, long before it would expire.
   */
  heartbeatSeconds?: number;
  /** Jobs of this queue run at most this many at a time in one process. */
  concurrency?: number;
  /**
   * Jobs claimed in one fetch and settled together (default: concurrency). Above concurrency, two
   * fetch loops take turns (one fetches and settles its batch while the other's jobs run), all their
   * jobs run at most `concurrency` at a time, and a batch is settled when its last job ends. That suits
   * short jobs: each fetch and each settling is a commit, and fewer of them per job is what lets a
   * queue of short jobs run thousands a second. A job's expiry counts from its fetch, so
   * 2 × (batchSize / concurrency) × the longest job must stay well below expireInSeconds.
   */
  batchSize?: number;
  /** Cron expression: the queue also gets one job on this schedule. */
  cron?: { expression: string; data: JobData };
  /** The handler tells people itself when it gives up (onGaveUp is not called for this queue). */
  reportsOwnFailure?: boolean;
};

export type JobContext<T> = { id: string; data: T; retryCount: number; signal: AbortSignal };
export type JobHandler<T> = (job: JobContext<T>) => Promise<unknown>;

type Definition = { name: string; options: QueueOptions; handler: JobHandler<never> };

export type JobsOptions = {
  /** How often an idle worker looks for jobs (seconds). */
  pollingIntervalSeconds?: number;
  /** How often lost (heartbeat-expired) and expired jobs are looked for (seconds). */
  superviseIntervalSeconds?: number;
  onError?: (error: unknown) => void;
  /** A job failed its last attempt (no retry follows); its queue, id, data and failure. */
  onGaveUp?: (failed: { queue: string; id: string; data: JobData; message: string }) => Promise<void>;
};

/**
 * Background jobs on pg-boss, in the application's own database (PGlite or PostgreSQL). Queues are
 * defined by the modules before start; the app starts workers and cron schedules and stops them on close.
 */
export class Jobs {
  readonly #definitions = new Map<string, Definition>();
  #boss: PgBoss | undefined;
  #started = false;
  #installed: Promise<void> | undefined;

  constructor(
    private readonly database: Database,
    private readonly options: JobsOptions = {},
  ) {}

  /** Declares a queue and its handler; call before start. */
  define<T extends JobData>(name: string, options: QueueOptions, handler: JobHandler<T>): void {
    if (this.#started) throw new Error(`queue ${name} defined after the jobs started`);
    this.#definitions.set(name, { name, options, handler: handler as JobHandler<never> });
  }

  get definitions(): readonly string[] {
    return [...this.#definitions.keys()];
  }

  get isRunning(): boolean {
    return this.#started;
  }

  /** The pg-boss instance (created on first use; installs its schema on start). */
  get boss(): PgBoss {
    this.#boss ??= this.#createBoss();
    return this.#boss;
  }

  #createBoss(): PgBoss {
    const connection = this.database.jobsConnection;
    const supervise = this.options.superviseIntervalSeconds ?? 60;
    const common = {
      schema: JOBS_SCHEMA,
      createSchema: false,
      superviseIntervalSeconds: supervise,
      monitorIntervalSeconds: supervise,
    };
    const boss =
      connection.kind === 'pglite'
        ? new PgBoss({ ...common, db: fromPglite(connection.client), backend: 'pglite' } as never)
        : new PgBoss({ ...common, connectionString: connection.connectionString, max: 4 } as never);
    boss.on('error', (error) => this.options.onError?.(error));
    return boss;
  }

  /** Installs or updates the queue schema and the queues, without running any worker. */
  install(): Promise<void> {
    // pg-boss starts once per instance; install and start may both ask for it.
    this.#installed ??= (async () => {
      await this.boss.start();
      for (const def of this.#definitions.values()) await this.#ensureQueue(def);
    })();
    return this.#installed;
  }

  async #ensureQueue({ name, options }: Definition): Promise<void> {
    const queue = {
      retryLimit: options.retryLimit,
      retryDelay: options.retryDelay,
      retryBackoff: options.retryBackoff,
      expireInSeconds: options.expireInSeconds,
      ...(options.retryDelayMax !== undefined ? { retryDelayMax: options.retryDelayMax } : {}),
      ...(options.heartbeatSeconds !== undefined ? { heartbeatSeconds: options.heartbeatSeconds } : {}),
    };
    const existing = await this.boss.getQueue(name);
    if (existing) await this.boss.updateQueue(name, queue);
    else await this.boss.createQueue(name, queue);
  }

  /** Starts pg-boss, the workers of every defined queue and their cron schedules. */
  async start(): Promise<void> {
    if (this.#started) return;
    await this.install();
    for (const def of this.#definitions.values()) {
      // A batch of up to `batchSize` jobs per fetch, run at most `concurrency` at a time, and settled
      // together (completed ones in one statement, failed ones in another); a full batch fetches again
      // at once instead of waiting for the next poll. Batches larger than the concurrency come from two
      // loops, so one loop's fetch and settling overlap the other's jobs; the turns are shared.
      const concurrency = Math.max(1, def.options.concurrency ?? 1);
      const batchSize = Math.max(concurrency, def.options.batchSize ?? concurrency);
      const run = async (job: Job<JobData>) => {
        try {
          const output = await def.handler({
            id: job.id,
            data: job.data as never,
            retryCount: job.retryCount,
            signal: job.signal,
          });
          return { id: job.id, status: 'completed', ...(output === undefined ? {} : { output }) };
        } catch (error) {
          const message = String((error as Error).message ?? error);
          if (job.retryCount >= def.options.retryLimit && !def.options.reportsOwnFailure) {
            await this.options
              .onGaveUp?.({ queue: def.name, id: job.id, data: job.data, message })
              .catch((e: unknown) => this.options.onError?.(e));
          }
          return { id: job.id, status: 'failed', output: { message } };
        }
      };
      const turns = new Turns(concurrency);
      await this.boss.work<JobData>(
        def.name,
        {
          pollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 2,
          batchSize,
          localConcurrency: batchSize > concurrency ? 2 : 1,
          perJobResults: true,
          burstWhenBatchFull: true,
        } as never,
        (async (batch: Job<JobData>[]) => Promise.all(batch.map((job) => turns.run(() => run(job))))) as never,
      );
      if (def.options.cron) await this.boss.schedule(def.name, def.options.cron.expression, def.options.cron.data);
    }
    this.#started = true;
  }

  /** Queues a job; returns its id. */
  async send<T extends JobData>(
    name: string,
    data: T,
    options: { id?: string; startAfter?: number | Date; singletonKey?: string } = {},
  ): Promise<string | null> {
    return this.boss.send(name, data, options);
  }

  /** Stops workers (letting running jobs finish for a short while) and closes pg-boss. */
  async stop(): Promise<void> {
    if (!this.#boss) return;
    const boss = this.#boss;
    this.#boss = undefined;
    this.#installed = undefined;
    this.#started = false;
    await boss.stop({ graceful: true, timeout: 5000, close: true } as never).catch(() => undefined);
  }
}

/** At most `limit` functions running at a time; the others wait their turn in order of arrival. */
export class Turns {
  #running = 0;
  readonly #waiting: (() => void)[] = [];

  constructor(private readonly limit: number) {}

  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.#running >= this.limit) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    else this.#running += 1;
    try {
      return await fn();
    } finally {
      const next = this.#waiting.shift();
      if (next) next();
      else this.#running -= 1;
    }
  }
}
