import { z } from 'zod';
import {
  CaseIndependenceDto,
  ClaimantRelationshipDto,
  ClaimantRelationshipInput,
  IndependenceCheckQuery,
  IndependenceCheckResult,
  IndependenceOverrideInput,
  IndependenceRecordDto,
} from '../cases/independence';
import { Uuid } from '../ids';
import { Permissions } from '../permissions';
import { endpoint } from './endpoint';

const IdParams = z.object({ id: Uuid });
const features = ['Assessment', 'MassTorts', 'OT', 'COTELE'] as const;

/**
 * The independence check: whether a specialist may examine a claimant, before a booking is saved, the
 * case's recorded result and overrides, and the relationships a claimant's record states.
 */
export const IndependenceEndpoints = {
  independenceCheck: endpoint({
    method: 'GET',
    path: '/api/app/independence-check',
    query: z.object({ clientId: Uuid, specialistId: Uuid, caseId: Uuid.optional() }),
    response: IndependenceCheckResult,
    access: { permission: Permissions.assessments.read, features },
    summary:
      "Whether the specialist may examine the claimant: their earlier cases with the claimant (any module, any company), a treating or other-party relationship on the claimant's record; clear, warning or blocked by the tenant's rule",
    tags: ['Assessments'],
  }),
  caseIndependence: endpoint({
    method: 'GET',
    path: '/api/app/assessments/:id/independence',
    params: IdParams,
    query: IndependenceCheckQuery,
    response: CaseIndependenceDto,
    access: { permission: Permissions.assessments.read, features },
    summary: "The check of the case's specialist (or the one named) and the result last recorded on the case",
    tags: ['Assessments'],
  }),
  overrideIndependence: endpoint({
    method: 'POST',
    path: '/api/app/assessments/:id/independenceOverride',
    params: IdParams,
    body: IndependenceOverrideInput,
    response: IndependenceRecordDto,
    access: { permission: Permissions.assessments.update, features },
    summary:
      'Goes ahead with a specialist despite a warning: the reason is recorded on the case with who gave it (a block cannot be overridden)',
    tags: ['Assessments'],
  }),
  claimantRelationships: endpoint({
    method: 'GET',
    path: '/api/app/clients/:id/relationships',
    params: IdParams,
    response: z.object({ items: z.array(ClaimantRelationshipDto) }),
    access: { permission: Permissions.clients.read },
    tags: ['Clients'],
  }),
  addClaimantRelationship: endpoint({
    method: 'POST',
    path: '/api/app/clients/:id/relationships',
    params: IdParams,
    body: ClaimantRelationshipInput,
    response: ClaimantRelationshipDto,
    access: { permission: Permissions.clients.update },
    summary: "Records that a specialist treats the claimant or acted for the other party of the claimant's claim",
    tags: ['Clients'],
  }),
};
