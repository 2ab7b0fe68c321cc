import { useQueryClient } from '@tanstack/react-query';
import { Form, Input, Modal, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { CaseEndpoints, formatDisplayDate, parseIsoDate, type LoiData } from '@casebook/domain';
import { useCall } from '../../platform/api/endpoints';
import { useNotices } from '../../platform/notices/useNotices';
import { caseKeys } from './caseApi';

type Values = {
  claimantName: string;
  dateOfBirth: string;
  injuryDate: string;
  reportDueDate: string;
  questions: string;
};

const shown = (iso: string | null) => (iso ? formatDisplayDate(parseIsoDate(iso)!) : '');

/** The booking notes' block for what a letter of instruction says, as the user confirmed it. */
export function loiNotes(v: Values): string {
  const questions = v.questions
    .split('\n')
    .map((q) => q.trim())
    .filter(Boolean);
  return [
    'Letter of instruction',
    v.claimantName.trim() && `Claimant: ${v.claimantName.trim()}`,
    v.dateOfBirth.trim() && `Date of birth: ${v.dateOfBirth.trim()}`,
    v.injuryDate.trim() && `Date of injury: ${v.injuryDate.trim()}`,
    v.reportDueDate.trim() && `Report due: ${v.reportDueDate.trim()}`,
    questions.length > 0 && `Questions:\n${questions.map((q, i) => `${i + 1}. ${q}`).join('\n')}`,
  ]
    .filter(Boolean)
    .join('\n');
}

/**
 * What a letter of instruction says, pre-filled for the user to check and correct; on confirming, it is
 * added to the case's booking notes through the booking-detail step (with the case's stamp).
 */
export function LoiReviewDialog({
  caseId,
  name,
  data,
  onClose,
}: {
  caseId: string;
  name: string;
  data: LoiData | null;
  onClose: () => void;
}) {
  const call = useCall();
  const notices = useNotices();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (!data) return;
    form.setFieldsValue({
      claimantName: data.claimantName ?? '',
      dateOfBirth: shown(data.dateOfBirth),
      injuryDate: shown(data.injuryDate),
      reportDueDate: shown(data.reportDueDate),
      questions: data.questions.join('\n'),
    });
  }, [data, form]);

  const confirm = async () => {
    const values = form.getFieldsValue();
    setSaving(true);
    try {
      const c = await call(CaseEndpoints.get, { params: { id: caseId } });
      const notes = [c.bookingNotes?.trim(), loiNotes(values)].filter(Boolean).join('\n\n');
      await call(CaseEndpoints.updateBookingDetail, {
        params: { id: caseId },
        body: {
          concurrencyStamp: c.concurrencyStamp,
          clientId: c.clientId,
          caseManagerId: c.caseManagerId,
          specialistId: c.specialistId,
          bookingNotes: notes,
          ...(c.privateNotes !== null ? { privateNotes: c.privateNotes } : {}),
          visibility: c.visibility,
          visibilityGroupId: c.visibilityGroupId,
        },
      });
      await queryClient.invalidateQueries({ queryKey: caseKeys.all });
      notices.success('Added to the booking notes.');
      onClose();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={data !== null}
      title={`Letter of instruction: ${name}`}
      okText="Add to booking notes"
      confirmLoading={saving}
      onOk={() => void confirm()}
      onCancel={onClose}
      width={640}
      destroyOnHidden
      forceRender
    >
      <Typography.Paragraph type="secondary">
        Read from the letter: check and correct before adding it to the case.
      </Typography.Paragraph>
      <Form form={form} layout="vertical">
        <Form.Item name="claimantName" label="Claimant">
          <Input aria-label="Claimant" />
        </Form.Item>
        <Form.Item name="dateOfBirth" label="Date of birth">
          <Input aria-label="Date of birth" />
        </Form.Item>
        <Form.Item name="injuryDate" label="Date of injury">
          <Input aria-label="Date of injury" />
        </Form.Item>
        <Form.Item name="reportDueDate" label="Report due">
          <Input aria-label="Report due" />
        </Form.Item>
        <Form.Item name="questions" label="Questions (one a line)">
          <Input.TextArea aria-label="Questions" rows={6} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
