import { z } from 'zod';
import { CommunicationTypeLabels } from './correspondence';
import { IsoDate } from './fields';
import { PagedListInput } from './paging';

/**
 * Relationship activities (decision 0114): the meetings, calls, e-mails and messages of the relationship kinds
 * that the office keeps with the companies, case managers and specialists it works with. Each is a
 * correspondence note of the party's record.
 */
export const RelationshipActivityTypes = [
  'RELATIONSHIP_MEETING',
  'RELATIONSHIP_CALL',
  'RELATIONSHIP_EMAIL',
  'RELATIONSHIP_MESSAGE',
] as const;
export type RelationshipActivityType = (typeof RelationshipActivityTypes)[number];
export const RelationshipActivityTypeLabels: Record<RelationshipActivityType, string> = {
  RELATIONSHIP_MEETING: CommunicationTypeLabels.RELATIONSHIP_MEETING,
  RELATIONSHIP_CALL: CommunicationTypeLabels.RELATIONSHIP_CALL,
  RELATIONSHIP_EMAIL: CommunicationTypeLabels.RELATIONSHIP_EMAIL,
  RELATIONSHIP_MESSAGE: CommunicationTypeLabels.RELATIONSHIP_MESSAGE,
};

/** Whom an activity was with; the note is kept on that record's correspondence (its `fromModule`). */
export const RelationshipParties = ['COMPANY', 'CASE_MANAGER', 'SPECIALIST'] as const;
export type RelationshipParty = (typeof RelationshipParties)[number];
export const RelationshipPartyLabels: Record<RelationshipParty, string> = {
  COMPANY: 'Company',
  CASE_MANAGER: 'Case manager',
  SPECIALIST: 'Specialist',
};

export const RelationshipActivityDto = z.object({
  id: z.string(),
  communicationType: z.enum(RelationshipActivityTypes),
  party: z.enum(RelationshipParties),
  partyId: z.string(),
  partyName: z.string(),
  /** The company: the party itself, or a case manager's company; none for a specialist. */
  companyId: z.string().nullable(),
  companyName: z.string().nullable(),
  contactName: z.string().nullable(),
  content: z.string(),
  contactTime: z.string(),
  creatorId: z.string().nullable(),
  creatorName: z.string().nullable(),
});
export type RelationshipActivityDto = z.infer<typeof RelationshipActivityDto>;

const typeError = { error: `communicationType must be one of ${RelationshipActivityTypes.join(', ')}` };
const partyError = { error: `party must be one of ${RelationshipParties.join(', ')}` };

/** The list's filters: type, party kind, company (its own and its case managers' activities), staff, days. */
export const RelationshipActivityListInput = PagedListInput.extend({
  communicationType: z.enum(RelationshipActivityTypes, typeError).optional(),
  party: z.enum(RelationshipParties, partyError).optional(),
  companyId: z.uuid({ error: 'companyId must be a UUID' }).optional(),
  /** The user who recorded the activity. */
  creatorId: z.uuid({ error: 'creatorId must be a UUID' }).optional(),
  /** First and last day (the tenant's calendar) of the contact time. */
  fromDate: IsoDate.optional(),
  toDate: IsoDate.optional(),
}).refine((q) => !q.fromDate || !q.toDate || q.fromDate <= q.toDate, {
  path: ['toDate'],
  message: 'toDate must not be before fromDate',
});
export type RelationshipActivityListInput = z.infer<typeof RelationshipActivityListInput>;

/** The export takes the list's filters (all pages). */
export const RelationshipActivityExportInput = RelationshipActivityListInput;

export const CreateRelationshipActivityInput = z.strictObject({
  communicationType: z.enum(RelationshipActivityTypes, typeError),
  party: z.enum(RelationshipParties, partyError),
  partyId: z.uuid({ error: 'partyId must be a UUID' }),
  contactName: z.string().trim().max(200).nullable().optional(),
  content: z.string({ error: 'This field is required' }).trim().min(1, 'This field is required').max(4000),
  /** When it took place; now when left out. */
  contactTime: z.iso.datetime({ offset: true, error: 'contactTime must be a date and time' }).optional(),
});
export type CreateRelationshipActivityInput = z.infer<typeof CreateRelationshipActivityInput>;
