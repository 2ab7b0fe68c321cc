import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Select, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import {
  DictationReportEndpoints,
  CORRECTION_NOTE_MAX,
  CorrectionStatuses,
  CorrectionStatusLabels,
  Permissions,
  ReportQaEndpoints as api,
  ReviewStatuses,
  ReviewStatusLabels,
  ValidationStatuses,
  ValidationStatusLabels,
  type CorrectionStatus,
  type ReportCorrectionDto,
  type ReviewStatus,
  type ValidationStatus,
} from '@casebook/domain';
import { useCan } from '../../app/session/useCan';
import { useApi } from '../../platform/api/api-client';
import { endpointKey, endpointQuery, useCall } from '../../platform/api/endpoints';
import { useNotices } from '../../platform/notices/useNotices';
import { saveFile } from '../../platform/resources/saveFile';
import { useInstantText } from '../../platform/time';

const statusOptions = CorrectionStatuses.map((s) => ({ value: s, label: CorrectionStatusLabels[s] }));

/** Every cached read of report QA (a case's tab, the QA sheet) is read again after a change. */
export function useRefreshReportQa() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: endpointKey(api.caseQa) });
    await queryClient.invalidateQueries({ queryKey: endpointKey(api.list) });
  };
}

/** The case's report template (CaseDictationReports/generateReportTemplate), saved as a Word document. */
export function ReportTemplateButton({ caseId }: { caseId: string }) {
  const call = useCall();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      loading={busy}
      onClick={async () => {
        setBusy(true);
        try {
          const file = await call(DictationReportEndpoints.generateReportTemplate, { body: { caseId } });
          saveFile(file.blob, file.fileName);
        } catch {
          // The notice has said why.
        } finally {
          setBusy(false);
        }
      }}
    >
      Generate report template
    </Button>
  );
}

/** A correction's status, changed where it is shown (PUT report-corrections/{id}/status). */
export function CorrectionStatusCell({ c, canEdit }: { c: ReportCorrectionDto; canEdit: boolean }) {
  const call = useCall();
  const notices = useNotices();
  const refresh = useRefreshReportQa();
  if (!canEdit) return <>{CorrectionStatusLabels[c.status]}</>;
  return (
    <Select<CorrectionStatus>
      size="small"
      aria-label={`Correction status ${c.caseNo}`}
      style={{ width: 150 }}
      value={c.status}
      options={statusOptions}
      onChange={async (status) => {
        try {
          await call(api.updateStatus, {
            params: { id: c.id },
            body: { status, concurrencyStamp: c.concurrencyStamp },
          });
          notices.success();
        } catch {
          // The notice has said why.
        }
        await refresh();
      }}
    />
  );
}

/** A correction's note, changed where it is shown and saved on Enter or on leaving the field. */
export function CorrectionNoteCell({ c, canEdit }: { c: ReportCorrectionDto; canEdit: boolean }) {
  const call = useCall();
  const notices = useNotices();
  const refresh = useRefreshReportQa();
  const [text, setText] = useState(c.note);
  if (!canEdit) return <Typography.Text>{c.note}</Typography.Text>;
  const save = async () => {
    const note = text.trim();
    if (note === c.note) return;
    if (!note) {
      setText(c.note);
      return notices.error('This field is required');
    }
    try {
      await call(api.updateNote, { params: { id: c.id }, body: { note, concurrencyStamp: c.concurrencyStamp } });
      notices.success();
    } catch {
      setText(c.note);
    }
    await refresh();
  };
  return (
    <Input.TextArea
      aria-label={`Correction note ${c.caseNo}`}
      autoSize={{ minRows: 1, maxRows: 4 }}
      maxLength={CORRECTION_NOTE_MAX}
      value={text}
      onChange={(e) => setText(e.target.value)}
      onBlur={() => void save()}
      onPressEnter={(e) => {
        if (e.shiftKey) return;
        e.preventDefault();
        void save();
      }}
      style={{ minWidth: 260 }}
    />
  );
}

type QaValues = { reviewStatus: ReviewStatus; validationStatus: ValidationStatus };
type NewCorrection = { note: string; status: CorrectionStatus };

/**
 * The Report QA tab of an IME case (feature QaStatus): its review and validation status and the
 * corrections of its report, each with a status and a note. Office roles change them; case managers read.
 */
