import type { FastifyInstance } from 'fastify';
import { HealthEndpoints as api, type HealthCheckDto } from '@casebook/domain';
import { contextOf } from '../../platform/access/context';
import type { Database } from '../../platform/db/database';
import { registerEndpoint } from '../../platform/http/endpoints';
import type { Jobs } from '../../platform/jobs/jobs';
import { enqueueMail } from '../correspondence/outbox';

/**
 * app/health-status: the checks an administrator runs — database, background jobs, the mail transport
 * — and a test e-mail sent through the same outbox and job as every other message.
 */
export function registerHealthStatusRoutes(
  app: FastifyInstance,
  deps: { database: Database; jobs: Jobs; smtpConfigured: boolean },
) {
  registerEndpoint(app, api.healthStatus, async () => {
    const items: HealthCheckDto[] = [];
    try {
      await deps.database.ping();
      items.push({ name: 'Database', status: 'Healthy', detail: deps.database.kind });
    } catch (error) {
      items.push({ name: 'Database', status: 'Unhealthy', detail: String((error as Error).message) });
    }
    items.push(
      deps.jobs.isRunning
        ? { name: 'Background jobs', status: 'Healthy', detail: `${deps.jobs.definitions.length} queues` }
        : { name: 'Background jobs', status: 'NotConfigured', detail: 'This node runs no job workers' },
    );
    items.push({
      name: 'E-mail',
      status: 'Healthy',
      detail: deps.smtpConfigured ? 'SMTP server' : '.eml files in the data folder',
    });
    for (const provider of ['Office 365', 'Bulk mail provider', 'SMS provider', 'PDF licence']) {
      items.push({ name: provider, status: 'NotConfigured', detail: 'No credentials are configured' });
    }
    return { items };
  });

  registerEndpoint(app, api.sendTestEmail, async (req) => {
    const ctx = contextOf(req);
    const id = await deps.database.withTenant(ctx.tenant.id, (tx) =>
      enqueueMail(tx, ctx.tenant.id, {
        to: req.body.email,
        subject: 'Casebook test e-mail',
        html: '<p>This is a test e-mail from Casebook. The mail settings work.</p>',
        templateKey: 'HEALTH_TEST',
        creatorId: ctx.actor.userId,
      }),
    );
    return { id };
  });
}
