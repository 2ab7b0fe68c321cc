import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BYTES_PER_MB,
  DownloadQuery,
  DownloadToken,
  ErrorEnvelope,
  FileDto,
  GenerateDownloadTokenQuery,
  Permissions,
  SetFileSizeLimitInput,
  TenantStorageDto,
  Uuid,
} from '@casebook/domain';
import { contextOf } from '../../platform/access/context';
import type { FilesService } from './files.service';

const errors = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope };
const IdParams = z.object({ id: Uuid });
const tags = ['Files'];

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
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/app/files',
      {
        schema: {
          tags,
          summary: 'Upload a file (multipart: name, type, optional replaceFile, then file)',
          consumes: ['multipart/form-data'],
          response: { 200: FileDto, 413: ErrorEnvelope, 422: ErrorEnvelope, ...errors },
        },
        config: { access: { permission: Permissions.files.upload } },
      },
      async (req) => {
        if (!req.isMultipart()) {
          const { invalidField } = await import('../../platform/http/errors');
          throw invalidField('file', 'Send the file as multipart/form-data.');
        }
        return service.upload(contextOf(req), req.parts());
      },
    );
  });

  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/app/files/:id',
    {
      schema: { tags, summary: 'A file’s details', params: IdParams, response: { 200: FileDto, ...errors } },
      config: { access: { permission: Permissions.files.read } },
    },
    async (req) => service.get(contextOf(req), req.params.id),
  );

  r.post(
    '/api/app/files/GenerateDownloadToken',
    {
      schema: {
        tags,
        summary: 'A short-lived token to download the file without the bearer header (a new tab)',
        querystring: GenerateDownloadTokenQuery,
        response: { 200: DownloadToken, ...errors },
      },
      config: { access: { permission: Permissions.files.read } },
    },
    async (req) => service.generateDownloadToken(contextOf(req), req.query.fileId),
  );

  r.get(
    '/api/app/files/download',
    {
      schema: { tags, summary: 'The file a download token names', querystring: DownloadQuery },
      config: { access: { anonymous: true } },
    },
    async (req, reply) => {
      const { row, body } = await service.openByToken(req.query.token);
      return reply
        .header('content-type', row.contentType)
        .header('content-length', String(row.sizeInBytes))
        .header('content-disposition', contentDisposition(row.fileName, row.extension === 'pdf'))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "sandbox; default-src 'none'")
        .header('cache-control', 'private, no-store')
        .send(body);
    },
  );

  r.get(
    '/api/app/file-manager/tenants',
    {
      schema: {
        tags: ['Storage'],
        summary: 'Every tenant with its used storage and limit (host only)',
        response: { 200: z.object({ items: z.array(TenantStorageDto), totalCount: z.number().int() }), ...errors },
      },
      config: { access: { permission: Permissions.files.manageStorage, hostOnly: true } },
    },
    async () => service.tenantStorage(),
  );

  r.put(
    '/api/app/file-manager/setFileSizeLimit',
    {
      schema: {
        tags: ['Storage'],
        summary: 'Set a tenant’s storage limit in GB (null: no limit; host only)',
        body: SetFileSizeLimitInput,
        response: { 204: z.null(), ...errors },
      },
      config: { access: { permission: Permissions.files.manageStorage, hostOnly: true } },
    },
    async (req, reply) => {
      await service.setFileSizeLimit(contextOf(req), req.body.tenantId, req.body.storageLimitInGB);
      return reply.status(204).send(null);
    },
  );

  r.get(
    '/api/app/file-manager/getTotalSize',
    {
      schema: {
        tags: ['Storage'],
        summary: 'The caller’s tenant: bytes stored and the limit',
        response: {
          200: z.object({ totalFileSizeInByte: z.number().int(), storageLimitInByte: z.number().int().nullable() }),
          ...errors,
        },
      },
      config: { access: { permission: Permissions.files.read } },
    },
    async (req) => service.totalSize(contextOf(req)),
  );
}