export function CaseReportQaTab({ caseId }: { caseId: string }) {
  const client = useApi();
  const call = useCall();
  const can = useCan();
  const notices = useNotices();
  const when = useInstantText();
  const refresh = useRefreshReportQa();
  const canEdit = can(Permissions.reportCorrections.update);
  const qa = useQuery(endpointQuery(client, api.caseQa, { params: { id: caseId } }));
  const [statusForm] = Form.useForm<QaValues>();
  const [correctionForm] = Form.useForm<NewCorrection>();
  const [saving, setSaving] = useState(false);
  const [adding, setAdding] = useState(false);
  if (!qa.data) return qa.isLoading ? <Typography.Text type="secondary">Loading…</Typography.Text> : null;
  const data = qa.data;

  const saveStatuses = async () => {
    const values = await statusForm.validateFields();
    setSaving(true);
    try {
      await call(api.updateCaseQa, { params: { id: caseId }, body: values });
      notices.success();
      await refresh();
    } catch {
      // The notice has said why.
    } finally {
      setSaving(false);
    }
  };

  const addCorrection = async () => {
    const values = await correctionForm.validateFields();
    setAdding(true);
    try {
      await call(api.create, { body: { caseId, note: values.note.trim(), status: values.status } });
      notices.success();
      correctionForm.resetFields();
      await refresh();
    } catch {
      // The notice has said why.
    } finally {
      setAdding(false);
    }
  };

  return (
    <div>
      <Form
        key={`${data.reviewStatus}-${data.validationStatus}`}
        form={statusForm}
        layout="inline"
        disabled={!canEdit}
        initialValues={{ reviewStatus: data.reviewStatus, validationStatus: data.validationStatus }}
        style={{ marginBottom: 16, rowGap: 8 }}
      >
        <Form.Item name="reviewStatus" label="Review status">
          <Select
            aria-label="Review status"
            style={{ width: 160 }}
            options={ReviewStatuses.map((s) => ({ value: s, label: ReviewStatusLabels[s] }))}
          />
        </Form.Item>
        <Form.Item name="validationStatus" label="Validation status">
          <Select
            aria-label="Validation status"
            style={{ width: 160 }}
            options={ValidationStatuses.map((s) => ({ value: s, label: ValidationStatusLabels[s] }))}
          />
        </Form.Item>
        {canEdit && (
          <Button type="primary" loading={saving} onClick={() => void saveStatuses()}>
            Save QA status
          </Button>
        )}
      </Form>
      <h3>Report corrections</h3>
      {canEdit && (
        <Form
          form={correctionForm}
          layout="inline"
          initialValues={{ status: 'OPEN' }}
          style={{ marginBottom: 12, rowGap: 8 }}
        >
          <Form.Item
            name="note"
            label="Correction"
            rules={[{ required: true, whitespace: true, message: 'This field is required' }]}
          >
            <Input.TextArea
              aria-label="New correction note"
              autoSize={{ minRows: 1, maxRows: 4 }}
              maxLength={CORRECTION_NOTE_MAX}
              style={{ width: 360 }}
            />
          </Form.Item>
          <Form.Item name="status" label="Status">
            <Select aria-label="New correction status" style={{ width: 150 }} options={statusOptions} />
          </Form.Item>
          <Button loading={adding} onClick={() => void addCorrection()}>
            Add correction
          </Button>
        </Form>
      )}
      <Table<ReportCorrectionDto>
        size="small"
        aria-label="Report corrections"
        rowKey="id"
        pagination={false}
        dataSource={data.corrections}
        locale={{ emptyText: 'No corrections' }}
        columns={[
          {
            title: 'Note',
            key: 'note',
            render: (_, c) => <CorrectionNoteCell key={c.concurrencyStamp} c={c} canEdit={canEdit} />,
          },
          { title: 'Status', key: 'status', render: (_, c) => <CorrectionStatusCell c={c} canEdit={canEdit} /> },
          { title: 'Recorded by', key: 'by', render: (_, c) => c.creatorName ?? '' },
          { title: 'Recorded', key: 'when', render: (_, c) => when(c.creationTime) },
        ]}
      />
      <Space style={{ marginTop: 8 }}>
        <Typography.Text type="secondary">
          {data.lastModificationTime ? `QA status changed ${when(data.lastModificationTime)}` : ''}
        </Typography.Text>
      </Space>
    </div>
  );
}
