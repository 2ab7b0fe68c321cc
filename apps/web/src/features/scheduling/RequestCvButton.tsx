import { Button, Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { CvOrSampleKinds, CvOrSampleLabels, FormMessages, type CvOrSampleKind } from '@casebook/domain';
import { SchedulingEndpoints } from '@casebook/domain';
import { useApi } from '../../platform/api/api-client';
import { callEndpoint } from '../../platform/api/endpoints';
import { useNotices } from '../../platform/notices/useNotices';

/** Asks the booking staff for a specialist's CV or a sample report (an e-mail to each of them). */
export function RequestCvButton({ specialist }: { specialist: { id: string; fullName: string } }) {
  const api = useApi();
  const notices = useNotices();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ kind: CvOrSampleKind; note?: string }>();
  const send = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) {
      notices.warning(FormMessages.incomplete);
      return;
    }
    setBusy(true);
    try {
      await callEndpoint(api, SchedulingEndpoints.requestCvOrSample, {
        body: { specialistId: specialist.id, kind: v.kind, note: v.note?.trim() || null },
      });
      notices.success('Email has been sent!');
      setOpen(false);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)}>
        Request CV/sample
      </Button>
      <Modal
        title={`Request from the booking staff: ${specialist.fullName}`}
        open={open}
        okText="Send"
        confirmLoading={busy}
        onOk={() => void send()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" initialValues={{ kind: 'CV' }}>
          <Form.Item name="kind" label="Ask for">
            <Select
              aria-label="Ask for"
              options={CvOrSampleKinds.map((k) => ({ value: k, label: CvOrSampleLabels[k] }))}
            />
          </Form.Item>
          <Form.Item name="note" label="Note" rules={[{ max: 4000 }]}>
            <Input.TextArea rows={3} maxLength={4000} showCount aria-label="Note" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
