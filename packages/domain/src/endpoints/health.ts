import { z } from 'zod';
import { Permissions } from '../permissions';
import { endpoint } from './endpoint';

/** One check of the health-status screen. */
export const HealthCheckDto = z.object({
  name: z.string(),
  status: z.enum(['Healthy', 'Unhealthy', 'NotConfigured']),
  detail: z.string(),
});
export type HealthCheckDto = z.infer<typeof HealthCheckDto>;

const tags = ['Health status'];
const access = { permission: Permissions.healthStatus.read } as const;

/** The liveness probe, and the checks an administrator runs (database, background jobs, mail). */
export const HealthEndpoints = {
  // 200 when the database answers, 503 when it does not; the body is answered as it is.
  health: endpoint({
    method: 'GET',
    path: '/api/health',
    access: { anonymous: true },
    tags: ['Health'],
  }),
  healthStatus: endpoint({
    method: 'GET',
    path: '/api/app/health-status',
    response: z.object({ items: z.array(HealthCheckDto) }),
    access,
    tags,
  }),
  sendTestEmail: endpoint({
    method: 'POST',
    path: '/api/app/health-status/sendTestEmail',
    body: z.strictObject({ email: z.email({ error: 'The Email field is not a valid e-mail address.' }) }),
    response: z.object({ id: z.string() }),
    access,
    tags,
  }),
};
