import type { FastifyInstance } from 'fastify';
import { BookingAssistantEndpoints as api } from '@casebook/domain';
import { contextOf } from '../../platform/access/context';
import { registerEndpoint } from '../../platform/http/endpoints';
import type { CasesService } from '../cases/cases.service';
import type { SchedulingService } from '../scheduling/scheduling.service';
import { BookingAssistantService } from './booking-assistant.service';
import type { LanguageModel } from './language-model';

/** The booking assistant's question call. */
export function registerBookingAssistantRoutes(
  app: FastifyInstance,
  deps: { sessions: SchedulingService; cases: CasesService; model?: LanguageModel | undefined },
): BookingAssistantService {
  const service = new BookingAssistantService(deps.sessions, deps.cases, deps.model);
  registerEndpoint(app, api.ask, async (req) => service.ask(contextOf(req), req.body.question));
  return service;
}
