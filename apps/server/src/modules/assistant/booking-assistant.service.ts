import {
  addDays,
  formatIsoDate,
  ImeStatusLabels,
  parseAssistantQuestion,
  parseAvailabilityDate,
  Permissions,
  resolveAvailabilityRelativeDate,
  todayIn,
  type AssistantCase,
  type AssistantCaseRef,
  type AssistantIntent,
  type AssistantProposal,
  type AssistantSession,
  type BookingAssistantAnswer,
  type CaseDto,
  type CalendarDate,
} from '@casebook/domain';
import type { RequestContext } from '../../platform/access/context';
import type { CasesService } from '../cases/cases.service';
import type { SchedulingService } from '../scheduling/scheduling.service';
import type { LanguageModel } from './language-model';

/** Sessions listed in one answer. */
const MAX_SESSIONS = 5;
/** Sessions offered to book or move to in one answer. */
const MAX_PROPOSALS = 3;

type Found = Omit<BookingAssistantAnswer, 'wordedBy'>;

/**
 * The booking assistant. It reads a question with the domain's rules (no model), then answers only
 * from the asker's own calls (the availability search, their cases and sessions), so it can offer
 * nothing the asker could not find on the screens. Proposals are confirmed by the user through the
 * booking and reschedule calls, which apply their own rules again.
 */
export class BookingAssistantService {
  constructor(
    private readonly sessions: SchedulingService,
    private readonly cases: CasesService,
    private readonly model?: LanguageModel,
  ) {}

  async ask(ctx: RequestContext, question: string, now = new Date()): Promise<BookingAssistantAnswer> {
    const today = todayIn(ctx.tenant.timezone, now);
    const intent = parseAssistantQuestion(question, today);
    const found = await this.answer(ctx, intent, today, now);
    if (this.model?.word && found.intent !== 'unknown') {
      try {
        // The model is told the question and what this user was shown, nothing else.
        const reply = await this.model.word(question, factsOf(found));
        return { ...found, reply, wordedBy: 'model' };
      } catch {
        // The provider is optional: its failure leaves the built-in wording.
      }
    }
    return { ...found, wordedBy: 'rules' };
  }

  private answer(ctx: RequestContext, intent: AssistantIntent, today: CalendarDate, now: Date): Promise<Found> {
    switch (intent.kind) {
      case 'availability':
        return this.availability(ctx, intent, today, now);
      case 'caseStatus':
        return this.caseStatus(ctx, intent.caseRef);
      case 'reschedule':
        return this.reschedule(ctx, intent, today, now);
      case 'unknown':
        return Promise.resolve(
          empty(
            'unknown',
            'I can find available sessions ("first available orthopaedic surgeon in Brisbane next week"), ' +
              'tell you what is outstanding on a case ("what is outstanding on IME-1042") or move an ' +
              'appointment ("move John Smith\'s appointment to Thursday").',
          ),
        );
    }
  }

