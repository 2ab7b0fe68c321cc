import { DownloadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Divider, Form, Input, Modal, Select, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import {
  AttachmentEndpoints,
  effectiveFeatures,
  isDictationFile,
  Permissions,
  TypedReportStatusLabels,
  TypistJobEndpoints as api,
  type AttachmentDto,
  type TypistJobDto,
} from '@casebook/domain';
import { useCan } from '../../app/session/useCan';
import { useSession } from '../../app/session/useSession';
import { ApiError, useApi } from '../../platform/api/api-client';
import { endpointKey, endpointQuery, useCall } from '../../platform/api/endpoints';
import { DateInput } from '../../platform/controls/DateInput';
import { useNotices } from '../../platform/notices/useNotices';
import { dateText, useInstantText } from '../../platform/time';
import { DictationRecorder } from './DictationRecorder';
import { openFile, uploadFile } from './typistCalls';

type Row = { attachment: AttachmentDto; job: TypistJobDto | undefined };

/**
 * The dictations of a case (its audio attachments) in the case's dictation step: who types each, by when,
 * and the typed report once it is back. The office gives a dictation to a typist here, and records a new
 * one in the browser where the tenant has DictationRecording.
 */
export function CaseDictationsPanel({ caseId }: { caseId: string }) {
  const client = useApi();
  const call = useCall();
  const can = useCan();
  const notices = useNotices();
  const when = useInstantText();
  const queryClient = useQueryClient();
  const { user, accessTenant } = useSession();
  const recording = effectiveFeatures(user, accessTenant).has('DictationRecording') && can(Permissions.files.upload);
  const canAssign = can(Permissions.typistJobs.assign);
  const [giving, setGiving] = useState<AttachmentDto | undefined>();
  const [form] = Form.useForm<{ contractorId: string; dueDate: string | null; notes: string | null }>();
  const ofCase = { attachmentFrom: 'IME' as const, objectId: caseId };
  const attachments = useQuery(endpointQuery(client, AttachmentEndpoints.listAttachments, { query: ofCase }));
  const jobs = useQuery(endpointQuery(client, api.list, { query: { caseId, maxResultCount: 1000 } }));
  const typists = useQuery({ ...endpointQuery(client, api.typists), enabled: canAssign });
  const jobOf = new Map((jobs.data?.items ?? []).map((j) => [j.dictationAttachmentId, j]));
  const rows: Row[] = (attachments.data?.items ?? [])
    .filter((a) => isDictationFile(a.fileName))
    .map((a) => ({ attachment: a, job: jobOf.get(a.id) }));

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: endpointKey(AttachmentEndpoints.listAttachments) });
    await queryClient.invalidateQueries({ queryKey: endpointKey(api.list) });
  };

  const recorded = async (file: File) => {
    try {
      const stored = await uploadFile(client, file, file.name);
      await call(AttachmentEndpoints.createAttachment, { body: { fileId: stored.id, ...ofCase } });
      notices.success('Dictation saved');
      await refresh();
    } catch (error) {
      if (error instanceof ApiError) notices.error(error.message);
    }
  };

  const give = async () => {
    const values = await form.validateFields();
    try {
      await call(api.assign, {
        body: {
          dictationAttachmentId: giving!.id,
          contractorId: values.contractorId,
          dueDate: values.dueDate ?? null,
          notes: values.notes || null,
        },
      });
      notices.success('Dictation sent to the typist');
      setGiving(undefined);
      form.resetFields();
      await refresh();
    } catch {
      // The notice has said why.
    }
  };

  return (
    <section aria-label="Dictations and typed reports">
      <Divider titlePlacement="start">Dictations and typed reports</Divider>
      {recording && (
        <div style={{ marginBottom: 8 }}>
          <DictationRecorder onRecorded={recorded} />
        </div>
      )}
      <Table<Row>
        size="small"
        rowKey={(r) => r.attachment.id}
        aria-label="Dictations"
        loading={attachments.isFetching || jobs.isFetching}
        dataSource={rows}
        pagination={false}
        locale={{ emptyText: 'No dictations' }}
        columns={[
          {
            title: 'Dictation',
            key: 'name',
            render: (_, r) => (
              <Button
                size="small"
                icon={<DownloadOutlined />}
                onClick={() => void openFile(client, r.attachment.fileId)}
              >
                {r.attachment.name}
              </Button>
            ),
          },
          { title: 'Added', key: 'added', render: (_, r) => when(r.attachment.creationTime) },
          { title: 'Typist', key: 'typist', render: (_, r) => r.job?.contractorName ?? '' },
          { title: 'Due date', key: 'due', render: (_, r) => dateText(r.job?.dueDate) },
          {
            title: 'Status',
            key: 'status',
            render: (_, r) =>
              r.job ? (
                <Tag color={r.job.typedReportStatus === 1 ? 'success' : 'processing'}>
                  {TypedReportStatusLabels[r.job.typedReportStatus]}
                </Tag>
              ) : (
                <Typography.Text type="secondary">Not assigned</Typography.Text>
              ),
          },
          {
            title: 'Typed report',
            key: 'report',
            render: (_, r) =>
              r.job?.typedReportFileId ? (
                <Button size="small" type="link" onClick={() => void openFile(client, r.job!.typedReportFileId!)}>
                  {r.job.typedReportName}
                </Button>
              ) : (
                ''
              ),
          },
          ...(canAssign
            ? [
                {
                  title: '',
                  key: 'give',
                  render: (_: unknown, r: Row) =>
                    r.job?.typedReportStatus === 1 ? null : (
                      <Button size="small" onClick={() => setGiving(r.attachment)}>
                        {r.job ? 'Reassign' : 'Send to typist'}
                      </Button>
                    ),
                },
              ]
            : []),
        ]}
      />
      <Modal
        title={giving ? `Send ${giving.name} to a typist` : ''}
        open={!!giving}
        okText="Send"
        onOk={() => void give()}
        onCancel={() => setGiving(undefined)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item name="contractorId" label="Typist" rules={[{ required: true, message: 'This field is required' }]}>
            <Select
              showSearch
              optionFilterProp="label"
              options={(typists.data?.items ?? []).map((t) => ({ value: t.id, label: t.displayName }))}
            />
          </Form.Item>
          <DateInput name="dueDate" label="Due date" />
          <Form.Item name="notes" label="Notes">
            <Input.TextArea rows={3} maxLength={4000} />
          </Form.Item>
        </Form>
      </Modal>
    </section>
  );
}
