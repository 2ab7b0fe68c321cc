import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Checkbox, Empty, Input, Segmented, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { AvailabilityRelativeDates, SchedulingEndpoints } from '@casebook/domain';
import { useWorkspace } from '../../app/tabs/useWorkspace';
import { useApi } from '../../platform/api/api-client';
import { callEndpoint } from '../../platform/api/endpoints';
import { SelectionListBox } from '../../platform/controls';
import { BookWithResourcesDialog, type ResourceSlot } from './BookWithResourcesDialog';
import { ExportButton } from './ExportButton';
import { RequestCvButton } from './RequestCvButton';
import { ClinicAreaSearch } from './ClinicAreaSearch';
import { OnDemandSearch } from './OnDemandSearch';
import { useSearchAccess } from './searchAccess';
import { SlotsTable } from './SlotsTable';
import { dateText } from '../../platform/time';

/** The searches of the screen: availability (the default), on demand and clinic area. */
type Mode = 'availability' | 'on-demand' | 'clinic-area';
const MODES: { value: Mode; label: string }[] = [
  { value: 'availability', label: 'Availability' },
  { value: 'on-demand', label: 'On demand (video/phone)' },
  { value: 'clinic-area', label: 'Clinic area' },
];

const EXAMPLES = [
  'orthopaedic next week in NSW',
  'psychiatry 12/2026 video',
  'Dr Smith Tuesday',
  'neurology NextMonth 2000',
  'jane.doe@clinic.example 05/01/2027',
];

const RELATIVE_LABELS: Record<string, string> = {
  NextWeek: 'Next week',
  Tomorrow: 'Tomorrow',
  Today: 'Today',
  NextMonth: 'Next month',
  NextYear: 'Next year',
  ThisWeek: 'This week',
  ThisMonth: 'This month',
  ThisYear: 'This year',
  Next3Days: 'Next 3 days',
  Next7Days: 'Next 7 days',
};

type Criteria = {
  text: string;
  relativeDate?: string;
  date: string;
  video?: 'true' | 'false';
  postcode: string;
  /** An accreditation's value-list id. */
  accreditation?: string;
  /** A Languages id: an interpreter of it must be free for the whole slot. */
  languageId?: string;
  /** An interpreter who must be free for the whole slot. */
  interpreterId?: string;
  /** A room of the slot's centre must be free. */
  needsRoom?: boolean;
};
const EMPTY: Criteria = { text: '', date: '', postcode: '' };

function queryString(c: Criteria): string {
  const q = new URLSearchParams();
  if (c.text.trim()) q.set('text', c.text.trim());
  if (c.relativeDate) q.set('relativeDate', c.relativeDate);
  if (c.date.trim()) q.set('date', c.date.trim());
  if (c.video) q.set('isVideoAppointment', c.video);
  if (c.postcode.trim()) q.set('postcode', c.postcode.trim());
  if (c.accreditation) q.set('accreditation', c.accreditation);
  if (c.languageId) q.set('languageId', c.languageId);
  if (c.interpreterId) q.set('interpreterId', c.interpreterId);
  if (c.needsRoom) q.set('needsRoom', 'true');
  return q.toString();
}

/** Guidance shown before the first search (shell.md §5: no parameter shows a prompt with examples). */
function SearchPrompt({ onExample }: { onExample: (text: string) => void }) {
  return (
    <Alert
      type="info"
      showIcon
      title="Search sessions and specialists"
      description={
        <div>
          <p>
            Type a specialty or a specialist&apos;s name or e-mail, with a date (MM/YYYY or a month and year for a whole
            month, DD/MM/YYYY for a day, a weekday for the next such day, or Next week, Tomorrow…), video, and a state
            or postcode to see the nearest centres first. For example:
          </p>
          <Space wrap>
            {EXAMPLES.map((e) => (
              <Button key={e} size="small" onClick={() => onExample(e)}>
                {e}
              </Button>
            ))}
          </Space>
        </div>
      }
    />
  );
}

