import {
  addDays,
  AppointmentTypeLabels,
  type AvailabilitySearchQuery,
  CENTRE_AVAILABLE_DEFAULT_DAYS,
  CvOrSampleLabels,
  dateIn,
  dayBoundsIn,
  formatClock,
  formatDisplayDate,
  formatInZone,
  formatIsoDate,
  isEmail,
  ON_DEMAND_DEFAULT_DAYS,
  offersVideo,
  parseIsoDate,
  SlotStatusLabels,
  stateOf,
  stateOfPostcode,
  todayIn,
  toDayNumber,
  uuidv7,
  wallTimeIn,
  zoneAbbreviation,
  type AppointmentSessionDto,
  type AppointmentType,
  type CalendarDate,
  type ClinicAreaResult,
  type ClinicAreaSearchInput,
  type DaySheet,
  type DaySheetQuery,
  type DaySheetValidation,
  type OnDemandKind,
  type OnDemandSearchQuery,
  type OnDemandSearchResult,
  type RequestCvOrSampleInput,
  type SendCentreAvailableInput,
  type SlotStatus,
  freeInterpretersText,
} from '@casebook/domain';
import type { RequestContext } from '../../platform/access/context';
import { recordEntityChange } from '../../platform/db/audit';
import type { Database, Tx } from '../../platform/db/database';
import { businessRule, invalidField, notFound } from '../../platform/http/errors';
import { EXPORT_MAX_ROWS, exportRows, type ExportFile } from '../../platform/resources/resource.export';
import { enqueueMail } from '../correspondence/outbox';
import { escapeHtml } from '../../platform/html';
import { schedulingCallsRepository as calls, type Period } from './scheduling.calls.repository';
import { schedulingRepository as repo } from './scheduling.repository';
import type { SchedulingService } from './scheduling.service';
import type { SearchHistoryService } from './search-history';

/** What each on-demand kind matches: sessions that offer video, or phone sessions. */
const ON_DEMAND_TYPES: Record<OnDemandKind, readonly AppointmentType[]> = {
  VIDEO: ['VIDEO', 'BOTH', 'ALL', 'OT_VIDEO'],
  PHONE: ['PHONE', 'ALL'],
};
/** Slots listed per specialist in the availability export (the search's largest page of slots). */
const EXPORT_SLOTS_PER_SPECIALIST = 50;
/** Specialists read per page of the availability search while exporting. */
const EXPORT_SPECIALISTS_PER_PAGE = 100;
/** The most sessions one centre-availability e-mail lists. */
const CENTRE_EMAIL_MAX_SESSIONS = 200;
/** The most sessions the calendar's export writes (ten files of 500), the first in time order. */
const EXPORT_MAX_SESSIONS = 5000;

const asDate = (v: Date | string) => (v instanceof Date ? v : new Date(v));
const fullName = (p: { title: string | null; first_name: string; last_name: string }) =>
  [p.title, p.first_name, p.last_name].filter(Boolean).join(' ');

/** Local dates from..to as a period; instants a little wider, never before `now`. */
function periodOf(from: CalendarDate, to: CalendarDate, now: Date): Period {
  return {
    from: new Date(Math.max(dayBoundsIn('UTC', from).from.getTime() - 14 * 3_600_000, now.getTime())),
    to: new Date(dayBoundsIn('UTC', to).to.getTime() + 14 * 3_600_000),
    fromDate: formatIsoDate(from),
    toDate: formatIsoDate(to),
  };
}

/** A period from optional ISO dates: from today, `days` long by default, at most a year. */
function datesOf(
  q: { fromDate?: string | null | undefined; toDate?: string | null | undefined },
  today: CalendarDate,
  days: number,
): { from: CalendarDate; to: CalendarDate } {
  const from = q.fromDate ? parseIsoDate(q.fromDate)! : today;
  const to = q.toDate ? parseIsoDate(q.toDate)! : addDays(from, days);
  if (toDayNumber(to) < toDayNumber(from))
    throw invalidField('toDate', 'The end date must not be before the start date');
  if (toDayNumber(to) - toDayNumber(from) > 366) throw invalidField('toDate', 'A search covers at most a year.');
  return { from, to };
}

