import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PagedListInput, SelectionListItem, Uuid, pagedResult } from '@casebook/domain';
import { errorResponses } from '../http/errors';
import type { Database } from '../db/database';
import { contextOf } from '../access/context';
import { exportColumns, exportResource, EXPORT_ROWS_PER_FILE } from './resource.export';
import type { ResourceDefinition } from './resource';
import { ResourceService, type ListQuery } from './resource.service';

const IdParams = z.object({ id: Uuid });

const errors = errorResponses;

/** The metadata the web's generic list, detail and add screens render from. */
export function resourceMetadata(def: ResourceDefinition) {
  return {
    name: def.name,
    title: def.title,
    entityType: def.entityType,
    permissions: def.permissions,
    features: def.features ?? [],
    sorting: Object.keys(def.sorting),
    defaultSorting: def.defaultSorting,
    filters: Object.keys(def.filters ?? {}),
    hasIsActive: Object.hasOwn(def.dto.shape, 'isActive'),
    exportRowsPerFile: EXPORT_ROWS_PER_FILE,
    exportColumns: exportColumns(def),
    dto: z.toJSONSchema(def.dto, { io: 'output', unrepresentable: 'any' }),
    createInput: z.toJSONSchema(def.createInput, { io: 'input', unrepresentable: 'any' }),
    updateInput: z.toJSONSchema(def.updateInput, { io: 'input', unrepresentable: 'any' }),
    references: def.references ?? {},
    choiceLabels: def.choiceLabels ?? {},
  };
}

/** Registers list, selection list, get, create, update, delete, enable/disable and export for a resource. */
export function registerResource(app: FastifyInstance, database: Database, def: ResourceDefinition): ResourceService {
  const service = new ResourceService(def, database);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = `/api/app/${def.name}`;
  const tags = [def.title];
  const features = def.features ?? [];
  const filterShape = Object.fromEntries(Object.entries(def.filters ?? {}).map(([k, f]) => [k, f.schema.optional()]));
  const ListQuerySchema = PagedListInput.extend(filterShape);
  const hasIsActive = Object.hasOwn(def.dto.shape, 'isActive');

  r.get(
    base,
    {
      schema: {
        tags,
        summary: `List ${def.title.toLowerCase()} (isSelectionList=true for a selection list)`,
        querystring: ListQuerySchema,
        response: {
          200: z.union([pagedResult(def.dto), pagedResult(def.selectionItem ?? SelectionListItem)]),
          ...errors,
        },
      },
      config: { access: { permission: def.permissions.read, features } },
    },
    async (req) => {
      const ctx = contextOf(req);
      const query = req.query as ListQuery;
      return query.isSelectionList ? service.getSelectionList(ctx, query) : service.getList(ctx, query);
    },
  );

  r.get(
    `${base}/export`,
    {
      schema: {
        tags,
        summary: `Export ${def.title.toLowerCase()} as xlsx (zip of 500-row files)`,
        querystring: ListQuerySchema,
      },
      config: { access: { permission: def.permissions.read, features } },
    },
    async (req, reply) => {
      const file = await exportResource(service, contextOf(req), req.query as ListQuery);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .send(file.body);
    },
  );

  r.get(
    `${base}/metadata`,
    {
      schema: { tags, summary: `Describe ${def.title.toLowerCase()} for generic screens` },
      config: { access: { permission: def.permissions.read, features } },
    },
    async () => resourceMetadata(def),
  );

  r.get(
    `${base}/:id`,
    {
      schema: { tags, params: IdParams, response: { 200: def.dto, ...errors } },
      config: { access: { permission: def.permissions.read, features } },
    },
    async (req) => service.get(contextOf(req), req.params.id),
  );

  if (def.genericWrites !== false) registerWrites();
  function registerWrites() {
    r.post(
      base,
      {
        schema: {
          tags,
          body: def.example ? def.createInput.meta({ examples: [def.example] }) : def.createInput,
          response: { 200: def.dto, ...errors },
        },
        config: { access: { permission: def.permissions.create, features } },
      },
      async (req) => service.create(contextOf(req), req.body),
    );

    r.put(
      `${base}/:id`,
      {
        schema: { tags, params: IdParams, body: def.updateInput, response: { 200: def.dto, ...errors } },
        config: { access: { permission: def.permissions.update, features } },
      },
      async (req) => service.update(contextOf(req), req.params.id, req.body),
    );

    r.delete(
      `${base}/:id`,
      {
        schema: { tags, params: IdParams, response: { 204: z.void().describe('Deleted'), ...errors } },
        config: { access: { permission: def.permissions.delete, features } },
      },
      async (req, reply) => {
        await service.delete(contextOf(req), req.params.id);
        return reply.status(204).send();
      },
    );

    if (!hasIsActive) return;
    for (const [action, isActive] of [
      ['enable', true],
      ['disable', false],
    ] as const) {
      r.put(
        `${base}/:id/${action}`,
        {
          schema: {
            tags,
            summary: `${action} a ${def.entityType}`,
            params: IdParams,
            response: { 200: def.dto, ...errors },
          },
          config: { access: { permission: def.permissions.update, features } },
        },
        async (req) => service.setActive(contextOf(req), req.params.id, isActive),
      );
    }
  }

  return service;
}
