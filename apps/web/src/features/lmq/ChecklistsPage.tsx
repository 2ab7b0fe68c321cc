import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Modal, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { ChecklistEndpoints as api, Permissions, type ChecklistDto } from '@casebook/domain';
import { useCan } from '../../app/session/useCan';
import { useApi } from '../../platform/api/api-client';
import { endpointKey, endpointQuery, useCall } from '../../platform/api/endpoints';
import { useNotices } from '../../platform/notices/useNotices';

const PAGE = 20;
const required = [{ required: true, message: 'This field is required' }];
type Editing = { checklist: ChecklistDto | null };
type Values = { name: string; description?: string; criteria: string };

const lines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

/**
 * /view/check-lists: the LMQ checklists, searched and filtered by active or not; added, renamed, their
 * criteria edited (one a line), copied, reset to default, enabled and disabled.
 */
export function ChecklistsPage() {
  const client = useApi();
  const call = useCall();
  const can = useCan();
  const notices = useNotices();
  const queryClient = useQueryClient();
  const canWrite = can(Permissions.lmq.update);
  const [filterText, setFilterText] = useState('');
  const [isActive, setIsActive] = useState<boolean | undefined>();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Editing | undefined>();
  const [form] = Form.useForm<Values>();
  const list = useQuery(
    endpointQuery(client, api.list, {
      query: { filterText: filterText || undefined, isActive, skipCount: (page - 1) * PAGE, maxResultCount: PAGE },
    }),
  );
  const refresh = () => queryClient.invalidateQueries({ queryKey: endpointKey(api.list) });
  const run = async (work: () => Promise<unknown>) => {
    try {
      await work();
      notices.success();
      await refresh();
    } catch {
      // The notice has said why.
    }
  };

  const openEditor = (checklist: ChecklistDto | null) => {
    setEditing({ checklist });
    form.setFieldsValue({
      name: checklist?.name ?? '',
      description: checklist?.description ?? '',
      criteria: checklist?.criteria.map((c) => c.text).join('\n') ?? '',
    });
  };

  const save = async () => {
    const v = await form.validateFields();
    const current = editing?.checklist;
    await run(async () => {
      if (!current) {
        await call(api.create, {
          body: { name: v.name, description: v.description || null, criteria: lines(v.criteria) },
        });
      } else {
        const renamed = await call(api.update, {
          params: { id: current.id },
          body: { name: v.name, description: v.description || null, concurrencyStamp: current.concurrencyStamp },
        });
        await call(api.updateCriterias, {
          params: { id: current.id },
          body: { criteria: lines(v.criteria), concurrencyStamp: renamed.concurrencyStamp },
        });
      }
      setEditing(undefined);
    });
  };

  return (
    <div className="screen">
      <h1 className="screen-title">LMQ Checklists</h1>
      <div style={{ display: 'flex', gap: 8, margin: '12px 0', flexWrap: 'wrap' }}>
        <Input.Search
          placeholder="Name"
          aria-label="Search checklists"
          allowClear
          onSearch={(v) => {
            setFilterText(v.trim());
            setPage(1);
          }}
          style={{ maxWidth: 280 }}
        />
        <Select<'active' | 'disabled'>
          aria-label="Active"
          placeholder="Active or disabled"
          allowClear
          style={{ width: 180 }}
          value={isActive === undefined ? undefined : isActive ? 'active' : 'disabled'}
          onChange={(v) => {
            setIsActive(v === undefined ? undefined : v === 'active');
            setPage(1);
          }}
          options={[
            { value: 'active', label: 'Active' },
            { value: 'disabled', label: 'Disabled' },
          ]}
        />
        {can(Permissions.lmq.create) && (
          <Button type="primary" onClick={() => openEditor(null)}>
            Add LMQ Checklist
          </Button>
        )}
      </div>
      <Table<ChecklistDto>
        size="small"
        scroll={{ x: 'max-content' }}
        aria-label="LMQ checklists"
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.items ?? []}
        pagination={{ current: page, pageSize: PAGE, total: list.data?.totalCount ?? 0, onChange: setPage }}
        columns={[
          { title: 'Name', dataIndex: 'name' },
          { title: 'Description', dataIndex: 'description', ellipsis: true },
          { title: 'Criteria', key: 'criteria', render: (_, c) => c.criteria.length },
          {
            title: 'Status',
            key: 'status',
            render: (_, c) => (
              <Space size={4}>
                <Tag color={c.isActive ? 'success' : 'default'}>{c.isActive ? 'Active' : 'Disabled'}</Tag>
                {c.isModified && <Tag>Changed from default</Tag>}
              </Space>
            ),
          },
          {
            title: '',
            key: 'actions',
            render: (_, c) =>
              canWrite ? (
                <Space size={4} wrap>
                  <Button size="small" onClick={() => openEditor(c)}>
                    Edit
                  </Button>
                  <Button size="small" onClick={() => void run(() => call(api.copy, { params: { id: c.id } }))}>
                    Copy
                  </Button>
                  {c.isModified && (
                    <Button
                      size="small"
                      onClick={() =>
                        void run(() =>
                          call(api.resetToDefault, {
                            params: { id: c.id },
                            body: { concurrencyStamp: c.concurrencyStamp },
                          }),
                        )
                      }
                    >
                      Reset to default
                    </Button>
                  )}
                  <Button
                    size="small"
                    onClick={() =>
                      void run(() => call(c.isActive ? api.disable : api.enable, { params: { id: c.id } }))
                    }
                  >
                    {c.isActive ? 'Disable' : 'Enable'}
                  </Button>
                </Space>
              ) : null,
          },
        ]}
      />
      <Modal
        title={editing?.checklist ? `LMQ Checklist: ${editing.checklist.name}` : 'Add LMQ Checklist'}
        open={!!editing}
        okText="Save"
        onOk={() => void save()}
        onCancel={() => setEditing(undefined)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical">
          <Form.Item name="name" label="Name" rules={required}>
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item name="description" label="Description">
            <Input.TextArea rows={2} maxLength={4000} />
          </Form.Item>
          <Form.Item name="criteria" label="Criteria (one a line)" rules={required}>
            <Input.TextArea rows={6} />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
