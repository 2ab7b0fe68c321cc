import type { FastifyInstance } from 'fastify';
import { ChecklistEndpoints as api } from '@casebook/domain';
import { contextOf } from '../../platform/access/context';
import { registerEndpoint } from '../../platform/http/endpoints';
import type { LmqService } from './lmq.service';

/** app/check-lists and app/task-checklists (case-modules.md §7 "Checklists and task-checklists"). */
export function registerLmqRoutes(app: FastifyInstance, service: LmqService): void {
  registerEndpoint(app, api.list, async (req) => service.list(contextOf(req), req.query));
  registerEndpoint(app, api.get, async (req) => service.get(contextOf(req), req.params.id));
  registerEndpoint(app, api.create, async (req) => service.create(contextOf(req), req.body));
  registerEndpoint(app, api.update, async (req) => service.update(contextOf(req), req.params.id, req.body));
  registerEndpoint(app, api.copy, async (req) => service.copy(contextOf(req), req.params.id));
  registerEndpoint(app, api.resetToDefault, async (req) =>
    service.resetToDefault(contextOf(req), req.params.id, req.body.concurrencyStamp),
  );
  registerEndpoint(app, api.enable, async (req) => service.enable(contextOf(req), req.params.id));
  registerEndpoint(app, api.disable, async (req) => service.disable(contextOf(req), req.params.id));
  registerEndpoint(app, api.criterias, async (req) => service.criterias(contextOf(req), req.params.id));
  registerEndpoint(app, api.updateCriterias, async (req) =>
    service.updateCriterias(contextOf(req), req.params.id, req.body),
  );
  registerEndpoint(app, api.taskList, async (req) => service.taskList(contextOf(req), req.query.caseId));
  registerEndpoint(app, api.countLmqStatus, async (req) => service.countLmqStatus(contextOf(req), req.query.caseId));
  registerEndpoint(app, api.taskCreate, async (req) => service.taskCreate(contextOf(req), req.body));
  registerEndpoint(app, api.taskUpdateCriterias, async (req) =>
    service.taskUpdateCriterias(contextOf(req), req.params.id, req.body),
  );
  registerEndpoint(app, api.taskResetCriterias, async (req) =>
    service.taskResetCriterias(contextOf(req), req.params.id, req.body.concurrencyStamp),
  );
}
