import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, Modal, Segmented, Select, Space, Typography } from 'antd';
import { useState, type DragEvent } from 'react';
import { useSearchParams } from 'react-router';
import {
  addDays,
  addMonths,
  AppointmentTypeLabels,
  AppointmentTypes,
  formatDisplayDate,
  FormMessages,
  Permissions,
  formatIsoDate,
  isoWeekday,
  parseIsoDate,
  SchedulingEndpoints,
  SlotStatusCodes,
  SlotStatusColours,
  SlotStatusLabels,
  todayIn,
  Uuid,
  type AppointmentSessionDto,
  type AppointmentType,
  type CalendarDate,
  type SlotStatus,
} from '@casebook/domain';
import { useCan } from '../../app/session/useCan';
import { useSession } from '../../app/session/useSession';
import { useApi } from '../../platform/api/api-client';
import { callEndpoint } from '../../platform/api/endpoints';
import { SelectionListBox } from '../../platform/controls';
import { resourceCalls } from '../../platform/resources/resourceCalls';
import { useNotices } from '../../platform/notices/useNotices';
import { ExportButton } from './ExportButton';
import { SlotStatusTag } from './SlotStatusTag';

type View = 'Day' | 'Week' | 'Month';
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** The days a view shows around an anchor day: the day, its Monday-to-Sunday week, or whole weeks of its month. */
export function periodOf(view: View, anchor: CalendarDate): { from: CalendarDate; to: CalendarDate } {
  if (view === 'Day') return { from: anchor, to: anchor };
  if (view === 'Week') {
    const monday = addDays(anchor, 1 - isoWeekday(anchor));
    return { from: monday, to: addDays(monday, 6) };
  }
  const first = { ...anchor, day: 1 };
  const last = addDays(addMonths(first, 1), -1);
  return { from: addDays(first, 1 - isoWeekday(first)), to: addDays(last, 7 - isoWeekday(last)) };
}

function daysOf(from: CalendarDate, to: CalendarDate): CalendarDate[] {
  const out: CalendarDate[] = [];
  for (let d = from; formatIsoDate(d) <= formatIsoDate(to); d = addDays(d, 1)) out.push(d);
  return out;
}

type NewSession = {
  specialistId: string;
  centreId?: string;
  appointmentType: AppointmentType;
  date: string;
  startTime: string;
  endTime: string;
  slotStatus: number;
};

/** Clinic Calendar: sessions by day, week or month, coloured by status; staff add sessions and drag them to another day. */
/** The hours the day and week views lay out; earlier and later sessions sit in the first and last row. */
const HOURS = Array.from({ length: 15 }, (_, i) => i + 6);
/** The day and week views' rows: the day's name, then one row per hour, as tall as its fullest day. */
const HOUR_ROWS = `auto repeat(${HOURS.length}, minmax(22px, auto))`;
const hourRow = (time: string) => Math.min(Math.max(Number(time.slice(0, 2)), HOURS[0]!), HOURS[HOURS.length - 1]!);
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** A session moved to another hour: the same minutes past the hour and the same length; none past midnight. */
function movedTimes(s: AppointmentSessionDto, hour: number): [string, string] | undefined {
  const start = hour * 60 + (minutesOf(s.startTime) % 60);
  const end = start + minutesOf(s.endTime) - minutesOf(s.startTime);
  return end < 24 * 60 ? [clock(start), clock(end)] : undefined;
}

const VIEWS: readonly View[] = ['Day', 'Week', 'Month'];
/** A room or an interpreter a booking holds, as the calendar names it. */
const holdLabel = (h: { kind: 'ROOM' | 'INTERPRETER'; name: string }) =>
  h.kind === 'ROOM' ? `Room: ${h.name}` : `Interpreter: ${h.name}`;
/** Sessions a day of the month view lists; the rest are counted, and open the day. */
export const MONTH_DAY_SESSIONS = 3;
/** Text kept to one line, cut with an ellipsis. */
const ONE_LINE = { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } as const;

