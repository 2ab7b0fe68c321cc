import { CalendarOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Form, Input, Select, Space, Table, Typography } from 'antd';
import { AustralianStates, type ClinicAreaResult } from '@casebook/domain';
import { SchedulingEndpoints } from '@casebook/domain';
import { useWorkspace } from '../../app/tabs/useWorkspace';
import { useApi } from '../../platform/api/api-client';
import { callEndpoint } from '../../platform/api/endpoints';
import { EmailCentreAvailabilityButton } from './EmailCentreAvailabilityButton';
import { fieldStatus } from './serverErrors';
import { PeriodFields, SpecialtyField } from './searchFields';
import { useCriteriaSearch } from './useCriteriaSearch';
import { dateText } from '../../platform/time';

type Item = ClinicAreaResult['items'][number];

type Criteria = {
  postcode: string;
  state: string | null;
  /** A specialty's value-list id. */
  specialty: string | null;
  fromDate: string | null;
  toDate: string | null;
};
const START: Criteria = { postcode: '', state: null, specialty: null, fromDate: null, toDate: null };
const FIELDS = ['postcode', 'state', 'specialty', 'fromDate', 'toDate'] as const;

const addressOf = (c: Item['centre']) =>
  [c.address, c.suburb, [c.state, c.postcode].filter(Boolean).join(' ')].filter(Boolean).join(', ');

/**
 * Clinic area: the centres with free sessions near a postcode (nearest first) or in a state, with how
 * many sessions and specialists and the first free one; each centre's availability can be e-mailed,
 * and its sessions opened in the clinic calendar at the week of the first free one.
 */
export function ClinicAreaSearch() {
  const api = useApi();
  const { open } = useWorkspace();
  const { draft, setDraft, criteria, result, errors, search } = useCriteriaSearch(
    'clinic-area',
    START,
    (c: Criteria) =>
      callEndpoint(api, SchedulingEndpoints.searchClinicArea, {
        body: { ...c, postcode: c.postcode.trim() || null },
      }),
    FIELDS,
  );

  return (
    <section aria-label="Clinic area">
      <Typography.Paragraph type="secondary">
        Centres with free sessions near a postcode (nearest first) or in a state: the next 90 days unless you choose
        dates.
      </Typography.Paragraph>
      <Form layout="inline" style={{ marginBottom: 16, rowGap: 8 }} onFinish={() => search(draft)}>
        <Form.Item {...fieldStatus(errors, 'postcode')}>
          <Input
            aria-label="Area postcode"
            placeholder="Postcode"
            style={{ width: 120 }}
            maxLength={10}
            value={draft.postcode}
            onChange={(e) => setDraft({ ...draft, postcode: e.target.value })}
          />
        </Form.Item>
        <Form.Item {...fieldStatus(errors, 'state')}>
          <Select
            aria-label="State"
            placeholder="State"
            allowClear
            style={{ width: 110 }}
            value={draft.state ?? undefined}
            options={AustralianStates.map((s) => ({ value: s, label: s }))}
            onChange={(v?: string) => setDraft({ ...draft, state: v ?? null })}
          />
        </Form.Item>
        <SpecialtyField draft={draft} setDraft={setDraft} errors={errors} />
        <PeriodFields draft={draft} setDraft={setDraft} errors={errors} defaultDays={90} />
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={result.isFetching}>
            Search centres
          </Button>
        </Form.Item>
      </Form>
      {errors.other.length > 0 && (
        <Alert type="error" showIcon title="The search could not be run" description={errors.other.join(' ')} />
      )}
      {criteria && !errors.other.length && !result.isError && (
        <>
          {result.isSuccess && (
            <Typography.Paragraph type="secondary">
              {result.data.totalCount} centre{result.data.totalCount === 1 ? '' : 's'} with free sessions from{' '}
              {dateText(result.data.fromDate)} to {dateText(result.data.toDate)}
            </Typography.Paragraph>
          )}
          {result.isSuccess && result.data.items.length === 0 ? (
            <Empty description="No centres with free sessions found" />
          ) : (
            <Table<Item>
              size="small"
              rowKey={(i) => i.centre.id}
              pagination={false}
              loading={result.isFetching}
              dataSource={result.data?.items ?? []}
              columns={[
                { title: 'Centre', key: 'centre', render: (_, i) => <strong>{i.centre.name}</strong> },
                { title: 'Address', key: 'address', render: (_, i) => addressOf(i.centre) },
                { title: 'Free sessions', dataIndex: 'availableCount', key: 'available', align: 'right' },
                { title: 'Specialists', dataIndex: 'specialistCount', key: 'specialists', align: 'right' },
                { title: 'First free session', dataIndex: 'firstAvailable', key: 'first' },
                {
                  title: '',
                  key: 'actions',
                  render: (_, i) => (
                    <Space size={4}>
                      <Button
                        size="small"
                        icon={<CalendarOutlined />}
                        aria-label={`Calendar: ${i.centre.name}`}
                        title="The centre's sessions in the clinic calendar"
                        onClick={() =>
                          open({
                            path: '/view/calendar',
                            search: `?${new URLSearchParams({ centreId: i.centre.id, date: i.firstAvailableDate })}`,
                          })
                        }
                      >
                        Calendar
                      </Button>
                      <EmailCentreAvailabilityButton
                        centre={i.centre}
                        fromDate={criteria.fromDate}
                        toDate={criteria.toDate}
                      />
                    </Space>
                  ),
                },
              ]}
            />
          )}
        </>
      )}
    </section>
  );
}
