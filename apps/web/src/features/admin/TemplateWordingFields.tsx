import { Form, Input } from 'antd';
import { FormMessages } from '@casebook/domain';

/** The wording of an e-mail template: its subject and HTML content, both required. */
export function TemplateWordingFields({ placeholder }: { placeholder: string }) {
  return (
    <>
      <Form.Item
        name="subject"
        label="Subject"
        rules={[{ required: true, whitespace: true, message: FormMessages.required }]}
      >
        <Input maxLength={500} />
      </Form.Item>
      <Form.Item
        name="templateContent"
        label={`Content (HTML, placeholders like {{${placeholder}}})`}
        rules={[{ required: true, whitespace: true, message: FormMessages.required }]}
      >
        <Input.TextArea rows={12} />
      </Form.Item>
    </>
  );
}
