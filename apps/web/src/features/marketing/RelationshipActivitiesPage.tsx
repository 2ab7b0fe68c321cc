import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, DatePicker, Form, Input, Modal, Select, Table } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import {
  Permissions,
  RelationshipActivityEndpoints as api,
  RelationshipActivityTypeLabels,
  RelationshipActivityTypes,
  RelationshipParties,
  RelationshipPartyLabels,
  type RelationshipActivityDto,
  type RelationshipActivityType,
  type RelationshipParty,
} from '@casebook/domain';
import { useCan } from '../../app/session/useCan';
import { useSession } from '../../app/session/useSession';
import { useApi } from '../../platform/api/api-client';
import { endpointKey, endpointQuery, useCall } from '../../platform/api/endpoints';
import { SelectionListBox } from '../../platform/controls';
import {
  EMPTY_DATE_RANGE,
  RelativeDateRangeBox,
  type RelativeDateRange,
} from '../../platform/controls/RelativeDateRangePicker';
import { useNotices } from '../../platform/notices/useNotices';
import { useInstantText } from '../../platform/time';
import { ExportButton } from '../scheduling/ExportButton';

const PAGE = 20;
/** The selection list each kind of party is picked from. */
const PARTY_RESOURCE: Record<RelationshipParty, string> = {
  COMPANY: 'companies',
  CASE_MANAGER: 'case-managers',
  SPECIALIST: 'specialists',
};

type NewActivity = {
  communicationType: RelationshipActivityType;
  party: RelationshipParty;
  partyId: string;
  contactName?: string;
  contactTime?: Dayjs;
  content: string;
};

/**
 * /view/relationship-activities (decision 0114): the office's relationship meetings, calls, e-mails and
 * messages with companies, case managers and specialists, filtered, recorded and exported.
 */
