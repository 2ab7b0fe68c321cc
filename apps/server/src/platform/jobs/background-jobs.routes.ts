import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { BackgroundJobEndpoints as api, type BackgroundJobDto, type BackgroundJobState } from '@casebook/domain';
import { contextOf } from '../access/context';
import { sqlRows, type Database } from '../db/database';
import { registerEndpoint } from '../http/endpoints';
import { businessRule, notFound } from '../http/errors';
import type { Jobs } from './jobs';

const STATE_OF: Record<string, BackgroundJobState> = {
  created: 'Scheduled',
  retry: 'Retrying',
  active: 'Processing',
  completed: 'Completed',
  cancelled: 'Cancelled',
  failed: 'Failed',
};
const PG_STATE = Object.fromEntries(Object.entries(STATE_OF).map(([k, v]) => [v, k])) as Record<
  BackgroundJobState,
  string
>;

type JobRow = {
  id: string;
  name: string;
  state: string;
  retry_count: number;
  retry_limit: number;
  created_on: Date | string;
  started_on: Date | string | null;
  completed_on: Date | string | null;
  output: unknown;
  data: { summary?: string } | null;
};

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

function errorOf(row: JobRow): string | null {
  if (row.state !== 'failed' && row.state !== 'retry') return null;
  const out = row.output as { message?: string; value?: { message?: string } } | null;
  return out?.message ?? out?.value?.message ?? (out ? JSON.stringify(out) : null);
}

function toDto(row: JobRow): BackgroundJobDto {
  return {
    id: row.id,
    name: row.name,
    state: STATE_OF[row.state] ?? 'Scheduled',
    retryCount: row.retry_count,
    retryLimit: row.retry_limit,
    createdOn: iso(row.created_on)!,
    startedOn: iso(row.started_on),
    completedOn: iso(row.completed_on),
    error: errorOf(row),
    summary: row.data?.summary ?? null,
  };
}

/**
 * The tenant admin's jobs dashboard (replaces the external /hangfire link): the tenant's jobs with
 * their state and error, and retry or cancel. Jobs carry their tenant in their data.
 */
export function registerBackgroundJobRoutes(app: FastifyInstance, database: Database, jobs: Jobs) {
  const findJob = async (tenantId: string, id: string) => {
    const [row] = await sqlRows<JobRow>(
      database.app,
      sql`select id, name, state, retry_count, retry_limit, created_on, started_on, completed_on, output, data
          from pgboss.job where id = ${id}::uuid and data->>'tenantId' = ${tenantId}`,
    );
    if (!row) throw notFound('The job');
    return row;
  };

  registerEndpoint(app, api.listJobs, async (req) => {
    const ctx = contextOf(req);
    const q = req.query;
    const filters = [sql`data->>'tenantId' = ${ctx.tenant.id}`];
    if (q.state) filters.push(sql`state = ${PG_STATE[q.state]}::pgboss.job_state`);
    if (q.name) filters.push(sql`name = ${q.name}`);
    if (q.filterText)
      filters.push(sql`(name ilike ${`%${q.filterText}%`} or data->>'summary' ilike ${`%${q.filterText}%`})`);
    const where = sql.join(filters, sql` and `);
    const [total] = await sqlRows<{ n: string | number }>(
      database.app,
      sql`select count(*) as n from pgboss.job where ${where}`,
    );
    const rows = await sqlRows<JobRow>(
      database.app,
      sql`select id, name, state, retry_count, retry_limit, created_on, started_on, completed_on, output, data
            from pgboss.job where ${where}
            order by created_on desc, id desc limit ${q.maxResultCount} offset ${q.skipCount}`,
    );
    return { totalCount: Number(total?.n ?? 0), items: rows.map(toDto) };
  });

  registerEndpoint(app, api.retryJob, async (req) => {
    const ctx = contextOf(req);
    const job = await findJob(ctx.tenant.id, req.params.id);
    if (job.state !== 'failed' && job.state !== 'cancelled')
      throw businessRule('Only a failed or cancelled job can be retried.');
    // pg-boss resumes a cancelled job and retries a failed one.
    if (job.state === 'cancelled') await jobs.boss.resume(job.name, job.id);
    else await jobs.boss.retry(job.name, job.id);
    return toDto(await findJob(ctx.tenant.id, job.id));
  });

  registerEndpoint(app, api.cancelJob, async (req) => {
    const ctx = contextOf(req);
    const job = await findJob(ctx.tenant.id, req.params.id);
    if (!['created', 'retry', 'active'].includes(job.state))
      throw businessRule('Only a job that has not finished can be cancelled.');
    await jobs.boss.cancel(job.name, job.id);
    return toDto(await findJob(ctx.tenant.id, job.id));
  });
}
