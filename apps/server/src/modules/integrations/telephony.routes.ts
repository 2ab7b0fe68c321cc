import type { FastifyInstance } from 'fastify';
import { TelephonyEndpoints as api } from '@casebook/domain';
import { contextOf } from '../../platform/access/context';
import { registerEndpoint } from '../../platform/http/endpoints';
import type { TelephonyService } from './telephony.service';

/** app/ringCentral: authorize (the connection), the call widget's settings, and call results. */
export function registerTelephonyRoutes(app: FastifyInstance, service: TelephonyService): void {
  registerEndpoint(app, api.authorize, async (req) => service.authorize(contextOf(req)));
  registerEndpoint(app, api.widget, async (req) => service.widget(contextOf(req)));
  registerEndpoint(app, api.callResult, async (req) => service.callResult(contextOf(req), req.body));
}
