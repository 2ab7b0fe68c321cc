import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import {
  AttachmentEndpoints,
  ENVELOPE_STATUS_LABELS,
  ESignEndpoints as api,
  FINAL_ENVELOPE_STATUSES,
  Permissions,
  type EnvelopeDto,
  type EnvelopeStatus,
} from '@casebook/domain';
import { useCan } from '../../app/session/useCan';
import { useApi } from '../../platform/api/api-client';
import { endpointKey, endpointQuery, useCall } from '../../platform/api/endpoints';
import { useInstantText } from '../../platform/time';

const COLOURS: Partial<Record<EnvelopeStatus, string>> = {
  QUEUED: 'default',
  sent: 'processing',
  delivered: 'processing',
  completed: 'success',
  declined: 'error',
  voided: 'warning',
  FAILED: 'error',
};

/** Out for signature, or signed with its PDF not stored yet: DocuSign is asked again. */
const unsettled = (e: EnvelopeDto) =>
  !FINAL_ENVELOPE_STATUSES.includes(e.status) || (e.status === 'completed' && !e.attachmentId);

/**
 * The case's consent form sent for signature through DocuSign: send it to the claimant, see each envelope's
 * status (looked at again every few seconds while one is out), ask DocuSign for it now; the signed PDF
 * lands among the case's attachments.
 */
export function ConsentFormSignatureTab({ caseId }: { caseId: string }) {
  const client = useApi();
  const call = useCall();
  const can = useCan();
  const when = useInstantText();
  const queryClient = useQueryClient();
  const { notification } = App.useApp();
  const [busy, setBusy] = useState<'send' | 'sync' | null>(null);
  const params = { params: { id: caseId } };
  const list = useQuery({
    ...endpointQuery(client, api.envelopes, params),
    refetchInterval: (q) => (q.state.data?.items.some(unsettled) ? 3000 : false),
  });
  const items = list.data?.items ?? [];
  const open = items.some((e) => !FINAL_ENVELOPE_STATUSES.includes(e.status));
  const canSend = can(Permissions.assessments.update);

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: endpointKey(api.envelopes, params) });
    await queryClient.invalidateQueries({ queryKey: endpointKey(AttachmentEndpoints.listAttachments) });
  };
  const act = async (which: 'send' | 'sync', fn: () => Promise<unknown>) => {
    setBusy(which);
    try {
      await fn();
      await refresh();
    } finally {
      setBusy(null);
    }
  };
  const send = () =>
    act('send', async () => {
      await call(api.generateDocuSignConsentForm, params);
      notification.success({
        title: 'Success',
        description: 'The consent form is being sent for signature.',
        duration: 3,
      });
    });
  const sync = () => act('sync', () => call(api.syncConsentFormDocuSignStatus, params));

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Typography.Paragraph type="secondary">
        The consent form is made from the case and sent to the claimant&apos;s e-mail through DocuSign. Once signed, the
        signed PDF is stored in the case&apos;s attachments.
      </Typography.Paragraph>
      {canSend && (
        <Space>
          <Button type="primary" disabled={open} loading={busy === 'send'} onClick={() => void send()}>
            Send consent form for signature
          </Button>
          {items.some(unsettled) && (
            <Button loading={busy === 'sync'} onClick={() => void sync()}>
              Check status now
            </Button>
          )}
        </Space>
      )}
      <Table<EnvelopeDto>
        rowKey="id"
        size="small"
        aria-label="Documents sent for signature"
        loading={list.isLoading}
        dataSource={items}
        pagination={false}
        locale={{ emptyText: 'Nothing has been sent for signature yet.' }}
        columns={[
          { title: 'Document', key: 'document', render: () => 'Consent form' },
          { title: 'Signer', key: 'signer', render: (_, e) => `${e.signerName} <${e.signerEmail}>` },
          {
            title: 'Status',
            key: 'status',
            render: (_, e) => (
              <Tag color={COLOURS[e.status]} data-testid="envelope-status">
                {ENVELOPE_STATUS_LABELS[e.status]}
              </Tag>
            ),
          },
          { title: 'Sent', key: 'sent', render: (_, e) => when(e.sentTime) },
          { title: 'Signed', key: 'signed', render: (_, e) => when(e.completedTime) },
          {
            title: 'Signed PDF',
            key: 'pdf',
            render: (_, e) => (e.attachmentId ? 'In the attachments' : e.status === 'completed' ? 'Being stored' : ''),
          },
        ]}
      />
      {items
        .filter((e) => e.lastError)
        .slice(0, 1)
        .map((e) => (
          <Alert
            key={e.id}
            type={e.status === 'FAILED' ? 'error' : 'warning'}
            showIcon
            message="DocuSign"
            description={e.lastError}
          />
        ))}
    </Space>
  );
}