export function RelationshipActivitiesPage() {
  const client = useApi();
  const call = useCall();
  const can = useCan();
  const notices = useNotices();
  const queryClient = useQueryClient();
  const when = useInstantText();
  const { tenant } = useSession();
  const [filterText, setFilterText] = useState('');
  const [communicationType, setType] = useState<RelationshipActivityType | undefined>();
  const [party, setParty] = useState<RelationshipParty | undefined>();
  const [companyId, setCompanyId] = useState<string | undefined>();
  const [creatorId, setCreatorId] = useState<string | undefined>();
  const [range, setRange] = useState<RelativeDateRange>(EMPTY_DATE_RANGE);
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const [form] = Form.useForm<NewActivity>();
  const newParty = Form.useWatch('party', form);
  const filters = {
    ...(filterText ? { filterText } : {}),
    ...(communicationType ? { communicationType } : {}),
    ...(party ? { party } : {}),
    ...(companyId ? { companyId } : {}),
    ...(creatorId ? { creatorId } : {}),
    ...(range.from ? { fromDate: range.from } : {}),
    ...(range.to ? { toDate: range.to } : {}),
  };
  const list = useQuery(
    endpointQuery(client, api.list, { query: { ...filters, skipCount: (page - 1) * PAGE, maxResultCount: PAGE } }),
  );
  const filtered =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
    };

  const add = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    try {
      await call(api.create, {
        body: {
          communicationType: v.communicationType,
          party: v.party,
          partyId: v.partyId,
          contactName: v.contactName?.trim() || null,
          content: v.content,
          ...(v.contactTime ? { contactTime: v.contactTime.toISOString() } : {}),
        },
      });
      notices.success('Data has been added successfully');
      setAdding(false);
      form.resetFields();
      await queryClient.invalidateQueries({ queryKey: endpointKey(api.list) });
    } catch {
      // The notice has said why.
    }
  };

  return (
    <div className="screen">
      <h1 className="screen-title">Relationship Activities</h1>
      <div style={{ display: 'flex', gap: 8, margin: '12px 0', flexWrap: 'wrap' }}>
        <Input.Search
          placeholder="Notes, contact"
          aria-label="Search activities"
          allowClear
          onSearch={(v) => filtered(setFilterText)(v.trim())}
          style={{ maxWidth: 240 }}
        />
        <Select
          aria-label="Type"
          placeholder="All types"
          allowClear
          style={{ width: 200 }}
          value={communicationType}
          onChange={filtered(setType)}
          options={RelationshipActivityTypes.map((t) => ({ value: t, label: RelationshipActivityTypeLabels[t] }))}
        />
        <Select
          aria-label="With"
          placeholder="With anyone"
          allowClear
          style={{ width: 160 }}
          value={party}
          onChange={filtered(setParty)}
          options={RelationshipParties.map((p) => ({ value: p, label: RelationshipPartyLabels[p] }))}
        />
        <SelectionListBox
          resource="companies"
          aria-label="Company"
          placeholder="All companies"
          style={{ width: 220 }}
          value={companyId ?? null}
          onChange={(v) => filtered(setCompanyId)(typeof v === 'string' ? v : undefined)}
        />
        {can(Permissions.users.read) && (
          <SelectionListBox
            resource="users"
            aria-label="Staff"
            placeholder="All staff"
            style={{ width: 200 }}
            value={creatorId ?? null}
            onChange={(v) => filtered(setCreatorId)(typeof v === 'string' ? v : undefined)}
          />
        )}
        <RelativeDateRangeBox
          timeZone={tenant.timezone}
          value={range}
          onChange={(v) => filtered(setRange)(v ?? EMPTY_DATE_RANGE)}
        />
        <ExportButton endpoint={api.export} input={{ query: filters }} />
        {can(Permissions.correspondence.create) && (
          <Button type="primary" onClick={() => setAdding(true)}>
            Add activity
          </Button>
        )}
      </div>
      <Table<RelationshipActivityDto>
        size="small"
        scroll={{ x: 'max-content' }}
        aria-label="Relationship activities"
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.items ?? []}
        pagination={{ current: page, pageSize: PAGE, total: list.data?.totalCount ?? 0, onChange: setPage }}
        columns={[
          { title: 'Date', dataIndex: 'contactTime', render: (v: string) => when(v) },
          {
            title: 'Type',
            dataIndex: 'communicationType',
            render: (v: RelationshipActivityType) => RelationshipActivityTypeLabels[v],
          },
          {
            title: 'With',
            render: (_, a) => `${a.partyName} (${RelationshipPartyLabels[a.party]})`,
          },
          { title: 'Company', dataIndex: 'companyName', render: (v: string | null) => v ?? '' },
          { title: 'Contact', dataIndex: 'contactName', render: (v: string | null) => v ?? '' },
          { title: 'Notes', dataIndex: 'content', width: 360 },
          { title: 'Staff', dataIndex: 'creatorName', render: (v: string | null) => v ?? '' },
        ]}
      />
      <Modal
        title="Add activity"
        open={adding}
        okText="Save"
        onOk={() => void add()}
        onCancel={() => setAdding(false)}
        destroyOnHidden
      >
        <Form
          form={form}
          layout="vertical"
          initialValues={{ communicationType: 'RELATIONSHIP_MEETING', party: 'COMPANY' }}
        >
          <Form.Item
            name="communicationType"
            label="Type"
            rules={[{ required: true, message: 'This field is required' }]}
          >
            <Select
              aria-label="Activity type"
              options={RelationshipActivityTypes.map((t) => ({ value: t, label: RelationshipActivityTypeLabels[t] }))}
            />
          </Form.Item>
          <Form.Item name="party" label="With" rules={[{ required: true, message: 'This field is required' }]}>
            <Select
              aria-label="Activity with"
              onChange={() => form.setFieldValue('partyId', undefined)}
              options={RelationshipParties.map((p) => ({ value: p, label: RelationshipPartyLabels[p] }))}
            />
          </Form.Item>
          <Form.Item
            name="partyId"
            label={RelationshipPartyLabels[newParty ?? 'COMPANY']}
            rules={[{ required: true, message: 'This field is required' }]}
          >
            <SelectionListBox
              key={newParty ?? 'COMPANY'}
              resource={PARTY_RESOURCE[newParty ?? 'COMPANY']}
              aria-label="Activity party"
            />
          </Form.Item>
          <Form.Item name="contactName" label="Contact person">
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item name="contactTime" label="When (now if empty)">
            <DatePicker showTime={{ format: 'HH:mm' }} format="DD MMM YYYY HH:mm" aria-label="Activity time" />
          </Form.Item>
          <Form.Item
            name="content"
            label="Notes"
            rules={[{ required: true, whitespace: true, message: 'This field is required' }]}
          >
            <Input.TextArea rows={4} maxLength={4000} aria-label="Activity notes" />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
