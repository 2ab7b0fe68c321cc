import { App, Button, Card, Input, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import {
  MailDeliveryStates,
  type EmailTrackingDetailDto,
  type EmailTrackingDto,
  type MailDeliveryState,
  type PagedResult,
} from '@casebook/domain';
import { CorrespondenceEndpoints as mail } from '@casebook/domain';
import { useApi } from '../../platform/api/api-client';
import { callEndpoint } from '../../platform/api/endpoints';
import { useInstantText, useTimeZone } from '../../platform/time';
import { confirmResend } from './resendEmail';

const COLOURS: Record<MailDeliveryState, string> = {
  Pending: 'default',
  Sending: 'processing',
  Sent: 'success',
  Failed: 'error',
};

/** /view/emails-tracking: every message with template key, recipient, record, sent time and state. */
export function EmailTrackingPage() {
  const api = useApi();
  const timeZone = useTimeZone();
  const when = useInstantText();
  const { notification, modal } = App.useApp();
  const [filterText, setFilterText] = useState('');
  const [state, setState] = useState<MailDeliveryState | undefined>();
  const [page, setPage] = useState({ current: 1, pageSize: 20 });
  const [data, setData] = useState<PagedResult<EmailTrackingDto>>({ totalCount: 0, items: [] });
  const [loading, setLoading] = useState(false);
  const [shown, setShown] = useState<EmailTrackingDetailDto | undefined>();

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setData(
        await callEndpoint(api, mail.listTracking, {
          query: { filterText, state, skipCount: (page.current - 1) * page.pageSize, maxResultCount: page.pageSize },
        }),
      );
    } finally {
      setLoading(false);
    }
  }, [api, filterText, state, page]);
  useEffect(() => {
    const timer = setTimeout(() => void load(), 500);
    return () => clearTimeout(timer);
  }, [load]);

  const act = async (m: EmailTrackingDto, action: 'resend' | 'mark-success') => {
    if (action === 'resend') {
      if (!(await confirmResend(modal, api, m, timeZone))) return;
    } else {
      await callEndpoint(api, mail.markSuccess, { params: { id: m.id } });
    }
    notification.success({
      title: 'Success',
      description: action === 'resend' ? 'Email has been sent!' : 'Data has been saved successfully.',
      duration: 3,
    });
    setShown(undefined);
    await load();
  };

  return (
    <div className="screen">
      <h1 className="screen-title">E-mail Tracking</h1>
      <Card>
        <Space style={{ marginBottom: 12 }}>
          <Input.Search
            aria-label="Search"
            placeholder="Search"
            allowClear
            onChange={(e) => setFilterText(e.target.value)}
          />
          <Select<MailDeliveryState>
            allowClear
            placeholder="State"
            aria-label="State"
            style={{ width: 160 }}
            options={MailDeliveryStates.map((s) => ({ label: s, value: s }))}
            value={state}
            onChange={setState}
          />
        </Space>
        <Table<EmailTrackingDto>
          rowKey="id"
          loading={loading}
          dataSource={data.items}
          onRow={(m) => ({
            onDoubleClick: () => void callEndpoint(api, mail.getTracking, { params: { id: m.id } }).then(setShown),
          })}
          pagination={{
            current: page.current,
            pageSize: page.pageSize,
            total: data.totalCount,
            pageSizeOptions: [20, 50, 100],
            onChange: (current, pageSize) => setPage({ current, pageSize }),
          }}
          scroll={{ x: 1250 }}
          columns={[
            {
              title: 'Message',
              key: 'message',
              fixed: 'left',
              width: 250,
              ellipsis: true,
              render: (_, m) => (
                <>
                  <div className="cell-ellipsis" title={m.subject}>
                    {m.subject}
                  </div>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {m.templateKey ?? ''}
                  </Typography.Text>
                </>
              ),
            },
            {
              title: 'State',
              key: 'state',
              width: 205,
              render: (_, m) => (
                <>
                  <Tag color={COLOURS[m.state]} title={m.lastError ?? undefined}>
                    {m.markedSuccess ? 'Sent (marked)' : m.state}
                  </Tag>
                  {m.sentTime && (
                    <div style={{ whiteSpace: 'nowrap', fontSize: 12 }} title="Sent">
                      {when(m.sentTime)}
                    </div>
                  )}
                </>
              ),
            },
            { title: 'Case', dataIndex: 'objectReference', width: 120 },
            {
              title: 'Recipient',
              dataIndex: 'recipient',
              width: 200,
              onCell: () => ({ style: { overflowWrap: 'anywhere' } }),
            },
            {
              title: 'Created',
              dataIndex: 'creationTime',
              width: 205,
              onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
              render: (v: string) => when(v),
            },
            {
              title: '',
              key: 'actions',
              fixed: 'right',
              width: 280,
              render: (_, m) => (
                <Space>
                  <Button
                    size="small"
                    onClick={() => void callEndpoint(api, mail.getTracking, { params: { id: m.id } }).then(setShown)}
                  >
                    View
                  </Button>
                  <Button size="small" onClick={() => void act(m, 'resend')}>
                    Resend
                  </Button>
                  {m.state !== 'Sent' && (
                    <Button size="small" onClick={() => void act(m, 'mark-success')}>
                      Mark as success
                    </Button>
                  )}
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <Modal
        open={shown !== undefined}
        title={shown?.subject}
        footer={null}
        onCancel={() => setShown(undefined)}
        width={760}
      >
        {shown && (
          <>
            <p>
              To {shown.recipient}
              {shown.sender ? `, from ${shown.sender}` : ''}
            </p>
            {/* The body is the server's rendering: placeholder values were escaped when it was made. */}
            <iframe
              title="E-mail body"
              sandbox=""
              srcDoc={shown.html}
              style={{ width: '100%', height: 360, border: 0 }}
            />
          </>
        )}
      </Modal>
    </div>
  );
}
