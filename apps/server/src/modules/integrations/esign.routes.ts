import type { FastifyInstance } from 'fastify';
import { ESignEndpoints as api } from '@casebook/domain';
import { contextOf } from '../../platform/access/context';
import { registerEndpoint } from '../../platform/http/endpoints';
import { withRawBody } from './accounting.routes';
import { verifyConnectSignature, type ESignService } from './esign.service';

/** A case's envelopes, sending its consent form, its status sync, and DocuSign Connect. */
export async function registerESignRoutes(app: FastifyInstance, service: ESignService): Promise<void> {
  registerEndpoint(app, api.envelopes, async (req) => service.list(contextOf(req), req.params.id));
  registerEndpoint(app, api.generateDocuSignConsentForm, async (req) =>
    service.sendConsentForm(contextOf(req), req.params.id),
  );
  registerEndpoint(app, api.syncConsentFormDocuSignStatus, async (req) =>
    service.syncCase(contextOf(req), req.params.id),
  );
  // Connect's HMAC covers the exact bytes; it is checked before the body's shape, so a forged call learns nothing.
  await withRawBody(app, (scope) => {
    scope.addHook('preValidation', async (req, reply) => {
      if (!req.url.startsWith(api.docuSignWebhook.path)) return undefined;
      const signatures = [1, 2, 3, 4, 5].map((n) => {
        const h = req.headers[`x-docusign-signature-${n}`];
        return typeof h === 'string' ? h : undefined;
      });
      if (!verifyConnectSignature(req.rawBody ?? '', signatures, service.connectKey)) return reply.code(401).send();
      return undefined;
    });
    registerEndpoint(scope, api.docuSignWebhook, async (req, reply) => {
      await service.webhook({ accountId: req.body.data.accountId, envelopeId: req.body.data.envelopeId });
      return reply.code(200).send();
    });
  });
}
