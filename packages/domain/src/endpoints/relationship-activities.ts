import { Permissions } from '../permissions';
import { pagedResult } from '../paging';
import {
  CreateRelationshipActivityInput,
  RelationshipActivityDto,
  RelationshipActivityExportInput,
  RelationshipActivityListInput,
} from '../relationship-activities';
import { endpoint } from './endpoint';

const BASE = '/api/app/relationship-activities';
const tags = ['Relationship Activities'];

/** Relationship activities (decision 0114): the office's notes of the relationship kinds, across its contacts. */
export const RelationshipActivityEndpoints = {
  list: endpoint({
    method: 'GET',
    path: BASE,
    query: RelationshipActivityListInput,
    response: pagedResult(RelationshipActivityDto),
    access: { permission: Permissions.correspondence.read },
    summary: 'Relationship meetings, calls, e-mails and messages with companies, case managers and specialists',
    tags,
  }),
  create: endpoint({
    method: 'POST',
    path: BASE,
    body: CreateRelationshipActivityInput,
    response: RelationshipActivityDto,
    access: { permission: Permissions.correspondence.create },
    summary: "Record a relationship activity on the company's, case manager's or specialist's correspondence",
    tags,
  }),
  export: endpoint({
    method: 'GET',
    path: `${BASE}/export`,
    query: RelationshipActivityExportInput,
    access: { permission: Permissions.correspondence.read },
    summary: 'The relationship activities of the filters as xlsx (a zip of 500-row workbooks when longer)',
    tags,
  }),
};
