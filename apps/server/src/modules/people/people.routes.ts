import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CaseManagerDto,
  CompanyHighRiskDto,
  ContractorDto,
  DuplicateNameQuery,
  DuplicateNameResult,
  ErrorEnvelope,
  NamedItemList,
  Permissions,
  SimilarItem,
  SimilarItemsQuery,
  SpecialistDto,
  Uuid,
} from '@casebook/domain';
import type { Database } from '../../platform/db/database';
import { contextOf } from '../../platform/access/context';
import { ResourceService } from '../../platform/resources/resource.service';
import { caseManagersResource, contractorsResource, specialistsResource } from './people.resources';
import { PeopleService } from './people.service';

const errors = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope };
const IdParams = z.object({ id: Uuid });
const SimilarItems = z.object({ items: z.array(SimilarItem) });

/** The people calls beyond CRUD: similar-item checks, the duplicate-name check and the high-risk check. */
export function registerPeopleRoutes(app: FastifyInstance, database: Database): PeopleService {
  const service = new PeopleService(database, {
    case_managers: new ResourceService(caseManagersResource, database),
    specialists: new ResourceService(specialistsResource, database),
    contractors: new ResourceService(contractorsResource, database),
  });
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Profile screens (CaseManager Profile, Doctor Profile, contractor detail): the caller's own record.
  for (const [path, kind, dto, title] of [
    ['case-managers', 'case_managers', CaseManagerDto, 'Case Managers'],
    ['specialists', 'specialists', SpecialistDto, 'Specialists'],
    ['contractors', 'contractors', ContractorDto, 'Contractors'],
  ] as const) {
    r.get(
      `/api/app/${path}/myDetail`,
      {
        schema: {
          tags: [title],
          summary: 'The record the signed-in user is (404 when none)',
          response: { 200: dto, ...errors },
        },
        config: { access: { authenticated: true } },
      },
      async (req) => service.myDetail<z.infer<typeof dto>>(contextOf(req), kind),
    );
  }

  r.get(
    '/api/app/case-managers/similar-items',
    {
      schema: {
        tags: ['Case Managers'],
        summary: 'Case managers with the same e-mail, phone, or first and last name',
        querystring: SimilarItemsQuery,
        response: { 200: SimilarItems, ...errors },
      },
      config: { access: { permission: Permissions.caseManagers.read } },
    },
    async (req) => service.similarPeople(contextOf(req), 'case_managers', req.query),
  );

  r.get(
    '/api/app/specialists/similar-items',
    {
      schema: {
        tags: ['Specialists'],
        summary: 'Specialists with the same e-mail, phone, or first and last name',
        querystring: SimilarItemsQuery,
        response: { 200: SimilarItems, ...errors },
      },
      config: { access: { permission: Permissions.specialists.read } },
    },
    async (req) => service.similarPeople(contextOf(req), 'specialists', req.query),
  );

  r.get(
    '/api/app/clients/similar-items',
    {
      schema: {
        tags: ['Clients'],
        summary: 'Clients with the same first and last name and date of birth',
        querystring: SimilarItemsQuery,
        response: { 200: SimilarItems, ...errors },
      },
      config: { access: { permission: Permissions.clients.read } },
    },
    async (req) => service.similarClients(contextOf(req), req.query),
  );

  r.get(
    '/api/app/service-provider/checkDuplicateName',
    {
      schema: {
        tags: ['Service Providers'],
        summary: 'Whether another service provider already has the name',
        querystring: DuplicateNameQuery,
        response: { 200: DuplicateNameResult, ...errors },
      },
      config: { access: { permission: Permissions.serviceProviders.read } },
    },
    async (req) => service.checkServiceProviderName(contextOf(req), req.query.name, req.query.excludeId),
  );

  r.get(
    '/api/app/companies/:id/high-risk',
    {
      schema: {
        tags: ['Companies'],
        summary: "Whether the company's high-risk flag applies today, with the reason for the caller",
        params: IdParams,
        response: { 200: CompanyHighRiskDto, ...errors },
      },
      config: { access: { permission: Permissions.companies.read } },
    },
    async (req) => service.highRisk(contextOf(req), req.params.id),
  );

  r.get(
    '/api/app/companies/:id/booking-agents',
    {
      schema: {
        tags: ['Companies'],
        summary: 'The case managers who may book for the company',
        params: IdParams,
        response: { 200: NamedItemList, ...errors },
      },
      config: { access: { permission: Permissions.companies.read } },
    },
    async (req) => service.bookingAgents(contextOf(req), req.params.id),
  );

  return service;
}
