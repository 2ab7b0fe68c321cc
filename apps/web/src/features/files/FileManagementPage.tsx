import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, InputNumber, Modal, Table } from 'antd';
import { useState } from 'react';
import { FileEndpoints, FormMessages, type TenantStorageDto } from '@casebook/domain';
import { useApi } from '../../platform/api/api-client';
import { endpointKey, endpointQuery, useCall } from '../../platform/api/endpoints';
import { useNotices } from '../../platform/notices/useNotices';

/** /view/file-management (host only): each tenant's used storage and limit, in GB. */
export function FileManagementPage() {
  const api = useApi();
  const call = useCall();
  const notices = useNotices();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<TenantStorageDto | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<{ storageLimitInGB: number | null }>();
  const list = useQuery(endpointQuery(api, FileEndpoints.tenantStorage));

  const save = async ({ storageLimitInGB }: { storageLimitInGB: number | null }) => {
    if (!editing) return;
    setSaving(true);
    try {
      await call(FileEndpoints.setFileSizeLimit, {
        body: { tenantId: editing.tenantId, storageLimitInGB: storageLimitInGB ?? null },
      });
      notices.success();
      setEditing(null);
      await queryClient.invalidateQueries({ queryKey: endpointKey(FileEndpoints.tenantStorage) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="screen">
      <h1 className="screen-title">Storage</h1>
      <Card>
        <Table<TenantStorageDto>
          rowKey="tenantId"
          loading={list.isFetching}
          dataSource={list.data?.items ?? []}
          locale={{ emptyText: FormMessages.noData }}
          pagination={false}
          columns={[
            { title: 'Tenant', dataIndex: 'tenantName' },
            { title: 'Used (GB)', dataIndex: 'totalFileSizeInGB', render: (v: number) => v.toFixed(1) },
            {
              title: 'Storage Limit (GB)',
              dataIndex: 'storageLimitInGB',
              render: (v: number | null) => (v === null ? 'No limit' : v),
            },
            {
              title: '',
              key: 'edit',
              render: (_: unknown, row) => (
                <Button
                  size="small"
                  onClick={() => {
                    form.setFieldsValue({ storageLimitInGB: row.storageLimitInGB });
                    setEditing(row);
                  }}
                >
                  Edit
                </Button>
              ),
            },
          ]}
        />
      </Card>
      <Modal
        open={editing !== null}
        title={editing ? `Storage: ${editing.tenantName}` : ''}
        onCancel={() => setEditing(null)}
        footer={[
          <Button key="close" onClick={() => setEditing(null)}>
            Close
          </Button>,
          <Button key="save" type="primary" loading={saving} onClick={() => form.submit()}>
            Save
          </Button>,
        ]}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={save}>
          <Form.Item name="storageLimitInGB" label="Storage Limit (GB)">
            <InputNumber min={0} step={1} style={{ width: '100%' }} />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
