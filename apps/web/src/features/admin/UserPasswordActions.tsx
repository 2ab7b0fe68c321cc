import { KeyOutlined, MailOutlined } from '@ant-design/icons';
import { Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { AuthMessages, isStrongPassword, Permissions, UserEndpoints } from '@casebook/domain';
import { useCan } from '../../app/session/useCan';
import { useApi } from '../../platform/api/api-client';
import { callEndpoint } from '../../platform/api/endpoints';
import { SuccessMessages, useScreen } from '../../platform/resources/ScreenContext';

/**
 * A user's password actions on their detail screen, for those who manage passwords: reset (a new
 * password is made and e-mailed to the user) and set one by hand. The server refuses both for a user
 * whose roles are above the caller's.
 */
export function UserPasswordActions({ id }: { id: string }) {
  const can = useCan();
  const api = useApi();
  const screen = useScreen();
  const [busy, setBusy] = useState(false);
  const [setting, setSetting] = useState(false);
  const [form] = Form.useForm<{ password: string }>();
  if (!can(Permissions.users.managePasswords)) return null;

  async function resend() {
    if (!(await screen.confirm({ title: AuthMessages.resendPasswordPrompt, okText: 'Yes' }))) return;
    setBusy(true);
    try {
      await callEndpoint(api, UserEndpoints.resendPassword, { params: { id } });
      screen.success(AuthMessages.resendPassword);
    } catch {
      // The client has shown the server's notice.
    } finally {
      setBusy(false);
    }
  }

  async function setPassword() {
    let values: { password: string };
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setBusy(true);
    try {
      await callEndpoint(api, UserEndpoints.setPassword, { params: { id }, body: { password: values.password } });
      screen.success(SuccessMessages.saved);
      setSetting(false);
      form.resetFields();
    } catch {
      // The client has shown the server's notice; the dialog keeps the password typed.
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button icon={<MailOutlined />} loading={busy && !setting} onClick={() => void resend()}>
        Reset password
      </Button>
      <Button icon={<KeyOutlined />} onClick={() => setSetting(true)}>
        Set password
      </Button>
      <Modal
        title="Set password"
        open={setting}
        okText="Save"
        confirmLoading={busy}
        onOk={() => void setPassword()}
        onCancel={() => setSetting(false)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item
            name="password"
            label="New password"
            rules={[
              { required: true, message: 'This field is required' },
              {
                validator: (_, value: string | undefined) =>
                  !value || isStrongPassword(value)
                    ? Promise.resolve()
                    : Promise.reject(new Error(AuthMessages.passwordRule)),
              },
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
