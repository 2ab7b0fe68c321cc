import { z } from 'zod';
import { InitOtQuotationInput, OtItemCostInput, UpdateOtQuotationInput } from '../cases/modules/ot';
import { Uuid } from '../ids';
import { endpoint } from './endpoint';

/**
 * OT's own calls (decision 0046): the quotation of an OT case, under the assessment it is
 * (`/api/app/assessments/:id/otQuotation…`, as the spec names them).
 */
const features = ['OT'] as const;
const read = { permission: 'Casebook.OT', features } as const;
const update = { permission: 'Casebook.OT.Update', features } as const;
const tags = ['Occupational Therapy'];
const BASE = '/api/app/assessments/:id/otQuotation';
const IdParams = z.object({ id: Uuid });
const ItemParams = z.object({ id: Uuid, itemId: Uuid });

export const OtItemCostDto = z.object({
  id: z.string(),
  position: z.number(),
  description: z.string(),
  quantity: z.number(),
  /** Cents. */
  unitPrice: z.number(),
  taxable: z.boolean(),
  /** quantity × unit price, cents. */
  amount: z.number(),
  gst: z.number(),
  total: z.number(),
});

export const OtQuotationDto = z.object({
  id: z.string(),
  caseId: z.string(),
  caseNo: z.string(),
  quotationDate: z.string(),
  validUntil: z.string().nullable(),
  notes: z.string().nullable(),
  /** The GST rate in force on the quotation date, in basis points. */
  gstBasisPoints: z.number(),
  items: z.array(OtItemCostDto),
  /** Cents: the items' amounts, their GST, and both together. */
  subtotal: z.number(),
  gst: z.number(),
  total: z.number(),
  concurrencyStamp: z.string(),
});
export type OtQuotationDto = z.infer<typeof OtQuotationDto>;

export const OtEndpoints = {
  quotation: endpoint({
    method: 'GET',
    path: BASE,
    params: IdParams,
    response: OtQuotationDto,
    access: read,
    summary: "The OT case's quotation with its item costs and totals",
    tags,
  }),
  initCase: endpoint({
    method: 'POST',
    path: `${BASE}/initCase`,
    params: IdParams,
    body: InitOtQuotationInput,
    response: OtQuotationDto,
    access: update,
    summary: 'Creates the quotation of an OT case from the case',
    tags,
  }),
  updateQuotation: endpoint({
    method: 'PUT',
    path: BASE,
    params: IdParams,
    body: UpdateOtQuotationInput,
    response: OtQuotationDto,
    access: update,
    tags,
  }),
  addItemCost: endpoint({
    method: 'POST',
    path: `${BASE}/itemCosts`,
    params: IdParams,
    body: OtItemCostInput,
    response: OtQuotationDto,
    access: update,
    tags,
  }),
  updateItemCost: endpoint({
    method: 'PUT',
    path: `${BASE}/itemCosts/:itemId`,
    params: ItemParams,
    body: OtItemCostInput,
    response: OtQuotationDto,
    access: update,
    tags,
  }),
  deleteItemCost: endpoint({
    method: 'DELETE',
    path: `${BASE}/itemCosts/:itemId`,
    params: ItemParams,
    response: OtQuotationDto,
    access: update,
    tags,
  }),
};

export const OtEndpointList = Object.values(OtEndpoints);
