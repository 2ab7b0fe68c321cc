import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Descriptions, Form, Input, Popconfirm, Table } from 'antd';
import { useParams } from 'react-router';
import { useState } from 'react';
import {
  endpointKey,
  FormMessages,
  FundingEndpoints as api,
  type CreateFundingProviderStaffInput,
  type FundingProviderStaffDto,
} from '@casebook/domain';
import { useApi } from '../../platform/api/api-client';
import { endpointQuery, useCall } from '../../platform/api/endpoints';
import { useNotices } from '../../platform/notices/useNotices';

/** /view/funding-providers/detail/:id: the provider and its staff (`funding-providers/{id}/staffs`). */
export function FundingProviderDetailPage() {
  const { id = '' } = useParams();
  const client = useApi();
  const call = useCall();
  const queries = useQueryClient();
  const notices = useNotices();
  const [form] = Form.useForm<CreateFundingProviderStaffInput>();
  const [saving, setSaving] = useState(false);
  const provider = useQuery(endpointQuery(client, api.getProvider, { params: { id } }));
  const staff = useQuery(endpointQuery(client, api.listProviderStaff, { params: { id } }));
  const refresh = () =>
    Promise.all([
      queries.invalidateQueries({ queryKey: endpointKey(api.listProviderStaff) }),
      queries.invalidateQueries({ queryKey: endpointKey(api.getProvider) }),
      queries.invalidateQueries({ queryKey: endpointKey(api.listProviders) }),
    ]);
  async function add() {
    let values: CreateFundingProviderStaffInput;
    try {
      values = await form.validateFields();
    } catch {
      notices.warning(FormMessages.incomplete);
      return;
    }
    setSaving(true);
    try {
      await call(api.addProviderStaff, { params: { id }, body: values });
      notices.success('Data has been added successfully');
      form.resetFields();
      await refresh();
    } catch {
      // The notice has said why.
    } finally {
      setSaving(false);
    }
  }
  async function remove(staffId: string) {
    try {
      await call(api.removeProviderStaff, { params: { id, staffId } });
      notices.success('Data has been deleted successfully.');
      await refresh();
    } catch {
      // The notice has said why.
    }
  }
  const p = provider.data;
  return (
    <div className="screen">
      <h1 className="screen-title">Funding Provider Detail{p ? ` - ${p.name}` : ''}</h1>
      {p && (
        <Descriptions size="small" bordered column={2} style={{ marginBottom: 16 }}>
          <Descriptions.Item label="Name">{p.name}</Descriptions.Item>
          <Descriptions.Item label="Email">{p.email}</Descriptions.Item>
          <Descriptions.Item label="Phone">{p.phone}</Descriptions.Item>
          <Descriptions.Item label="Address">{p.address}</Descriptions.Item>
        </Descriptions>
      )}
      <h2>Staff</h2>
      <Form form={form} layout="inline" style={{ marginBottom: 12 }} onFinish={() => void add()}>
        <Form.Item name="name" rules={[{ required: true, message: FormMessages.required }]}>
          <Input placeholder="Name" aria-label="Staff name" maxLength={200} />
        </Form.Item>
        <Form.Item name="position">
          <Input placeholder="Position" aria-label="Position" maxLength={100} />
        </Form.Item>
        <Form.Item name="email" rules={[{ type: 'email', message: FormMessages.email }]}>
          <Input placeholder="Email" aria-label="Staff email" maxLength={200} />
        </Form.Item>
        <Form.Item name="phone">
          <Input placeholder="Phone" aria-label="Staff phone" maxLength={50} />
        </Form.Item>
        <Button htmlType="submit" loading={saving}>
          Add Staff
        </Button>
      </Form>
      <Table<FundingProviderStaffDto>
        size="small"
        aria-label="Funding provider staff"
        rowKey="id"
        loading={staff.isFetching}
        dataSource={staff.data?.items ?? []}
        pagination={false}
        columns={[
          { title: 'Name', dataIndex: 'name' },
          { title: 'Position', dataIndex: 'position' },
          { title: 'Email', dataIndex: 'email' },
          { title: 'Phone', dataIndex: 'phone' },
          {
            title: '',
            key: 'remove',
            render: (_, row) => (
              <Popconfirm title="Are you sure?" onConfirm={() => void remove(row.id)}>
                <Button size="small" danger>
                  Delete
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
    </div>
  );
}
