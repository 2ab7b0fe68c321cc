import { MailOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Modal, Select, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import {
  CorrespondenceEndpoints as mail,
  fieldWords,
  FormMessages,
  ImeModule,
  Permissions,
  type EmailPreviewDto,
} from '@casebook/domain';
import { useCan } from '../../app/session/useCan';
import { useCall } from '../../platform/api/endpoints';
import { useNotices } from '../../platform/notices/useNotices';
import { showServerErrors } from '../../platform/resources/ResourceForm';

/** A template key in words, without the module's prefix: `IME_APPOINTMENT_REMINDER` → "Appointment reminder". */
export const templateWords = (key: string) =>
  fieldWords(key.replace(/^[A-Z]+_/, ''))
    .replace(/\bcm\b/, '(case manager)')
    .replace(/\bclient\b/, '(claimant)')
    .replace(/\bspecialist\b$/, '(specialist)');

type SendValues = { email: string };

/** What the dialog sends: the templates offered, a template filled with the case, and the send itself. */
export type CaseEmails = {
  templates: readonly string[];
  preview: (templateKey: string) => Promise<EmailPreviewDto>;
  send: (templateKey: string, email: string) => Promise<unknown>;
};

/**
 * "Send e-mail" on a case: pick one of the module's templates, see it filled with the case's values
 * (names, appointment date and time, centre) and addressed to whom it is for, change the recipient if
 * needed, then send. The message is the case's: its correspondence and e-mail tracking list it.
 */
export function CaseEmailButton({ caseId }: { caseId: string }) {
  const can = useCan();
  const call = useCall();
  if (!can(Permissions.emailTemplates.read) || !can(Permissions.emailTemplates.send)) return null;
  const emails: CaseEmails = {
    templates: ImeModule.emailTemplates,
    preview: (templateKey) => call(mail.preview, { body: { templateKey, fromModule: 'IME', objectId: caseId } }),
    send: (templateKey, email) =>
      call(mail.send, { body: { templateKey, fromModule: 'IME', objectId: caseId, email } }),
  };
  return <EmailButton caseId={caseId} emails={emails} />;
}

/** The "Send e-mail" button and its dialog, over any module's e-mail calls. */
export function EmailButton({ caseId, emails }: { caseId: string; emails: CaseEmails }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<MailOutlined />} onClick={() => setOpen(true)}>
        Send e-mail
      </Button>
      {open && <CaseEmailDialog caseId={caseId} emails={emails} onClose={() => setOpen(false)} />}
    </>
  );
}

function CaseEmailDialog({ caseId, emails, onClose }: { caseId: string; emails: CaseEmails; onClose: () => void }) {
  const notices = useNotices();
  const queryClient = useQueryClient();
  const [templateKey, setTemplateKey] = useState<string>();
  const [preview, setPreview] = useState<EmailPreviewDto>();
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState<string>();
  const [sending, setSending] = useState(false);
  const [form] = Form.useForm<SendValues>();

  async function choose(key: string) {
    setTemplateKey(key);
    setPreview(undefined);
    setFailed(undefined);
    setLoading(true);
    try {
      const shown = await emails.preview(key);
      setPreview(shown);
      form.setFieldsValue({ email: shown.destination ?? '' });
    } catch (error) {
      setFailed(error instanceof Error ? error.message : 'The preview could not be made.');
    } finally {
      setLoading(false);
    }
  }

  async function send() {
    if (!templateKey || !preview) return;
    let values: SendValues;
    try {
      values = await form.validateFields();
    } catch {
      notices.warning(FormMessages.incomplete);
      return;
    }
    setSending(true);
    try {
      await emails.send(templateKey, values.email);
      await queryClient.invalidateQueries({ queryKey: ['cases', 'correspondence', caseId] });
      notices.success('Email has been sent!');
      onClose();
    } catch (error) {
      showServerErrors(form, error, [{ name: 'email' }]);
    } finally {
      setSending(false);
    }
  }

  return (
    <Modal
      open
      title="Send e-mail"
      width={820}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="primary" disabled={!preview} loading={sending} onClick={() => void send()}>
            Send
          </Button>
        </Space>
      }
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Select<string>
          aria-label="E-mail"
          placeholder="Choose the e-mail to preview"
          style={{ width: '100%' }}
          value={templateKey}
          onChange={(key) => void choose(key)}
          options={emails.templates.map((key) => ({ value: key, label: templateWords(key) }))}
        />
        {loading && <Spin />}
        {failed && <Alert type="error" showIcon title={failed} />}
        {preview && (
          <>
            <Typography.Text>
              <b>From:</b> {preview.sender}
            </Typography.Text>
            <Typography.Text>
              <b>Subject:</b> <span data-testid="case-email-subject">{preview.subject}</span>
            </Typography.Text>
            <iframe
              title="E-mail preview"
              sandbox=""
              srcDoc={preview.body}
              style={{ width: '100%', height: 340, border: '1px solid #ddd' }}
            />
            <Form form={form} layout="vertical">
              <Form.Item
                name="email"
                label="Recipient"
                rules={[
                  { required: true, message: FormMessages.required },
                  { type: 'email', message: 'The input is not valid E-mail!' },
                ]}
              >
                <Input style={{ width: 360 }} />
              </Form.Item>
            </Form>
          </>
        )}
      </Space>
    </Modal>
  );
}
