import {
  ADMIN_OR_STAFF,
  CASE_NUMBER_DUPLICATE_MESSAGE,
  CASE_NUMBER_NOT_FOUND_MESSAGE,
  CaseNumberPrefixes,
  brokenDateRules,
  decideModuleStep,
  moduleChecklist,
  ImeModule,
  existenceCheckModule,
  dateIn,
  formatIsoDate,
  hasAnyRole,
  highRiskWarning,
  ImeStatusStages,
  refusedTransitionMessage,
  moduleAllows,
  normaliseCaseNo,
  parseSorting,
  Permissions,
  prefixedStatus,
  specialistContractCheck,
  todayIn,
  uuidv7,
  type CaseDto,
  type CaseEmailType,
  type CasePermissionDto,
  type CaseListInput,
  type CaseListItemDto,
  type CaseServiceType,
  type CaseStatusLogDto,
  type ImeStatus,
  type StepFacts,
} from '@casebook/domain';
import type { z } from 'zod';
import type {
  CancelAppointmentInput,
  CaseEmailInput,
  ChangeCaseStatusInput,
  CreateCaseInput,
  RescheduleAppointmentInput,
  SendReportStatusInput,
  SetCasePermissionInput,
  UpdateAppointmentInput,
  UpdateAttendanceInput,
  UpdateBillingStatusInput,
  UpdateBookingDetailInput,
  UpdateCancellationInput,
  UpdateDictationReportInput,
  UpdatePaperworkInput,
} from '@casebook/domain';
import type { RequestContext } from '../../platform/access/context';
import { recordEntityChange } from '../../platform/db/audit';
import { checkBookingIndependence, recordIndependenceOverride, type BookingIndependence } from './independence';
import type { Database, Tx } from '../../platform/db/database';
import { AppError, businessRule, concurrencyConflict, invalidField, notFound } from '../../platform/http/errors';
import { enqueueRequestedMail } from '../correspondence/outbox';
import type { BookingResources, SchedulingService, SessionAppointment } from '../scheduling/scheduling.service';
import { caseAppointmentOf } from './case-booking';
import {
  CASE_SORT_FIELDS,
  casesRepository as repo,
  listConditions,
  type CaseNames,
  type CaseListRow,
  type CaseRow,
} from './cases.repository';
import { caseScopeFor, type CaseScope } from './cases.access';
import { visibleRecords } from '../../platform/access/records';
import { reachOf } from '../people/people.access';
import { notifyCaseStep } from './case-notifications';

type Out<T extends z.ZodType> = z.output<T>;
type CaseValues = Partial<CaseRow>;

/** The correspondence template of each e-mail a case can ask for. */
const CaseEmailTemplateKeys: Record<CaseEmailType, string> = {
  APPOINTMENT_CONFIRMATION_CM: 'IME_APPOINTMENT_CONFIRMATION_CM',
  APPOINTMENT_CONFIRMATION_SPECIALIST: 'IME_APPOINTMENT_CONFIRMATION_SPECIALIST',
  APPOINTMENT_REMINDER: 'IME_APPOINTMENT_REMINDER',
  PAPERWORK: 'IME_PAPERWORK_TO_SPECIALIST',
  RESCHEDULE: 'IME_APPOINTMENT_RESCHEDULE',
  CANCELLATION: 'IME_APPOINTMENT_CANCELLATION',
  REPORT: 'IME_REPORT_COMPLETED',
};
/** The e-mail a rebook with notifyCaseDNA sends to the booking case manager. */
const NON_ATTENDANCE_TEMPLATE = 'IME_APPOINTMENT_NON_ATTENDANCE';
/** E-mails that go to the specialist; the others go to the booking case manager. */
const SPECIALIST_EMAILS: ReadonlySet<CaseEmailType> = new Set(['APPOINTMENT_CONFIRMATION_SPECIALIST', 'PAPERWORK']);

/** The placeholder values of a case's e-mails, for the named recipient. */
export function caseMailValues(found: { c: CaseRow } & CaseNames, recipientName: string, timeZone: string) {
  return {
    recipientName,
    caseNo: found.c.caseNo,
    claimantName: found.clientName,
    caseManagerName: found.caseManagerName,
    companyName: found.companyName,
    specialistName: found.specialistName ?? '',
    appointmentDate: found.c.appointmentDate ?? '',
    appointmentTime: found.c.appointmentTime ?? '',
    timeZone,
    centreName: found.centreName ?? '',
    cancellationReason: found.c.cancellationReason ?? '',
  };
}

/** The entity type of case rows in the change history. */
export const CASE_ENTITY = 'Case';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The rooms and interpreters a booking asks to hold with its session (decision 0030): they are held with a
 * session only, so asking for them without one is a 400 naming the field.
 */
function bookingResources(input: {
  sessionId?: string | null;
  rooms?: readonly string[];
  interpreterIds?: readonly string[];
}): BookingResources {
  const rooms = input.rooms ?? [];
  const interpreterIds = input.interpreterIds ?? [];
  if (!input.sessionId) {
    if (rooms.length > 0) throw invalidField('rooms', 'Rooms are held with an appointment session: choose one.');
    if (interpreterIds.length > 0)
      throw invalidField('interpreterIds', 'Interpreters are held with an appointment session: choose one.');
  }
  return { rooms, interpreterIds };
}

/** Everything shared by the assessment list's case modules: booking, status workflow and step updates. */
export class CasesService {
  /** Told after a step's transaction commits, with the status it moved the case to (the practice-software push). */
  onStatusChanged: ((tenantId: string, caseId: string, status: ImeStatus) => void) | undefined;

  constructor(
    private readonly database: Database,
    /** Appointment sessions: a case booked into one changes it in the same transaction. */
    private readonly sessions?: SchedulingService,
  ) {}

  private isOffice(ctx: RequestContext): boolean {
    return hasAnyRole(ctx.principal.roles, ADMIN_OR_STAFF);
  }

  /** Office roles see every case; case managers their companies' cases; specialists their own. */
  private scope(tx: Tx, ctx: RequestContext): Promise<CaseScope> {
    return caseScopeFor(tx, ctx);
  }

