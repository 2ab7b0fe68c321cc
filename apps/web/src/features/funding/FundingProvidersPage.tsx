import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Modal, Table, Tag } from 'antd';
import { useState } from 'react';
import {
  endpointKey,
  FundingEndpoints as api,
  FormMessages,
  type CreateFundingProviderInput,
  type FundingProviderDto,
} from '@casebook/domain';
import { useWorkspace } from '../../app/tabs/useWorkspace';
import { useApi } from '../../platform/api/api-client';
import { endpointQuery, useCall } from '../../platform/api/endpoints';
import { useNotices } from '../../platform/notices/useNotices';

/** /view/funding-providers: the lenders and their staff counts; add opens a form. */
export function FundingProvidersPage() {
  const client = useApi();
  const { open } = useWorkspace();
  const [filterText, setFilterText] = useState('');
  const list = useQuery(endpointQuery(client, api.listProviders, { query: { filterText, maxResultCount: 1000 } }));
  return (
    <div className="screen">
      <h1 className="screen-title">Funding Providers</h1>
      <div style={{ display: 'flex', gap: 8, marginBottom: 12 }}>
        <Input.Search
          placeholder="Search"
          aria-label="Search funding providers"
          allowClear
          onSearch={setFilterText}
          style={{ maxWidth: 320 }}
        />
        <AddProviderButton />
      </div>
      <Table<FundingProviderDto>
        size="small"
        aria-label="Funding providers"
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.items ?? []}
        pagination={{ pageSize: 20 }}
        onRow={(row) => ({ onClick: () => open({ path: `/view/funding-providers/detail/${row.id}` }) })}
        columns={[
          { title: 'Name', dataIndex: 'name' },
          { title: 'Email', dataIndex: 'email' },
          { title: 'Phone', dataIndex: 'phone' },
          { title: 'Staff', dataIndex: 'staffCount', align: 'right' },
          {
            title: 'Status',
            key: 'active',
            render: (_, row) => (row.isActive ? <Tag color="success">Active</Tag> : <Tag>Inactive</Tag>),
          },
        ]}
      />
    </div>
  );
}

function AddProviderButton() {
  const call = useCall();
  const queries = useQueryClient();
  const notices = useNotices();
  const [form] = Form.useForm<CreateFundingProviderInput>();
  const [openForm, setOpenForm] = useState(false);
  const [saving, setSaving] = useState(false);
  async function save() {
    let values: CreateFundingProviderInput;
    try {
      values = await form.validateFields();
    } catch {
      notices.warning(FormMessages.incomplete);
      return;
    }
    setSaving(true);
    try {
      await call(api.createProvider, { body: values });
      notices.success('Data has been added successfully');
      await queries.invalidateQueries({ queryKey: endpointKey(api.listProviders) });
      form.resetFields();
      setOpenForm(false);
    } catch {
      // The notice has said why.
    } finally {
      setSaving(false);
    }
  }
  return (
    <>
      <Button type="primary" onClick={() => setOpenForm(true)}>
        Add Funding Provider
      </Button>
      <Modal
        title="Add Funding Provider"
        open={openForm}
        onOk={() => void save()}
        okText="Save"
        confirmLoading={saving}
        onCancel={() => setOpenForm(false)}
      >
        <Form form={form} layout="vertical">
          <Form.Item name="name" label="Name" rules={[{ required: true, message: FormMessages.required }]}>
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item name="email" label="Email" rules={[{ type: 'email', message: FormMessages.email }]}>
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item name="phone" label="Phone">
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item name="address" label="Address">
            <Input.TextArea maxLength={500} rows={2} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