type SessionLine = Record<string, string | number | null>;

/**
 * The appointment-session calls beside the calendar and the availability search: on-demand and
 * clinic-area searches, exports, day-sheet checks and the e-mails of centre availability and CV
 * requests. They read through the scheduling service where it already answers the question.
 */
export class SchedulingCallsService {
  constructor(
    private readonly database: Database,
    private readonly sessions: SchedulingService,
    private readonly history: SearchHistoryService,
  ) {}

  /** Specialists see only their own sessions; everyone else is not limited (undefined). */
  private ownSpecialist(tx: Tx, ctx: RequestContext): Promise<string | undefined> {
    return this.sessions.ownSpecialist(tx, ctx);
  }

  /** Australian zone abbreviations for this tenant (the calendar's rule, read once per few seconds). */
  private australian(tx: Tx, ctx: RequestContext): Promise<boolean> {
    return this.sessions.australian(tx, ctx);
  }

  private async specialtyIds(tx: Tx, specialty: string | null | undefined): Promise<string[] | undefined> {
    return specialty ? repo.lookupIds(tx, 'SPECIALTY', specialty) : undefined;
  }

  /**
   * On-demand search: the soonest unbooked video (or phone) sessions from now, whatever the place, one
   * row per session. By default the next 30 days.
   */
  async searchOnDemand(ctx: RequestContext, q: OnDemandSearchQuery, now = new Date()): Promise<OnDemandSearchResult> {
    const days = datesOf(q, todayIn(ctx.tenant.timezone, now), ON_DEMAND_DEFAULT_DAYS);
    const period = periodOf(days.from, days.to, now);
    const types = q.kind ? ON_DEMAND_TYPES[q.kind] : [...new Set([...ON_DEMAND_TYPES.VIDEO, ...ON_DEMAND_TYPES.PHONE])];
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const result = await this.onDemandIn(tx, ctx, q, period, types);
      await this.history.recordIn(tx, ctx, 'searchOnDemandAppointment', q, result.totalCount);
      return result;
    });
  }

  private async onDemandIn(
    tx: Tx,
    ctx: RequestContext,
    q: OnDemandSearchQuery,
    period: Period,
    types: readonly AppointmentType[],
  ): Promise<OnDemandSearchResult> {
    const empty = { fromDate: period.fromDate, toDate: period.toDate, totalCount: 0, items: [] };
    const specialtyIds = await this.specialtyIds(tx, q.specialty);
    if (specialtyIds?.length === 0) return empty;
    const rows = await calls.remoteSlots(
      tx,
      period,
      types,
      {
        ...(specialtyIds ? { specialtyIds } : {}),
        ...(q.specialistName ? { specialistName: q.specialistName } : {}),
      },
      q.maxResultCount,
    );
    if (rows.length === 0) return empty;
    const australian = await this.australian(tx, ctx);
    const names = await repo.companyNames(tx, [...new Set(rows.flatMap((r) => r.reserved_for_company_ids))]);
    return {
      fromDate: period.fromDate,
      toDate: period.toDate,
      totalCount: rows[0]!.total,
      items: rows.map((r) => ({
        id: r.id,
        specialist: {
          id: r.specialist_id,
          fullName: `${r.first_name} ${r.last_name}`,
          title: r.title,
          specialty: r.specialty,
        },
        dateFrom: asDate(r.starts_at).toISOString(),
        dateTo: asDate(r.ends_at).toISOString(),
        timeZone: r.time_zone,
        displayFrom: formatInZone(asDate(r.starts_at), r.time_zone, australian),
        appointmentType: r.appointment_type,
        isVideoAppointment: offersVideo(r.appointment_type),
        sessionStatus: 'available' as const,
        reservedForCompanies: r.reserved_for_company_ids.map((id) => ({ id, displayName: names.get(id) ?? '' })),
      })),
    };
  }

  /** Centres near a postcode or in a state with unbooked sessions in the period (next 90 days by default). */
  async searchClinicArea(ctx: RequestContext, q: ClinicAreaSearchInput, now = new Date()): Promise<ClinicAreaResult> {
    if (!q.postcode && !q.state) throw invalidField('postcode', 'Enter a postcode or a state.');
    let state: string | undefined;
    if (q.state) {
      state = stateOf(q.state);
      if (!state) throw invalidField('state', 'The state is not an Australian state or territory.');
    }
    const days = datesOf(q, todayIn(ctx.tenant.timezone, now), 90);
    const period = periodOf(days.from, days.to, now);
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const result = await this.clinicAreasIn(tx, ctx, q, period, state);
      await this.history.recordIn(tx, ctx, 'searchClinicArea', q, result.totalCount);
      return result;
    });
  }

  private async clinicAreasIn(
    tx: Tx,
    ctx: RequestContext,
    q: ClinicAreaSearchInput,
    period: Period,
    state: string | undefined,
  ): Promise<ClinicAreaResult> {
    const empty = { fromDate: period.fromDate, toDate: period.toDate, totalCount: 0, items: [] };
    const specialtyIds = await this.specialtyIds(tx, q.specialty);
    if (specialtyIds?.length === 0) return empty;
    const rows = await calls.clinicAreas(
      tx,
      period,
      {
        ...(state ? { state } : {}),
        ...(q.postcode ? { postcode: Number(q.postcode), postcodeState: stateOfPostcode(q.postcode) ?? '' } : {}),
        ...(specialtyIds ? { specialtyIds } : {}),
      },
      q.maxResultCount,
    );
    if (rows.length === 0) return empty;
    const australian = await this.australian(tx, ctx);
    return {
      fromDate: period.fromDate,
      toDate: period.toDate,
      totalCount: rows[0]!.total,
      items: rows.map((r) => ({
        centre: {
          id: r.id,
          name: r.name,
          address: r.address,
          suburb: r.suburb,
          state: r.state,
          postcode: r.postcode,
        },
        availableCount: r.available_count,
        specialistCount: r.specialist_count,
        firstAvailable: formatInZone(asDate(r.first_at), r.first_zone, australian),
        firstAvailableDate: formatIsoDate(dateIn(r.first_zone, asDate(r.first_at))),
      })),
    };
  }

  /**
   * Checks the day sheet's inputs before it is printed or e-mailed: the specialist and centre exist,
   * the dates make sense (the day sheet's own rules); says what is worth knowing (no bookings, no
   * e-mail address) without refusing.
   */
  async validateDaySheet(ctx: RequestContext, q: DaySheetQuery): Promise<DaySheetValidation> {
    const centre = q.centreId
      ? await this.database.withTenant(ctx.tenant.id, (tx) => repo.centre(tx, q.centreId!))
      : null;
    if (q.centreId && !centre) throw notFound('The centre');
    const sheet = await this.sessions.daySheet(ctx, q);
    const bookingCount = sheet.days.reduce((n, d) => n + d.centres.reduce((m, c) => m + c.bookings.length, 0), 0);
    const warnings: string[] = [];
    if (bookingCount === 0) warnings.push('There are no bookings on the selected dates.');
    if (!sheet.specialist.email) {
      warnings.push('The specialist has no e-mail address; the day sheet can be printed but not e-mailed.');
    }
    return {
      specialist: { id: sheet.specialist.id, fullName: sheet.specialist.fullName },
      centre: centre ? { id: centre.id, name: centre.name } : null,
      fromDate: sheet.fromDate,
      toDate: sheet.toDate,
      bookingCount,
      canEmail: Boolean(sheet.specialist.email),
      warnings,
    };
  }

  /** The day sheet as xlsx: one row per booking, by day and centre. */
  async exportDaySheet(ctx: RequestContext, q: DaySheetQuery): Promise<ExportFile> {
    const sheet: DaySheet = await this.sessions.daySheet(ctx, q);
    const rows = sheet.days.flatMap((d) =>
      d.centres.flatMap((c) =>
        c.bookings.map((b) => ({
          date: d.displayDate,
          centre: c.centreName,
          address: c.address,
          start: b.startTime,
          end: b.endTime,
          zone: b.zoneAbbreviation,
          type: AppointmentTypeLabels[b.appointmentType],
          status: b.slotStatusLabel,
          caseNo: b.caseNo,
          claimant: b.claimantName,
        })),
      ),
    );
    return exportRows({
      name: `daysheet-${sheet.fromDate}`,
      sheetTitle: sheet.specialist.fullName,
      timeZone: ctx.tenant.timezone,
      columns: [
        { key: 'date', header: 'Date' },
        { key: 'centre', header: 'Centre' },
        { key: 'address', header: 'Address' },
        { key: 'start', header: 'Start' },
        { key: 'end', header: 'End' },
        { key: 'zone', header: 'Zone' },
        { key: 'type', header: 'Appointment Type' },
        { key: 'status', header: 'Status' },
        { key: 'caseNo', header: 'Case No' },
        { key: 'claimant', header: 'Claimant' },
      ],
      rows,
    });
  }

  /** The sessions list (the calendar's window and filters) as xlsx, 500 rows a file, at most 5,000 rows. */
  async exportSessions(ctx: RequestContext, q: Parameters<SchedulingService['list']>[1]): Promise<ExportFile> {
    const { items } = await this.sessions.list(ctx, q, EXPORT_MAX_SESSIONS);
    return exportRows<AppointmentSessionDto>({
      name: 'appointment-sessions',
      sheetTitle: 'Sessions',
      timeZone: ctx.tenant.timezone,
      columns: SESSION_COLUMNS,
      rows: items,
    });
  }

  /**
   * The availability search's results as xlsx: every specialist the search finds (all pages), each
   * with up to 50 nearest slots, one row per slot.
   */
  async exportAvailability(ctx: RequestContext, query: AvailabilitySearchQuery): Promise<ExportFile> {
    const rows: SessionLine[] = [];
    for (let skip = 0; ; skip += EXPORT_SPECIALISTS_PER_PAGE) {
      const page = await this.sessions.search(ctx, {
        ...query,
        skipCount: skip,
        maxResultCount: EXPORT_SPECIALISTS_PER_PAGE,
        slotsPerSpecialist: EXPORT_SLOTS_PER_SPECIALIST,
      });
      for (const g of page.items) {
        for (const slot of g.sessions) {
          rows.push({
            specialist: g.specialist.fullName,
            specialty: g.specialist.specialty,
            email: g.specialist.businessEmail,
            slotCount: g.totalCount,
            session: slot.displayFrom,
            type: slot.appointmentType,
            video: slot.isVideoAppointment ? 'Yes' : 'No',
            centre: slot.centre?.name ?? 'Video / phone',
            state: slot.centre?.state ?? null,
            postcode: slot.centre?.postcode ?? null,
            status: SlotStatusLabels[slot.slotStatus as SlotStatus] ?? String(slot.slotStatus),
            reservedFor: slot.reservedForCompanies.map((c) => c.displayName).join(', '),
            freeRooms: (slot.freeRooms ?? []).join(', '),
            freeInterpreters: freeInterpretersText(slot),
          });
        }
      }
      if (rows.length > EXPORT_MAX_ROWS) break;
      // A total that is only a lower bound (decision 0110) does not say the last page was reached.
      const last = !page.totalIsMinimum && skip + page.items.length >= page.totalCount;
      if (page.items.length < EXPORT_SPECIALISTS_PER_PAGE || last) break;
    }
    return exportRows({
      name: 'appointment-availability',
      sheetTitle: 'Availability',
      timeZone: ctx.tenant.timezone,
      columns: [
        { key: 'specialist', header: 'Specialist' },
        { key: 'specialty', header: 'Specialty' },
        { key: 'email', header: 'Email' },
        { key: 'slotCount', header: 'Available Sessions' },
        { key: 'session', header: 'Session' },
        { key: 'type', header: 'Appointment Type' },
        { key: 'video', header: 'Video' },
        { key: 'centre', header: 'Centre' },
        { key: 'state', header: 'State' },
        { key: 'postcode', header: 'Postcode' },
        { key: 'status', header: 'Status' },
        { key: 'reservedFor', header: 'Reserved For' },
        // What the search asked for besides the specialist: the rooms and interpreters free for each slot.
        ...(query.room || query.needsRoom ? [{ key: 'freeRooms', header: 'Free Rooms' }] : []),
        ...(query.languageId || query.interpreterId ? [{ key: 'freeInterpreters', header: 'Free Interpreters' }] : []),
      ],
      rows,
    });
  }

  /**
   * A specialist's (or one session's) booking history as xlsx: one row per recorded change of each
   * session, with the status and case before and after; sessions deleted since are included.
   */
  async exportSessionHistory(
    ctx: RequestContext,
    q: {
      specialistId?: string | undefined;
      sessionId?: string | undefined;
      fromDate?: string | undefined;
      toDate?: string | undefined;
    },
  ): Promise<ExportFile> {
    if (q.fromDate && q.toDate && q.toDate < q.fromDate) {
      throw invalidField('toDate', 'The end date must not be before the start date');
    }
    const lines = await this.database.withTenant(ctx.tenant.id, async (tx) => {
      const own = await this.ownSpecialist(tx, ctx);
      if (q.specialistId) {
        if ((own && own !== q.specialistId) || !(await repo.specialist(tx, q.specialistId))) {
          throw notFound('The specialist');
        }
      }
      const sessions = await calls.historySessions(
        tx,
        {
          ...(own ? { specialistId: own } : q.specialistId ? { specialistId: q.specialistId } : {}),
          ...(q.sessionId ? { sessionId: q.sessionId } : {}),
          ...(q.fromDate ? { fromDate: q.fromDate } : {}),
          ...(q.toDate ? { toDate: q.toDate } : {}),
        },
        EXPORT_MAX_ROWS,
      );
      if (q.sessionId && sessions.length === 0) throw notFound('The session');
      if (q.specialistId && q.sessionId && sessions.some((x) => x.id !== q.sessionId)) throw notFound('The session');
      const events = await calls.historyEvents(
        tx,
        sessions.map((x) => x.id),
      );
      const australian = await this.australian(tx, ctx);
      // Case numbers the caller may not see (another firm's, for a case manager) are left out.
      const hidden = await this.sessions.hiddenCases(tx, ctx, {
        caseNos: [...events.flatMap((e) => [e.case_before, e.case_after]), ...sessions.map((x) => x.case_no)].filter(
          (no): no is string => !!no,
        ),
      });
      const caseText = (no: string | null) => (no && !hidden.caseNos.has(no) ? no : '');
      const byId = new Map(sessions.map((x) => [x.id, x]));
      const label = (code: string | null) =>
        code === null ? '' : (SlotStatusLabels[Number(code) as SlotStatus] ?? code);
      const described = new Set(events.map((e) => e.entity_id));
      const rows: Record<string, string>[] = events.map((e) => {
        const x = byId.get(e.entity_id)!;
        return {
          ...sessionCells(x, australian),
          changedAt: formatInZone(asDate(e.change_time), ctx.tenant.timezone, australian),
          changedBy: e.user_name ?? '',
          change: e.change_type,
          changed: e.changed ?? '',
          statusBefore: label(e.status_before),
          statusAfter: label(e.status_after),
          caseBefore: caseText(e.case_before),
          caseAfter: caseText(e.case_after),
        };
      });
      // Sessions with no recorded change (loaded from elsewhere) still show where they stand.
      for (const x of sessions) {
        if (!described.has(x.id)) {
          rows.push({
            ...sessionCells(x, australian),
            changedAt: '',
            changedBy: '',
            change: '',
            changed: '',
            statusBefore: '',
            statusAfter: label(String(x.slot_status)),
            caseBefore: '',
            caseAfter: caseText(x.case_no),
          });
        }
      }
      return rows;
    });
    return exportRows({
      name: 'session-history',
      sheetTitle: 'Session history',
      timeZone: ctx.tenant.timezone,
      columns: [
        { key: 'specialist', header: 'Specialist' },
        { key: 'session', header: 'Session' },
        { key: 'centre', header: 'Centre' },
        { key: 'type', header: 'Appointment Type' },
        { key: 'current', header: 'Current Status' },
        { key: 'changedAt', header: 'Changed At' },
        { key: 'changedBy', header: 'Changed By' },
        { key: 'change', header: 'Change' },
        { key: 'changed', header: 'Fields' },
        { key: 'statusBefore', header: 'Status Before' },
        { key: 'statusAfter', header: 'Status After' },
        { key: 'caseBefore', header: 'Case Before' },
        { key: 'caseAfter', header: 'Case After' },
      ],
      rows: lines,
    });
  }

  /**
   * E-mails a centre's unbooked sessions of a period (the next 14 days by default) to the given
   * address or the centre's own, through the outbox, in one transaction with its audit row.
   */
  async sendCentreAvailable(
    ctx: RequestContext,
    input: SendCentreAvailableInput,
    now = new Date(),
  ): Promise<{ queued: number; recipients: string[] }> {
    const days = datesOf(input, todayIn(ctx.tenant.timezone, now), CENTRE_AVAILABLE_DEFAULT_DAYS);
    const period = periodOf(days.from, days.to, now);
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const centre = await repo.centre(tx, input.centreId);
      if (!centre) throw notFound('The centre');
      const to = input.to || (await calls.centreEmail(tx, centre.id));
      if (!to) throw invalidField('to', 'The centre has no e-mail address; enter the recipient.');
      const slots = await calls.centreSlots(tx, centre.id, period, CENTRE_EMAIL_MAX_SESSIONS);
      if (slots.length === 0) throw businessRule('The centre has no available sessions on the selected dates.');
      const australian = await this.australian(tx, ctx);
      const dateRange = `${formatDisplayDate(days.from)} – ${formatDisplayDate(days.to)}`;
      const items = slots.map((x) => {
        const start = asDate(x.starts_at);
        const when = `${formatDisplayDate(dateIn(x.time_zone, start))} ${formatClock(wallTimeIn(x.time_zone, start))}–${formatClock(
          wallTimeIn(x.time_zone, asDate(x.ends_at)),
        )} ${zoneAbbreviation(x.time_zone, start, australian)}`;
        return { when, who: fullName(x), specialty: x.specialty ?? '', type: x.appointment_type };
      });
      const html =
        `<p>Available sessions at <b>${escapeHtml(centre.name)}</b>, ${escapeHtml(dateRange)}:</p>` +
        (input.note ? `<p>${escapeHtml(input.note)}</p>` : '') +
        '<table><tr><th>Session</th><th>Specialist</th><th>Specialty</th><th>Type</th></tr>' +
        items
          .map(
            (i) =>
              `<tr><td>${escapeHtml(i.when)}</td><td>${escapeHtml(i.who)}</td><td>${escapeHtml(i.specialty)}</td><td>${i.type}</td></tr>`,
          )
          .join('') +
        '</table>';
      const outboxId = await enqueueMail(tx, ctx.tenant.id, {
        to,
        subject: `Available sessions at ${centre.name}, ${dateRange}`,
        html,
        fromModule: 'AppointmentSession',
        objectId: centre.id,
        objectReference: centre.name,
        category: 'CENTRE_AVAILABILITY',
        creatorId: ctx.principal.userId,
      });
      await recordEntityChange(tx, ctx.actor, {
        entityType: 'CentreAvailabilityEmail',
        entityId: outboxId,
        changeType: 'Created',
        before: null,
        after: {
          centreId: centre.id,
          recipient: to,
          fromDate: period.fromDate,
          toDate: period.toDate,
          sessionCount: slots.length,
        },
      });
      return { queued: 1, recipients: [to] };
    });
  }

  /**
   * A case manager (or office user) asks for a specialist's CV or a sample report: one e-mail to each
   * of the tenant's booking staff (active admin staff and staff users) through the outbox, with the
   * request recorded, all in one transaction.
   */
  async requestCvOrSample(
    ctx: RequestContext,
    input: RequestCvOrSampleInput,
  ): Promise<{ queued: number; recipients: string[] }> {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const sp = await repo.specialist(tx, input.specialistId);
      if (!sp) throw notFound('The specialist');
      // A user whose address would not be accepted is left out rather than stopping the request.
      const staff = (await calls.bookingStaff(tx)).filter((u) => isEmail(u.email));
      if (staff.length === 0) throw businessRule('There is no booking staff to send the request to.');
      const requester = await calls.userContact(tx, ctx.principal.userId);
      const what = CvOrSampleLabels[input.kind];
      const specialistName = [sp.title, sp.firstName, sp.lastName].filter(Boolean).join(' ');
      const who = requester
        ? `${requester.name} ${requester.surname} (${requester.email})`
        : (ctx.actor.userName ?? 'A user');
      const requestId = uuidv7();
      const html =
        `<p>${escapeHtml(who)} asks for the ${what} of ${escapeHtml(specialistName)}` +
        `${sp.email ? ` (${escapeHtml(sp.email)})` : ''}.</p>` +
        (input.note ? `<p>Note: ${escapeHtml(input.note)}</p>` : '') +
        (requester ? `<p>Please send it to ${escapeHtml(requester.email)}.</p>` : '');
      const recipients: string[] = [];
      for (const u of staff) {
        await enqueueMail(tx, ctx.tenant.id, {
          to: u.email,
          subject: `Request for the ${what} of ${specialistName}`,
          html,
          fromModule: 'Specialist',
          objectId: sp.id,
          objectReference: specialistName,
          category: 'CV_OR_SAMPLE_REQUEST',
          creatorId: ctx.principal.userId,
        });
        recipients.push(u.email);
      }
      await recordEntityChange(tx, ctx.actor, {
        entityType: 'SpecialistDocumentRequest',
        entityId: requestId,
        changeType: 'Created',
        before: null,
        after: { specialistId: sp.id, kind: input.kind, note: input.note, recipients },
      });
      return { queued: recipients.length, recipients };
    });
  }
}

