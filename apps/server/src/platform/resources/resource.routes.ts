import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { resourceEndpoints, type ResourceMetadataDto } from '@casebook/domain';
import { registerEndpoint } from '../http/endpoints';
import type { Database } from '../db/database';
import { contextOf } from '../access/context';
import { exportColumns, exportResource, EXPORT_ROWS_PER_FILE } from './resource.export';
import type { ResourceDefinition } from './resource';
import { ResourceService, type ListQuery } from './resource.service';

/** The metadata the web's generic list, detail and add screens render from. */
export function resourceMetadata(def: ResourceDefinition): ResourceMetadataDto {
  return {
    name: def.name,
    title: def.title,
    entityType: def.entityType,
    permissions: def.permissions,
    features: [...(def.features ?? [])],
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

/**
 * Registers the endpoints declared from the resource's description: list and selection list, export,
 * metadata, get, and (unless it writes its own) create, update, delete and enable/disable.
 */
export function registerResource(app: FastifyInstance, database: Database, def: ResourceDefinition): ResourceService {
  const service = new ResourceService(def, database);
  const e = resourceEndpoints(def.description);

  registerEndpoint(app, e.list, async (req) => {
    const ctx = contextOf(req);
    const query = req.query as ListQuery;
    return query.isSelectionList ? service.getSelectionList(ctx, query) : service.getList(ctx, query);
  });
  registerEndpoint(app, e.export, async (req, reply) => {
    const file = await exportResource(service, contextOf(req), req.query as ListQuery);
    return reply
      .header('content-type', file.contentType)
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .send(file.body);
  });
  registerEndpoint(app, e.metadata, async () => resourceMetadata(def));
  registerEndpoint(app, e.get, async (req) => service.get(contextOf(req), req.params.id));

  if (e.create && e.update && e.delete) {
    registerEndpoint(app, e.create, async (req) => service.create(contextOf(req), req.body));
    registerEndpoint(app, e.update, async (req) => service.update(contextOf(req), req.params.id, req.body));
    registerEndpoint(app, e.delete, async (req, reply) => {
      await service.delete(contextOf(req), req.params.id);
      return reply.status(204).send();
    });
  }
  for (const [action, isActive] of [
    [e.enable, true],
    [e.disable, false],
  ] as const) {
    if (action)
      registerEndpoint(app, action, async (req) => service.setActive(contextOf(req), req.params.id, isActive));
  }
  return service;
}