/** What a link to the calendar asks for; a value it cannot use is left at the default. */
export function linkedView(params: URLSearchParams, today: CalendarDate) {
  const id = (name: string) => {
    const value = params.get(name);
    return value && Uuid.safeParse(value).success ? value : null;
  };
  const view = params.get('view');
  return {
    view: VIEWS.find((v) => v === view) ?? 'Week',
    anchor: parseIsoDate(params.get('date') ?? '') ?? today,
    centreId: id('centreId'),
    specialistId: id('specialistId'),
  };
}

/** /view/ndis-calendar: the calendar of NDIS sessions (decision 0113). */
export function NdisCalendarPage() {
  return <CalendarPage ndis />;
}

/**
 * The clinic calendar, or with `ndis` the NDIS calendar (decision 0113): the same screen limited to the
 * sessions of the NDIS appointment type or booked for an NDIS case, adding NDIS sessions.
 */
export function CalendarPage({ ndis = false }: { ndis?: boolean } = {}) {
  const api = useApi();
  const notices = useNotices();
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const { tenant } = useSession();
  const can = useCan();
  // Moving a session is its update; the service still limits specialists to their own sessions.
  const canEdit = can(Permissions.appointmentSessions.update);
  const canAdd = can(Permissions.appointmentSessions.create);
  const canDelete = can(Permissions.appointmentSessions.delete);
  // A link may open the calendar at a day, in a view, for a centre or a specialist (the clinic-area
  // search's Calendar): `?date=YYYY-MM-DD&view=Day|Week|Month&centreId=…&specialistId=…`.
  const [params] = useSearchParams();
  const link = linkedView(params, todayIn(tenant.timezone));
  const [view, setView] = useState<View>(link.view);
  const [anchor, setAnchor] = useState<CalendarDate>(link.anchor);
  const [specialistId, setSpecialistId] = useState<string | null>(link.specialistId);
  const [centreId, setCentreId] = useState<string | null>(link.centreId);
  // The calendar by resource: the bookings holding an interpreter, or a room of the chosen centre.
  const [interpreterId, setInterpreterId] = useState<string | null>(null);
  const [room, setRoom] = useState<string | null>(null);
  const centre = useQuery({
    queryKey: ['calendar-centre', centreId],
    queryFn: () => resourceCalls(api, 'centres').get<{ rooms?: string[] | null }>(centreId!),
    enabled: centreId !== null,
  });
  // The calendar's tab opened again by another link (another centre) moves to it.
  const [linked, setLinked] = useState(params.toString());
  if (linked !== params.toString()) {
    setLinked(params.toString());
    setView(link.view);
    setAnchor(link.anchor);
    setSpecialistId(link.specialistId);
    setCentreId(link.centreId);
    setRoom(null);
  }
  const [adding, setAdding] = useState(false);
  const [opened, setOpened] = useState<AppointmentSessionDto | null>(null);
  const [form] = Form.useForm<NewSession>();
  const period = periodOf(view, anchor);
  const listQuery = {
    fromDate: formatIsoDate(period.from),
    toDate: formatIsoDate(period.to),
    ...(specialistId ? { specialistId } : {}),
    ...(centreId ? { centreId } : {}),
    ...(interpreterId ? { interpreterId } : {}),
    ...(centreId && room ? { room } : {}),
    ...(ndis ? { ndis: 'true' as const } : {}),
  };
  const q = new URLSearchParams(listQuery);
  const sessions = useQuery({
    queryKey: ['calendar', q.toString()],
    queryFn: () => callEndpoint(api, SchedulingEndpoints.list, { query: listQuery }),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['calendar'] });
  const move = useMutation({
    mutationFn: ({ s, date, times }: { s: AppointmentSessionDto; date: string; times: [string, string] }) =>
      callEndpoint(api, SchedulingEndpoints.update, {
        params: { id: s.id },
        body: {
          specialistId: s.specialistId,
          centreId: s.centreId,
          room: s.room,
          date,
          startTime: times[0],
          endTime: times[1],
          timeZone: s.timeZone,
          appointmentType: s.appointmentType,
          slotStatus: s.slotStatus,
          reservedForCompanyIds: s.reservedForCompanies.map((c) => c.id),
          note: s.note,
          concurrencyStamp: s.concurrencyStamp,
        },
      }),
    onSuccess: () => notices.success(),
    onSettled: refresh,
  });

  const byDay = new Map<string, AppointmentSessionDto[]>();
  for (const s of sessions.data?.items ?? []) byDay.set(s.date, [...(byDay.get(s.date) ?? []), s]);
  const today = formatIsoDate(todayIn(tenant.timezone));
  const shown = sessions.data?.items ?? [];
  const cut = sessions.data && sessions.data.totalCount > shown.length ? shown[shown.length - 1] : undefined;
  const openDay = (d: CalendarDate) => {
    setView('Day');
    setAnchor(d);
  };

  const step = (direction: 1 | -1) =>
    setAnchor(
      view === 'Day'
        ? addDays(anchor, direction)
        : view === 'Week'
          ? addDays(anchor, 7 * direction)
          : addMonths(anchor, direction),
    );
  const title =
    view === 'Day'
      ? formatDisplayDate(anchor)
      : view === 'Week'
        ? `${formatDisplayDate(period.from)} – ${formatDisplayDate(period.to)}`
        : formatDisplayDate({ ...anchor, day: 1 }).slice(3);

  /** Dropped on a day: the same times that day; on an hour of a day: that hour, same minutes and length. */
  const onDrop = (date: string, hour?: number) => (e: DragEvent) => {
    e.preventDefault();
    e.stopPropagation();
    const id = e.dataTransfer.getData('text/plain');
    const s = sessions.data?.items.find((x) => x.id === id);
    if (!s) return;
    const times = hour === undefined ? ([s.startTime, s.endTime] as [string, string]) : movedTimes(s, hour);
    if (!times) {
      notices.warning('The session would end after midnight.');
      return;
    }
    if (s.date !== date || times[0] !== s.startTime) move.mutate({ s, date, times });
  };

  const item = (s: AppointmentSessionDto) => (
    <div
      key={s.id}
      className="calendar-session"
      role="button"
      tabIndex={0}
      aria-label={`${s.startTime} ${s.specialistName} ${s.slotStatusLabel}${(s.holds ?? []).map((h) => `, ${holdLabel(h)}`).join('')}`}
      draggable={canEdit}
      onDragStart={(e) => e.dataTransfer.setData('text/plain', s.id)}
      onClick={() => setOpened(s)}
      onKeyDown={(e) => e.key === 'Enter' && setOpened(s)}
      style={{
        borderLeft: `4px solid ${SlotStatusColours[s.slotStatus as SlotStatus]}`,
        padding: '2px 6px',
        margin: '2px 0',
        cursor: 'pointer',
        background: 'var(--ant-color-fill-quaternary, rgba(0,0,0,0.03))',
        fontSize: 12,
        ...(view === 'Month' ? ONE_LINE : { overflowWrap: 'anywhere' }),
      }}
    >
      {view === 'Month' ? (
        // One line a session: the colour tells the status, the name says it on hover.
        <span title={`${s.startTime}–${s.endTime} ${s.zoneAbbreviation} ${s.specialistName} · ${s.slotStatusLabel}`}>
          <strong>{s.startTime}</strong> {s.specialistName}
        </span>
      ) : view === 'Week' ? (
        // Seven days side by side: the time, who and where on three short lines; the status is the
        // bar's colour and is said on hover.
        <span
          title={`${s.startTime}–${s.endTime} ${s.zoneAbbreviation} ${s.specialistName} · ${s.centreName ?? 'Video'} · ${s.slotStatusLabel}`}
          style={{ display: 'block', overflow: 'hidden' }}
        >
          <strong style={{ display: 'block', whiteSpace: 'nowrap' }}>
            {s.startTime}–{s.endTime}
          </strong>
          <span style={{ display: 'block', ...ONE_LINE }}>{s.specialistName}</span>
          <span style={{ display: 'block', ...ONE_LINE, fontSize: 11, color: '#595959' }}>
            {s.zoneAbbreviation} · {s.centreName ?? 'Video'}
          </span>
          {s.holds?.map((h) => (
            <span key={h.name} style={{ display: 'block', ...ONE_LINE, fontSize: 11 }}>
              {holdLabel(h)}
            </span>
          ))}
        </span>
      ) : (
        <>
          <strong>
            {s.startTime}–{s.endTime} {s.zoneAbbreviation}
          </strong>{' '}
          {s.specialistName} · {s.centreName ?? 'Video'} <SlotStatusTag status={s.slotStatus} />
          {s.holds && s.holds.length > 0 && <span> · {s.holds.map(holdLabel).join(' · ')}</span>}
        </>
      )}
    </div>
  );

  /** A day of the month view: its first sessions, and how many more there are, which opens the day. */
  const monthDay = (d: CalendarDate, daySessions: AppointmentSessionDto[]) => {
    const more = daySessions.length - MONTH_DAY_SESSIONS;
    return (
      <>
        {daySessions.slice(0, more > 0 ? MONTH_DAY_SESSIONS - 1 : MONTH_DAY_SESSIONS).map(item)}
        {more > 0 && (
          <Button
            type="link"
            size="small"
            style={{ padding: '0 4px', height: 'auto', fontSize: 12 }}
            aria-label={`${more + 1} more sessions on ${formatDisplayDate(d)}`}
            onClick={() => openDay(d)}
          >
            +{more + 1} more
          </Button>
        )}
      </>
    );
  };

  const dayCell = (d: CalendarDate, compact: boolean) => {
    const iso = formatIsoDate(d);
    const inMonth = view !== 'Month' || d.month === anchor.month;
    return (
      <div
        key={iso}
        data-date={iso}
        aria-label={`Day ${formatDisplayDate(d)}`}
        onDragOver={(e) => canEdit && e.preventDefault()}
        onDrop={onDrop(iso)}
        style={{
          border: '1px solid var(--ant-color-border, #d9d9d9)',
          minHeight: compact ? 90 : 240,
          padding: 4,
          opacity: inMonth ? 1 : 0.5,
          // Day and week: each day's rows are the view's rows, so an hour lines up across the days
          // however many sessions another day has in it.
          ...(compact
            ? {}
            : {
                display: 'grid',
                gridRow: `span ${HOURS.length + 1}`,
                gridTemplateRows: 'subgrid',
                gridTemplateColumns: 'minmax(0, 1fr)',
                minWidth: 0,
              }),
        }}
      >
        <div style={{ fontWeight: 600, fontSize: 12 }}>
          {view === 'Day' ? (
            <span aria-current={iso === today ? 'date' : undefined}>
              {WEEKDAYS[isoWeekday(d) - 1]} {d.day}
            </span>
          ) : (
            // The day's name opens it in the day view; today is marked.
            <Button
              type="text"
              size="small"
              aria-label={`Open ${formatDisplayDate(d)}`}
              aria-current={iso === today ? 'date' : undefined}
              onClick={() => openDay(d)}
              style={{
                fontWeight: 600,
                fontSize: 12,
                height: 'auto',
                padding: '0 4px',
                ...(iso === today ? { background: 'var(--ant-color-primary, #1d4ed8)', color: '#fff' } : {}),
              }}
            >
              {WEEKDAYS[isoWeekday(d) - 1]} {d.day}
            </Button>
          )}
        </div>
        {compact
          ? monthDay(d, byDay.get(iso) ?? [])
          : HOURS.map((h) => {
              const label = `${String(h).padStart(2, '0')}:00`;
              const inHour = (byDay.get(iso) ?? []).filter((s) => hourRow(s.startTime) === h);
              return (
                <div
                  key={h}
                  data-time={label}
                  aria-label={`${label} ${formatDisplayDate(d)}`}
                  className="calendar-hour"
                  onDragOver={(e) => canEdit && e.preventDefault()}
                  onDrop={onDrop(iso, h)}
                  style={{ display: 'flex', gap: 4, minHeight: 22, borderTop: '1px dashed #f0f0f0' }}
                >
                  <span style={{ width: 34, flex: 'none', fontSize: 10, color: '#8c8c8c' }}>{label}</span>
                  <div style={{ flex: 1, minWidth: 0 }}>{inHour.map(item)}</div>
                </div>
              );
            })}
      </div>
    );
  };

  const addSession = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) {
      notices.warning(FormMessages.incomplete);
      return;
    }
    try {
      await callEndpoint(api, SchedulingEndpoints.create, { body: { ...v, centreId: v.centreId ?? null } });
      notices.success('Data has been added successfully');
      setAdding(false);
      form.resetFields();
      await refresh();
    } catch {
      // The error notice has said why.
    }
  };

  const deleteOpened = () =>
    opened &&
    modal.confirm({
      title: 'Do you want to delete this record?',
      okText: 'Yes',
      cancelText: 'No',
      onOk: async () => {
        await callEndpoint(api, SchedulingEndpoints.deleteSession, { params: { id: opened.id } });
        notices.success('Data has been deleted successfully.');
        setOpened(null);
        await refresh();
      },
    });

  return (
    <div className={`screen ${ndis ? 'ndis-calendar' : 'clinic-calendar'}`} style={{ maxWidth: 'none' }}>
      <Typography.Title level={3}>{ndis ? 'NDIS Calendar' : 'Clinic Calendar'}</Typography.Title>
      <Space wrap style={{ marginBottom: 12 }}>
        <Segmented<View> options={['Day', 'Week', 'Month']} value={view} onChange={setView} aria-label="View" />
        <Button aria-label="Previous" onClick={() => step(-1)}>
          ‹
        </Button>
        <Button onClick={() => setAnchor(todayIn(tenant.timezone))}>Today</Button>
        <Button aria-label="Next" onClick={() => step(1)}>
          ›
        </Button>
        <Typography.Text strong aria-label="Period">
          {title}
        </Typography.Text>
        <SelectionListBox
          resource="specialists"
          aria-label="Specialist"
          placeholder="All specialists"
          style={{ width: 220 }}
          value={specialistId}
          onChange={(v) => setSpecialistId((v as string | null) ?? null)}
        />
        <SelectionListBox
          resource="centres"
          aria-label="Centre"
          placeholder="All centres"
          style={{ width: 200 }}
          value={centreId}
          onChange={(v) => {
            setCentreId((v as string | null) ?? null);
            setRoom(null);
          }}
        />
        <Select
          aria-label="Room"
          placeholder={centreId ? 'All rooms' : 'Room'}
          title={centreId ? undefined : 'Choose a centre to see its rooms'}
          allowClear
          disabled={!centreId}
          style={{ width: 180 }}
          value={room}
          onChange={(v?: string) => setRoom(v ?? null)}
          options={(centre.data?.rooms ?? []).map((r) => ({ value: r, label: r }))}
        />
        {/* A specialist sees the calendar but not the interpreters' list. */}
        {can(Permissions.interpreters.read) && (
          <SelectionListBox
            resource="interpreters"
            aria-label="Interpreter"
            placeholder="All interpreters"
            style={{ width: 200 }}
            value={interpreterId}
            onChange={(v) => setInterpreterId((v as string | null) ?? null)}
          />
        )}
        {canAdd && (
          <Button type="primary" onClick={() => setAdding(true)}>
            Add session
          </Button>
        )}
        <ExportButton endpoint={SchedulingEndpoints.exportSessions} input={{ body: listQuery }} />
      </Space>
      <Space size={4} wrap style={{ marginBottom: 8 }}>
        {SlotStatusCodes.map((c) => (
          <SlotStatusTag key={c} status={c} />
        ))}
      </Space>
      {cut && sessions.data && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 8 }}
          message={`Showing the first ${shown.length.toLocaleString('en-AU')} of ${sessions.data.totalCount.toLocaleString('en-AU')} sessions, up to ${cut.displayFrom}. Choose a specialist or a centre to see them all.`}
        />
      )}
      {view === 'Day' ? (
        <div style={{ display: 'grid', gridTemplateRows: HOUR_ROWS }}>{dayCell(anchor, false)}</div>
      ) : (
        <div
          style={{
            display: 'grid',
            gridTemplateColumns: 'repeat(7, minmax(0, 1fr))',
            columnGap: 2,
            ...(view === 'Week' ? { gridTemplateRows: HOUR_ROWS } : { rowGap: 2 }),
          }}
          aria-label={`${view} of ${title}`}
        >
          {daysOf(period.from, period.to).map((d) => dayCell(d, view === 'Month'))}
        </div>
      )}
      <Modal
        title="Add session"
        open={adding}
        okText="Save"
        onOk={() => void addSession()}
        onCancel={() => setAdding(false)}
        destroyOnHidden
      >
        <Form
          form={form}
          layout="vertical"
          initialValues={{
            appointmentType: ndis ? 'NDIS' : 'INPERSON',
            slotStatus: 3,
            date: formatIsoDate(anchor),
            startTime: '09:00',
            endTime: '10:00',
          }}
        >
          <Form.Item
            name="specialistId"
            label="Specialist"
            rules={[{ required: true, message: 'This field is required' }]}
          >
            <SelectionListBox resource="specialists" aria-label="Session specialist" />
          </Form.Item>
          <Form.Item name="centreId" label="Centre">
            <SelectionListBox resource="centres" aria-label="Session centre" />
          </Form.Item>
          <Form.Item name="appointmentType" label="Appointment type">
            <Select options={AppointmentTypes.map((t) => ({ value: t, label: AppointmentTypeLabels[t] }))} />
          </Form.Item>
          <Form.Item
            name="date"
            label="Date"
            rules={[
              {
                validator: (_, v: string) =>
                  parseIsoDate(v ?? '') ? Promise.resolve() : Promise.reject(new Error('must be a date as YYYY-MM-DD')),
              },
            ]}
          >
            <Input placeholder="YYYY-MM-DD" />
          </Form.Item>
          <Space>
            <Form.Item
              name="startTime"
              label="Start"
              rules={[{ pattern: /^([01]\d|2[0-3]):[0-5]\d$/, message: 'HH:mm' }]}
            >
              <Input style={{ width: 100 }} />
            </Form.Item>
            <Form.Item name="endTime" label="End" rules={[{ pattern: /^([01]\d|2[0-3]):[0-5]\d$/, message: 'HH:mm' }]}>
              <Input style={{ width: 100 }} />
            </Form.Item>
          </Space>
          <Form.Item name="slotStatus" label="Status">
            <Select options={SlotStatusCodes.map((c) => ({ value: c, label: SlotStatusLabels[c] }))} />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        title="Session"
        open={opened !== null}
        onCancel={() => setOpened(null)}
        footer={
          opened && (
            <Space>
              <Button
                onClick={() =>
                  window.open(
                    `/view/daysheet-print?dId=${opened.specialistId}&cId=${opened.centreId ?? ''}&fDate=${opened.date}`,
                    '_blank',
                  )
                }
              >
                Day sheet
              </Button>
              <ExportButton
                endpoint={SchedulingEndpoints.exportSessionHistory}
                input={{ query: { sessionId: opened.id } }}
                label="History"
              />
              {canDelete && opened.sessionStatus !== 'booked' && (
                <Button danger onClick={deleteOpened}>
                  Delete
                </Button>
              )}
              <Button onClick={() => setOpened(null)}>Close</Button>
            </Space>
          )
        }
      >
        {opened && (
          <dl className="session-detail">
            <dt>Specialist</dt>
            <dd>{opened.specialistName}</dd>
            <dt>When</dt>
            <dd>
              {opened.displayFrom} – {opened.endTime}
            </dd>
            <dt>Where</dt>
            <dd>{opened.centreName ?? 'Video / phone'}</dd>
            <dt>Type</dt>
            <dd>{AppointmentTypeLabels[opened.appointmentType]}</dd>
            <dt>Status</dt>
            <dd>
              <SlotStatusTag status={opened.slotStatus} />
            </dd>
            {opened.holds && opened.holds.length > 0 && (
              <>
                <dt>Holds</dt>
                <dd>{opened.holds.map(holdLabel).join(', ')}</dd>
              </>
            )}
            {opened.caseNo && (
              <>
                <dt>Case</dt>
                <dd>{opened.caseNo}</dd>
              </>
            )}
          </dl>
        )}
      </Modal>
    </div>
  );
}
