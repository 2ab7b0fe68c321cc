import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { AccountEndpoints, FormMessages } from '@casebook/domain';
import { isStrongPassword, Messages } from '../../http';
import { useCall } from '../../platform/api/endpoints';
import { useNotices } from '../../platform/notices/useNotices';

type Values = { currentPassword: string; newPassword: string; confirmPassword: string };

/** Change password (account menu): `AccountEndpoints.changePassword`. */
export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const call = useCall();
  const notices = useNotices();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);

  async function submit(values: Values) {
    setSaving(true);
    try {
      const result = await call(AccountEndpoints.changePassword, {
        body: { currentPassword: values.currentPassword, newPassword: values.newPassword },
      });
      notices.success(result.message);
      onClose();
    } catch {
      // The error notice has said why; the dialog stays open to try again.
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open={open}
      title="Change password"
      okText="Change password"
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={(values) => void submit(values)} requiredMark={false}>
        <Form.Item
          name="currentPassword"
          label="Current password"
          rules={[{ required: true, message: FormMessages.required }]}
        >
          <Input.Password autoComplete="current-password" autoFocus />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label="New password"
          extra={Messages.passwordRule}
          rules={[
            { required: true, message: FormMessages.required },
            {
              validator: (_rule, value: string | undefined) =>
                !value || isStrongPassword(value)
                  ? Promise.resolve()
                  : Promise.reject(new Error(Messages.passwordRule)),
            },
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label="Confirm new password"
          dependencies={['newPassword']}
          rules={[
            { required: true, message: FormMessages.required },
            ({ getFieldValue }) => ({
              validator: (_rule, value: string | undefined) =>
                !value || value === getFieldValue('newPassword')
                  ? Promise.resolve()
                  : Promise.reject(new Error(Messages.passwordsDiffer)),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
