import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { Permissions } from '@casebook/domain';
import { NOTHING, recordCondition, registerRecordKind, seesWholeTenant } from '../../platform/access/records';
import { cases } from '../cases/cases.schema';
import { reachOf } from '../people/people.access';
import { appointmentSessions as s } from './scheduling.schema';

/**
 * Appointment sessions (decisions 0012 and 0021): office roles see every session; a specialist their
 * own; a case manager the calendar's free sessions and those booked for cases they may see, so another
 * firm's booking is not theirs to open, list or change.
 */
registerRecordKind('session', {
  table: s,
  id: s.id,
  isDeleted: s.isDeleted,
  label: 'The session',
  async condition(tx, ctx) {
    if (!ctx.permissions.has(Permissions.appointmentSessions.read)) return NOTHING;
    if (seesWholeTenant(ctx)) return undefined;
    const { specialistIds } = await reachOf(tx, ctx);
    const own = specialistIds.length > 0 ? inArray(s.specialistId, specialistIds) : undefined;
    if (!ctx.principal.roles.includes('CASE_MANAGER')) return own ?? NOTHING;
    const visible = and(eq(cases.isDeleted, false), await recordCondition(tx, ctx, 'case'));
    const booked: SQL = sql`(${s.caseId} in (select ${cases.id} from ${cases} where ${visible}) or (${s.caseId} is null and ${s.caseNo} in (select ${cases.caseNo} from ${cases} where ${visible})))`;
    return or(own, and(isNull(s.caseId), isNull(s.caseNo)), booked);
  },
});
