import { z } from 'zod';
import type { CaseAppointmentTypes } from '../cases/dto';
import { endpoint } from '../endpoints/endpoint';
import { isEmail } from '../forms';
import { Uuid } from '../ids';
import { Permissions } from '../permissions';

/** The spec's words for the video meeting pages and calls (shell.md §9, case-modules.md §7). */
export const VideoMessages = {
  missingToken: "An authToken wasn't passed...",
  invalidToken: 'This meeting link is not valid.',
  ended: 'This video meeting has ended.',
  emailed: 'Video link emailed successfully',
  sms: 'Video link SMS successfully',
  notVideo: 'This appointment is not held by video.',
  inProgress: 'The video meeting is in progress: close it before generating new links.',
  noRecipients: 'No participant of the meeting has an e-mail address.',
} as const;

/** A meeting closes this many minutes after its first participant joins, unless configured otherwise. */
export const VIDEO_MEETING_LIMIT_MINUTES = 120;

/** Appointment types held by video: a meeting can be made only for them. */
export const VIDEO_APPOINTMENT_TYPES: readonly (typeof CaseAppointmentTypes)[number][] = [
  'VIDEO',
  'BOTH',
  'OT_VIDEO',
  'CO_TELECONFERENCE',
];

/** Who takes part in a meeting; each has a link of their own. */
export const VideoParticipantRoles = ['SPECIALIST', 'CLAIMANT', 'INTERPRETER', 'CASE_MANAGER'] as const;
export const VideoParticipantRole = z.enum(VideoParticipantRoles);
export type VideoParticipantRole = z.infer<typeof VideoParticipantRole>;
export const VIDEO_ROLE_LABELS: Readonly<Record<VideoParticipantRole, string>> = {
  SPECIALIST: 'Specialist',
  CLAIMANT: 'Claimant',
  INTERPRETER: 'Interpreter',
  CASE_MANAGER: 'Case manager',
};

/** The video platform of an appointment: the provider's own video, or an external meeting tool. */
export const VideoAppTypes = ['CASEBOOK', 'EXTERNAL'] as const;
export const VideoAppType = z.enum(VideoAppTypes);
export type VideoAppType = z.infer<typeof VideoAppType>;
export const VIDEO_APP_TYPE_LABELS: Readonly<Record<VideoAppType, string>> = {
  CASEBOOK: 'Our own video',
  EXTERNAL: 'External meeting tool',
};

export const VideoMeetingStatuses = ['OPEN', 'CLOSED'] as const;
export const VideoMeetingStatus = z.enum(VideoMeetingStatuses);
export type VideoMeetingStatus = z.infer<typeof VideoMeetingStatus>;

/** Why a meeting closed: its time ran out, staff closed it, or new links replaced it. */
export const VideoCloseReasons = ['LIMIT', 'CLOSED_BY_STAFF', 'REPLACED'] as const;
export const VIDEO_CLOSE_REASON_LABELS: Readonly<Record<(typeof VideoCloseReasons)[number], string>> = {
  LIMIT: 'Time limit reached',
  CLOSED_BY_STAFF: 'Closed by staff',
  REPLACED: 'Replaced by new links',
};

export const VideoParticipantDto = z
  .object({
    id: z.string(),
    role: VideoParticipantRole,
    name: z.string(),
    email: z.string().nullable(),
    /** The participant's own link (it reveals this meeting only). */
    link: z.string(),
    firstJoinTime: z.string().nullable(),
    /** In the meeting now. */
    present: z.boolean(),
    lastEmailTime: z.string().nullable(),
  })
  .meta({ id: 'VideoParticipantDto' });
export type VideoParticipantDto = z.infer<typeof VideoParticipantDto>;

export const VideoMeetingDto = z
  .object({
    id: z.string(),
    caseId: z.string(),
    caseNo: z.string(),
    status: VideoMeetingStatus,
    videoAppType: VideoAppType,
    /** When the first participant joined; the meeting closes `limitMinutes` later. */
    firstJoinTime: z.string().nullable(),
    closesAt: z.string().nullable(),
    closedTime: z.string().nullable(),
    closeReason: z.enum(VideoCloseReasons).nullable(),
    limitMinutes: z.number(),
    participants: z.array(VideoParticipantDto),
    alternativeVideoLink: z.string().nullable(),
    alternativeMeetingId: z.string().nullable(),
    alternativeMeetingPasscode: z.string().nullable(),
    creationTime: z.string(),
  })
  .meta({ id: 'VideoMeetingDto' });