/**
 * Session & Specialist Search: availability by specialist, specialty, date and place; the soonest video
 * and phone sessions (on demand); and the centres with free sessions in an area, whose availability can
 * be e-mailed. Book on a free slot opens a new IME assessment with the slot filled in; saving it books
 * the slot.
 */
export function SmartSearchPage() {
  const api = useApi();
  const { open } = useWorkspace();
  const [draft, setDraft] = useState<Criteria>(EMPTY);
  const [criteria, setCriteria] = useState<Criteria | null>(null);
  const qs = criteria ? queryString(criteria) : '';
  const result = useQuery({
    queryKey: ['availability', qs],
    queryFn: () =>
      callEndpoint(api, SchedulingEndpoints.searchAppointment, { query: Object.fromEntries(new URLSearchParams(qs)) }),
    enabled: qs !== '',
  });
  const search = (next: Criteria) => {
    setDraft(next);
    setCriteria(queryString(next) ? next : null);
  };
  const { canSearch, canBook } = useSearchAccess();
  const [mode, setMode] = useState<Mode>('availability');
  const book = canBook
    ? (slot: { id: string }) => open({ path: '/view/assessments/add', search: `?sessionId=${slot.id}` })
    : undefined;
  // A search for a room or an interpreter books the slot with them: the dialog holds all together.
  const withResources = !!(criteria?.languageId || criteria?.interpreterId || criteria?.needsRoom);
  const [booking, setBooking] = useState<{ slot: ResourceSlot; specialistName: string } | null>(null);

  return (
    <div className="screen smart-search" style={{ maxWidth: 'none' }}>
      <Typography.Title level={3}>Session &amp; Specialist Search</Typography.Title>
      {canSearch && (
        <Segmented<Mode>
          aria-label="Search by"
          options={MODES}
          value={mode}
          onChange={setMode}
          style={{ marginBottom: 16 }}
        />
      )}
      {/* Each search keeps its criteria and results while another one is shown. */}
      <div hidden={mode !== 'availability'}>
        <Space wrap align="start" style={{ marginBottom: 16 }}>
          <Input.Search
            aria-label="Search availability"
            placeholder="e.g. orthopaedic next week in NSW"
            style={{ width: 380 }}
            value={draft.text}
            onChange={(e) => setDraft({ ...draft, text: e.target.value })}
            onSearch={() => search(draft)}
            enterButton="Search"
            allowClear
          />
          <Select
            aria-label="When"
            placeholder="When"
            allowClear
            style={{ width: 150 }}
            value={draft.relativeDate}
            options={AvailabilityRelativeDates.map((v) => ({ value: v, label: RELATIVE_LABELS[v] }))}
            onChange={(v?: string) =>
              search({ ...draft, ...(v ? { relativeDate: v } : { relativeDate: undefined }) } as Criteria)
            }
          />
          <Input
            aria-label="Date"
            placeholder="MM/YYYY, DD/MM/YYYY, Monday"
            style={{ width: 200 }}
            value={draft.date}
            onChange={(e) => setDraft({ ...draft, date: e.target.value })}
            onPressEnter={() => search(draft)}
          />
          <Select
            aria-label="Video"
            placeholder="Video or in person"
            allowClear
            style={{ width: 170 }}
            value={draft.video}
            options={[
              { value: 'true', label: 'Video' },
              { value: 'false', label: 'In person' },
            ]}
            onChange={(v?: 'true' | 'false') => search({ ...draft, video: v } as Criteria)}
          />
          <SelectionListBox
            resource="lookup-configs"
            query={{ type: 'ACCREDITATION' }}
            aria-label="Accreditation"
            placeholder="Accreditation"
            style={{ width: 200 }}
            value={draft.accreditation ?? null}
            onChange={(v) => search({ ...draft, accreditation: (v as string | null) ?? undefined } as Criteria)}
          />
          <Input
            aria-label="Postcode"
            placeholder="Postcode"
            style={{ width: 110 }}
            value={draft.postcode}
            onChange={(e) => setDraft({ ...draft, postcode: e.target.value })}
            onPressEnter={() => search(draft)}
          />
          <SelectionListBox
            resource="languages"
            aria-label="Interpreter language"
            placeholder="Interpreter language"
            style={{ width: 190 }}
            value={draft.languageId ?? null}
            onChange={(v) =>
              search({ ...draft, languageId: (v as string | null) ?? undefined, interpreterId: undefined } as Criteria)
            }
          />
          <SelectionListBox
            resource="interpreters"
            query={draft.languageId ? { languageId: draft.languageId } : {}}
            aria-label="Interpreter"
            placeholder="Interpreter"
            style={{ width: 180 }}
            value={draft.interpreterId ?? null}
            onChange={(v) => search({ ...draft, interpreterId: (v as string | null) ?? undefined } as Criteria)}
          />
          <Checkbox
            checked={!!draft.needsRoom}
            onChange={(e) => search({ ...draft, needsRoom: e.target.checked || undefined } as Criteria)}
          >
            Needs a room
          </Checkbox>
          <ExportButton
            endpoint={SchedulingEndpoints.exportAvailability}
            ready={qs !== ''}
            input={{ body: Object.fromEntries(new URLSearchParams(qs)) }}
          />
          <ExportButton
            endpoint={SchedulingEndpoints.exportSearchHistory}
            input={{ body: {} }}
            label="Export history"
          />
        </Space>
        {!criteria && <SearchPrompt onExample={(text) => search({ ...EMPTY, text })} />}
        {criteria && result.isSuccess && (
          <>
            <Typography.Paragraph type="secondary">
              {result.data.totalIsMinimum ? 'At least ' : ''}
              {result.data.totalCount} specialist{result.data.totalCount === 1 ? '' : 's'} with free sessions from{' '}
              {dateText(result.data.fromDate)} to {dateText(result.data.toDate)}
            </Typography.Paragraph>
            {result.data.items.length === 0 && <Empty description="No available slots found" />}
            <Space orientation="vertical" style={{ width: '100%' }}>
              {result.data.items.map((group) => (
                <Card
                  key={group.specialist.id}
                  size="small"
                  aria-label={group.specialist.fullName}
                  title={
                    <Space>
                      <span>
                        {group.specialist.title ? `${group.specialist.title} ` : ''}
                        {group.specialist.fullName}
                      </span>
                      {group.specialist.specialty && <Tag>{group.specialist.specialty}</Tag>}
                      <Typography.Text type="secondary">{group.specialist.businessEmail}</Typography.Text>
                    </Space>
                  }
                  extra={
                    <Space>
                      <span>{`${group.totalCount} free session${group.totalCount === 1 ? '' : 's'}`}</span>
                      <RequestCvButton specialist={group.specialist} />
                    </Space>
                  }
                >
                  <SlotsTable
                    slots={group.sessions}
                    withResources={withResources}
                    onBook={
                      book &&
                      (withResources
                        ? (slot: ResourceSlot) => setBooking({ slot, specialistName: group.specialist.fullName })
                        : book)
                    }
                  />
                </Card>
              ))}
            </Space>
          </>
        )}
      </div>
      {booking && (
        <BookWithResourcesDialog
          slot={booking.slot}
          specialistName={booking.specialistName}
          languageId={criteria?.languageId}
          interpreterId={criteria?.interpreterId}
          onClose={() => setBooking(null)}
        />
      )}
      {canSearch && (
        <>
          <div hidden={mode !== 'on-demand'}>
            <OnDemandSearch onBook={book} />
          </div>
          <div hidden={mode !== 'clinic-area'}>
            <ClinicAreaSearch />
          </div>
        </>
      )}
    </div>
  );
}
