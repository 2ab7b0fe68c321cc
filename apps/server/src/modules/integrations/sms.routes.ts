import type { FastifyInstance } from 'fastify';
import { SmsEndpoints as api } from '@casebook/domain';
import { contextOf } from '../../platform/access/context';
import { registerEndpoint } from '../../platform/http/endpoints';
import type { SmsService } from './sms.service';

/** A case's text messages, Twilio's inbound webhook (form-encoded, signed) and check-twilio. */
export async function registerSmsRoutes(app: FastifyInstance, service: SmsService): Promise<void> {
  registerEndpoint(app, api.list, async (req) => service.list(contextOf(req), req.params.id));
  registerEndpoint(app, api.send, async (req) => service.send(contextOf(req), req.params.id, req.body));
  registerEndpoint(app, api.checkTwilio, async () => service.check());
  await app.register(async (scope) => {
    // Twilio posts form fields; only this route reads them.
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    // The signature covers our URL and every field; it is checked before the fields' shape.
    scope.addHook('preValidation', async (req, reply) => {
      if (!req.url.startsWith(api.inbound.path)) return undefined;
      const signature = req.headers['x-twilio-signature'];
      const params = (req.body ?? {}) as Record<string, string>;
      if (!(await service.verify(typeof signature === 'string' ? signature : undefined, params)))
        return reply.code(403).send();
      return undefined;
    });
    registerEndpoint(scope, api.inbound, async (req, reply) => {
      await service.inbound(req.body);
      return reply.type('text/xml').send('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
    });
  });
}