export type VideoMeetingDto = z.infer<typeof VideoMeetingDto>;

const PartyInfo = z.object({ id: z.string().nullable(), name: z.string(), email: z.string().nullable() });

/** A case's video information, in the spec's fields, with its current meeting. */
export const VideoInfoDto = z
  .object({
    appointmentTimeZone: z.string(),
    appointmentDateFrom: z.string().nullable(),
    appointmentDateTo: z.string().nullable(),
    title: z.string(),
    caseStatus: z.string(),
    serviceType: z.string(),
    objectId: z.string(),
    appointmentType: z.string().nullable(),
    isVideoAppointment: z.boolean(),
    videoAppType: VideoAppType,
    specialistInfo: PartyInfo.nullable(),
    clientInfo: PartyInfo,
    interpreterInfo: PartyInfo.nullable(),
    caseManagerInfo: PartyInfo,
    staffInfo: PartyInfo.nullable(),
    /** The specialist's link (the host's), when a meeting exists. */
    videoLink: z.string().nullable(),
    alternativeVideoLink: z.string().nullable(),
    alternativeMeetingId: z.string().nullable(),
    alternativeMeetingPasscode: z.string().nullable(),
    meeting: VideoMeetingDto.nullable(),
  })
  .meta({ id: 'VideoInfoDto' });
export type VideoInfoDto = z.infer<typeof VideoInfoDto>;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((s) => (s ? s : null));

/** What staff set on a case's video: the platform, an external tool's link, the interpreter. */
export const VideoInfoInput = z.strictObject({
  videoAppType: VideoAppType.optional(),
  alternativeVideoLink: z
    .url({ protocol: /^https?$/, message: 'Please enter a valid link (http or https).' })
    .max(1000)
    .nullish()
    .or(z.literal('').transform(() => null)),
  alternativeMeetingId: optionalText(100),
  alternativeMeetingPasscode: optionalText(100),
  interpreterName: optionalText(200),
  interpreterEmail: z
    .string()
    .trim()
    .max(256)
    .refine((s) => s === '' || isEmail(s), 'Please enter a valid email')
    .nullish()
    .transform((s) => (s ? s : null)),
});
export type VideoInfoInput = z.input<typeof VideoInfoInput>;

/** Sends the links by e-mail (SMS when asked and offered): to the roles named, else to everyone. */
export const SendVideoLinkInput = z.strictObject({
  roles: z.array(VideoParticipantRole).max(4).optional(),
  isSMS: z.boolean().optional(),
  isResend: z.boolean().optional(),
});
export type SendVideoLinkInput = z.infer<typeof SendVideoLinkInput>;
export const SendVideoLinkResult = z.object({ message: z.string(), sentTo: z.array(z.string()) });

