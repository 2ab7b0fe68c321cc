import type { FastifyInstance } from 'fastify';
import { VideoEndpoints as api } from '@casebook/domain';
import { contextOf } from '../../platform/access/context';
import { registerEndpoint } from '../../platform/http/endpoints';
import type { VideoService } from './video.service';

/** A case's video information and meeting, the meeting list and close, and the meeting page's call by link. */
export function registerVideoRoutes(app: FastifyInstance, service: VideoService): void {
  registerEndpoint(app, api.videoInfo, async (req) => service.videoInfo(contextOf(req), req.params.id));
  registerEndpoint(app, api.saveVideoInfo, async (req) =>
    service.saveVideoInfo(contextOf(req), req.params.id, req.body),
  );
  registerEndpoint(app, api.generateVideoLink, async (req) => service.generate(contextOf(req), req.params.id));
  registerEndpoint(app, api.sendVideoLink, async (req) => service.sendLinks(contextOf(req), req.params.id, req.body));
  registerEndpoint(app, api.videoMeetings, async (req) => service.list(contextOf(req), req.query));
  registerEndpoint(app, api.videoMeeting, async (req) => service.get(contextOf(req), req.params.id));
  registerEndpoint(app, api.closeMeeting, async (req) => service.close(contextOf(req), req.params.id));
  registerEndpoint(app, api.viewVideo, async (req) => service.viewVideo(req.body.token));
}
