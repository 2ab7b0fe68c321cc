import { and, asc, count, eq, inArray, isNotNull, isNull, lte } from 'drizzle-orm';
import {
  addDays,
  CreateCaseInput,
  effectiveFeatures,
  formatIsoDate,
  isoWeekday,
  RepeatAppointmentSessionsInput,
  todayIn,
  toDayNumber,
  UpdateAppointmentInput,
  UpdateAttendanceInput,
  UpdateBillingStatusInput,
  UpdateDictationReportInput,
  UpdatePaperworkInput,
  type CalendarDate,
  type CaseDto,
} from '@casebook/domain';
import type { RequestContext } from '../../platform/access/context';
import { TenantDirectory } from '../../platform/access/tenant-directory';
import type { Database } from '../../platform/db/database';
import { CasesService } from '../cases/cases.service';
import { cases } from '../cases/cases.schema';
import { users } from '../identity/identity.schema';
import { PermissionDirectory } from '../identity/permission-directory';
import { caseManagers, clients, companies, specialists } from '../people/people.schema';
import { centres } from '../reference/reference.schema';
import { appointmentSessions } from '../scheduling/scheduling.schema';
import { SchedulingService } from '../scheduling/scheduling.service';
import { pickOne, seededRandom, seedOf } from './demo-data';
import { seedDemoInvoices } from './demo-invoices';
import { seedDemoModuleCases } from './demo-module-cases';

/** The session times every demo specialist keeps on their two clinic days. */
const SLOTS = [
  ['09:00', '10:00'],
  ['10:15', '11:15'],
  ['11:30', '12:30'],
] as const;
/** How many specialists keep sessions, and for how many weeks ahead. */
const SESSION_SPECIALISTS = 6;
const SESSION_WEEKS = 6;

/**
 * A demo tenant's work in progress, made through the same services a clerk's clicks reach (so every
 * case has its status log and change history, and every booked session holds its case): clinic
 * sessions for the coming weeks, cases booked into some of them at each stage before the appointment,
 * cases whose appointment has passed at each stage after it, and a few requests a case manager has
 * made that wait for an appointment. Runs once, on a tenant with no case and no session.
 */
