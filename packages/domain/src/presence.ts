import { z } from 'zod';

/** Activity types of the real-time hub (shell.md §4). */
export const ActivityTypes = ['ITEM_VIEWING', 'ITEM_DETAIL_CLOSED'] as const;
export type ActivityType = (typeof ActivityTypes)[number];

/** What the browser sends with AddActivityLog and GetActivityLogs (the hub's own casing). */
export const ActivityLogInput = z.strictObject({
  FromModule: z.string().min(1).max(50),
  ObjectId: z.string().min(1).max(100),
  ActivityType: z.enum(ActivityTypes).optional(),
});
export type ActivityLogInput = z.infer<typeof ActivityLogInput>;

/** One user's activity on a record, as ReceiveActivityLog and ActivityLogsResult carry it. */
export type ActivityLog = {
  fromModule: string;
  objectId: string;
  activityType: ActivityType;
  userId: string;
  userName: string;
};

/** Seconds between reconnect attempts after the real-time connection fails or drops. */
export const REALTIME_RECONNECT_DELAY_MS = 5000;
/** Path of the socket.io endpoint. */
export const REALTIME_PATH = '/realtime';

/** Ten avatar colours; each viewer gets one from their user id. */
export const AVATAR_COLOURS = [
  '#f56a00',
  '#7265e6',
  '#ffbf00',
  '#00a2ae',
  '#eb2f96',
  '#52c41a',
  '#1677ff',
  '#fa541c',
  '#13c2c2',
  '#722ed1',
] as const;

/** The animals viewers are shown as (an image each in the web app). */
export const AVATAR_ANIMALS = [
  'Fox',
  'Owl',
  'Panda',
  'Koala',
  'Penguin',
  'Tiger',
  'Whale',
  'Rabbit',
  'Turtle',
  'Dolphin',
] as const;

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

/** A viewer's avatar colour and animal, stable for a user id. */
export function avatarFor(userId: string): { colour: string; animal: string } {
  const h = hash(userId);
  return {
    colour: AVATAR_COLOURS[h % AVATAR_COLOURS.length]!,
    animal: AVATAR_ANIMALS[Math.floor(h / 10) % AVATAR_ANIMALS.length]!,
  };
}

/** Merges duplicate activity logs: one per module, object, activity and user, latest kept. */
export function mergeActivityLogs(logs: readonly ActivityLog[]): ActivityLog[] {
  const byKey = new Map<string, ActivityLog>();
  for (const log of logs) byKey.set(`${log.fromModule}|${log.objectId}|${log.activityType}|${log.userId}`, log);
  return [...byKey.values()];
}
