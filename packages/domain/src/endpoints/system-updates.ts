import { z } from 'zod';
import { requiredText } from '../fields';
import { Uuid } from '../ids';
import { PagedListInput, pagedResult } from '../paging';
import { Permissions } from '../permissions';
import { endpoint } from './endpoint';

/** A system update as the host's System Updates screen shows it; a draft has no `publishedAt`. */
export const SystemUpdateDto = z.object({
  id: Uuid,
  version: z.string(),
  title: z.string(),
  content: z.string(),
  publishedAt: z.string().nullable(),
  creationTime: z.string(),
  /** When it was last sent by e-mail, and how often. */
  lastSentAt: z.string().nullable(),
  sendCount: z.number().int(),
});
export type SystemUpdateDto = z.infer<typeof SystemUpdateDto>;

/** Longest text of an update: a release note, not a manual. */
export const SYSTEM_UPDATE_CONTENT_MAX = 20_000;

/** Creating an update: `publish` makes it visible to every user as a Product Update now. */
export const CreateSystemUpdateInput = z.strictObject({
  version: requiredText(32),
  title: requiredText(200),
  content: requiredText(SYSTEM_UPDATE_CONTENT_MAX),
  publish: z.boolean().default(false),
});
export type CreateSystemUpdateInput = z.input<typeof CreateSystemUpdateInput>;

/** Changing an update; `publish: false` takes a published update back to a draft. */
export const UpdateSystemUpdateInput = z.strictObject({
  version: requiredText(32),
  title: requiredText(200),
  content: requiredText(SYSTEM_UPDATE_CONTENT_MAX),
  publish: z.boolean(),
});
export type UpdateSystemUpdateInput = z.input<typeof UpdateSystemUpdateInput>;

/** Sending by e-mail: to the admins of these tenants, or of every active tenant when none are named. */
export const SendSystemUpdateInput = z.strictObject({
  tenantIds: z.array(Uuid).max(1000, 'at most 1000 tenants').default([]),
});
export type SendSystemUpdateInput = z.input<typeof SendSystemUpdateInput>;

/** One send of an update by e-mail: who sent it, when, and to whom (each recipient's tenant). */
export const SystemUpdateSendDto = z.object({
  id: Uuid,
  systemUpdateId: Uuid,
  sentAt: z.string(),
  sentByName: z.string(),
  tenantCount: z.number().int(),
  recipients: z.array(z.object({ tenantId: Uuid, tenantName: z.string(), email: z.string() })),
});
export type SystemUpdateSendDto = z.infer<typeof SystemUpdateSendDto>;

const IdParams = z.object({ id: Uuid });
const tags = ['System updates'];
const read = { permission: Permissions.systemUpdates.read, hostOnly: true } as const;
const manage = { permission: Permissions.systemUpdates.manage, hostOnly: true } as const;

/** app/system-update: the host writes what changed in the product and sends it to the tenants' admins. */
export const SystemUpdateEndpoints = {
  listSystemUpdates: endpoint({
    method: 'GET',
    path: '/api/app/system-update',
    query: PagedListInput,
    response: pagedResult(SystemUpdateDto),
    access: read,
    summary: 'Every system update, drafts included, newest first',
    tags,
  }),
  getSystemUpdate: endpoint({
    method: 'GET',
    path: '/api/app/system-update/:id',
    params: IdParams,
    response: SystemUpdateDto,
    access: read,
    tags,
  }),
  createSystemUpdate: endpoint({
    method: 'POST',
    path: '/api/app/system-update',
    body: CreateSystemUpdateInput,
    response: SystemUpdateDto,
    access: manage,
    tags,
  }),
  updateSystemUpdate: endpoint({
    method: 'PUT',
    path: '/api/app/system-update/:id',
    params: IdParams,
    body: UpdateSystemUpdateInput,
    response: SystemUpdateDto,
    access: manage,
    tags,
  }),
  sendSystemUpdateEmail: endpoint({
    method: 'POST',
    path: '/api/app/system-update/:id/sendEmail',
    params: IdParams,
    body: SendSystemUpdateInput,
    response: SystemUpdateSendDto,
    access: manage,
    summary: 'Send a published update by e-mail to the tenant admins of the tenants named, or of every active tenant',
    tags,
  }),
  systemUpdateHistory: endpoint({
    method: 'GET',
    path: '/api/app/system-update/:id/history',
    params: IdParams,
    response: z.array(SystemUpdateSendDto),
    access: read,
    summary: 'The sends of an update by e-mail, newest first',
    tags,
  }),
};