/** One ICE server (STUN or TURN) the browsers use. */
export const IceServer = z.object({
  urls: z.union([z.string(), z.array(z.string())]),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export type IceServer = z.infer<typeof IceServer>;

/** What a participant's link shows: their own meeting only, never anyone's contact details. */
export const VideoSessionDto = z
  .object({
    meetingId: z.string(),
    title: z.string(),
    tenantName: z.string(),
    role: VideoParticipantRole,
    name: z.string(),
    status: VideoMeetingStatus,
    appointmentDateFrom: z.string().nullable(),
    appointmentTimeZone: z.string(),
    closesAt: z.string().nullable(),
    limitMinutes: z.number(),
    iceServers: z.array(IceServer),
    alternativeVideoLink: z.string().nullable(),
    alternativeMeetingId: z.string().nullable(),
    alternativeMeetingPasscode: z.string().nullable(),
    videoAppType: VideoAppType,
  })
  .meta({ id: 'VideoSessionDto' });
export type VideoSessionDto = z.infer<typeof VideoSessionDto>;

export const VideoTokenInput = z.strictObject({ token: z.string().trim().min(1).max(200) });

export const VideoMeetingListQuery = z.object({
  caseId: Uuid.optional(),
  status: VideoMeetingStatus.optional(),
  skipCount: z.coerce.number().int().min(0).default(0),
  maxResultCount: z.coerce.number().int().min(1).max(1000).default(20),
});
export const VideoMeetingListDto = z.object({ totalCount: z.number(), items: z.array(VideoMeetingDto) });
export type VideoMeetingListDto = z.infer<typeof VideoMeetingListDto>;

/** The signalling events of the /video namespace of the real-time hub. */
export const VIDEO_NAMESPACE = '/video';
export const VideoEvents = {
  join: 'join',
  peerJoined: 'peer-joined',
  peerLeft: 'peer-left',
  signal: 'signal',
  ended: 'meeting-ended',
} as const;
export type VideoPeer = { peerId: string; role: VideoParticipantRole; name: string };
export type VideoJoinResult =
  { ok: true; self: VideoPeer; peers: VideoPeer[]; closesAt: string } | { ok: false; error: string };
export const VideoSignal = z.strictObject({
  to: z.string().min(1).max(100),
  description: z.object({ type: z.enum(['offer', 'answer']), sdp: z.string().max(100_000) }).optional(),
  candidate: z
    .object({
      candidate: z.string().max(2000),
      sdpMid: z.string().max(100).nullish(),
      sdpMLineIndex: z.number().int().min(0).max(100).nullish(),
    })
    .optional(),
});
export type VideoSignal = z.infer<typeof VideoSignal>;

const IdParams = z.object({ id: Uuid });
const features = ['Assessment', 'MassTorts', 'OT', 'COTELE'] as const;
const tags = ['Video'];
const BASE = '/api/app/assessments';

/** A case's video meeting, its links and the meeting pages' calls by token. */
export const VideoEndpoints = {
  videoInfo: endpoint({
    method: 'GET',
    path: `${BASE}/:id/videoInfo`,
    params: IdParams,
    response: VideoInfoDto,
    access: { permission: Permissions.assessments.read, features },
    summary: "The case's video information and its current meeting",
    tags,
  }),
  saveVideoInfo: endpoint({
    method: 'POST',
    path: `${BASE}/:id/videoInfo`,
    params: IdParams,
    body: VideoInfoInput,
    response: VideoInfoDto,
    access: { permission: Permissions.assessments.update, features },
    summary:
      "Sets the case's video platform, external meeting link and interpreter (a meeting is made if none is open)",
    tags,
  }),
  generateVideoLink: endpoint({
    method: 'POST',
    path: `${BASE}/:id/generateVideoLink`,
    params: IdParams,
    response: VideoMeetingDto,
    access: { permission: Permissions.assessments.update, features },
    summary: 'Makes the meeting of the video appointment with a link for each participant (new links if not started)',
    tags,
  }),
  sendVideoLink: endpoint({
    method: 'POST',
    path: `${BASE}/:id/sendVideoLink`,
    params: IdParams,
    body: SendVideoLinkInput,
    response: SendVideoLinkResult,
    access: { permission: Permissions.assessments.update, features },
    summary: 'E-mails each participant their own link to the meeting',
    tags,
  }),
  videoMeetings: endpoint({
    method: 'GET',
    path: '/api/app/video-meetings',
    query: VideoMeetingListQuery,
    response: VideoMeetingListDto,
    access: { permission: Permissions.assessments.update, features },
    summary: 'Video meetings, newest first (of one case with caseId)',
    tags,
  }),
  videoMeeting: endpoint({
    method: 'GET',
    path: '/api/app/video-meetings/:id',
    params: IdParams,
    response: VideoMeetingDto,
    access: { permission: Permissions.assessments.update, features },
    summary: 'One video meeting with its participants and who is present',
    tags,
  }),
  closeMeeting: endpoint({
    method: 'POST',
    path: '/api/app/video-meetings/:id/closeMeeting',
    params: IdParams,
    response: VideoMeetingDto,
    access: { permission: Permissions.assessments.update, features },
    summary: 'Closes the meeting: its links are refused and everyone in it is told to leave',
    tags,
  }),
  viewVideo: endpoint({
    method: 'POST',
    path: '/api/app/video-sessions/viewVideo',
    body: VideoTokenInput,
    response: VideoSessionDto,
    access: { anonymous: true },
    summary: "The meeting of a participant's link (token): its title, the participant, the ICE servers",
    tags,
  }),
};