  private async availability(
    ctx: RequestContext,
    q: Extract<AssistantIntent, { kind: 'availability' }>,
    today: CalendarDate,
    now: Date,
  ): Promise<Found> {
    const what = describeSearch(q);
    let sessions: AssistantSession[];
    if (ctx.permissions.has(Permissions.appointmentSessions.search)) {
      const result = await this.sessions.search(
        ctx,
        {
          ...(q.specialty ? { specialty: q.specialty } : {}),
          ...(q.specialistName ? { specialistName: q.specialistName } : {}),
          ...(q.state ? { state: q.state } : {}),
          ...(q.postcode ? { postcode: q.postcode } : {}),
          ...(q.relativeDate ? { relativeDate: q.relativeDate } : {}),
          ...(q.date ? { date: q.date } : {}),
          ...(q.isVideoAppointment !== undefined ? { isVideoAppointment: q.isVideoAppointment } : {}),
          skipCount: 0,
          maxResultCount: 20,
          slotsPerSpecialist: MAX_SESSIONS,
        },
        now,
      );
      sessions = result.items
        .flatMap((g) =>
          g.sessions
            .filter((s) => s.sessionStatus === 'available')
            .map((s) => ({
              id: s.id,
              specialistId: g.specialist.id,
              specialistName: g.specialist.fullName,
              specialty: g.specialist.specialty,
              centreName: s.centre?.name ?? null,
              state: s.centre?.state ?? null,
              displayFrom: s.displayFrom,
              dateFrom: s.dateFrom,
              isVideoAppointment: s.isVideoAppointment,
            })),
        )
        .sort((a, b) => a.dateFrom.localeCompare(b.dateFrom))
        .slice(0, MAX_SESSIONS);
    } else if (ctx.permissions.has(Permissions.appointmentSessions.read)) {
      // Without the search (a specialist): their own calendar, which the sessions call limits to them.
      const days = daysOf(q, today);
      const own = await this.sessions.list(ctx, { fromDate: formatIsoDate(days.from), toDate: formatIsoDate(days.to) });
      sessions = own.items
        .filter((s) => s.sessionStatus === 'available' && new Date(s.dateFrom) > now)
        .filter((s) => q.isVideoAppointment === undefined || s.isVideoAppointment === q.isVideoAppointment)
        .filter((s) => !q.specialistName || s.specialistName.toLowerCase().includes(q.specialistName.toLowerCase()))
        .map((s) => ({
          id: s.id,
          specialistId: s.specialistId,
          specialistName: s.specialistName,
          specialty: null,
          centreName: s.centreName,
          state: null,
          displayFrom: s.displayFrom,
          dateFrom: s.dateFrom,
          isVideoAppointment: s.isVideoAppointment,
        }))
        .slice(0, MAX_SESSIONS);
    } else {
      return empty('availability', 'You do not have access to appointment availability.');
    }
    if (sessions.length === 0) return empty('availability', `No available session found for ${what}.`);
    const canBook = ctx.permissions.has(Permissions.appointmentSessions.book);
    const proposals: AssistantProposal[] = canBook
      ? sessions.slice(0, MAX_PROPOSALS).map((s) => ({
          kind: 'book',
          label: `Book ${s.specialistName}, ${s.displayFrom}${s.centreName ? ` at ${s.centreName}` : ''}`,
          sessionId: s.id,
          caseId: null,
          caseConcurrencyStamp: null,
        }))
      : [];
    const first = sessions[0]!;
    const reply =
      `The first available session for ${what} is with ${first.specialistName} on ${first.displayFrom}` +
      `${first.isVideoAppointment ? ' (video)' : first.centreName ? ` at ${first.centreName}` : ''}.` +
      (sessions.length > 1 ? ` ${sessions.length - 1} more listed below.` : '');
    return { intent: 'availability', reply, sessions, cases: [], proposals };
  }

  /** The one case the reference names among those the asker may see, or a reply saying why not. */
  private async findCase(ctx: RequestContext, ref: AssistantCaseRef): Promise<CaseDto | string> {
    const label = 'caseNo' in ref ? ref.caseNo : ref.claimantName;
    const notFound = `I could not find a case for ${label}.`;
    if (!ctx.permissions.has(Permissions.assessments.read)) return notFound;
    const filterText = label;
    const page = await this.cases.list(ctx, {
      filterText,
      serviceType: 'IME',
      dateField: 'appointment',
      skipCount: 0,
      maxResultCount: 10,
      sorting: 'creationTime desc',
    });
    const matches =
      'caseNo' in ref
        ? page.items.filter((c) => c.caseNo.toUpperCase() === ref.caseNo.toUpperCase())
        : page.items.filter((c) => c.clientName.toLowerCase() === ref.claimantName.toLowerCase());
    if (matches.length === 0) return notFound;
    if (matches.length > 1) {
      return `${matches.length} cases match ${label}: ${matches.map((c) => c.caseNo).join(', ')}. Ask again with the case number.`;
    }
    return this.cases.get(ctx, matches[0]!.id);
  }

  private async caseStatus(ctx: RequestContext, ref: AssistantCaseRef): Promise<Found> {
    const kase = await this.findCase(ctx, ref);
    if (typeof kase === 'string') return empty('caseStatus', kase);
    const checklist = await this.cases.checklist(ctx, kase.id);
    const outstanding = checklist.items.filter((i) => i.status !== 'Complete').map((i) => i.label);
    const summary = caseOf(kase, outstanding);
    const reply =
      `${kase.caseNo} (${kase.clientName}) is ${ImeStatusLabels[kase.status]}` +
      (kase.appointmentDate
        ? `, appointment ${kase.appointmentDate}${kase.appointmentTime ? ` ${kase.appointmentTime}` : ''}`
        : '') +
      '. ' +
      (outstanding.length > 0 ? `Outstanding: ${outstanding.join(', ')}.` : 'Nothing is outstanding.') +
      (kase.openActionCount > 0 ? ` ${kase.openActionCount} open action item(s).` : '');
    return { intent: 'caseStatus', reply, sessions: [], cases: [summary], proposals: [] };
  }

