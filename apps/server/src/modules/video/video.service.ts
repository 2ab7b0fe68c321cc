import { randomBytes, timingSafeEqual } from 'node:crypto';
import { and, count, desc, eq, lte, sql } from 'drizzle-orm';
import type { VideoInfoInput } from '@casebook/domain';
import {
  VIDEO_APPOINTMENT_TYPES,
  VIDEO_ROLE_LABELS,
  VideoMessages,
  uuidv7,
  type IceServer,
  type SendVideoLinkInput,
  type VideoInfoDto,
  type VideoMeetingDto,
  type VideoParticipantRole,
  type VideoSessionDto,
} from '@casebook/domain';
import type { z } from 'zod';
import type { RequestContext } from '../../platform/access/context';
import { referencesVisible, requireAccess } from '../../platform/access/records';
import type { TenantDirectory } from '../../platform/access/tenant-directory';
import { recordEntityChange, type Actor } from '../../platform/db/audit';
import type { Database, Tx } from '../../platform/db/database';
import { escapeHtml } from '../../platform/html';
import { AppError, businessRule, notFound } from '../../platform/http/errors';
import { cases } from '../cases/cases.schema';
import { enqueueMail } from '../correspondence/outbox';
import { caseManagers, clients, specialists } from '../people/people.schema';
import { videoMeetingParticipants, videoMeetings } from './video.schema';

export type VideoConfig = {
  /** Minutes after the first participant joins at which the meeting closes itself. */
  limitMinutes: number;
  /** STUN and TURN servers handed to the browsers; none are needed on one network. */
  iceServers: IceServer[];
};

type MeetingRow = typeof videoMeetings.$inferSelect;
type ParticipantRow = typeof videoMeetingParticipants.$inferSelect;
type Party = { role: VideoParticipantRole; name: string; email: string | null };

/** What the meeting's signalling tells the service: who is in a meeting now, and ending one. */
export type VideoPresence = {
  present(tenantId: string, meetingId: string): Promise<Set<string>>;
  end(tenantId: string, meetingId: string): Promise<void>;
};

/** A resolved link: its tenant, meeting and participant. */
export type VideoTicket = {
  tenantId: string;
  meetingId: string;
  participantId: string;
  role: VideoParticipantRole;
  name: string;
};

