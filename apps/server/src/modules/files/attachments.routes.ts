import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AttachmentDto,
  AttachmentListQuery,
  AttachmentObjectQuery,
  CleanupResult,
  CreateAttachmentInput,
  DocumentSearchHit,
  DocumentSearchQuery,
  ErrorEnvelope,
  MergeFilesInput,
  Permissions,
  SummaryResult,
  Uuid,
} from '@casebook/domain';
import { contextOf } from '../../platform/access/context';
import type { AttachmentsService } from './attachments.service';

const errors = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 422: ErrorEnvelope };
const IdParams = z.object({ id: Uuid });
const tags = ['Attachments'];

/** The attachments calls of case-modules.md §7. */
export function registerAttachmentRoutes(app: FastifyInstance, service: AttachmentsService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const read = { access: { permission: Permissions.files.read } };
  const write = { access: { permission: Permissions.files.upload } };
  const remove = { access: { permission: Permissions.files.delete } };

  r.get(
    '/api/app/attachments',
    {
      schema: {
        tags,
        summary: 'The attachments of a record',
        querystring: AttachmentListQuery,
        response: { 200: z.object({ items: z.array(AttachmentDto), totalCount: z.number().int() }), ...errors },
      },
      config: read,
    },
    async (req) => service.list(contextOf(req), req.query),
  );

  r.get(
    '/api/app/attachments/documentSearch',
    {
      schema: {
        tags,
        summary: 'Documents whose text matches the keyword, with a highlighted snippet',
        querystring: DocumentSearchQuery,
        response: { 200: z.object({ items: z.array(DocumentSearchHit), totalCount: z.number().int() }), ...errors },
      },
      config: { access: { permission: Permissions.files.documentSearch } },
    },
    async (req) => service.documentSearch(contextOf(req), req.query),
  );

  r.get(
    '/api/app/attachments/:id',
    {
      schema: { tags, summary: 'One attachment', params: IdParams, response: { 200: AttachmentDto, ...errors } },
      config: read,
    },
    async (req) => service.get(contextOf(req), req.params.id),
  );

  r.post(
    '/api/app/attachments',
    {
      schema: {
        tags,
        summary: 'Attach an uploaded file to a record',
        body: CreateAttachmentInput,
        response: { 200: AttachmentDto, ...errors },
      },
      config: write,
    },
    async (req) => service.create(contextOf(req), req.body),
  );

  r.delete(
    '/api/app/attachments/:id',
    {
      schema: { tags, summary: 'Remove an attachment', params: IdParams, response: { 204: z.null(), ...errors } },
      config: remove,
    },
    async (req, reply) => {
      await service.delete(contextOf(req), req.params.id);
      return reply.status(204).send(null);
    },
  );

  r.delete(
    '/api/app/attachments',
    {
      schema: {
        tags,
        summary: 'Remove All: every attachment of a record',
        querystring: AttachmentObjectQuery,
        response: { 200: z.object({ removed: z.number().int() }), ...errors },
      },
      config: remove,
    },
    async (req) => service.deleteAll(contextOf(req), req.query),
  );

  r.post(
    '/api/app/attachments/:id/cleanup',
    {
      schema: {
        tags,
        summary: 'Clean up a file once: its bytes are removed, the record stays',
        params: IdParams,
        response: { 200: CleanupResult, ...errors },
      },
      config: remove,
    },
    async (req) => service.cleanup(contextOf(req), req.params.id),
  );

  r.post(
    '/api/app/attachments/:id/summaryDocument',
    {
      schema: {
        tags,
        summary: 'An extractive summary of the document',
        params: IdParams,
        response: { 200: SummaryResult, ...errors },
      },
      config: read,
    },
    async (req) => service.summaryDocument(contextOf(req), req.params.id),
  );

  r.post(
    '/api/app/attachments/MergeFiles',
    {
      schema: {
        tags,
        summary: 'Merge PDFs of one record into a new PDF attachment',
        body: MergeFilesInput,
        response: { 200: AttachmentDto, ...errors },
      },
      config: write,
    },
    async (req) => service.mergeFiles(contextOf(req), req.body),
  );

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
  r.post(
    '/api/app/attachments/downloadAll',
    {
      schema: { tags, summary: 'Every file of a record as one zip', body: AttachmentObjectQuery },
      config: read,
    },
    async (req, reply) => sendZip(req, reply, req.body),
  );
  // The same as a GET, so a browser can save the zip as a plain download.
  r.get(
    '/api/app/attachments/downloadAll',
    {
      schema: { tags, summary: 'Every file of a record as one zip', querystring: AttachmentObjectQuery },
      config: read,
    },
    async (req, reply) => sendZip(req, reply, req.query),
  );
}
