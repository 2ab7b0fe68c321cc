import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import type { Jobs } from '../../platform/jobs/jobs';
import { PeriodicRelay, type WaitingRow } from '../../platform/jobs/relay';
import type { AttachmentsService } from './attachments.service';
import { attachments } from './files.schema';

export const EXTRACT_TEXT_QUEUE = 'extract-text';

type ExtractJob = { tenantId: string; attachmentId: string; summary?: string };

export type TextJobOptions = {
  /** Attempts after the first failure; the last failure marks the attachment's text (and status) error. */
  retryLimit?: number;
  /** First retry delay in seconds, doubled on each retry. */
  retryDelay?: number;
};

/**
 * The text-extraction job: reads one attachment's document into its searchable text and page count.
 * One at a time per process (a parsed PDF is held in memory). A failure is retried; the last one
 * records the error on the attachment. An attachment no longer pending is left alone, so a job that
 * runs twice reads once.
 */
export function defineTextJobs(jobs: Jobs, service: AttachmentsService, options: TextJobOptions = {}): void {
  const retryLimit = options.retryLimit ?? 3;
  jobs.define<ExtractJob>(
    EXTRACT_TEXT_QUEUE,
    {
      retryLimit,
      retryDelay: options.retryDelay ?? 30,
      retryBackoff: true,
      retryDelayMax: 3600,
      expireInSeconds: 600,
      heartbeatSeconds: 60,
      concurrency: 1,
    },
    async ({ data, retryCount }) => ({
      textStatus: await service.extract(data.tenantId, data.attachmentId, { final: retryCount >= retryLimit }),
    }),
  );
}

/**
 * Hands committed attachments whose text is pending to the extraction queue. The attachment row,
 * written in the upload's transaction, is the durable record of the work; the job's id is the
 * attachment's id, so two relays never queue one document twice.
 */
export class TextRelay extends PeriodicRelay {
  constructor(
    private readonly database: Database,
    jobs: Jobs,
    intervalMs = 1000,
  ) {
    super(jobs, EXTRACT_TEXT_QUEUE, intervalMs);
  }

  protected async waiting(): Promise<WaitingRow[]> {
    const rows = await this.database.withSystem((tx) =>
      tx
        .select({ tenantId: attachments.tenantId, id: attachments.id, name: attachments.name })
        .from(attachments)
        .where(and(eq(attachments.textStatus, 'pending'), isNull(attachments.textJobId)))
        .orderBy(asc(attachments.creationTime))
        .limit(200),
    );
    return rows.map((a) => ({
      id: a.id,
      data: { tenantId: a.tenantId, attachmentId: a.id, summary: `Read the text of ${a.name}` } satisfies ExtractJob,
    }));
  }

  protected async markQueued(ids: string[]): Promise<void> {
    await this.database.withSystem((tx) =>
      tx
        .update(attachments)
        .set({ textJobId: sql`${attachments.id}` })
        .where(inArray(attachments.id, ids)),
    );
  }
}
