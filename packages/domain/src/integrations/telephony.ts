import { z } from 'zod';
import { endpoint } from '../endpoints/endpoint';
import { Uuid } from '../ids';
import { Permissions } from '../permissions';

/** The tenant setting that shows the telephony provider's call widget (spec: "telephony embeddable enable"). */
export const TELEPHONY_WIDGET_SETTING = 'TelephonyEmbeddableEnable';

/** Whether a tenant's settings turn the call widget on ('True', as feature flags are written, or true). */
export function telephonyWidgetEnabled(settings: Record<string, unknown> | null | undefined): boolean {
  const value = settings?.[TELEPHONY_WIDGET_SETTING];
  return value === true || (typeof value === 'string' && value.toLowerCase() === 'true');
}

/** What the web needs to show the call widget: whether it is on, and its page with the client's id. */
export const TelephonyWidgetDto = z
  .object({
    enabled: z.boolean(),
    connected: z.boolean(),
    /** The embeddable widget's page (with clientId and appServer), null when the widget is off. */
    widgetUrl: z.string().nullable(),
  })
  .meta({ id: 'TelephonyWidgetDto' });
export type TelephonyWidgetDto = z.infer<typeof TelephonyWidgetDto>;

/** A finished call's result, posted once it ends; the call itself is read from the provider's call log. */
export const CallResultInput = z.object({
  caseId: Uuid,
  telephonySessionId: z
    .string()
    .trim()
    .min(1, 'telephonySessionId is required')
    .max(200, 'telephonySessionId must be at most 200 characters'),
  /** Who was called, as the screen offered them. */
  party: z.enum(['claimant', 'caseManager', 'other']).default('other'),
  notes: z.string().trim().max(4000, 'notes must be at most 4000 characters').optional(),
});
export type CallResultInput = z.input<typeof CallResultInput>;

export const CallResultDto = z
  .object({
    id: z.string(),
    caseId: z.string(),
    telephonySessionId: z.string(),
    direction: z.enum(['Inbound', 'Outbound']),
    result: z.string(),
    durationSeconds: z.number().int(),
    phoneNumber: z.string().nullable(),
    contactName: z.string().nullable(),
    startTime: z.string(),
    /** The correspondence entry of the case the call was recorded as. */
    correspondenceNoteId: z.string(),
  })
  .meta({ id: 'CallResultDto' });
export type CallResultDto = z.infer<typeof CallResultDto>;

const P = Permissions.telephony;
const tags = ['Telephony'];

/** app/ringCentral: the connection (authorize), the call widget's settings, and call results. */
export const TelephonyEndpoints = {
  authorize: endpoint({
    method: 'POST',
    path: '/api/app/ringCentral/authorize',
    response: z.object({ authorizeUrl: z.string() }),
    access: { permission: P.connect },
    summary: "Starts the tenant's RingCentral connection: the authorize URL to send the browser to",
    tags,
  }),
  widget: endpoint({
    method: 'GET',
    path: '/api/app/ringCentral/widget',
    response: TelephonyWidgetDto,
    access: { permission: P.use },
    summary: "The call widget: on when the tenant's telephony setting is on and RingCentral is set up",
    tags,
  }),
  callResult: endpoint({
    method: 'POST',
    path: '/api/app/ringCentral/callresult',
    body: CallResultInput,
    response: CallResultDto,
    access: { permission: P.use },
    summary: "Records a finished call in the case's correspondence, read from RingCentral's call log (once per call)",
    tags,
  }),
};
