import type { PmsProvider } from '@casebook/domain';

/**
 * The parts of each practice software's public REST API that Casebook uses, written down once: where
 * each call goes, what the list envelopes and the matter's fields are called, and how webhooks are
 * signed. The adapters speak it; the local fakes answer it.
 */
export type PmsWire = {
  authorizePath: string;
  tokenPath: string;
  /** The connected account (firm): its id and name. */
  accountPath: string;
  account: { id: string; name: string };
  mattersPath: string;
  /** The query parameter of a matter search. */
  searchParam: string;
  matterPath: (id: string) => string;
  contactPath: (id: string) => string;
  userPath: (id: string) => string;
  documentsPath: (matterId: string) => string;
  uploadPath: (matterId: string) => string;
  webhooksPath: string;
  fieldSetsPath: string;
  /** The key an envelope keeps its payload under (Clio's `data`); none: the payload is the body. */
  envelope: string | null;
  /** The key a list keeps its items under. */
  listKey: { matters: string; documents: string; fieldSets: string };
  matter: {
    id: string;
    number: string;
    description: string;
    status: string;
    client: string;
    responsible: string;
  };
  document: { id: string; name: string };
  /** The upload's body for a document of a matter (base64 content). */
  uploadBody: (matterId: string, doc: { name: string; contentType: string; base64: string }) => object;
  webhookBody: (url: string) => object;
  webhookCreated: { id: string; secret: string };
  /** Header of the webhook's signature: hex HMAC-SHA256 of the exact body with the registration's secret. */
  signatureHeader: string;
  event: { id: string; matterId: (body: Record<string, unknown>) => unknown };
};

const clio: PmsWire = {
  authorizePath: '/oauth/authorize',
  tokenPath: '/oauth/token',
  accountPath: '/api/v4/users/who_am_i.json',
  account: { id: 'id', name: 'name' },
  mattersPath: '/api/v4/matters.json',
  searchParam: 'query',
  matterPath: (id) => `/api/v4/matters/${encodeURIComponent(id)}.json`,
  contactPath: (id) => `/api/v4/contacts/${encodeURIComponent(id)}.json`,
  userPath: (id) => `/api/v4/users/${encodeURIComponent(id)}.json`,
  documentsPath: (m) => `/api/v4/documents.json?matter_id=${encodeURIComponent(m)}`,
  uploadPath: () => '/api/v4/documents.json',
  webhooksPath: '/api/v4/webhooks.json',
  fieldSetsPath: '/api/v4/custom_field_sets.json',
  envelope: 'data',
  listKey: { matters: '', documents: '', fieldSets: '' },
  matter: {
    id: 'id',
    number: 'display_number',
    description: 'description',
    status: 'status',
    client: 'client',
    responsible: 'responsible_attorney',
  },
  document: { id: 'id', name: 'name' },
  uploadBody: (m, d) => ({
    data: { name: d.name, parent: { id: m, type: 'Matter' }, content_type: d.contentType, content: d.base64 },
  }),
  webhookBody: (url) => ({ data: { url, model: 'matter', events: ['updated'] } }),
  webhookCreated: { id: 'id', secret: 'shared_secret' },
  signatureHeader: 'x-hook-signature',
  event: { id: 'id', matterId: (b) => (b.data as { id?: unknown } | undefined)?.id },
};

const leap: PmsWire = {
  authorizePath: '/oauth/authorize',
  tokenPath: '/oauth/token',
  accountPath: '/api/v2/firm',
  account: { id: 'firmId', name: 'firmName' },
  mattersPath: '/api/v2/matters',
  searchParam: 'search',
  matterPath: (id) => `/api/v2/matters/${encodeURIComponent(id)}`,
  contactPath: (id) => `/api/v2/cards/${encodeURIComponent(id)}`,
  userPath: (id) => `/api/v2/staff/${encodeURIComponent(id)}`,
  documentsPath: (m) => `/api/v2/matters/${encodeURIComponent(m)}/documents`,
  uploadPath: (m) => `/api/v2/matters/${encodeURIComponent(m)}/documents`,
  webhooksPath: '/api/v2/webhooks',
  fieldSetsPath: '/api/v2/customfields',
  envelope: null,
  listKey: { matters: 'matters', documents: 'documents', fieldSets: 'customFieldSets' },
  matter: {
    id: 'matterId',
    number: 'matterNumber',
    description: 'matterDescription',
    status: 'matterStatus',
    client: 'client',
    responsible: 'responsibleStaff',
  },
  document: { id: 'documentId', name: 'fileName' },
  uploadBody: (_m, d) => ({ fileName: d.name, contentType: d.contentType, content: d.base64 }),
  webhookBody: (url) => ({ callbackUrl: url, events: ['MatterUpdated'] }),
  webhookCreated: { id: 'webhookId', secret: 'signingKey' },
  signatureHeader: 'x-leap-signature',
  event: { id: 'eventId', matterId: (b) => b.matterId },
};