const SESSION_COLUMNS: {
  key: keyof AppointmentSessionDto & string;
  header: string;
  format?: (v: unknown) => unknown;
}[] = [
  { key: 'date', header: 'Date' },
  { key: 'startTime', header: 'Start' },
  { key: 'endTime', header: 'End' },
  { key: 'zoneAbbreviation', header: 'Zone' },
  { key: 'specialistName', header: 'Specialist' },
  { key: 'centreName', header: 'Centre', format: (v) => v ?? 'Video / phone' },
  { key: 'room', header: 'Room' },
  {
    key: 'appointmentType',
    header: 'Appointment Type',
    format: (v) => AppointmentTypeLabels[v as AppointmentType] ?? v,
  },
  { key: 'slotStatusLabel', header: 'Status' },
  { key: 'caseNo', header: 'Case No' },
  {
    key: 'reservedForCompanies',
    header: 'Reserved For',
    format: (v) => (v as { displayName: string }[]).map((c) => c.displayName).join(', '),
  },
  { key: 'note', header: 'Note' },
];

function sessionCells(
  x: {
    specialist_name: string;
    starts_at: Date | string;
    time_zone: string;
    centre_name: string | null;
    appointment_type: AppointmentType;
    slot_status: number;
    is_deleted: boolean;
  },
  australian: boolean,
) {
  return {
    specialist: x.specialist_name,
    session: formatInZone(asDate(x.starts_at), x.time_zone, australian),
    centre: x.centre_name ?? 'Video / phone',
    type: AppointmentTypeLabels[x.appointment_type],
    current: x.is_deleted ? 'Deleted' : (SlotStatusLabels[x.slot_status as SlotStatus] ?? String(x.slot_status)),
  };
}
