import { Alert, Button, Empty, Form, Input, Select, Typography } from 'antd';
import { ON_DEMAND_DEFAULT_DAYS, type OnDemandKind, type OnDemandSearchResult } from '@casebook/domain';
import { SchedulingEndpoints } from '@casebook/domain';
import { useApi } from '../../platform/api/api-client';
import { callEndpoint } from '../../platform/api/endpoints';
import { fieldStatus } from './serverErrors';
import { PeriodFields, SpecialtyField } from './searchFields';
import { useCriteriaSearch } from './useCriteriaSearch';
import { SlotsTable } from './SlotsTable';
import { dateText } from '../../platform/time';

type Slot = OnDemandSearchResult['items'][number];

type Criteria = {
  kind: OnDemandKind | null;
  /** A specialty's value-list id. */
  specialty: string | null;
  specialistName: string;
  fromDate: string | null;
  toDate: string | null;
  maxResultCount: number;
};
const START: Criteria = {
  kind: null,
  specialty: null,
  specialistName: '',
  fromDate: null,
  toDate: null,
  maxResultCount: 20,
};
const FIELDS = ['kind', 'specialty', 'specialistName', 'fromDate', 'toDate', 'maxResultCount'] as const;

/**
 * On-demand search: the soonest free video and phone sessions, whatever the place, from now (the next
 * 30 days unless dates are given), one row per session in the server's order.
 */
export function OnDemandSearch({ onBook }: { onBook?: ((slot: Slot) => void) | undefined }) {
  const api = useApi();
  const { draft, setDraft, criteria, result, errors, search } = useCriteriaSearch(
    'on-demand',
    START,
    (c: Criteria, signal) =>
      callEndpoint(
        api,
        SchedulingEndpoints.searchOnDemand,
        { query: { ...c, specialistName: c.specialistName.trim() } },
        { signal },
      ),
    FIELDS,
  );

  return (
    <section aria-label="On demand (video/phone)">
      <Typography.Paragraph type="secondary">
        The soonest free video and phone sessions, whatever the place: the next {ON_DEMAND_DEFAULT_DAYS} days unless you
        choose dates.
      </Typography.Paragraph>
      <Form layout="inline" style={{ marginBottom: 16, rowGap: 8 }} onFinish={() => search(draft)}>
        <Form.Item {...fieldStatus(errors, 'kind')}>
          <Select
            aria-label="Video or phone"
            style={{ width: 170 }}
            value={draft.kind ?? ''}
            options={[
              { value: '', label: 'Video and phone' },
              { value: 'VIDEO', label: 'Video' },
              { value: 'PHONE', label: 'Phone' },
            ]}
            onChange={(v: OnDemandKind | '') => setDraft({ ...draft, kind: v || null })}
          />
        </Form.Item>
        <SpecialtyField draft={draft} setDraft={setDraft} errors={errors} />
        <Form.Item {...fieldStatus(errors, 'specialistName')}>
          <Input
            aria-label="Specialist name"
            placeholder="Specialist name"
            style={{ width: 180 }}
            maxLength={200}
            value={draft.specialistName}
            onChange={(e) => setDraft({ ...draft, specialistName: e.target.value })}
          />
        </Form.Item>
        <PeriodFields draft={draft} setDraft={setDraft} errors={errors} defaultDays={ON_DEMAND_DEFAULT_DAYS} />
        <Form.Item {...fieldStatus(errors, 'maxResultCount')}>
          <Select
            aria-label="Sessions shown"
            style={{ width: 140 }}
            value={draft.maxResultCount}
            options={[20, 50, 100].map((n) => ({ value: n, label: `${n} sessions` }))}
            onChange={(n: number) => search({ ...draft, maxResultCount: n })}
          />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={result.isFetching}>
            Search on demand
          </Button>
        </Form.Item>
      </Form>
      {errors.other.length > 0 && (
        <Alert type="error" showIcon title="The search could not be run" description={errors.other.join(' ')} />
      )}
      {criteria && result.isFetching && !result.isSuccess && <SlotsTable slots={[]} loading withSpecialist />}
      {criteria && result.isSuccess && (
        <>
          <Typography.Paragraph type="secondary">
            {result.data.totalCount} free video or phone session{result.data.totalCount === 1 ? '' : 's'} from{' '}
            {dateText(result.data.fromDate)} to {dateText(result.data.toDate)}
            {result.data.totalCount > result.data.items.length ? `; the soonest ${result.data.items.length} shown` : ''}
          </Typography.Paragraph>
          {result.data.items.length === 0 ? (
            <Empty description="No available slots found" />
          ) : (
            <SlotsTable slots={result.data.items} onBook={onBook} withSpecialist loading={result.isFetching} />
          )}
        </>
      )}
    </section>
  );
}
