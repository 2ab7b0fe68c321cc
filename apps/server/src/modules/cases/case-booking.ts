import { slotHoldOfStatus } from '@casebook/domain';
import type { Tx } from '../../platform/db/database';
import type { CaseAppointment } from '../scheduling/scheduling.service';
import { casesRepository as repo, type CaseRow } from './cases.repository';

/** What a case's sessions follow: its appointment, specialist and (through its status) the slot status. */
export function caseAppointmentOf(row: CaseRow): CaseAppointment {
  return {
    caseId: row.id,
    caseNo: row.caseNo,
    specialistId: row.specialistId,
    centreId: row.centreId,
    appointmentDate: row.isFileReview ? null : row.appointmentDate,
    appointmentTime: row.isFileReview ? null : row.appointmentTime,
    hold: slotHoldOfStatus(row.status),
  };
}

/** Reads a case for its session's syncFromAssessment (the session's own access was checked already). */
export async function readCaseAppointment(tx: Tx, caseId: string): Promise<CaseAppointment | undefined> {
  const found = await repo.find(tx, caseId, { kind: 'all' });
  return found ? caseAppointmentOf(found.c) : undefined;
}