  private async reschedule(
    ctx: RequestContext,
    q: Extract<AssistantIntent, { kind: 'reschedule' }>,
    today: CalendarDate,
    now: Date,
  ): Promise<Found> {
    const kase = await this.findCase(ctx, q.caseRef);
    if (typeof kase === 'string') return empty('reschedule', kase);
    const summary = caseOf(kase, []);
    if (!ctx.permissions.has(Permissions.assessments.update)) {
      return { ...empty('reschedule', 'You cannot move appointments; ask the booking team.'), cases: [summary] };
    }
    if (!kase.appointmentDate || !kase.specialistId) {
      return { ...empty('reschedule', `${kase.caseNo} has no appointment to move.`), cases: [summary] };
    }
    const days = daysOf(q, today, 7);
    const calendar = await this.sessions.list(ctx, {
      fromDate: formatIsoDate(days.from),
      toDate: formatIsoDate(days.to),
      specialistId: kase.specialistId,
    });
    const sessions: AssistantSession[] = calendar.items
      .filter((s) => s.sessionStatus === 'available' && new Date(s.dateFrom) > now)
      .slice(0, MAX_SESSIONS)
      .map((s) => ({
        id: s.id,
        specialistId: s.specialistId,
        specialistName: s.specialistName,
        specialty: null,
        centreName: s.centreName,
        state: null,
        displayFrom: s.displayFrom,
        dateFrom: s.dateFrom,
        isVideoAppointment: s.isVideoAppointment,
      }));
    const when = q.date ?? q.relativeDate ?? 'the next 7 days';
    if (sessions.length === 0) {
      return {
        ...empty('reschedule', `${kase.specialistName ?? 'The specialist'} has no free session on ${when}.`),
        cases: [summary],
      };
    }
    const proposals: AssistantProposal[] = sessions.slice(0, MAX_PROPOSALS).map((s) => ({
      kind: 'reschedule',
      label: `Move ${kase.caseNo} (${kase.clientName}) to ${s.displayFrom}${s.centreName ? ` at ${s.centreName}` : ''}`,
      sessionId: s.id,
      caseId: kase.id,
      caseConcurrencyStamp: kase.concurrencyStamp,
    }));
    const reply =
      `${kase.caseNo} (${kase.clientName}) is booked with ${kase.specialistName} on ${kase.appointmentDate}` +
      `${kase.appointmentTime ? ` ${kase.appointmentTime}` : ''}. ` +
      `Free sessions on ${when}: ${sessions.map((s) => s.displayFrom).join('; ')}.`;
    return { intent: 'reschedule', reply, sessions, cases: [summary], proposals };
  }
}

function empty(intent: Found['intent'], reply: string): Found {
  return { intent, reply, sessions: [], cases: [], proposals: [] };
}

function caseOf(c: CaseDto, outstanding: string[]): AssistantCase {
  return {
    id: c.id,
    caseNo: c.caseNo,
    claimantName: c.clientName,
    status: ImeStatusLabels[c.status],
    specialistName: c.specialistName,
    appointmentDate: c.appointmentDate,
    appointmentTime: c.appointmentTime,
    outstanding,
  };
}

/** The days a question covers: its date or relative date, else the next `fallbackDays` days. */
function daysOf(
  q: { date?: string; relativeDate?: Parameters<typeof resolveAvailabilityRelativeDate>[0] },
  today: CalendarDate,
  fallbackDays = 30,
): { from: CalendarDate; to: CalendarDate } {
  if (q.relativeDate) return resolveAvailabilityRelativeDate(q.relativeDate, today);
  const range = q.date ? parseAvailabilityDate(q.date, today) : undefined;
  if (range) {
    // The calendar shows at most 62 days: a month or a day fits; a year is cut to its first two months.
    const cap = addDays(range.from, 61);
    return { from: range.from, to: formatIsoDate(range.to) > formatIsoDate(cap) ? cap : range.to };
  }
  return { from: today, to: addDays(today, fallbackDays) };
}

function describeSearch(q: Extract<AssistantIntent, { kind: 'availability' }>): string {
  const parts = [
    q.specialistName ?? q.specialtyText ?? 'any specialist',
    q.state ? `in ${q.state}` : undefined,
    q.relativeDate ? relativeLabel(q.relativeDate) : q.date ? `on ${q.date}` : undefined,
    q.isVideoAppointment === true ? 'by video' : q.isVideoAppointment === false ? 'in person' : undefined,
  ];
  return parts.filter(Boolean).join(' ');
}

function relativeLabel(value: string): string {
  return value.replace(/([a-z])([A-Z0-9])/g, '$1 $2').toLowerCase();
}

/** What the wording model is told: the answer's own text and items, already limited to the asker. */
function factsOf(found: Found): string {
  const lines = [found.reply];
  for (const s of found.sessions) {
    lines.push(
      `Session: ${s.specialistName}${s.specialty ? ` (${s.specialty})` : ''}, ${s.displayFrom}, ${s.isVideoAppointment ? 'video' : (s.centreName ?? 'no centre')}`,
    );
  }
  for (const c of found.cases) {
    lines.push(
      `Case ${c.caseNo}: claimant ${c.claimantName ?? '-'}, ${c.status}, appointment ${c.appointmentDate ?? 'none'}, outstanding: ${c.outstanding.join(', ') || 'nothing'}`,
    );
  }
  return lines.join('\n');
}