export async function seedDemoCases(
  database: Database,
  tenantId: string,
  tenantName: string,
): Promise<{ sessions: number; cases: number }> {
  const tenant = await new TenantDirectory(database).get(tenantId);
  // Only a tenant whose edition books assessments (a funding provider's has no cases of its own).
  if (
    !tenant ||
    !effectiveFeatures({ isAuthenticated: true, roles: ['STAFF'], isHost: false }, tenant).has('Assessment')
  ) {
    return { sessions: 0, cases: 0 };
  }
  const rand = seededRandom(seedOf(`${tenantName}:cases`));
  const today = todayIn(tenant.timezone);
  const iso = (d: CalendarDate) => formatIsoDate(d);
  const permissions = new PermissionDirectory(database);

  const world = await database.withTenant(tenantId, async (tx) => {
    const [caseCount] = await tx.select({ n: count() }).from(cases);
    const [sessionCount] = await tx.select({ n: count() }).from(appointmentSessions);
    if ((caseCount?.n ?? 0) > 0 || (sessionCount?.n ?? 0) > 0) return undefined;
    const people = await tx
      .select({ id: users.id, userName: users.userName, name: users.name, surname: users.surname, roles: users.roles })
      .from(users)
      .where(and(inArray(users.userName, ['staff', 'casemanager', 'specialist']), eq(users.isDeleted, false)));
    const contracted = await tx
      .select({ id: specialists.id, userId: specialists.userId, centreId: specialists.defaultCentreId })
      .from(specialists)
      .innerJoin(centres, eq(centres.id, specialists.defaultCentreId))
      .where(
        and(
          eq(specialists.isDeleted, false),
          eq(specialists.recruitmentStatus, 2),
          isNotNull(specialists.onboardedDate),
          lte(specialists.onboardedDate, iso(today)),
          isNull(specialists.onboardedEndDate),
          eq(centres.isVideoCentre, false),
        ),
      )
      .orderBy(asc(specialists.lastName), asc(specialists.id));
    const managers = await tx
      .select({ id: caseManagers.id, userId: caseManagers.userId, companyId: caseManagers.companyId })
      .from(caseManagers)
      .innerJoin(companies, eq(companies.id, caseManagers.companyId))
      .where(and(eq(caseManagers.isDeleted, false), eq(companies.highRiskApplied, false)))
      .orderBy(asc(caseManagers.lastName), asc(caseManagers.id));
    const claimants = await tx
      .select({ id: clients.id })
      .from(clients)
      .where(eq(clients.isDeleted, false))
      .orderBy(asc(clients.lastName), asc(clients.id));
    return { people, contracted, managers, claimants };
  });
  if (!world || world.contracted.length === 0 || world.managers.length === 0 || world.claimants.length === 0) {
    return { sessions: 0, cases: 0 };
  }

  const contextOf = async (userName: string): Promise<RequestContext | undefined> => {
    const user = world.people.find((p) => p.userName === userName);
    if (!user) return undefined;
    const userLabel = `${user.name} ${user.surname}`;
    return {
      principal: { userId: user.id, tenantId, roles: [...user.roles], userName: userLabel, impersonatorUserId: null },
      tenant,
      permissions: await permissions.forRoles(tenantId, user.roles),
      actor: { tenantId, userId: user.id, userName: userLabel, impersonatorUserId: null },
    };
  };
  const staff = await contextOf('staff');
  if (!staff) return { sessions: 0, cases: 0 };
  const caseManager = await contextOf('casemanager');

  const scheduling = new SchedulingService(database);
  const service = new CasesService(database, scheduling);

  // The demo specialist sign-in keeps sessions first, so its calendar and day sheets have bookings.
  const ownRecord = world.people.find((p) => p.userName === 'specialist')?.id;
  const keepers = [
    ...world.contracted.filter((s) => s.userId === ownRecord),
    ...world.contracted.filter((s) => s.userId !== ownRecord),
  ].slice(0, SESSION_SPECIALISTS);
  const firstDay = addDays(today, 1);
  const lastDay = addDays(today, SESSION_WEEKS * 7);
  const sessions: { id: string; specialistId: string; date: string; startTime: string }[] = [];
  for (const [k, keeper] of keepers.entries()) {
    // Two clinic days a week, Monday to Friday, different for each specialist.
    const weekdays = [1 + (k % 5), 1 + ((k + 2) % 5)];
    for (const [startTime, endTime] of SLOTS) {
      const made = await scheduling.repeat(
        staff,
        RepeatAppointmentSessionsInput.parse({
          specialistId: keeper.id,
          centreId: keeper.centreId,
          date: iso(firstDay),
          untilDate: iso(lastDay),
          weekdays,
          startTime,
          endTime,
          appointmentType: k % 3 === 2 ? 'BOTH' : 'INPERSON',
        }),
      );
      sessions.push(
        ...made.items.map((s) => ({ id: s.id, specialistId: keeper.id, date: s.date, startTime: s.startTime })),
      );
    }
  }
  sessions.sort((a, b) => (a.date + a.startTime).localeCompare(b.date + b.startTime));

  const claimant = () => pickOne(world.claimants, rand).id;
  const demoManager = world.managers.find((m) => m.userId === caseManager?.principal.userId);
  const manager = (k: number) => (demoManager && k % 4 === 0 ? demoManager.id : pickOne(world.managers, rand).id);
  const made: CaseDto[] = [];
  const stamp = (c: CaseDto) => ({ concurrencyStamp: c.concurrencyStamp });

  // Booked into sessions over the coming weeks: unconfirmed, confirmed, confirmed with paperwork sent.
  const upcoming = spread(sessions, 16);
  for (const [k, slot] of upcoming.entries()) {
    let c = await service.create(
      staff,
      CreateCaseInput.parse({
        clientId: claimant(),
        caseManagerId: manager(k),
        sessionId: slot.id,
        bookingNotes: pickOne(BOOKING_NOTES, rand),
      }),
    );
    if (k % 3 !== 0) {
      c = await service.updateAppointment(
        staff,
        c.id,
        UpdateAppointmentInput.parse({ ...stamp(c), sessionId: slot.id, confirmed: true }),
      );
    }
    if (k % 3 === 2) {
      c = await service.updatePaperwork(
        staff,
        c.id,
        UpdatePaperworkInput.parse({
          ...stamp(c),
          paperworkSentDate: iso(today),
          paperworkNotes: 'Brief and consent sent',
        }),
      );
    }
    made.push(c);
  }

  // Appointments of the past weeks (entered by hand: they were before the sessions above), each a
  // step further along: attended, dictation received, report completed, ready to bill; two cancelled late.
  for (let k = 0; k < 14; k++) {
    let day = addDays(today, -(3 + k * 3));
    while (isoWeekday(day) > 5) day = addDays(day, -1);
    const specialist = world.contracted[k % world.contracted.length]!;
    let c = await service.create(
      staff,
      CreateCaseInput.parse({
        clientId: claimant(),
        caseManagerId: manager(k + 1),
        specialistId: specialist.id,
        bookingNotes: pickOne(BOOKING_NOTES, rand),
      }),
    );
    const on = (offset: number) => iso(addDays(day, offset));
    c = await service.updateAppointment(
      staff,
      c.id,
      UpdateAppointmentInput.parse({
        ...stamp(c),
        appointmentDate: iso(day),
        appointmentTime: pickOne(SLOTS, rand)[0],
        appointmentType: 'INPERSON',
        centreId: specialist.centreId,
        confirmed: true,
        // Entered after the fact: the past date is confirmed, as a person would.
        confirmDates: true,
      }),
    );
    c = await service.updatePaperwork(
      staff,
      c.id,
      UpdatePaperworkInput.parse({ ...stamp(c), paperworkSentDate: on(-7), paperworkNotes: 'Brief and consent sent' }),
    );
    if (k % 7 === 3) {
      c = await service.updateAttendance(
        staff,
        c.id,
        UpdateAttendanceInput.parse({
          ...stamp(c),
          attendance: 'CANCELLED_WITH_FEE',
          attendanceDate: iso(day),
          attendanceNotes: 'Claimant cancelled on the day',
        }),
      );
      made.push(c);
      continue;
    }
    c = await service.updateAttendance(
      staff,
      c.id,
      UpdateAttendanceInput.parse({ ...stamp(c), attendance: 'CONFIRMED', attendanceDate: iso(day) }),
    );
    const dictated = addDays(day, 2);
    const completed = addDays(day, 9);
    if (toDayNumber(dictated) <= toDayNumber(today) && k % 4 !== 0) {
      c = await service.updateDictationReport(
        staff,
        c.id,
        UpdateDictationReportInput.parse({ ...stamp(c), dictationReceivedDate: iso(dictated) }),
      );
      const reportDone = toDayNumber(completed) <= toDayNumber(today) && k % 4 !== 1;
      if (reportDone) {
        c = await service.updateDictationReport(
          staff,
          c.id,
          UpdateDictationReportInput.parse({
            ...stamp(c),
            dictationReceivedDate: iso(dictated),
            reportCompletedDate: iso(completed),
          }),
        );
      }
      if (reportDone && k % 2 === 0) {
        c = await service.updateBillingStatus(
          staff,
          c.id,
          UpdateBillingStatusInput.parse({ ...stamp(c), billingStatus: 'READY_TO_BILL' }),
        );
      }
    }
    made.push(c);
  }

  // Requests the demo case manager has sent that wait for the office to find an appointment.
  // They are for claimants the firm already has: another firm's claimants are not theirs to see.
  const firmClaimants = [...new Set(made.filter((c) => c.companyId === demoManager?.companyId).map((c) => c.clientId))];
  if (caseManager && demoManager && firmClaimants.length > 0) {
    for (let k = 0; k < 3; k++) {
      made.push(
        await service.create(
          caseManager,
          CreateCaseInput.parse({
            clientId: pickOne(firmClaimants, rand),
            caseManagerId: demoManager.id,
            bookingNotes: pickOne(REQUEST_NOTES, rand),
          }),
        ),
      );
    }
  }
  await seedDemoInvoices(database, staff, made);
  // The claims modules' cases (MVA, NDIS, OT with its quotation) beside the assessments counted here.
  await seedDemoModuleCases(
    database,
    staff,
    service,
    world.managers
      .slice(0, 4)
      .map((m, i) => ({ caseManagerId: m.id, clientId: world.claimants[i % world.claimants.length]!.id })),
  );
  return { sessions: sessions.length, cases: made.length };
}

const BOOKING_NOTES = [
  'Permanent impairment assessment; claimant has consented to the examination.',
  'Please assess the lumbar spine and both shoulders.',
  'Interpreter not required. Claimant prefers morning appointments.',
  'Liability and causation report requested; imaging to follow.',
  'Claimant uses a walking aid; ground-floor room please.',
  'Report required before the mediation next month.',
] as const;

const REQUEST_NOTES = [
  'Psychiatric assessment requested; first available appointment in Sydney.',
  'Orthopaedic examination of the right knee; claimant works weekdays, afternoons preferred.',
  'Please book the earliest appointment available; the matter is listed for hearing.',
] as const;

/** n items spread evenly across the list, keeping its order. */
function spread<T>(items: readonly T[], n: number): T[] {
  if (items.length <= n) return [...items];
  return Array.from({ length: n }, (_, i) => items[Math.floor(((i + 0.5) * items.length) / n)]!);
}
