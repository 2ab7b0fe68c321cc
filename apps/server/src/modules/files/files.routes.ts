import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { BYTES_PER_MB, FileEndpoints } from '@casebook/domain';
import { contextOf } from '../../platform/access/context';
import { registerEndpoint } from '../../platform/http/endpoints';
import { invalidField } from '../../platform/http/errors';
import type { FilesService } from './files.service';

/** Sends a stored file: attachment by default; PDFs inline for the viewer. Never rendered as HTML here. */
export function contentDisposition(fileName: string, inline: boolean): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * What a multipart body may carry beyond the file itself: the text fields (name, type, replaceFile) and
 * the part headers and boundaries. A declared length over the limit plus this cannot hold an allowed file.
 */
export const MULTIPART_ALLOWANCE = 1024 * 1024;

/** Upload, metadata, download tokens and downloads, and the storage calls. */
export async function registerFilesRoutes(app: FastifyInstance, service: FilesService): Promise<void> {
  // Multipart is parsed only by the upload route; every other route stays JSON-only.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      throwFileSizeLimit: false,
      limits: {
        // Busboy stops passing bytes on one past the limit; the guard refuses at that byte.
        fileSize: service.maxUploadMb * BYTES_PER_MB + 1,
        fields: 20,
        fieldSize: 64 * 1024,
        parts: 30,
      },
    });
    // A request that says it is larger than any allowed file is refused before a byte of it is read.
    scope.addHook('onRequest', async (req, reply) => {
      const declared = Number(req.headers['content-length']);
      if (Number.isFinite(declared) && declared > service.maxUploadMb * BYTES_PER_MB + MULTIPART_ALLOWANCE) {
        void reply.header('connection', 'close');
        throw service.tooLarge();
      }
    });
    registerEndpoint(scope, FileEndpoints.upload, async (req) => {
      if (!req.isMultipart()) throw invalidField('file', 'Send the file as multipart/form-data.');
      return service.upload(contextOf(req), req.parts());
    });
  });

  const api = FileEndpoints;

  registerEndpoint(app, api.getFile, async (req) => service.get(contextOf(req), req.params.id));

  registerEndpoint(app, api.generateDownloadToken, async (req) =>
    service.generateDownloadToken(contextOf(req), req.query.fileId),
  );

  registerEndpoint(app, api.download, async (req, reply) => {
    const { row, body } = await service.openByToken(req.query.token);
    return reply
      .header('content-type', row.contentType)
      .header('content-length', String(row.sizeInBytes))
      .header('content-disposition', contentDisposition(row.fileName, row.extension === 'pdf'))
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "sandbox; default-src 'none'")
      .header('cache-control', 'private, no-store')
      .send(body);
  });

  registerEndpoint(app, api.tenantStorage, async () => service.tenantStorage());

  registerEndpoint(app, api.setFileSizeLimit, async (req, reply) => {
    await service.setFileSizeLimit(contextOf(req), req.body.tenantId, req.body.storageLimitInGB);
    return reply.status(204).send(null);
  });

  registerEndpoint(app, api.getTotalSize, async (req) => service.totalSize(contextOf(req)));
}
