import { z } from 'zod';
import { NdisAttendeeInput, NdisClinicalNoteInput, NdisKeyContactInput, NdisModule } from '../cases/modules/ndis';
import { Uuid } from '../ids';
import { pagedResult } from '../paging';
import { caseModuleEndpoints, moduleEndpointList } from './case-modules';
import { endpoint } from './endpoint';

/**
 * NDIS cases (decision 0047): the shared calls of the declaration under `/api/app/ndis`, the participant's key
 * contacts, attendees and clinical notes, and the service agreement as a PDF.
 */
const BASE = '/api/app/ndis';
const group = `Casebook.${NdisModule.permissionGroup}`;
const read = { permission: group, features: NdisModule.features } as const;
const update = { permission: `${group}.Update`, features: NdisModule.features } as const;
const tags = [NdisModule.title];
const IdParams = z.object({ id: Uuid });
const EntryParams = z.object({ id: Uuid, entryId: Uuid });

export const NdisKeyContactDto = z.object({
  id: z.string(),
  name: z.string(),
  relationship: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
});
export const NdisAttendeeDto = z.object({ id: z.string(), name: z.string(), role: z.string().nullable() });
export const NdisClinicalNoteDto = z.object({
  id: z.string(),
  noteDate: z.string(),
  note: z.string(),
  userName: z.string().nullable(),
  creationTime: z.string(),
});

/** List, add and delete calls of one kind of the participant's records. */
function entries<I extends z.ZodType, D extends z.ZodType>(path: string, getPath: string, input: I, dto: D) {
  return {
    list: endpoint({
      method: 'GET',
      path: `${BASE}/:id/${getPath}`,
      params: IdParams,
      response: pagedResult(dto),
      access: read,
      tags,
    }),
    add: endpoint({
      method: 'POST',
      path: `${BASE}/:id/${path}`,
      params: IdParams,
      body: input,
      response: dto,
      access: update,
      tags,
    }),
    remove: endpoint({
      method: 'DELETE',
      path: `${BASE}/:id/${path}/:entryId`,
      params: EntryParams,
      status: 204,
      access: update,
      tags,
    }),
  };
}

const shared = caseModuleEndpoints(NdisModule, BASE);

export const NdisEndpoints = {
  ...shared,
  keyContacts: entries('KeyContact', 'KeyContact', NdisKeyContactInput, NdisKeyContactDto),
  attendees: entries('attendees', 'attendees', NdisAttendeeInput, NdisAttendeeDto),
  clinicalNotes: entries('clinicalnote', 'getClinicalNotes', NdisClinicalNoteInput, NdisClinicalNoteDto),
  printServiceAgreement: endpoint({
    method: 'GET',
    path: `${BASE}/:id/printServiceAgreement`,
    params: IdParams,
    access: read,
    summary: "The participant's service agreement as a PDF",
    tags,
  }),
};

export const NdisEndpointList = [
  ...moduleEndpointList(shared),
  ...[NdisEndpoints.keyContacts, NdisEndpoints.attendees, NdisEndpoints.clinicalNotes].flatMap((e) => [
    e.list,
    e.add,
    e.remove,
  ]),
  NdisEndpoints.printServiceAgreement,
];