  private toDto(ctx: RequestContext, row: { c: CaseRow } & CaseNames): CaseDto {
    const c = row.c;
    const cmViewer = ctx.principal.roles.includes('CASE_MANAGER') && !this.isOffice(ctx);
    return {
      id: c.id,
      caseNo: c.caseNo,
      serviceType: c.serviceType,
      status: c.status,
      statusDate: c.statusDate.toISOString(),
      clientId: c.clientId,
      clientName: row.clientName,
      companyId: c.companyId,
      companyName: row.companyName,
      caseManagerId: c.caseManagerId,
      caseManagerName: row.caseManagerName,
      specialistId: c.specialistId,
      specialistName: row.specialistName,
      billingStatus: c.billingStatus,
      visibility: c.visibility,
      visibilityGroupId: c.visibilityGroupId,
      bookingNotes: c.bookingNotes,
      privateNotes: ctx.permissions.has(Permissions.assessments.privateNotes) ? c.privateNotes : null,
      isHighRisk: c.isHighRisk,
      highRiskReason: c.isHighRisk ? (cmViewer ? row.highRiskReasonToBookingCm : row.highRiskReasonToStaff) : null,
      specialistWithoutContract: c.specialistWithoutContract,
      appointmentDate: c.appointmentDate,
      appointmentTime: c.appointmentTime,
      appointmentType: c.appointmentType,
      centreId: c.centreId,
      centreName: row.centreName,
      isFileReview: c.isFileReview,
      paperworkSentDate: c.paperworkSentDate,
      paperworkNotes: c.paperworkNotes,
      attendance: c.attendance,
      attendanceDate: c.attendanceDate,
      attendanceNotes: c.attendanceNotes,
      cancellationType: c.cancellationType,
      cancellationDate: c.cancellationDate,
      cancellationReason: c.cancellationReason,
      dictationReceivedDate: c.dictationReceivedDate,
      reportDraftSentDate: c.reportDraftSentDate,
      reportReceivedDate: c.reportReceivedDate,
      reportCompletedDate: c.reportCompletedDate,
      reportSentDate: c.reportSentDate,
      rebookedFromId: c.rebookedFromId,
      openActionCount: row.openActionCount,
      creationTime: c.creationTime.toISOString(),
      creatorId: c.creatorId,
      lastModificationTime: iso(c.lastModificationTime),
      concurrencyStamp: c.concurrencyStamp,
    };
  }

  private toListItem(row: CaseListRow): CaseListItemDto {
    return {
      id: row.id,
      caseNo: row.caseNo,
      serviceType: row.serviceType,
      status: row.status,
      statusDate: row.statusDate.toISOString(),
      clientName: row.clientName,
      companyName: row.companyName,
      caseManagerName: row.caseManagerName,
      specialistName: row.specialistName,
      centreName: row.centreName,
      appointmentDate: row.appointmentDate,
      appointmentTime: row.appointmentTime,
      billingStatus: row.billingStatus,
      isHighRisk: row.isHighRisk,
      creationTime: row.creationTime.toISOString(),
    };
  }

  // Reads -------------------------------------------------------------------------------------------

