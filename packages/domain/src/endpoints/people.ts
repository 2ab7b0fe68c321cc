import { z } from 'zod';
import { Uuid } from '../ids';
import {
  CaseManagerDto,
  CompanyHighRiskDto,
  ContractorDto,
  DuplicateNameQuery,
  DuplicateNameResult,
  SimilarItem,
  SimilarItemsQuery,
  SpecialistDto,
} from '../people';
import { Permissions } from '../permissions';
import { NamedItemList } from '../reference';
import { endpoint } from './endpoint';

const IdParams = z.object({ id: Uuid });
const SimilarItems = z.object({ items: z.array(SimilarItem) });
const mySummary = 'The record the signed-in user is (404 when none)';

/** The people calls beyond CRUD: the caller's own record, similar-item checks, duplicate names, high risk. */
export const PeopleEndpoints = {
  // Profile screens (CaseManager Profile, Doctor Profile, contractor detail): the caller's own record.
  myCaseManager: endpoint({
    method: 'GET',
    path: '/api/app/case-managers/myDetail',
    response: CaseManagerDto,
    access: { authenticated: true },
    summary: mySummary,
    tags: ['Case Managers'],
  }),
  mySpecialist: endpoint({
    method: 'GET',
    path: '/api/app/specialists/myDetail',
    response: SpecialistDto,
    access: { authenticated: true },
    summary: mySummary,
    tags: ['Specialists'],
  }),
  myContractor: endpoint({
    method: 'GET',
    path: '/api/app/contractors/myDetail',
    response: ContractorDto,
    access: { authenticated: true },
    summary: mySummary,
    tags: ['Contractors'],
  }),
  similarCaseManagers: endpoint({
    method: 'GET',
    path: '/api/app/case-managers/similar-items',
    query: SimilarItemsQuery,
    response: SimilarItems,
    access: { permission: Permissions.caseManagers.read },
    summary: 'Case managers with the same e-mail, phone, or first and last name',
    tags: ['Case Managers'],
  }),
  similarSpecialists: endpoint({
    method: 'GET',
    path: '/api/app/specialists/similar-items',
    query: SimilarItemsQuery,
    response: SimilarItems,
    access: { permission: Permissions.specialists.read },
    summary: 'Specialists with the same e-mail, phone, or first and last name',
    tags: ['Specialists'],
  }),
  similarClients: endpoint({
    method: 'GET',
    path: '/api/app/clients/similar-items',
    query: SimilarItemsQuery,
    response: SimilarItems,
    access: { permission: Permissions.clients.read },
    summary: 'Clients with the same first and last name and date of birth',
    tags: ['Clients'],
  }),
  checkServiceProviderName: endpoint({
    method: 'GET',
    path: '/api/app/service-provider/checkDuplicateName',
    query: DuplicateNameQuery,
    response: DuplicateNameResult,
    access: { permission: Permissions.serviceProviders.read },
    summary: 'Whether another service provider already has the name',
    tags: ['Service Providers'],
  }),
  companyHighRisk: endpoint({
    method: 'GET',
    path: '/api/app/companies/:id/high-risk',
    params: IdParams,
    response: CompanyHighRiskDto,
    access: { permission: Permissions.companies.read },
    summary: "Whether the company's high-risk flag applies today, with the reason for the caller",
    tags: ['Companies'],
  }),
  companyBookingAgents: endpoint({
    method: 'GET',
    path: '/api/app/companies/:id/booking-agents',
    params: IdParams,
    response: NamedItemList,
    access: { permission: Permissions.companies.read },
    summary: 'The case managers who may book for the company',
    tags: ['Companies'],
  }),
};
