import { Button, Card, Form, Input, Table, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormMessages, HealthEndpoints, type HealthCheckDto } from '@casebook/domain';
import { useApi } from '../../platform/api/api-client';
import { callEndpoint } from '../../platform/api/endpoints';
import { useNotices } from '../../platform/notices/useNotices';

type Check = HealthCheckDto;

const STATUS: Record<Check['status'], { colour: string; label: string }> = {
  Healthy: { colour: 'success', label: 'Healthy' },
  Unhealthy: { colour: 'error', label: 'Unhealthy' },
  NotConfigured: { colour: 'default', label: 'Not configured' },
};

/** /view/health-status: the configured providers' checks and a test e-mail through the outbox. */
export function HealthStatusPage() {
  const api = useApi();
  const notices = useNotices();
  const [form] = Form.useForm<{ email: string }>();
  const [sending, setSending] = useState(false);
  const checks = useQuery({
    queryKey: ['health-status'],
    queryFn: () => callEndpoint(api, HealthEndpoints.healthStatus, undefined),
    staleTime: 0,
  });
  async function sendTest() {
    let values: { email: string };
    try {
      values = await form.validateFields();
    } catch {
      notices.warning(FormMessages.incomplete);
      return;
    }
    setSending(true);
    try {
      await callEndpoint(api, HealthEndpoints.sendTestEmail, { body: { email: values.email } });
      notices.success('Email has been sent!');
    } catch {
      // The notice has said why.
    } finally {
      setSending(false);
    }
  }
  return (
    <div className="screen">
      <h1 className="screen-title">Health Status</h1>
      <Card title="Checks" extra={<Button onClick={() => void checks.refetch()}>Check again</Button>}>
        <Table<Check>
          size="small"
          aria-label="Health checks"
          rowKey="name"
          loading={checks.isFetching}
          dataSource={checks.data?.items ?? []}
          pagination={false}
          columns={[
            { title: 'Check', dataIndex: 'name' },
            {
              title: 'Status',
              key: 'status',
              render: (_, c) => <Tag color={STATUS[c.status].colour}>{STATUS[c.status].label}</Tag>,
            },
            { title: 'Detail', dataIndex: 'detail' },
          ]}
        />
      </Card>
      <Card title="Send a test e-mail" style={{ marginTop: 16 }}>
        <Form form={form} layout="inline" onFinish={() => void sendTest()}>
          <Form.Item
            name="email"
            label="Recipient"
            rules={[
              { required: true, message: 'This field is required' },
              { type: 'email', message: 'The Email field is not a valid e-mail address.' },
            ]}
          >
            <Input style={{ width: 320 }} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={sending}>
            Send test e-mail
          </Button>
        </Form>
      </Card>
    </div>
  );
}
