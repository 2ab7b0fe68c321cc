import { z } from 'zod';
import { AustralianStates } from '../people';
import { IsoDate } from '../fields';
import { Uuid } from '../ids';
import { pagedResult } from '../paging';
import { CreateMvaOfferInput, CreateMvaSettlementInput, MvaModule, MvaOfferParties } from '../cases/modules/mva';
import { caseModuleEndpoints, moduleEndpointList } from './case-modules';
import { endpoint } from './endpoint';

/**
 * MVA claims (decision 0045): the shared calls of the declaration under `/api/app/mva`, the limitation date,
 * and the claim's offers and settlements as its own records under `/api/app/mva/:id/…`.
 */
const BASE = '/api/app/mva';
const read = { permission: `Casebook.${MvaModule.permissionGroup}`, features: MvaModule.features } as const;
const update = { permission: `Casebook.${MvaModule.permissionGroup}.Update`, features: MvaModule.features } as const;
const tags = [MvaModule.title];
const IdParams = z.object({ id: Uuid });

export const MvaLimitationQuery = z.object({ stateId: z.enum(AustralianStates), accidentDate: IsoDate });
export const MvaLimitationDto = z.object({
  stateId: z.enum(AustralianStates),
  accidentDate: z.string(),
  limitationDate: z.string(),
  years: z.number(),
  source: z.string(),
});

export const MvaOfferDto = z.object({
  id: z.string(),
  offerDate: z.string(),
  /** Cents. */
  amount: z.number(),
  offeredBy: z.enum(MvaOfferParties),
  notes: z.string().nullable(),
  isCurrent: z.boolean(),
  creationTime: z.string(),
});
export type MvaOfferDto = z.infer<typeof MvaOfferDto>;

export const MvaSettlementDto = z.object({
  id: z.string(),
  settlementDate: z.string(),
  /** Cents. */
  amount: z.number(),
  notes: z.string().nullable(),
  creationTime: z.string(),
});
export type MvaSettlementDto = z.infer<typeof MvaSettlementDto>;

const shared = caseModuleEndpoints(MvaModule, BASE);

export const MvaEndpoints = {
  ...shared,
  calculateLimitationDate: endpoint({
    method: 'GET',
    path: `${BASE}/calculateLimitationDate`,
    query: MvaLimitationQuery,
    response: MvaLimitationDto,
    access: read,
    summary: "The last day to start proceedings: the accident state's personal-injury limitation period",
    tags,
  }),
  offers: endpoint({
    method: 'GET',
    path: `${BASE}/:id/offers`,
    params: IdParams,
    response: pagedResult(MvaOfferDto),
    access: read,
    tags,
  }),
  addOffer: endpoint({
    method: 'POST',
    path: `${BASE}/:id/offers`,
    params: IdParams,
    body: CreateMvaOfferInput,
    response: MvaOfferDto,
    access: update,
    summary: 'Records an offer; the first offer of a claim is its current one',
    tags,
  }),
  setCurrentOffer: endpoint({
    method: 'PUT',
    path: `${BASE}/:id/offers/:offerId/setCurrent`,
    params: z.object({ id: Uuid, offerId: Uuid }),
    response: MvaOfferDto,
    access: update,
    summary: 'Makes the offer the current one (the claim has one current offer)',
    tags,
  }),
  settlements: endpoint({
    method: 'GET',
    path: `${BASE}/:id/settlements`,
    params: IdParams,
    response: pagedResult(MvaSettlementDto),
    access: read,
    tags,
  }),
  addSettlement: endpoint({
    method: 'POST',
    path: `${BASE}/:id/settlements`,
    params: IdParams,
    body: CreateMvaSettlementInput,
    response: MvaSettlementDto,
    access: update,
    tags,
  }),
};

export const MvaEndpointList = [
  ...moduleEndpointList(shared),
  MvaEndpoints.calculateLimitationDate,
  MvaEndpoints.offers,
  MvaEndpoints.addOffer,
  MvaEndpoints.setCurrentOffer,
  MvaEndpoints.settlements,
  MvaEndpoints.addSettlement,
];
