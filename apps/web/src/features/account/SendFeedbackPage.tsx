import { Button, Card, Form, Input, Typography } from 'antd';
import { FormMessages, TEXT_AREA_MAX, TEXT_AREA_ROWS } from '@casebook/domain';
import { useSession } from '../../app/session/useSession';

type Values = { subject: string; message: string };

/** Where feedback goes: the tenant's own e-mail when it has one, else the deployment's support address. */
const SUPPORT_EMAIL = (import.meta.env.VITE_SUPPORT_EMAIL as string | undefined) ?? '';

/** /view/send-feedback: writes the feedback into the user's e-mail program, addressed to support. */
export function SendFeedbackPage() {
  const { profile, tenant } = useSession();
  const to = tenant.extraProperties.Email || SUPPORT_EMAIL;

  const send = ({ subject, message }: Values) => {
    const body = `${message}\n\n— ${profile.fullName} (${profile.userName}, ${tenant.name})\nPage: ${window.location.origin}`;
    window.location.href = `mailto:${to}?subject=${encodeURIComponent(`Casebook feedback: ${subject}`)}&body=${encodeURIComponent(body)}`;
  };

  return (
    <div className="screen">
      <h1 className="screen-title">Send Feedback</h1>
      <Card>
        <Typography.Paragraph type="secondary">
          Tell us what works, what does not, or what you would like. Sending opens your e-mail program with the message
          ready to go.
        </Typography.Paragraph>
        <Form<Values> layout="vertical" onFinish={send} className="details-form">
          <Form.Item
            name="subject"
            label="Subject"
            rules={[{ required: true, whitespace: true, message: FormMessages.required }]}
          >
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item
            name="message"
            label="Message"
            rules={[{ required: true, whitespace: true, message: FormMessages.required }]}
          >
            <Input.TextArea rows={TEXT_AREA_ROWS} maxLength={TEXT_AREA_MAX} showCount />
          </Form.Item>
          <Button type="primary" htmlType="submit">
            Send
          </Button>
        </Form>
      </Card>
    </div>
  );
}