const ENTITY = 'VideoMeeting';
const TOKEN = /^([0-9a-f]{32})([0-9a-f]{32})\.([A-Za-z0-9_-]{43})$/;
const hex = (uuid: string) => uuid.replace(/-/g, '');
const uuidOf = (h: string) => `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
const iso = (d: Date | null) => (d ? d.toISOString() : null);
const fullName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ');
const ROLE_ORDER: VideoParticipantRole[] = ['SPECIALIST', 'CLAIMANT', 'INTERPRETER', 'CASE_MANAGER'];

/** A meeting whose time ran out is closed, whether or not the close has been written yet. */
function effectiveStatus(m: MeetingRow, now = new Date()) {
  if (m.status === 'CLOSED') return { status: 'CLOSED' as const, reason: m.closeReason, closedTime: m.closedTime };
  if (m.closesAt && m.closesAt.getTime() <= now.getTime())
    return { status: 'CLOSED' as const, reason: 'LIMIT' as const, closedTime: m.closesAt };
  return { status: 'OPEN' as const, reason: null, closedTime: null };
}

/**
 * Video meetings of cases' video appointments: one open meeting per case, a link (token) per participant
 * that opens that meeting only, links e-mailed, and the close 120 minutes (configurable) after the first
 * participant joins, enforced here (links refused) and by the signalling (everyone told to leave).
 */
/** What texting a video link needs of the SMS service. */
export type VideoLinkTexter = {
  send(
    ctx: RequestContext,
    caseId: string,
    input: { kind: 'VIDEO_LINK'; videoLink: string },
  ): Promise<{ message: string; sms: { to: string } }>;
};

export class VideoService {
  presence: VideoPresence | undefined;

  constructor(
    private readonly database: Database,
    private readonly tenants: TenantDirectory,
    private readonly publicUrl: string,
    readonly config: VideoConfig,
    /** Texts a case's claimant their video link (absent, or without a provider: not offered). */
    private readonly texts?: VideoLinkTexter,
  ) {}

  tokenOf(tenantId: string, p: Pick<ParticipantRow, 'id' | 'secret'>): string {
    return `${hex(tenantId)}${hex(p.id)}.${p.secret}`;
  }

  linkOf(tenantId: string, p: Pick<ParticipantRow, 'id' | 'secret'>): string {
    return `${this.publicUrl.replace(/\/$/, '')}/video-meeting?token=${this.tokenOf(tenantId, p)}`;
  }

  /** The parties of the case who take part: the specialist (if booked), the claimant, the case manager. */
  #parties(f: CaseFacts): Party[] {
    const parties: Party[] = [];
    if (f.specialistId)
      parties.push({
        role: 'SPECIALIST',
        name: fullName(f.specialistFirst, f.specialistLast),
        email: f.specialistEmail,
      });
    parties.push({ role: 'CLAIMANT', name: fullName(f.clientFirst, f.clientLast), email: f.clientEmail });
    parties.push({ role: 'CASE_MANAGER', name: fullName(f.cmFirst, f.cmLast), email: f.cmEmail });
    return parties;
  }

  async #participants(tx: Tx, meetingId: string): Promise<ParticipantRow[]> {
    const rows = await tx
      .select()
      .from(videoMeetingParticipants)
      .where(eq(videoMeetingParticipants.meetingId, meetingId));
    return rows.sort((a, b) => ROLE_ORDER.indexOf(a.role) - ROLE_ORDER.indexOf(b.role));
  }

  async #current(tx: Tx, caseId: string): Promise<MeetingRow | undefined> {
    const [row] = await tx
      .select()
      .from(videoMeetings)
      .where(and(eq(videoMeetings.caseId, caseId), eq(videoMeetings.isDeleted, false)))
      .orderBy(desc(videoMeetings.creationTime), desc(videoMeetings.id))
      .limit(1);
    return row;
  }

  async #dto(tx: Tx, tenantId: string, m: MeetingRow, caseNo: string): Promise<VideoMeetingDto> {
    const participants = await this.#participants(tx, m.id);
    const state = effectiveStatus(m);
    const present =
      state.status === 'OPEN' ? await (this.presence?.present(tenantId, m.id) ?? new Set<string>()) : new Set();
    return {
      id: m.id,
      caseId: m.caseId,
      caseNo,
      status: state.status,
      videoAppType: m.videoAppType,
      firstJoinTime: iso(m.firstJoinTime),
      closesAt: iso(m.closesAt),
      closedTime: iso(state.closedTime),
      closeReason: state.reason,
      limitMinutes: this.config.limitMinutes,
      participants: participants.map((p) => ({
        id: p.id,
        role: p.role,
        name: p.name,
        email: p.email,
        link: this.linkOf(tenantId, p),
        firstJoinTime: iso(p.firstJoinTime),
        present: present.has(p.id),
        lastEmailTime: iso(p.lastEmailTime),
      })),
      alternativeVideoLink: m.alternativeVideoLink,
      alternativeMeetingId: m.alternativeMeetingId,
      alternativeMeetingPasscode: m.alternativeMeetingPasscode,
      creationTime: m.creationTime.toISOString(),
    };
  }

  async #info(tx: Tx, ctx: RequestContext, caseId: string): Promise<VideoInfoDto> {
    const f = await caseFacts(tx, caseId);
    const m = await this.#current(tx, caseId);
    const meeting = m ? await this.#dto(tx, ctx.tenant.id, m, f.caseNo) : null;
    const interpreter = meeting?.participants.find((p) => p.role === 'INTERPRETER');
    const host = meeting?.participants.find((p) => p.role === 'SPECIALIST');
    return {
      appointmentTimeZone: ctx.tenant.timezone,
      appointmentDateFrom: f.appointmentDate
        ? `${f.appointmentDate}${f.appointmentTime ? `T${f.appointmentTime}` : ''}`
        : null,
      appointmentDateTo: null,
      title: `${f.caseNo} video appointment`,
      caseStatus: f.status,
      serviceType: f.serviceType,
      objectId: f.id,
      appointmentType: f.appointmentType,
      isVideoAppointment: f.appointmentType !== null && VIDEO_APPOINTMENT_TYPES.includes(f.appointmentType),
      videoAppType: m?.videoAppType ?? 'CASEBOOK',
      specialistInfo: f.specialistId
        ? { id: f.specialistId, name: fullName(f.specialistFirst, f.specialistLast), email: f.specialistEmail }
        : null,
      clientInfo: { id: f.clientId, name: fullName(f.clientFirst, f.clientLast), email: f.clientEmail },
      interpreterInfo: interpreter ? { id: null, name: interpreter.name, email: interpreter.email } : null,
      caseManagerInfo: { id: f.cmId, name: fullName(f.cmFirst, f.cmLast), email: f.cmEmail },
      staffInfo: null,
      videoLink: meeting?.status === 'OPEN' && host ? host.link : null,
      alternativeVideoLink: m?.alternativeVideoLink ?? null,
      alternativeMeetingId: m?.alternativeMeetingId ?? null,
      alternativeMeetingPasscode: m?.alternativeMeetingPasscode ?? null,
      meeting,
    };
  }

  async videoInfo(ctx: RequestContext, caseId: string): Promise<VideoInfoDto> {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      await requireAccess(tx, ctx, 'case', caseId);
      return this.#info(tx, ctx, caseId);
    });
  }

  /** Writes a close that is due (the limit passed) or asked for; false when it was closed already. */
  async #close(
    tx: Tx,
    actor: Actor,
    m: MeetingRow,
    reason: 'LIMIT' | 'CLOSED_BY_STAFF' | 'REPLACED',
  ): Promise<boolean> {
    const now = new Date();
    const closedTime = reason === 'LIMIT' && m.closesAt ? m.closesAt : now;
    const [closed] = await tx
      .update(videoMeetings)
      .set({ status: 'CLOSED', closedTime, closeReason: reason, lastModificationTime: now, concurrencyStamp: uuidv7() })
      .where(and(eq(videoMeetings.id, m.id), eq(videoMeetings.status, 'OPEN')))
      .returning({ id: videoMeetings.id });
    if (!closed) return false;
    await recordEntityChange(tx, actor, {
      entityType: ENTITY,
      entityId: m.id,
      changeType: 'Updated',
      before: { status: 'OPEN' },
      after: { status: 'CLOSED', closeReason: reason },
    });
    return true;
  }

  /** The case's open meeting, made (with the case's parties) when there is none. */
  async #ensureOpen(tx: Tx, ctx: RequestContext, caseId: string): Promise<MeetingRow> {
    const f = await caseFacts(tx, caseId);
    if (!f.appointmentType || !VIDEO_APPOINTMENT_TYPES.includes(f.appointmentType))
      throw businessRule(VideoMessages.notVideo);
    const current = await this.#current(tx, caseId);
    if (current && effectiveStatus(current).status === 'OPEN') return current;
    if (current?.status === 'OPEN') await this.#close(tx, ctx.actor, current, 'LIMIT');
    const id = uuidv7();
    const [row] = await tx
      .insert(videoMeetings)
      .values({
        tenantId: ctx.tenant.id,
        id,
        caseId,
        status: 'OPEN',
        videoAppType: current?.videoAppType ?? 'CASEBOOK',
        alternativeVideoLink: current?.alternativeVideoLink ?? null,
        alternativeMeetingId: current?.alternativeMeetingId ?? null,
        alternativeMeetingPasscode: current?.alternativeMeetingPasscode ?? null,
        creatorId: ctx.principal.userId,
        concurrencyStamp: uuidv7(),
      })
      .returning();
    const previousInterpreter = current
      ? (await this.#participants(tx, current.id)).find((p) => p.role === 'INTERPRETER')
      : undefined;
    const parties = this.#parties(f);
    if (previousInterpreter)
      parties.push({ role: 'INTERPRETER', name: previousInterpreter.name, email: previousInterpreter.email });
    await tx.insert(videoMeetingParticipants).values(
      parties.map((p) => ({
        tenantId: ctx.tenant.id,
        id: uuidv7(),
        meetingId: id,
        role: p.role,
        name: p.name,
        email: p.email,
        secret: newSecret(),
        concurrencyStamp: uuidv7(),
      })),
    );
    await recordEntityChange(tx, ctx.actor, {
      entityType: ENTITY,
      entityId: id,
      changeType: 'Created',
      before: null,
      after: { caseId, status: 'OPEN', participants: parties.map((p) => p.role).join(', ') },
    });
    return row!;
  }

  /**
   * generateVideoLink: the case's meeting with a link for each participant. A meeting nobody has joined
   * yet gets new links (the old ones are refused) and the case's current parties; one in progress is
   * refused; a closed one is followed by a new meeting.
   */
  async generate(ctx: RequestContext, caseId: string): Promise<VideoMeetingDto> {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      await requireAccess(tx, ctx, 'case', caseId);
      const before = await this.#current(tx, caseId);
      const m = await this.#ensureOpen(tx, ctx, caseId);
      const f = await caseFacts(tx, caseId);
      if (before?.id === m.id) {
        if (m.firstJoinTime) throw businessRule(VideoMessages.inProgress);
        const existing = await this.#participants(tx, m.id);
        const parties = this.#parties(f);
        const interpreter = existing.find((p) => p.role === 'INTERPRETER');
        if (interpreter) parties.push({ role: 'INTERPRETER', name: interpreter.name, email: interpreter.email });
        for (const p of existing.filter((e) => !parties.some((q) => q.role === e.role)))
          await tx.delete(videoMeetingParticipants).where(eq(videoMeetingParticipants.id, p.id));
        for (const p of parties) {
          const old = existing.find((e) => e.role === p.role);
          if (old)
            await tx
              .update(videoMeetingParticipants)
              .set({ name: p.name, email: p.email, secret: newSecret(), lastModificationTime: new Date() })
              .where(eq(videoMeetingParticipants.id, old.id));
          else
            await tx.insert(videoMeetingParticipants).values({
              tenantId: ctx.tenant.id,
              id: uuidv7(),
              meetingId: m.id,
              role: p.role,
              name: p.name,
              email: p.email,
              secret: newSecret(),
              concurrencyStamp: uuidv7(),
            });
        }
        await recordEntityChange(tx, ctx.actor, {
          entityType: ENTITY,
          entityId: m.id,
          changeType: 'Updated',
          before: null,
          after: { links: 'new links', participants: parties.map((p) => p.role).join(', ') },
        });
      }
      return this.#dto(tx, ctx.tenant.id, m, f.caseNo);
    });
  }

  /** POST videoInfo: the platform, the external tool's link, id and passcode, and the interpreter. */
  async saveVideoInfo(
    ctx: RequestContext,
    caseId: string,
    input: z.output<typeof VideoInfoInput>,
  ): Promise<VideoInfoDto> {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      await requireAccess(tx, ctx, 'case', caseId);
      const m = await this.#ensureOpen(tx, ctx, caseId);
      const changes: Partial<MeetingRow> = {};
      if (input.videoAppType !== undefined) changes.videoAppType = input.videoAppType;
      if (input.alternativeVideoLink !== undefined) changes.alternativeVideoLink = input.alternativeVideoLink;
      if (input.alternativeMeetingId !== undefined) changes.alternativeMeetingId = input.alternativeMeetingId;
      if (input.alternativeMeetingPasscode !== undefined)
        changes.alternativeMeetingPasscode = input.alternativeMeetingPasscode;
      if (Object.keys(changes).length > 0) {
        await tx
          .update(videoMeetings)
          .set({ ...changes, lastModificationTime: new Date(), lastModifierId: ctx.principal.userId })
          .where(eq(videoMeetings.id, m.id));
      }
      const interpreter = (await this.#participants(tx, m.id)).find((p) => p.role === 'INTERPRETER');
      if (input.interpreterName !== undefined) {
        if (input.interpreterName === null && interpreter) {
          await tx.delete(videoMeetingParticipants).where(eq(videoMeetingParticipants.id, interpreter.id));
        } else if (input.interpreterName && interpreter) {
          await tx
            .update(videoMeetingParticipants)
            .set({
              name: input.interpreterName,
              email: input.interpreterEmail ?? null,
              lastModificationTime: new Date(),
            })
            .where(eq(videoMeetingParticipants.id, interpreter.id));
        } else if (input.interpreterName) {
          await tx.insert(videoMeetingParticipants).values({
            tenantId: ctx.tenant.id,
            id: uuidv7(),
            meetingId: m.id,
            role: 'INTERPRETER',
            name: input.interpreterName,
            email: input.interpreterEmail ?? null,
            secret: newSecret(),
            concurrencyStamp: uuidv7(),
          });
        }
      }
      await recordEntityChange(tx, ctx.actor, {
        entityType: ENTITY,
        entityId: m.id,
        changeType: 'Updated',
        before: {
          videoAppType: m.videoAppType,
          alternativeVideoLink: m.alternativeVideoLink,
          alternativeMeetingId: m.alternativeMeetingId,
          interpreter: interpreter?.name ?? null,
        },
        after: {
          videoAppType: changes.videoAppType ?? m.videoAppType,
          alternativeVideoLink: changes.alternativeVideoLink ?? m.alternativeVideoLink,
          alternativeMeetingId: changes.alternativeMeetingId ?? m.alternativeMeetingId,
          interpreter: input.interpreterName === undefined ? (interpreter?.name ?? null) : input.interpreterName,
        },
      });
      return this.#info(tx, ctx, caseId);
    });
  }

  /**
   * E-mails each chosen participant their own link; by SMS, texts the claimant theirs (the one participant
   * whose mobile the case holds).
   */
  async sendLinks(
    ctx: RequestContext,
    caseId: string,
    input: SendVideoLinkInput,
  ): Promise<{ message: string; sentTo: string[] }> {
    if (input.isSMS) {
      if (!this.texts) throw businessRule('Sending video links by SMS is not set up on this server.');
      if (input.roles && !input.roles.includes('CLAIMANT')) {
        throw businessRule('Only the claimant is sent their video link by SMS.');
      }
      const link = await this.database.withTenant(ctx.tenant.id, async (tx) => {
        await requireAccess(tx, ctx, 'case', caseId);
        const m = await this.#ensureOpen(tx, ctx, caseId);
        const claimant = (await this.#participants(tx, m.id)).find((p) => p.role === 'CLAIMANT');
        if (!claimant) throw businessRule(VideoMessages.noRecipients);
        return this.linkOf(ctx.tenant.id, claimant);
      });
      const texted = await this.texts.send(ctx, caseId, { kind: 'VIDEO_LINK', videoLink: link });
      return { message: texted.message, sentTo: [texted.sms.to] };
    }
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      await requireAccess(tx, ctx, 'case', caseId);
      const m = await this.#ensureOpen(tx, ctx, caseId);
      const f = await caseFacts(tx, caseId);
      const wanted = (await this.#participants(tx, m.id)).filter((p) => !input.roles || input.roles.includes(p.role));
      const recipients = wanted.filter((p) => p.email?.trim());
      if (recipients.length === 0) throw businessRule(VideoMessages.noRecipients);
      const when = f.appointmentDate
        ? `${f.appointmentDate}${f.appointmentTime ? ` ${f.appointmentTime}` : ''} (${ctx.tenant.timezone})`
        : 'the appointment time';
      const sentTo: string[] = [];
      for (const p of recipients) {
        const link = this.linkOf(ctx.tenant.id, p);
        const alt = m.alternativeVideoLink
          ? `<p>If the meeting does not open, use ${escapeHtml(m.alternativeVideoLink)}${
              m.alternativeMeetingId ? ` (meeting ID ${escapeHtml(m.alternativeMeetingId)}` : ''
            }${m.alternativeMeetingPasscode ? `, passcode ${escapeHtml(m.alternativeMeetingPasscode)}` : ''}${
              m.alternativeMeetingId ? ')' : ''
            }.</p>`
          : '';
        await enqueueMail(tx, ctx.tenant.id, {
          to: p.email!.trim(),
          subject: `${input.isResend ? 'Reminder: ' : ''}Your video appointment with ${ctx.tenant.name}`,
          html:
            `<p>Dear ${escapeHtml(p.name)},</p>` +
            `<p>You are invited as ${escapeHtml(VIDEO_ROLE_LABELS[p.role].toLowerCase())} to a video appointment on ${escapeHtml(when)}.</p>` +
            `<p><a href="${escapeHtml(link)}">Join the video meeting</a></p><p>${escapeHtml(link)}</p>` +
            `<p>This link is yours alone; please do not forward it. The meeting closes ${this.config.limitMinutes} minutes after it starts.</p>` +
            alt,
          fromModule: 'Assessment',
          objectId: caseId,
          objectReference: f.caseNo,
          category: 'VIDEO_LINK',
          creatorId: ctx.principal.userId,
        });
        await tx
          .update(videoMeetingParticipants)
          .set({ lastEmailTime: new Date() })
          .where(eq(videoMeetingParticipants.id, p.id));
        sentTo.push(p.email!.trim());
      }
      await recordEntityChange(tx, ctx.actor, {
        entityType: ENTITY,
        entityId: m.id,
        changeType: 'Updated',
        before: null,
        after: { linksEmailedTo: sentTo.join(', '), resend: Boolean(input.isResend) },
      });
      return { message: VideoMessages.emailed, sentTo };
    });
  }

  async list(
    ctx: RequestContext,
    q: {
      caseId?: string | undefined;
      status?: 'OPEN' | 'CLOSED' | undefined;
      skipCount: number;
      maxResultCount: number;
    },
  ) {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      if (q.caseId) await requireAccess(tx, ctx, 'case', q.caseId);
      const now = new Date();
      const where = and(
        eq(videoMeetings.isDeleted, false),
        await referencesVisible(tx, ctx, 'case', videoMeetings.caseId),
        q.caseId ? eq(videoMeetings.caseId, q.caseId) : undefined,
        q.status === 'OPEN'
          ? sql`${videoMeetings.status} = 'OPEN' and (${videoMeetings.closesAt} is null or ${videoMeetings.closesAt} > ${now})`
          : q.status === 'CLOSED'
            ? sql`(${videoMeetings.status} = 'CLOSED' or ${videoMeetings.closesAt} <= ${now})`
            : undefined,
      );
      const [total] = await tx.select({ n: count() }).from(videoMeetings).where(where);
      const rows = await tx
        .select({ m: videoMeetings, caseNo: cases.caseNo })
        .from(videoMeetings)
        .innerJoin(cases, and(eq(cases.tenantId, videoMeetings.tenantId), eq(cases.id, videoMeetings.caseId)))
        .where(where)
        .orderBy(desc(videoMeetings.creationTime), desc(videoMeetings.id))
        .offset(q.skipCount)
        .limit(q.maxResultCount);
      const items: VideoMeetingDto[] = [];
      for (const r of rows) items.push(await this.#dto(tx, ctx.tenant.id, r.m, r.caseNo));
      return { totalCount: total?.n ?? 0, items };
    });
  }

  async #visibleMeeting(tx: Tx, ctx: RequestContext, id: string) {
    const [row] = await tx
      .select({ m: videoMeetings, caseNo: cases.caseNo })
      .from(videoMeetings)
      .innerJoin(cases, and(eq(cases.tenantId, videoMeetings.tenantId), eq(cases.id, videoMeetings.caseId)))
      .where(and(eq(videoMeetings.id, id), eq(videoMeetings.isDeleted, false)));
    if (!row) throw notFound('The video meeting');
    await requireAccess(tx, ctx, 'case', row.m.caseId).catch(() => {
      throw notFound('The video meeting');
    });
    return row;
  }

  async get(ctx: RequestContext, id: string): Promise<VideoMeetingDto> {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const { m, caseNo } = await this.#visibleMeeting(tx, ctx, id);
      return this.#dto(tx, ctx.tenant.id, m, caseNo);
    });
  }

  /** closeMeeting: its links are refused from now on and everyone in it is told to leave. */
  async close(ctx: RequestContext, id: string): Promise<VideoMeetingDto> {
    const dto = await this.database.withTenant(ctx.tenant.id, async (tx) => {
      const { m, caseNo } = await this.#visibleMeeting(tx, ctx, id);
      const state = effectiveStatus(m);
      await this.#close(tx, ctx.actor, m, state.status === 'CLOSED' ? 'LIMIT' : 'CLOSED_BY_STAFF');
      const [after] = await tx.select().from(videoMeetings).where(eq(videoMeetings.id, id));
      return this.#dto(tx, ctx.tenant.id, after!, caseNo);
    });
    await this.presence?.end(ctx.tenant.id, id);
    return dto;
  }

  /**
   * A link's meeting and participant, or why it is refused: a malformed link, a wrong secret, another
   * meeting's, or a meeting that has ended (a due close is written here).
   */
  async resolve(
    token: unknown,
  ): Promise<{ ok: true; ticket: VideoTicket; meeting: MeetingRow } | { ok: false; error: string }> {
    const match = typeof token === 'string' ? TOKEN.exec(token.trim()) : null;
    if (!match) return { ok: false, error: VideoMessages.invalidToken };
    const [, tenantHex, participantHex, secret] = match as unknown as [string, string, string, string];
    const tenantId = uuidOf(tenantHex);
    const participantId = uuidOf(participantHex);
    const tenant = await this.tenants.get(tenantId).catch(() => undefined);
    if (!tenant?.isActive) return { ok: false, error: VideoMessages.invalidToken };
    return this.database.withTenant(tenantId, async (tx) => {
      const [row] = await tx
        .select({ p: videoMeetingParticipants, m: videoMeetings })
        .from(videoMeetingParticipants)
        .innerJoin(
          videoMeetings,
          and(
            eq(videoMeetings.tenantId, videoMeetingParticipants.tenantId),
            eq(videoMeetings.id, videoMeetingParticipants.meetingId),
          ),
        )
        .where(and(eq(videoMeetingParticipants.id, participantId), eq(videoMeetings.isDeleted, false)));
      if (!row || !sameSecret(row.p.secret, secret)) return { ok: false as const, error: VideoMessages.invalidToken };
      if (effectiveStatus(row.m).status === 'CLOSED') {
        if (row.m.status === 'OPEN') await this.#close(tx, systemActor(tenantId), row.m, 'LIMIT');
        return { ok: false as const, error: VideoMessages.ended };
      }
      return {
        ok: true as const,
        meeting: row.m,
        ticket: { tenantId, meetingId: row.m.id, participantId, role: row.p.role, name: row.p.name },
      };
    });
  }

  /** viewVideo: what the participant's page shows; a refused link is a 404 with the reason. */
  async viewVideo(token: string): Promise<VideoSessionDto> {
    const r = await this.resolve(token);
    if (!r.ok) throw notFoundWith(r.error);
    const tenant = await this.tenants.get(r.ticket.tenantId);
    const { m } = { m: r.meeting };
    const f = await this.database.withTenant(r.ticket.tenantId, (tx) => caseFacts(tx, m.caseId));
    return {
      meetingId: m.id,
      title: `Video appointment ${f.caseNo}`,
      tenantName: tenant?.name ?? '',
      role: r.ticket.role,
      name: r.ticket.name,
      status: 'OPEN',
      appointmentDateFrom: f.appointmentDate
        ? `${f.appointmentDate}${f.appointmentTime ? `T${f.appointmentTime}` : ''}`
        : null,
      appointmentTimeZone: tenant?.timezone ?? 'UTC',
      closesAt: iso(m.closesAt),
      limitMinutes: this.config.limitMinutes,
      iceServers: this.config.iceServers,
      alternativeVideoLink: m.alternativeVideoLink,
      alternativeMeetingId: m.alternativeMeetingId,
      alternativeMeetingPasscode: m.alternativeMeetingPasscode,
      videoAppType: m.videoAppType,
    };
  }

  /**
   * A participant joins: the first join of the meeting starts its clock (closes `limitMinutes` later).
   * Returns when it closes, or undefined when it has ended meanwhile.
   */
  async joined(ticket: VideoTicket): Promise<Date | undefined> {
    return this.database.withTenant(ticket.tenantId, async (tx) => {
      const now = new Date();
      const closesAt = new Date(now.getTime() + this.config.limitMinutes * 60_000);
      await tx
        .update(videoMeetings)
        .set({ firstJoinTime: now, closesAt })
        .where(and(eq(videoMeetings.id, ticket.meetingId), sql`${videoMeetings.firstJoinTime} is null`));
      await tx
        .update(videoMeetingParticipants)
        .set({ firstJoinTime: now })
        .where(
          and(
            eq(videoMeetingParticipants.id, ticket.participantId),
            sql`${videoMeetingParticipants.firstJoinTime} is null`,
          ),
        );
      const [m] = await tx.select().from(videoMeetings).where(eq(videoMeetings.id, ticket.meetingId));
      if (!m || effectiveStatus(m, now).status === 'CLOSED') return undefined;
      return m.closesAt ?? undefined;
    });
  }

  /** Writes the close of a meeting whose time is up; true when it is closed (now or before). */
  async closeIfDue(tenantId: string, meetingId: string): Promise<boolean> {
    return this.database.withTenant(tenantId, async (tx) => {
      const [m] = await tx
        .select()
        .from(videoMeetings)
        .where(and(eq(videoMeetings.id, meetingId), lte(videoMeetings.closesAt, new Date())));
      if (!m) {
        const [still] = await tx
          .select({ status: videoMeetings.status })
          .from(videoMeetings)
          .where(eq(videoMeetings.id, meetingId));
        return still?.status === 'CLOSED';
      }
      await this.#close(tx, systemActor(tenantId), m, 'LIMIT');
      return true;
    });
  }
}

async function caseFacts(tx: Tx, caseId: string) {
  const [row] = await tx
    .select({
      id: cases.id,
      caseNo: cases.caseNo,
      serviceType: cases.serviceType,
      status: cases.status,
      appointmentDate: cases.appointmentDate,
      appointmentTime: cases.appointmentTime,
      appointmentType: cases.appointmentType,
      clientId: clients.id,
      clientFirst: clients.firstName,
      clientLast: clients.lastName,
      clientEmail: clients.email,
      cmId: caseManagers.id,
      cmFirst: caseManagers.firstName,
      cmLast: caseManagers.lastName,
      cmEmail: caseManagers.email,
      specialistId: specialists.id,
      specialistFirst: specialists.firstName,
      specialistLast: specialists.lastName,
      specialistEmail: specialists.email,
    })
    .from(cases)
    .innerJoin(clients, and(eq(clients.tenantId, cases.tenantId), eq(clients.id, cases.clientId)))
    .innerJoin(caseManagers, and(eq(caseManagers.tenantId, cases.tenantId), eq(caseManagers.id, cases.caseManagerId)))
    .leftJoin(specialists, and(eq(specialists.tenantId, cases.tenantId), eq(specialists.id, cases.specialistId)))
    .where(eq(cases.id, caseId));
  if (!row) throw notFound('The case');
  return row;
}

type CaseFacts = Awaited<ReturnType<typeof caseFacts>>;

function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function systemActor(tenantId: string): Actor {
  return { tenantId, userId: null, userName: 'Video meeting', impersonatorUserId: null };
}

/** A 404 carrying the reason the link is refused ("has ended" or "not valid"). */
function notFoundWith(message: string) {
  return new AppError('Casebook:NotFound', message);
}
