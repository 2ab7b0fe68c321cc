import { useQuery } from '@tanstack/react-query';
import { Form, Select, Typography } from 'antd';
import {
  addDays,
  formatIsoDate,
  SchedulingEndpoints,
  todayIn,
  type AppointmentSessionDto,
  type CaseDto,
} from '@casebook/domain';
import { useApi } from '../../platform/api/api-client';
import { callEndpoint } from '../../platform/api/endpoints';

/** How far ahead the picker offers the specialist's sessions (the calendar call reads at most 62 days). */
export const SESSION_PICKER_DAYS = 60;

/** What a session looks like in the picker: when and where it is held, and how it stands. */
export function sessionOptionLabel(s: AppointmentSessionDto, caseId: string): string {
  const where = s.centreName ?? (s.isVideoAppointment ? 'Video' : 'No centre');
  const held = s.caseId === caseId ? ' (this case)' : '';
  return `${s.displayFrom} · ${where} · ${s.slotStatusLabel}${held}`;
}

/**
 * The Appointment tab's session field: the case's specialist's free sessions over the coming months
 * and the one this case already holds. Choosing one books the case into it on save; the session's
 * date, time, centre and type become the appointment.
 */
export function CaseSessionPicker({ c, timeZone }: { c: CaseDto; timeZone: string }) {
  const api = useApi();
  const from = todayIn(timeZone);
  const query = new URLSearchParams({
    fromDate: formatIsoDate(from),
    toDate: formatIsoDate(addDays(from, SESSION_PICKER_DAYS)),
    specialistId: c.specialistId ?? '',
  });
  const sessions = useQuery({
    // Read again whenever the case changes (a save books a session and what it holds).
    queryKey: ['appointment-sessions', 'case-picker', c.id, c.concurrencyStamp, query.toString()],
    enabled: Boolean(c.specialistId),
    queryFn: () => callEndpoint(api, SchedulingEndpoints.list, { query: Object.fromEntries(query) }),
  });
  const options = (sessions.data?.items ?? [])
    .filter((s) => s.sessionStatus === 'available' || s.caseId === c.id)
    .map((s) => ({ value: s.id, label: sessionOptionLabel(s, c.id) }));
  // What the case's own booking holds with its session: rooms and interpreters.
  const held = (sessions.data?.items ?? []).find((s) => s.caseId === c.id)?.holds ?? [];
  return (
    <>
      {held.length > 0 && (
        <Typography.Paragraph>
          Held with the appointment:{' '}
          {held.map((h) => (h.kind === 'ROOM' ? h.name : `interpreter ${h.name}`)).join(', ')}
        </Typography.Paragraph>
      )}
      <Form.Item
        name="sessionId"
        label="Book into a session"
        extra="The session's date, time, centre and type become the appointment."
      >
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          loading={sessions.isLoading && Boolean(c.specialistId)}
          disabled={!c.specialistId}
          placeholder={c.specialistId ? "One of the specialist's free sessions" : 'Choose the specialist first'}
          notFoundContent={sessions.isLoading ? 'Loading…' : 'No free sessions in the coming months'}
          options={options}
        />
      </Form.Item>
    </>
  );
}
