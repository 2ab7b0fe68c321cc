import { Button, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { AppointmentTypeLabels, freeInterpretersText, type AppointmentType } from '@casebook/domain';
import { SlotStatusTag } from './SlotStatusTag';

/** A session as the searches answer it: the availability search's slots and the on-demand rows. */
export type SlotRow = {
  id: string;
  displayFrom: string;
  appointmentType: AppointmentType;
  sessionStatus: 'available' | 'unavailable' | 'booked';
  reservedForCompanies: { id: string; displayName: string }[];
  /** Where the claimant attends; none for a video or phone session. */
  centre?: { name: string; state: string | null; postcode: string | null } | null;
  /** The calendar status; the on-demand search lists only unbooked sessions and leaves it out. */
  slotStatus?: number;
  /** When the search asked for a room or an interpreter: those free for the whole slot. */
  freeRooms?: string[];
  freeInterpreters?: { id: string; name: string }[];
  /** More interpreters are free than the first few listed (the booking dialog lists them all). */
  moreFreeInterpreters?: boolean;
  /** Given when the rows are not grouped under their specialist. */
  specialist?: { fullName: string; title: string | null; specialty: string | null };
};

const whereOf = (s: SlotRow) =>
  s.centre
    ? `${s.centre.name}${s.centre.state ? `, ${s.centre.state}` : ''} ${s.centre.postcode ?? ''}`.trim()
    : s.appointmentType === 'PHONE'
      ? 'Phone'
      : 'Video';

/**
 * The sessions a search found, in the order it gave them, with Book on each available one (shell.md
 * §4: only sessions with status available offer a Book action).
 */
export function SlotsTable<T extends SlotRow>({
  slots,
  onBook,
  withSpecialist = false,
  withResources = false,
  loading = false,
}: {
  /** Shows the rooms and interpreters free for each slot (a search that asked for them). */
  withResources?: boolean;
  slots: T[];
  /** Without it (no Book permission) no Book action is offered. */
  onBook?: ((slot: T) => void) | undefined;
  withSpecialist?: boolean;
  loading?: boolean;
}) {
  const columns: ColumnsType<T> = [
    { title: 'When', dataIndex: 'displayFrom', key: 'when' },
    ...(withSpecialist
      ? [
          {
            title: 'Specialist',
            key: 'specialist',
            render: (_: unknown, s: T) =>
              s.specialist ? (
                <span>
                  {s.specialist.title ? `${s.specialist.title} ` : ''}
                  {s.specialist.fullName} {s.specialist.specialty && <Tag>{s.specialist.specialty}</Tag>}
                </span>
              ) : null,
          },
        ]
      : []),
    { title: 'Where', key: 'where', render: (_, s) => whereOf(s) },
    { title: 'Type', key: 'type', render: (_, s) => AppointmentTypeLabels[s.appointmentType] ?? s.appointmentType },
    {
      title: 'Reserved for',
      key: 'reserved',
      render: (_, s) => s.reservedForCompanies.map((c) => c.displayName).join(', '),
    },
    ...(withResources && slots.some((s) => s.freeRooms)
      ? [{ title: 'Free rooms', key: 'rooms', render: (_: unknown, s: T) => (s.freeRooms ?? []).join(', ') }]
      : []),
    ...(withResources && slots.some((s) => s.freeInterpreters)
      ? [
          {
            title: 'Free interpreters',
            key: 'interpreters',
            render: (_: unknown, s: T) => freeInterpretersText(s),
          },
        ]
      : []),
    {
      title: 'Status',
      key: 'status',
      render: (_, s) =>
        s.slotStatus !== undefined ? (
          <SlotStatusTag status={s.slotStatus} />
        ) : s.sessionStatus === 'available' ? (
          <Tag color="green">Available</Tag>
        ) : null,
    },
    {
      title: '',
      key: 'book',
      render: (_, s) =>
        onBook && s.sessionStatus === 'available' ? (
          <Button size="small" type="primary" onClick={() => onBook(s)}>
            Book
          </Button>
        ) : null,
    },
  ];
  return (
    <Table<T> size="small" rowKey="id" pagination={false} loading={loading} dataSource={slots} columns={columns} />
  );
}
