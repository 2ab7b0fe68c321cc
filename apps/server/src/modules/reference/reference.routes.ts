import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorEnvelope, LookupConfigDto, NamedItemList, Permissions, Uuid } from '@casebook/domain';
import type { Database } from '../../platform/db/database';
import { contextOf } from '../../platform/access/context';
import { ResourceService } from '../../platform/resources/resource.service';
import { lookupConfigsResource } from './reference.resources';
import { ReferenceService } from './reference.service';

const errors = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 422: ErrorEnvelope };
const IdParams = z.object({ id: Uuid });

/** Value-list defaults and the matter-type pick lists (case-modules.md §7, "Matter types"). */
export function registerReferenceRoutes(app: FastifyInstance, database: Database): ReferenceService {
  const service = new ReferenceService(database, new ResourceService(lookupConfigsResource, database));
  const r = app.withTypeProvider<ZodTypeProvider>();

  for (const [action, isDefault] of [
    ['setDefault', true],
    ['unsetDefault', false],
  ] as const) {
    r.put(
      `/api/app/lookup-configs/:id/${action}`,
      {
        schema: {
          tags: ['Value List'],
          summary: isDefault
            ? "Make the value its type's default (the previous default is unset)"
            : 'Unset the value as its type default',
          params: IdParams,
          response: { 200: LookupConfigDto, ...errors },
        },
        config: { access: { permission: Permissions.lookupConfigs.update } },
      },
      async (req) => service.setDefault(contextOf(req), req.params.id, isDefault),
    );
  }

  const readMatterTypes = { access: { permission: Permissions.matterTypes.read } };
  r.get(
    '/api/app/matter-types/listMatterType',
    {
      schema: { tags: ['Matter Types'], summary: 'Active matter types', response: { 200: NamedItemList, ...errors } },
      config: readMatterTypes,
    },
    async (req) => service.listMatterTypes(contextOf(req)),
  );
  r.get(
    '/api/app/matter-types/:id/listTypeOfClaim',
    {
      schema: {
        tags: ['Matter Types'],
        summary: 'The types of claim of a matter type',
        params: IdParams,
        response: { 200: NamedItemList, ...errors },
      },
      config: readMatterTypes,
    },
    async (req) => service.listTypeOfClaim(contextOf(req), req.params.id),
  );
  r.get(
    '/api/app/matter-types/:id/listTypeOfReport',
    {
      schema: {
        tags: ['Matter Types'],
        summary: 'The types of report of a matter type (all its types of claim)',
        params: IdParams,
        response: { 200: NamedItemList, ...errors },
      },
      config: readMatterTypes,
    },
    async (req) => service.listTypeOfReport(contextOf(req), req.params.id),
  );
  r.get(
    '/api/app/matter-types/:id/:claimId/listTypeOfReport',
    {
      schema: {
        tags: ['Matter Types'],
        summary: 'The types of report of one type of claim of a matter type',
        // The claim id is checked after the matter type, so another tenant's matter type is a 404 first.
        params: z.object({ id: Uuid, claimId: z.string().max(64) }),
        response: { 200: NamedItemList, ...errors },
      },
      config: readMatterTypes,
    },
    async (req) => service.listTypeOfReport(contextOf(req), req.params.id, req.params.claimId),
  );

  return service;
}
