import { PagedListInput, pagedResult } from '../paging';
import { AssessmentFeatures, Permissions } from '../permissions';
import {
  ActionRequiredHit,
  ActionRequiredSearchInput,
  MyRecordsDto,
  ProductUpdateDto,
  UniversalSearchInput,
  UniversalSearchResult,
} from '../search/search';
import { endpoint } from './endpoint';

const tags = ['Search'];

/**
 * The universal and action-required searches. Each kind of record they answer is limited by its own record
 * rule (a case manager finds their companies' cases only), and a kind the caller may not read answers
 * nothing.
 */
export const SearchEndpoints = {
  universal: endpoint({
    method: 'GET',
    path: '/api/app/universal-search',
    query: UniversalSearchInput,
    response: UniversalSearchResult,
    access: { authenticated: true },
    summary: 'Cases, people and documents by number, name, e-mail or phone, grouped by kind',
    tags,
  }),
  actionRequired: endpoint({
    method: 'GET',
    path: '/api/app/action-required-search',
    query: ActionRequiredSearchInput,
    response: pagedResult(ActionRequiredHit),
    // Action items belong to the assessment family's calls (PermissionFeatures binds the permission to them).
    access: { permission: Permissions.actionItems.read, features: AssessmentFeatures },
    summary: 'Open action items of the cases the caller may see, soonest due first',
    tags,
  }),
  myRecords: endpoint({
    method: 'GET',
    path: '/api/app/account/my-records',
    response: MyRecordsDto,
    access: { authenticated: true },
    summary: 'The caller’s own specialist, case manager and contractor records (the account pages)',
    tags: ['Account'],
  }),
  productUpdates: endpoint({
    method: 'GET',
    path: '/api/app/product-updates',
    query: PagedListInput,
    response: pagedResult(ProductUpdateDto),
    access: { authenticated: true },
    summary: 'The published system updates, newest first (Product Updates)',
    tags: ['Account'],
  }),
};
