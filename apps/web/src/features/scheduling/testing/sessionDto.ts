import type { AppointmentSessionDto } from '@casebook/domain';

/**
 * A session as the API sends it: unbooked, in person, 09:00-10:00 AEDT on 02 Mar 2027 at Parramatta,
 * with `fields` over it.
 */
export function sessionDto(fields: Partial<AppointmentSessionDto> & { id: string }): AppointmentSessionDto {
  return {
    specialistId: '01900000-0000-7000-8000-0000000000a1',
    specialistName: 'Olive Bones',
    centreId: '01900000-0000-7000-8000-0000000000d1',
    centreName: 'Parramatta',
    room: null,
    timeZone: 'Australia/Sydney',
    dateFrom: '2027-03-01T22:00:00.000Z',
    dateTo: '2027-03-01T23:00:00.000Z',
    date: '2027-03-02',
    startTime: '09:00',
    endTime: '10:00',
    displayFrom: '02 Mar 2027 09:00 AEDT',
    zoneAbbreviation: 'AEDT',
    appointmentType: 'INPERSON',
    isVideoAppointment: false,
    slotStatus: 3,
    slotStatusLabel: 'Unbooked (CA)',
    sessionStatus: 'available',
    reservedForCompanies: [],
    note: null,
    caseId: null,
    caseNo: null,
    patternId: null,
    concurrencyStamp: 'x',
    ...fields,
  };
}