  async get(ctx: RequestContext, id: string): Promise<CaseDto> {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const row = await repo.find(tx, id, await this.scope(tx, ctx));
      if (!row) throw notFound('The case');
      return this.toDto(ctx, row);
    });
  }

  private sortOrder(sorting: string | undefined) {
    const parsed = parseSorting(sorting, Object.keys(CASE_SORT_FIELDS));
    if (!parsed.ok) throw invalidField('sorting', parsed.message);
    const terms = parsed.terms.map((t) => ({
      column: Object.keys(CASE_SORT_FIELDS).find(
        (k) => k.toLowerCase() === t.field.toLowerCase(),
      ) as keyof typeof CASE_SORT_FIELDS,
      direction: t.direction,
    }));
    return terms.length > 0 ? terms : [{ column: 'creationTime' as const, direction: 'desc' as const }];
  }

  async list(ctx: RequestContext, q: Out<typeof CaseListInput>) {
    const order = this.sortOrder(q.sorting);
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const where = listConditions(q, await this.scope(tx, ctx), ctx.tenant.timezone);
      const { rows, total } = await repo.listPageWithTotal(tx, where, order, q.skipCount, q.maxResultCount);
      // An empty page past the start carries no count: only then is it counted on its own.
      const totalCount = total ?? (q.skipCount === 0 ? 0 : await repo.count(tx, where));
      return { totalCount, items: rows.map((r) => this.toListItem(r)) };
    });
  }

  /** Every row of a filtered list, in pages, for the export. */
  async forEachPage(
    ctx: RequestContext,
    q: Out<typeof CaseListInput>,
    pageSize: number,
    max: number,
    fn: (rows: CaseListItemDto[]) => Promise<void>,
  ): Promise<void> {
    const order = this.sortOrder(q.sorting);
    await this.database.withTenant(ctx.tenant.id, async (tx) => {
      const where = listConditions(q, await this.scope(tx, ctx), ctx.tenant.timezone);
      const total = await repo.count(tx, where);
      if (total > max) throw businessRule(`The export has ${total} rows; narrow the search to at most ${max}.`);
      for (let skip = 0; skip < total || skip === 0; skip += pageSize) {
        const rows = await repo.listPage(tx, where, order, skip, pageSize);
        await fn(rows.map((r) => this.toListItem(r)));
        if (rows.length < pageSize) break;
      }
    });
  }

  /** countCaseStatus: cases per status under the list's filters (the status filter itself left out). */
  async countCaseStatus(ctx: RequestContext, q: Out<typeof CaseListInput>) {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const items = await repo.countByStatus(
        tx,
        listConditions(q, await this.scope(tx, ctx), ctx.tenant.timezone, false),
      );
      return { totalCount: items.reduce((n, i) => n + i.count, 0), items };
    });
  }

  /** countNextCaseStatus: cases per process step they wait on. */
  async countNextCaseStatus(ctx: RequestContext, q: Out<typeof CaseListInput>) {
    const counts = await this.countCaseStatus(ctx, q);
    const bySteps = new Map<string, number>();
    for (const { status, count } of counts.items) {
      const next = ImeStatusStages[status].next;
      if (next) bySteps.set(next, (bySteps.get(next) ?? 0) + count);
    }
    const items = [...bySteps].map(([step, count]) => ({ step, count }));
    return { totalCount: items.reduce((n, i) => n + i.count, 0), items };
  }

  /** countOverdueCaseStatus: cases that have waited in their status longer than the workflow allows. */
  async countOverdueCaseStatus(ctx: RequestContext, q: Out<typeof CaseListInput>) {
    const limits = Object.entries(ImeStatusStages)
      .filter(([, s]) => s.overdueDays !== null)
      .map(([status, s]) => [status as ImeStatus, s.overdueDays!] as [ImeStatus, number]);
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const items = await repo.countOverdue(
        tx,
        listConditions(q, await this.scope(tx, ctx), ctx.tenant.timezone, false),
        limits,
      );
      return { totalCount: items.reduce((n, i) => n + i.count, 0), items };
    });
  }

  async statusLogs(
    ctx: RequestContext,
    q: { objectId: string; caseStatusFrom?: ImeStatus | undefined; getLatest?: boolean | undefined },
  ) {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      if (!(await repo.find(tx, q.objectId, await this.scope(tx, ctx)))) throw notFound('The case');
      const rows = await repo.statusLogs(tx, q.objectId, {
        ...(q.caseStatusFrom ? { from: q.caseStatusFrom } : {}),
        ...(q.getLatest ? { latest: true } : {}),
      });
      const items: CaseStatusLogDto[] = rows.map((r) => ({
        id: r.id,
        objectId: r.caseId,
        caseStatusFrom: r.statusFrom,
        statusName: r.statusName,
        prefixedStatusName: prefixedStatus('IME', r.statusName),
        statusDate: r.statusDate.toISOString(),
        isActive: r.isActive,
        userId: r.userId,
        userName: r.userName,
        note: r.note,
      }));
      return { totalCount: items.length, items };
    });
  }

  /** checkExistCaseNo: whether a case number exists in the module its prefix (or the caller) names. */
  async checkExistCaseNo(
    ctx: RequestContext,
    q: { caseNo: string; fromModule?: string | undefined; serviceType?: CaseServiceType | undefined },
  ) {
    const caseNo = normaliseCaseNo(q.caseNo);
    const module = existenceCheckModule(caseNo, q.fromModule);
    // Only the assessment module's cases live here; other modules' numbers do not exist yet.
    const found =
      module === 'assessment'
        ? await this.database.withTenant(ctx.tenant.id, async (tx) => {
            const hit = await repo.caseNoTaken(tx, caseNo);
            if (!hit || (q.serviceType && hit.serviceType !== q.serviceType)) return undefined;
            return (await repo.find(tx, hit.id, await this.scope(tx, ctx))) ? hit : undefined;
          })
        : undefined;
    return {
      exists: Boolean(found),
      module,
      id: found?.id ?? null,
      message: found ? null : CASE_NUMBER_NOT_FOUND_MESSAGE,
    };
  }

  /** What booking with this company and specialist shows: the high-risk warning, the contract question. */
  async bookingCheck(
    ctx: RequestContext,
    q: { companyId?: string | undefined; specialistId?: string | undefined; clientId?: string | undefined },
  ) {
    const today = todayIn(ctx.tenant.timezone);
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const company = q.companyId ? await repo.company(tx, q.companyId) : undefined;
      if (q.companyId && !company) throw invalidField('companyId', 'The company does not exist.');
      const specialist = q.specialistId ? await repo.specialist(tx, q.specialistId) : undefined;
      if (q.specialistId && !specialist) throw invalidField('specialistId', 'The specialist does not exist.');
      const warning = company ? highRiskWarning(company, today, ctx.principal.roles) : undefined;
      const contract = specialist ? specialistContractCheck(specialist, today, ctx.principal.roles) : undefined;
      const seen =
        q.specialistId && q.clientId
          ? (await repo.specialistClientCases(tx, q.specialistId, q.clientId, { kind: 'all' })).length > 0
          : false;
      return {
        highRisk: warning ? { reason: warning.reason, audience: warning.audience } : null,
        contract: contract
          ? { outcome: contract.outcome, message: 'message' in contract ? contract.message : null }
          : null,
        seenBefore: seen,
      };
    });
  }

  async specialistClientHistory(ctx: RequestContext, id: string) {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const scope = await this.scope(tx, ctx);
      const row = await repo.find(tx, id, scope);
      if (!row) throw notFound('The case');
      if (!row.c.specialistId) return { seenBefore: false, items: [] };
      // Whether the specialist has seen the claimant before counts every case (it matters for the
      // booking); the cases themselves are listed only where the caller may see them.
      const { specialistId, clientId } = row.c;
      const every = await repo.specialistClientCases(tx, specialistId, clientId, { kind: 'all' }, id);
      const items =
        scope.kind === 'all' ? every : await repo.specialistClientCases(tx, specialistId, clientId, scope, id);
      return { seenBefore: every.length > 0, items };
    });
  }

  async appointmentHistory(ctx: RequestContext, id: string) {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      if (!(await repo.find(tx, id, await this.scope(tx, ctx)))) throw notFound('The case');
      const rows = await repo.appointmentHistory(tx, id);
      return {
        items: rows.map((r) => ({
          changeTime: r.changeTime.toISOString(),
          userName: r.userName,
          appointmentDate: r.appointmentDate,
          appointmentTime: r.appointmentTime,
          centreId: r.centreId,
          appointmentType: r.appointmentType,
          action: r.action,
          reason: r.reason,
        })),
      };
    });
  }

  // Booking -----------------------------------------------------------------------------------------

  /**
   * The people of a booking: client, case manager (and so the company), specialist and user group
   * exist; a case manager books only for their own companies; a specialist without a contract needs
   * an admin's or staff member's confirmation. Returns the values they decide.
   */
  private async bookingValues(
    tx: Tx,
    ctx: RequestContext,
    input: {
      clientId: string;
      caseManagerId: string;
      specialistId: string | null;
      visibility: string;
      visibilityGroupId: string | null;
      confirmNoContract: boolean;
      independenceOverrideReason?: string | undefined;
    },
    current?: CaseRow,
  ) {
    // A claimant the caller may not see (another firm's) is, to them, one that does not exist.
    if (!(await visibleRecords(tx, ctx, 'claimant', [input.clientId])).has(input.clientId)) {
      throw invalidField('clientId', 'The claimant does not exist.');
    }
    const caseManager = await repo.caseManager(tx, input.caseManagerId);
    if (!caseManager) throw invalidField('caseManagerId', 'The case manager does not exist.');
    if (!this.isOffice(ctx)) {
      const mine = await reachOf(tx, ctx);
      if (!mine.companyIds.includes(caseManager.companyId)) {
        throw invalidField('caseManagerId', 'You can only book for case managers of your own company.');
      }
    }
    if (input.visibility === 'GROUP' && !input.visibilityGroupId)
      throw invalidField('visibilityGroupId', 'This field is required');
    if (input.visibilityGroupId && !(await repo.userGroupExists(tx, input.visibilityGroupId))) {
      throw invalidField('visibilityGroupId', 'The user group does not exist.');
    }
    const today = todayIn(ctx.tenant.timezone);
    let specialistWithoutContract = current?.specialistWithoutContract ?? false;
    let independence: BookingIndependence;
    if (input.specialistId && input.specialistId !== current?.specialistId) {
      const specialist = await repo.specialist(tx, input.specialistId);
      if (!specialist) throw invalidField('specialistId', 'The specialist does not exist.');
      const check = specialistContractCheck(specialist, today, ctx.principal.roles);
      if (check.outcome === 'cancel' || (check.outcome === 'confirm' && !input.confirmNoContract)) {
        throw new AppError('Casebook:BusinessRule', check.message, undefined, `specialistContract:${check.outcome}`);
      }
      specialistWithoutContract = check.outcome === 'confirm';
      independence = await checkBookingIndependence(tx, ctx, {
        ...input,
        specialistId: input.specialistId,
        caseId: current?.id,
        companyId: caseManager.companyId,
      });
    } else if (!input.specialistId) {
      specialistWithoutContract = false;
    }
    const company = await repo.company(tx, caseManager.companyId);
    const isHighRisk = company ? highRiskWarning(company, today, ctx.principal.roles) !== undefined : false;
    return { decided: { companyId: caseManager.companyId, specialistWithoutContract, isHighRisk }, independence };
  }

  async create(ctx: RequestContext, input: Out<typeof CreateCaseInput>): Promise<CaseDto> {
    const id = await this.database.withTenant(ctx.tenant.id, (tx) => this.createIn(tx, ctx, input));
    return this.get(ctx, id);
  }

  /**
   * Makes a case in the caller's transaction (the work that made it asked for shares its outcome); its id.
   * `requested`: a date (and time) asked for before any session is booked, kept as the case's appointment.
   */
  async createIn(
    tx: Tx,
    ctx: RequestContext,
    input: Out<typeof CreateCaseInput>,
    requested?: { appointmentDate: string; appointmentTime: string | null },
  ): Promise<string> {
    {
      let caseNo: string;
      if (input.caseNo !== undefined) {
        caseNo = normaliseCaseNo(input.caseNo);
        if (await repo.caseNoTaken(tx, caseNo))
          throw new AppError('Casebook:Duplicate', CASE_NUMBER_DUPLICATE_MESSAGE, [
            { message: CASE_NUMBER_DUPLICATE_MESSAGE, members: ['caseNo'] },
          ]);
      } else {
        const prefix = CaseNumberPrefixes[input.serviceType];
        caseNo = `${prefix}-${String(await repo.nextCaseNumber(tx, ctx.tenant.id, prefix)).padStart(6, '0')}`;
        // A number typed by hand earlier may already hold the generated one: take the next free one.
        while (await repo.caseNoTaken(tx, caseNo)) {
          caseNo = `${prefix}-${String(await repo.nextCaseNumber(tx, ctx.tenant.id, prefix)).padStart(6, '0')}`;
        }
      }
      const resources = bookingResources(input);
      // Booked into a session: the session's specialist, time, centre and type are the appointment.
      const slot = input.sessionId
        ? await this.session(tx).sessionToBook(tx, ctx, input.sessionId, {
            specialistId: input.specialistId,
            appointmentType: input.appointmentType,
          })
        : undefined;
      const specialistId = input.specialistId ?? slot?.specialistId ?? null;
      const { decided, independence } = await this.bookingValues(tx, ctx, { ...input, specialistId });
      if (slot) this.session(tx).checkReserved(slot, decided.companyId);
      const now = new Date();
      const status = slot ? 'APPOINTMENT_REQUESTED' : 'CASE_CREATED';
      const row = await repo.insertCase(tx, {
        tenantId: ctx.tenant.id,
        id: uuidv7(),
        caseNo,
        serviceType: input.serviceType,
        status,
        statusDate: now,
        clientId: input.clientId,
        caseManagerId: input.caseManagerId,
        specialistId,
        ...(slot ? slot.appointment : requested),
        bookingNotes: input.bookingNotes,
        privateNotes: this.canWritePrivateNotes(ctx) ? input.privateNotes : null,
        visibility: input.visibility,
        visibilityGroupId: input.visibilityGroupId,
        ...decided,
        creationTime: now,
        creatorId: ctx.principal.userId,
        concurrencyStamp: uuidv7(),
      });
      await repo.logStatus(tx, {
        tenantId: ctx.tenant.id,
        caseId: row.id,
        from: null,
        to: 'CASE_CREATED',
        at: now,
        userId: ctx.principal.userId,
        userName: ctx.actor.userName,
      });
      if (slot) {
        const decision = decideModuleStep(ImeModule, 'appointment', ImeModule.initialStatus, {
          step: 'appointment',
          confirmed: false,
          isFileReview: false,
        });
        if (!decision.ok || decision.to !== status) throw new Error('The workflow no longer requests on booking.');
        await repo.logStatus(tx, {
          tenantId: ctx.tenant.id,
          caseId: row.id,
          from: 'CASE_CREATED',
          to: status,
          at: now,
          userId: ctx.principal.userId,
          userName: ctx.actor.userName,
        });
        await this.addHistory(tx, ctx, row, 'booked', null);
      }
      await recordEntityChange(tx, ctx.actor, {
        entityType: CASE_ENTITY,
        entityId: row.id,
        changeType: 'Created',
        before: null,
        after: row,
      });
      // A warning gone ahead with: the check, who went ahead and why, with the case's creation.
      if (independence) await recordIndependenceOverride(tx, ctx, row.id, independence);
      if (slot) await this.session(tx).syncCaseIn(tx, ctx, caseAppointmentOf(row), slot.id, resources);
      return row.id;
    }
  }

  private canWritePrivateNotes(ctx: RequestContext) {
    return ctx.permissions.has(Permissions.assessments.privateNotes);
  }

  // Step updates ------------------------------------------------------------------------------------

  /**
   * One step update in one transaction: the case is read under a row lock, the stamp checked (409),
   * the status decided by the workflow (422 on an illegal move), then the status log, the case and
   * its change history are written together. Any failure rolls all of it back.
   */
  private async step(
    ctx: RequestContext,
    id: string,
    stamp: string,
    build: (
      current: CaseRow,
      tx: Tx,
    ) => Promise<{
      values: CaseValues;
      facts: StepFacts | ImeStatus | null;
      note?: string | null;
      after?: (row: CaseRow, tx: Tx) => Promise<void>;
      /** An appointment session to book the case into, with the case's change. */
      book?: string;
      /** Rooms and interpreters the booking of `book` holds with it, all or none. */
      resources?: BookingResources;
      /** The user confirmed a date a date rule asks about. */
      confirmDates?: boolean;
    }>,
  ): Promise<CaseDto> {
    const moved = await this.database.withTenant(ctx.tenant.id, async (tx) => {
      const found = await repo.find(tx, id, await this.scope(tx, ctx), true);
      if (!found) throw notFound('The case');
      const current = found.c;
      if (current.concurrencyStamp !== stamp) throw concurrencyConflict();
      const { values, facts, note, after, book, resources, confirmDates } = await build(current, tx);
      if (facts && typeof facts === 'object') this.checkDates(ctx, facts.step, current, values, confirmDates === true);
      let to: ImeStatus | null = null;
      if (typeof facts === 'string') {
        if (facts !== current.status) {
          if (!moduleAllows(ImeModule, current.status, facts))
            throw businessRule(refusedTransitionMessage(ImeModule, current.status, facts));
          to = facts;
        }
      } else if (facts) {
        const decision = decideModuleStep(ImeModule, facts.step, current.status, facts);
        if (!decision.ok) throw businessRule(decision.message);
        to = decision.to;
      }
      const now = new Date();
      if (to) {
        await repo.logStatus(tx, {
          tenantId: ctx.tenant.id,
          caseId: id,
          from: current.status,
          to,
          at: now,
          userId: ctx.principal.userId,
          userName: ctx.actor.userName,
          note: note ?? null,
        });
      }
      let updated: CaseRow | undefined;
      try {
        updated = await repo.updateCase(tx, id, current.concurrencyStamp, {
          ...values,
          ...(to ? { status: to, statusDate: now } : {}),
          lastModificationTime: now,
          lastModifierId: ctx.principal.userId,
          concurrencyStamp: uuidv7(),
        });
      } catch (error) {
        throw referenceError(error) ?? error;
      }
      if (!updated) throw concurrencyConflict();
      await recordEntityChange(tx, ctx.actor, {
        entityType: CASE_ENTITY,
        entityId: id,
        changeType: 'Updated',
        before: current,
        after: updated,
      });
      if (after) await after(updated, tx);
      // The case's sessions follow it: booked, confirmed, moved or freed with this change.
      await this.sessions?.syncCaseIn(tx, ctx, caseAppointmentOf(updated), book, resources);
      // Those the change concerns hear of it when it commits.
      await notifyCaseStep(tx, ctx, current, updated, facts, to, 'IME');
      return to !== null && to !== current.status ? to : null;
    });
    if (moved) this.onStatusChanged?.(ctx.tenant.id, id, moved);
    return this.get(ctx, id);
  }

  private session(_tx: Tx): SchedulingService {
    if (!this.sessions) throw new Error('Appointment sessions are not available here.');
    return this.sessions;
  }

  /**
   * The appointment a session gives a case being booked into it, in the step's transaction; a case
   * without a specialist takes the session's when the contract rules let it be booked.
   */
  private async sessionValues(
    tx: Tx,
    ctx: RequestContext,
    current: CaseRow,
    sessionId: string,
    appointmentType: Out<typeof UpdateAppointmentInput>['appointmentType'],
  ): Promise<SessionAppointment & { specialistId: string | null; isFileReview: false }> {
    const slot = await this.session(tx).sessionToBook(tx, ctx, sessionId, {
      caseId: current.id,
      specialistId: current.specialistId,
      appointmentType,
    });
    this.session(tx).checkReserved(slot, current.companyId);
    if (!current.specialistId) {
      const specialist = await repo.specialist(tx, slot.specialistId);
      const check =
        specialist && specialistContractCheck(specialist, todayIn(ctx.tenant.timezone), ctx.principal.roles);
      if (check && check.outcome !== 'ok') throw invalidField('sessionId', check.message);
    }
    return { ...slot.appointment, specialistId: slot.specialistId, isFileReview: false };
  }

  private addHistory(
    tx: Tx,
    ctx: RequestContext,
    row: CaseRow,
    action: 'booked' | 'rescheduled' | 'cancelled',
    reason: string | null,
  ) {
    return repo.addAppointmentHistory(tx, {
      tenantId: row.tenantId,
      caseId: row.id,
      action,
      appointmentDate: row.appointmentDate,
      appointmentTime: row.appointmentTime,
      appointmentType: row.appointmentType,
      centreId: row.centreId,
      reason,
      userName: ctx.actor.userName,
    });
  }

  updateBookingDetail(ctx: RequestContext, id: string, input: Out<typeof UpdateBookingDetailInput>) {
    return this.step(ctx, id, input.concurrencyStamp, async (current, tx) => {
      const { decided, independence } = await this.bookingValues(tx, ctx, input, current);
      return {
        // A warning gone ahead with is recorded on the case with its change.
        ...(independence
          ? {
              after: async (row: CaseRow) => {
                await recordIndependenceOverride(tx, ctx, row.id, independence);
              },
            }
          : {}),
        facts: { step: 'booking-detail' },
        values: {
          clientId: input.clientId,
          caseManagerId: input.caseManagerId,
          specialistId: input.specialistId,
          bookingNotes: input.bookingNotes,
          ...(this.canWritePrivateNotes(ctx) ? { privateNotes: input.privateNotes } : {}),
          visibility: input.visibility,
          visibilityGroupId: input.visibilityGroupId,
          ...decided,
        },
      };
    });
  }

  updateAppointment(ctx: RequestContext, id: string, input: Out<typeof UpdateAppointmentInput>) {
    return this.step(ctx, id, input.concurrencyStamp, async (current, tx) => {
      if (input.sessionId && input.isFileReview) {
        throw invalidField('isFileReview', 'A file review is not booked into a session.');
      }
      const resources = bookingResources(input);
      const slot = input.sessionId
        ? await this.sessionValues(tx, ctx, current, input.sessionId, input.appointmentType)
        : undefined;
      if (!slot && input.confirmed && !input.isFileReview && (!input.appointmentDate || !input.appointmentTime)) {
        throw invalidField(input.appointmentDate ? 'appointmentTime' : 'appointmentDate', 'This field is required');
      }
      return {
        facts: { step: 'appointment', confirmed: input.confirmed, isFileReview: input.isFileReview },
        confirmDates: input.confirmDates,
        values: slot ?? {
          appointmentDate: input.appointmentDate,
          appointmentTime: input.appointmentTime,
          appointmentType: input.appointmentType,
          centreId: input.centreId,
          isFileReview: input.isFileReview,
        },
        ...(slot ? { book: input.sessionId!, resources } : {}),
        after: async (row, tx) => {
          if (row.appointmentDate) {
            await repo.addAppointmentHistory(tx, {
              tenantId: row.tenantId,
              caseId: row.id,
              action: 'booked',
              appointmentDate: row.appointmentDate,
              appointmentTime: row.appointmentTime,
              appointmentType: row.appointmentType,
              centreId: row.centreId,
              reason: null,
              userName: ctx.actor.userName,
            });
          }
        },
      };
    });
  }

  /**
   * The step's date rules (decision 0032) over the dates it saves: a `refuse` rule is a 422 with its message, a
   * `confirm` rule a 422 coded `confirm:<field>` until the user confirms.
   */
  private checkDates(
    ctx: RequestContext,
    step: StepFacts['step'],
    current: CaseRow,
    values: CaseValues,
    confirmed: boolean,
  ) {
    const rules = ImeModule.steps[step].dateRules ?? [];
    // Only the dates the save changes: an unchanged date was accepted (or confirmed) when it was saved.
    const before = current as Record<string, unknown>;
    const own = Object.fromEntries(Object.entries(values).filter(([key, value]) => value !== before[key]));
    const merged = { ...before, ...values } as Record<string, unknown>;
    for (const rule of brokenDateRules(rules, own, merged, formatIsoDate(todayIn(ctx.tenant.timezone)))) {
      if (rule.outcome === 'refuse') throw businessRule(rule.message);
      if (!confirmed) throw new AppError('Casebook:BusinessRule', rule.message, undefined, `confirm:${rule.field}`);
    }
  }

  rescheduleAppointment(ctx: RequestContext, id: string, input: Out<typeof RescheduleAppointmentInput>) {
    return this.step(ctx, id, input.concurrencyStamp, async (current, tx) => {
      if (!current.appointmentDate) throw businessRule('The case has no appointment to reschedule.');
      const resources = bookingResources(input);
      const slot = input.sessionId
        ? await this.sessionValues(tx, ctx, current, input.sessionId, input.appointmentType)
        : undefined;
      return {
        facts: { step: 'reschedule-appointment', confirmed: input.confirmed },
        confirmDates: input.confirmDates,
        note: input.reason,
        values: slot ?? {
          appointmentDate: input.appointmentDate,
          appointmentTime: input.appointmentTime,
          appointmentType: input.appointmentType ?? current.appointmentType,
          centreId: input.centreId ?? current.centreId,
        },
        ...(slot ? { book: input.sessionId!, resources } : {}),
        after: async (row, tx) =>
          repo.addAppointmentHistory(tx, {
            tenantId: row.tenantId,
            caseId: row.id,
            action: 'rescheduled',
            appointmentDate: row.appointmentDate,
            appointmentTime: row.appointmentTime,
            appointmentType: row.appointmentType,
            centreId: row.centreId,
            reason: input.reason,
            userName: ctx.actor.userName,
          }),
      };
    });
  }

  cancelAppointment(ctx: RequestContext, id: string, input: Out<typeof CancelAppointmentInput>) {
    return this.step(ctx, id, input.concurrencyStamp, async (current) => {
      if (!current.appointmentDate) throw businessRule('The case has no appointment to cancel.');
      return {
        facts: { step: 'cancel-appointment' },
        note: input.reason,
        values: { appointmentDate: null, appointmentTime: null },
        after: async (row, tx) =>
          repo.addAppointmentHistory(tx, {
            tenantId: row.tenantId,
            caseId: row.id,
            action: 'cancelled',
            appointmentDate: current.appointmentDate,
            appointmentTime: current.appointmentTime,
            appointmentType: current.appointmentType,
            centreId: current.centreId,
            reason: input.reason,
            userName: ctx.actor.userName,
          }),
      };
    });
  }

  updatePaperwork(ctx: RequestContext, id: string, input: Out<typeof UpdatePaperworkInput>) {
    return this.step(ctx, id, input.concurrencyStamp, async () => ({
      facts: { step: 'paperwork', paperworkSent: input.paperworkSentDate !== null },
      values: { paperworkSentDate: input.paperworkSentDate, paperworkNotes: input.paperworkNotes },
    }));
  }

  updateAttendance(ctx: RequestContext, id: string, input: Out<typeof UpdateAttendanceInput>) {
    return this.step(ctx, id, input.concurrencyStamp, async () => ({
      facts: {
        step: 'attendance',
        outcome: input.attendance,
        chargeable: input.chargeable,
        notAttended: input.notAttended,
      },
      values: {
        attendance: input.attendance,
        attendanceDate: input.attendanceDate,
        attendanceNotes: input.attendanceNotes,
      },
    }));
  }

  updateCancellation(ctx: RequestContext, id: string, input: Out<typeof UpdateCancellationInput>) {
    return this.step(ctx, id, input.concurrencyStamp, async () => ({
      facts: { step: 'cancellation', cancellationType: input.cancellationType },
      note: input.cancellationReason,
      values: {
        cancellationType: input.cancellationType,
        cancellationDate: input.cancellationDate,
        cancellationReason: input.cancellationReason,
      },
    }));
  }

  updateDictationReport(ctx: RequestContext, id: string, input: Out<typeof UpdateDictationReportInput>) {
    return this.step(ctx, id, input.concurrencyStamp, async (current) => {
      const isNew = (next: string | null, prev: string | null) => next !== null && next !== prev;
      return {
        facts: {
          step: 'dictation-report',
          dictationReceived: isNew(input.dictationReceivedDate, current.dictationReceivedDate),
          draftSent: isNew(input.reportDraftSentDate, current.reportDraftSentDate),
          reportReceived: isNew(input.reportReceivedDate, current.reportReceivedDate),
          reportCompleted: isNew(input.reportCompletedDate, current.reportCompletedDate),
        },
        values: {
          dictationReceivedDate: input.dictationReceivedDate,
          reportDraftSentDate: input.reportDraftSentDate,
          reportReceivedDate: input.reportReceivedDate,
          reportCompletedDate: input.reportCompletedDate,
        },
      };
    });
  }

  changeStatus(ctx: RequestContext, input: Out<typeof ChangeCaseStatusInput>) {
    return this.step(ctx, input.objectId, input.concurrencyStamp, async (current) => {
      if (current.status === input.status)
        throw businessRule(refusedTransitionMessage(ImeModule, current.status, input.status));
      return { facts: input.status, note: input.note, values: {} };
    });
  }

  updateBillingStatus(ctx: RequestContext, id: string, input: Out<typeof UpdateBillingStatusInput>) {
    return this.step(ctx, id, input.concurrencyStamp, async () => ({
      facts: null,
      values: { billingStatus: input.billingStatus },
    }));
  }

  // Case permission ----------------------------------------------------------------------------------

  /** Who may see the case: Everyone, Staff, or a user group and its members. */
  async permission(ctx: RequestContext, id: string): Promise<CasePermissionDto> {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const found = await repo.find(tx, id, await this.scope(tx, ctx));
      if (!found) throw notFound('The case');
      return this.permissionOf(tx, found.c);
    });
  }

  private async permissionOf(tx: Tx, c: CaseRow): Promise<CasePermissionDto> {
    const group =
      c.visibility === 'GROUP' && c.visibilityGroupId ? await repo.userGroup(tx, c.visibilityGroupId) : undefined;
    return {
      objectId: c.id,
      visibility: c.visibility,
      visibilityGroupId: c.visibility === 'GROUP' ? c.visibilityGroupId : null,
      groupName: group?.name ?? null,
      members: group ? await repo.userNames(tx, group.memberIds) : [],
      concurrencyStamp: c.concurrencyStamp,
    };
  }

  /** Sets the case's visibility under its stamp, with its change history; the status stays. */
  async setPermission(ctx: RequestContext, input: Out<typeof SetCasePermissionInput>): Promise<CasePermissionDto> {
    let result: CasePermissionDto | undefined;
    await this.step(ctx, input.objectId, input.concurrencyStamp, async (_current, tx) => {
      const groupId = input.visibility === 'GROUP' ? input.visibilityGroupId : null;
      if (groupId && !(await repo.userGroup(tx, groupId))) {
        throw invalidField('visibilityGroupId', 'The user group does not exist.');
      }
      return {
        facts: null,
        values: { visibility: input.visibility, visibilityGroupId: groupId },
        after: async (row, inner) => {
          result = await this.permissionOf(inner, row);
        },
      };
    });
    return result!;
  }

  sendReportStatus(ctx: RequestContext, id: string, input: Out<typeof SendReportStatusInput>) {
    return this.step(ctx, id, input.concurrencyStamp, async (current) => {
      if (!current.reportCompletedDate) throw businessRule('The report is not completed yet.');
      return {
        facts: null,
        values: { reportSentDate: input.reportSentDate },
        after: async (row, tx) => {
          await repo.insertEmailRequest(tx, {
            tenantId: row.tenantId,
            id: uuidv7(),
            caseId: row.id,
            emailType: 'REPORT',
            templateKey: CaseEmailTemplateKeys.REPORT,
            isSms: false,
            isResend: false,
            requestedBy: ctx.principal.userId,
          });
        },
      };
    });
  }

  /** Rebook: a new case for the same booking, in Appointment requested, linked to the old one. */
  async rebook(ctx: RequestContext, id: string, input: { notifyCaseDNA: boolean }): Promise<CaseDto> {
    const newId = await this.database.withTenant(ctx.tenant.id, async (tx) => {
      const found = await repo.find(tx, id, await this.scope(tx, ctx));
      if (!found) throw notFound('The case');
      const old = found.c;
      const prefix = CaseNumberPrefixes[old.serviceType];
      let caseNo = `${prefix}-${String(await repo.nextCaseNumber(tx, ctx.tenant.id, prefix)).padStart(6, '0')}`;
      while (await repo.caseNoTaken(tx, caseNo)) {
        caseNo = `${prefix}-${String(await repo.nextCaseNumber(tx, ctx.tenant.id, prefix)).padStart(6, '0')}`;
      }
      const now = new Date();
      const row = await repo.insertCase(tx, {
        tenantId: ctx.tenant.id,
        id: uuidv7(),
        caseNo,
        serviceType: old.serviceType,
        status: 'APPOINTMENT_REQUESTED',
        statusDate: now,
        clientId: old.clientId,
        companyId: old.companyId,
        caseManagerId: old.caseManagerId,
        specialistId: old.specialistId,
        bookingNotes: old.bookingNotes,
        privateNotes: old.privateNotes,
        visibility: old.visibility,
        visibilityGroupId: old.visibilityGroupId,
        isHighRisk: old.isHighRisk,
        specialistWithoutContract: old.specialistWithoutContract,
        rebookedFromId: old.id,
        creationTime: now,
        creatorId: ctx.principal.userId,
        concurrencyStamp: uuidv7(),
      });
      await repo.logStatus(tx, {
        tenantId: ctx.tenant.id,
        caseId: row.id,
        from: null,
        to: 'APPOINTMENT_REQUESTED',
        at: now,
        userId: ctx.principal.userId,
        userName: ctx.actor.userName,
        note: `Rebooked from ${old.caseNo}`,
      });
      if (input.notifyCaseDNA) await this.notifyNonAttendance(tx, ctx, found, caseNo);
      await recordEntityChange(tx, ctx.actor, {
        entityType: CASE_ENTITY,
        entityId: row.id,
        changeType: 'Created',
        before: null,
        after: row,
      });
      return row.id;
    });
    return this.get(ctx, newId);
  }

  /**
   * The DNA notification of a rebooking: the booking case manager hears that the claimant did not
   * attend and which case the assessment now lives on, through the outbox in the rebook's transaction.
   */
  private async notifyNonAttendance(
    tx: Tx,
    ctx: RequestContext,
    found: { c: CaseRow } & CaseNames,
    rebookedCaseNo: string,
  ) {
    const recipient = await repo.recipient(tx, 'case_managers', found.c.caseManagerId);
    if (!recipient?.email) {
      throw invalidField('notifyCaseDNA', 'The booking case manager has no e-mail address.');
    }
    await enqueueRequestedMail(
      tx,
      ctx.tenant.id,
      {
        to: recipient.email,
        templateKey: NON_ATTENDANCE_TEMPLATE,
        fromModule: 'IME',
        objectId: found.c.id,
        objectReference: found.c.caseNo,
        category: 'NON_ATTENDANCE',
        creatorId: ctx.principal.userId,
        values: { ...caseMailValues(found, recipient.name, ctx.tenant.timezone), rebookedCaseNo },
      },
      'to notify the case manager',
    );
  }

  /** Queues an e-mail (or SMS) of the case for the correspondence outbox. */
  async requestEmail(ctx: RequestContext, id: string, input: Out<typeof CaseEmailInput>) {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const found = await repo.find(tx, id, await this.scope(tx, ctx));
      if (!found) throw notFound('The case');
      const templateKey = CaseEmailTemplateKeys[input.emailType];
      // E-mails go through the correspondence outbox in this transaction; SMS stay requests.
      if (!input.isSMS) {
        const toSpecialist = SPECIALIST_EMAILS.has(input.emailType);
        const recipient = await repo.recipient(
          tx,
          toSpecialist ? 'specialists' : 'case_managers',
          toSpecialist ? found.c.specialistId : found.c.caseManagerId,
        );
        if (!recipient?.email) throw invalidField('emailType', 'The recipient has no e-mail address.');
        await enqueueRequestedMail(tx, ctx.tenant.id, {
          to: recipient.email,
          templateKey,
          fromModule: 'IME',
          objectId: id,
          objectReference: found.c.caseNo,
          category: input.emailType,
          creatorId: ctx.principal.userId,
          values: caseMailValues(found, recipient.name, ctx.tenant.timezone),
        });
      }
      const row = await repo.insertEmailRequest(tx, {
        tenantId: ctx.tenant.id,
        id: uuidv7(),
        caseId: id,
        emailType: input.emailType,
        templateKey,
        isSms: input.isSMS,
        isResend: input.isResend,
        requestedBy: ctx.principal.userId,
      });
      return {
        id: row.id,
        caseId: row.caseId,
        emailType: row.emailType,
        templateKey: row.templateKey,
        isSMS: row.isSms,
        isResend: row.isResend,
        status: 'QUEUED' as const,
        requestedBy: row.requestedBy,
        creationTime: row.creationTime.toISOString(),
      };
    });
  }

  /** The assessment checklist: each step of the case and whether it is done. */
  async checklist(ctx: RequestContext, id: string) {
    const c = await this.get(ctx, id);
    const created = formatIsoDate(dateIn(ctx.tenant.timezone, new Date(c.creationTime)));
    return { caseNo: c.caseNo, items: moduleChecklist(ImeModule, c, created) };
  }

  today(ctx: RequestContext): string {
    return formatIsoDate(todayIn(ctx.tenant.timezone));
  }
}

/** A reference that vanished between the check and the write: the field named, as a 400. */
function referenceError(error: unknown): AppError | undefined {
  const constraint = findConstraint(error);
  if (!constraint) return undefined;
  const member = {
    cases_centre_fkey: 'centreId',
    cases_client_fkey: 'clientId',
    cases_case_manager_fkey: 'caseManagerId',
    cases_specialist_fkey: 'specialistId',
  }[constraint];
  return member ? invalidField(member, 'The referenced record does not exist.') : undefined;
}

function findConstraint(error: unknown): string | undefined {
  let e: unknown = error;
  for (let depth = 0; depth < 4 && e && typeof e === 'object'; depth++) {
    const c = (e as { constraint?: unknown; code?: unknown }).constraint;
    if (typeof c === 'string' && (e as { code?: unknown }).code === '23503') return c;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}
