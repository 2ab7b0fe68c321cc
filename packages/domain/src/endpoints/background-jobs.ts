import { z } from 'zod';
import { BackgroundJobDto, BackgroundJobListInput } from '../correspondence';
import { Uuid } from '../ids';
import { pagedResult } from '../paging';
import { Permissions } from '../permissions';
import { endpoint } from './endpoint';

const IdParams = z.object({ id: Uuid });
const tags = ['Background jobs'];
const manage = { permission: Permissions.backgroundJobs.manage } as const;

/** The tenant admin's jobs dashboard: the tenant's jobs with their state and error, and retry or cancel. */
export const BackgroundJobEndpoints = {
  listJobs: endpoint({
    method: 'GET',
    path: '/api/app/background-jobs',
    query: BackgroundJobListInput,
    response: pagedResult(BackgroundJobDto),
    access: { permission: Permissions.backgroundJobs.read },
    tags,
  }),
  retryJob: endpoint({
    method: 'POST',
    path: '/api/app/background-jobs/:id/retry',
    params: IdParams,
    response: BackgroundJobDto,
    access: manage,
    summary: 'Run a failed or cancelled job again',
    tags,
  }),
  cancelJob: endpoint({
    method: 'POST',
    path: '/api/app/background-jobs/:id/cancel',
    params: IdParams,
    response: BackgroundJobDto,
    access: manage,
    summary: 'Cancel a job that has not finished',
    tags,
  }),
};
