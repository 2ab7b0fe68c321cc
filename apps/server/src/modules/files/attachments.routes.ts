import type { FastifyInstance, FastifyReply } from 'fastify';
import type { z } from 'zod';
import { AttachmentEndpoints, type AttachmentObjectQuery } from '@casebook/domain';
import { contextOf } from '../../platform/access/context';
import { registerEndpoint } from '../../platform/http/endpoints';
import type { AttachmentsService } from './attachments.service';

/** The attachments calls of case-modules.md §7. */
export function registerAttachmentRoutes(app: FastifyInstance, service: AttachmentsService): void {
  const api = AttachmentEndpoints;

  registerEndpoint(app, api.listAttachments, async (req) => service.list(contextOf(req), req.query));

  registerEndpoint(app, api.documentSearch, async (req) => service.documentSearch(contextOf(req), req.query));

  registerEndpoint(app, api.getAttachment, async (req) => service.get(contextOf(req), req.params.id));

  registerEndpoint(app, api.createAttachment, async (req) => service.create(contextOf(req), req.body));

  registerEndpoint(app, api.deleteAttachment, async (req, reply) => {
    await service.delete(contextOf(req), req.params.id);
    return reply.status(204).send(null);
  });

  registerEndpoint(app, api.deleteAllAttachments, async (req) => service.deleteAll(contextOf(req), req.query));

  registerEndpoint(app, api.cleanupAttachment, async (req) => service.cleanup(contextOf(req), req.params.id));

  registerEndpoint(app, api.summaryDocument, async (req) => service.summaryDocument(contextOf(req), req.params.id));

  registerEndpoint(app, api.extractLoiData, async (req) =>
    service.extractLoiData(contextOf(req), req.params.id, { disableCache: req.body?.disableCache ?? false }),
  );
  registerEndpoint(app, api.generateAudioTranscription, async (req) =>
    service.generateAudioTranscription(contextOf(req), req.params.id, req.body?.language ?? null),
  );

  registerEndpoint(app, api.mergeFiles, async (req) => service.mergeFiles(contextOf(req), req.body));

  const sendZip = async (
    req: Parameters<typeof contextOf>[0],
    reply: FastifyReply,
    q: z.infer<typeof AttachmentObjectQuery>,
  ) => {
    const zip = await service.downloadAll(contextOf(req), q);
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', 'attachment; filename="attachments.zip"')
      .send(zip);
  };
  registerEndpoint(app, api.downloadAll, async (req, reply) => sendZip(req, reply, req.body));
  // The same as a GET, so a browser can save the zip as a plain download.
  registerEndpoint(app, api.downloadAllByLink, async (req, reply) => sendZip(req, reply, req.query));
}
