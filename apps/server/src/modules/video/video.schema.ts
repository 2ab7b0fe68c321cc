import { sql } from 'drizzle-orm';
import { foreignKey, index, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { VideoAppType, VideoMeetingStatus, VideoParticipantRole } from '@casebook/domain';
import type { VideoCloseReasons } from '@casebook/domain';
import { tenantTable } from '../../platform/db/columns';
import { instant } from '../../platform/db/instant';
import { cases } from '../cases/cases.schema';

/**
 * A video meeting of a case's appointment. At most one is open per case. It closes `limit` minutes after
 * its first participant joins (closes_at), when staff close it, or when new links replace it.
 */
export const videoMeetings = tenantTable(
  'video_meetings',
  {
    caseId: uuid('case_id').notNull(),
    status: text('status').$type<VideoMeetingStatus>().notNull(),
    videoAppType: text('video_app_type').$type<VideoAppType>().notNull(),
    firstJoinTime: instant('first_join_time'),
    closesAt: instant('closes_at'),
    closedTime: instant('closed_time'),
    closeReason: text('close_reason').$type<(typeof VideoCloseReasons)[number]>(),
    alternativeVideoLink: text('alternative_video_link'),
    alternativeMeetingId: text('alternative_meeting_id'),
    alternativeMeetingPasscode: text('alternative_meeting_passcode'),
  },
  (t) => [
    foreignKey({
      name: 'video_meetings_case_fkey',
      columns: [t.tenantId, t.caseId],
      foreignColumns: [cases.tenantId, cases.id],
    }),
    index('video_meetings_case_idx').on(t.tenantId, t.caseId, t.creationTime),
    uniqueIndex('video_meetings_one_open_idx')
      .on(t.tenantId, t.caseId)
      .where(sql`${t.status} = 'OPEN' and ${t.isDeleted} = false`),
  ],
);

/**
 * A participant of a meeting with their own link: the token is `<tenant id><participant id>.<secret>`,
 * so a link finds its tenant and participant, and only the secret of that participant opens it.
 */
export const videoMeetingParticipants = tenantTable(
  'video_meeting_participants',
  {
    meetingId: uuid('meeting_id').notNull(),
    role: text('role').$type<VideoParticipantRole>().notNull(),
    name: text('name').notNull(),
    email: text('email'),
    secret: text('secret').notNull(),
    firstJoinTime: instant('first_join_time'),
    lastEmailTime: instant('last_email_time'),
  },
  (t) => [
    foreignKey({
      name: 'video_meeting_participants_meeting_fkey',
      columns: [t.tenantId, t.meetingId],
      foreignColumns: [videoMeetings.tenantId, videoMeetings.id],
    }),
    uniqueIndex('video_meeting_participants_role_idx').on(t.tenantId, t.meetingId, t.role),
  ],
);