const practiceEvolve: PmsWire = {
  authorizePath: '/connect/authorize',
  tokenPath: '/connect/token',
  accountPath: '/api/practice',
  account: { id: 'practiceId', name: 'practiceName' },
  mattersPath: '/api/matters',
  searchParam: 'q',
  matterPath: (id) => `/api/matters/${encodeURIComponent(id)}`,
  contactPath: (id) => `/api/contacts/${encodeURIComponent(id)}`,
  userPath: (id) => `/api/employees/${encodeURIComponent(id)}`,
  documentsPath: (m) => `/api/matters/${encodeURIComponent(m)}/documents`,
  uploadPath: (m) => `/api/matters/${encodeURIComponent(m)}/documents`,
  webhooksPath: '/api/subscriptions',
  fieldSetsPath: '/api/matter-field-groups',
  envelope: null,
  listKey: { matters: 'items', documents: 'items', fieldSets: 'items' },
  matter: {
    id: 'id',
    number: 'matterCode',
    description: 'title',
    status: 'state',
    client: 'client',
    responsible: 'responsibleEmployee',
  },
  document: { id: 'id', name: 'title' },
  uploadBody: (_m, d) => ({ title: d.name, mimeType: d.contentType, contentBase64: d.base64 }),
  webhookBody: (url) => ({ notificationUrl: url, resource: 'matter' }),
  webhookCreated: { id: 'id', secret: 'secret' },
  signatureHeader: 'x-pe-signature',
  event: { id: 'notificationId', matterId: (b) => (b.resource as { id?: unknown } | undefined)?.id },
};

const actionstep: PmsWire = {
  authorizePath: '/api/oauth/authorize',
  tokenPath: '/api/oauth/token',
  accountPath: '/api/rest/orgsettings',
  account: { id: 'orgkey', name: 'orgName' },
  mattersPath: '/api/rest/actions',
  searchParam: 'name_ilike',
  matterPath: (id) => `/api/rest/actions/${encodeURIComponent(id)}`,
  contactPath: (id) => `/api/rest/participants/${encodeURIComponent(id)}`,
  userPath: (id) => `/api/rest/participants/${encodeURIComponent(id)}`,
  documentsPath: (m) => `/api/rest/actiondocuments?action=${encodeURIComponent(m)}`,
  uploadPath: () => '/api/rest/actiondocuments',
  webhooksPath: '/api/rest/resthooks',
  fieldSetsPath: '/api/rest/datacollections',
  envelope: null,
  listKey: { matters: 'actions', documents: 'actiondocuments', fieldSets: 'datacollections' },
  matter: {
    id: 'id',
    number: 'reference',
    description: 'name',
    status: 'status',
    client: 'primaryParticipant',
    responsible: 'assignedTo',
  },
  document: { id: 'id', name: 'name' },
  uploadBody: (m, d) => ({ actiondocuments: { name: d.name, file: d.base64, links: { action: m } } }),
  webhookBody: (url) => ({ resthooks: { eventName: 'ActionUpdated', targetUrl: url } }),
  webhookCreated: { id: 'id', secret: 'secret' },
  signatureHeader: 'x-actionstep-signature',
  event: { id: 'eventId', matterId: (b) => (b.action as { id?: unknown } | undefined)?.id },
};

const smokeball: PmsWire = {
  authorizePath: '/oauth2/authorize',
  tokenPath: '/oauth2/token',
  accountPath: '/me',
  account: { id: 'accountId', name: 'accountName' },
  mattersPath: '/matters',
  searchParam: 'search',
  matterPath: (id) => `/matters/${encodeURIComponent(id)}`,
  contactPath: (id) => `/contacts/${encodeURIComponent(id)}`,
  userPath: (id) => `/staff/${encodeURIComponent(id)}`,
  documentsPath: (m) => `/matters/${encodeURIComponent(m)}/documents`,
  uploadPath: (m) => `/matters/${encodeURIComponent(m)}/documents`,
  webhooksPath: '/webhooks',
  fieldSetsPath: '/layouts',
  envelope: null,
  listKey: { matters: 'value', documents: 'value', fieldSets: 'value' },
  matter: {
    id: 'id',
    number: 'number',
    description: 'description',
    status: 'status',
    client: 'clientContact',
    responsible: 'personResponsible',
  },
  document: { id: 'id', name: 'fileName' },
  uploadBody: (_m, d) => ({ fileName: d.name, contentType: d.contentType, base64Content: d.base64 }),
  webhookBody: (url) => ({ eventTypes: ['matter.updated'], eventNotificationUrl: url }),
  webhookCreated: { id: 'id', secret: 'key' },
  signatureHeader: 'x-smokeball-signature',
  event: { id: 'id', matterId: (b) => (b.payload as { id?: unknown } | undefined)?.id },
};

export const PMS_WIRES: Readonly<Record<PmsProvider, PmsWire>> = {
  clio,
  leap,
  'practice-evolve': practiceEvolve,
  actionstep,
  smokeball,
};
