import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Descriptions, Form, Input, Switch, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  AccountEndpoints,
  FormMessages,
  isEmail,
  isPhone,
  phoneDigits,
  SHOW_POPUP_SETTING,
  SystemConfigEndpoints,
} from '@casebook/domain';
import { PROFILE_QUERY } from '../../app/session/SessionProvider';
import type { MyProfile } from '../../app/session/sessionTypes';
import { useSession } from '../../app/session/useSession';
import { useUnsavedChanges } from '../../app/tabs/useUnsavedChanges';
import { useCall } from '../../platform/api/endpoints';
import { useNotices } from '../../platform/notices/useNotices';

type DetailsValues = { title: string; name: string; surname: string; email: string; phoneNumber: string };

const valuesOf = (profile: MyProfile): DetailsValues => ({
  title: profile.title ?? '',
  name: profile.name,
  surname: profile.surname,
  email: profile.email,
  phoneNumber: profile.phoneNumber ?? '',
});

function DetailsForm() {
  const { profile } = useSession();
  const call = useCall();
  const notices = useNotices();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<DetailsValues>();
  // The version the user is editing: a save with an older one is refused (409) by the server.
  const [stamp, setStamp] = useState(profile.concurrencyStamp);
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);

  async function save(): Promise<boolean> {
    let values: DetailsValues;
    try {
      values = await form.validateFields();
    } catch {
      notices.warning(FormMessages.incomplete);
      return false;
    }
    setSaving(true);
    try {
      const saved = await call(AccountEndpoints.updateMyProfile, {
        body: {
          title: values.title.trim() || null,
          name: values.name.trim(),
          surname: values.surname.trim(),
          email: values.email.trim(),
          phoneNumber: phoneDigits(values.phoneNumber) || null,
          concurrencyStamp: stamp,
        },
      });
      queryClient.setQueryData(PROFILE_QUERY, saved);
      setStamp(saved.concurrencyStamp);
      form.setFieldsValue(valuesOf(saved));
      setDirty(false);
      notices.success();
      return true;
    } catch {
      // The error notice has said why (409: modified by another user).
      return false;
    } finally {
      setSaving(false);
    }
  }

  useUnsavedChanges(dirty, save);

  return (
    <Form
      form={form}
      layout="vertical"
      className="details-form"
      initialValues={valuesOf(profile)}
      onValuesChange={() => setDirty(true)}
      onFinish={() => void save()}
      requiredMark
    >
      <Form.Item name="title" label="Title" rules={[{ max: 32 }]}>
        <Input autoComplete="honorific-prefix" />
      </Form.Item>
      <Form.Item
        name="name"
        label="First name"
        rules={[{ required: true, whitespace: true, message: FormMessages.required }]}
      >
        <Input autoComplete="given-name" maxLength={64} />
      </Form.Item>
      <Form.Item
        name="surname"
        label="Last name"
        rules={[{ required: true, whitespace: true, message: FormMessages.required }]}
      >
        <Input autoComplete="family-name" maxLength={64} />
      </Form.Item>
      <Form.Item
        name="email"
        label="Email"
        rules={[
          { required: true, whitespace: true, message: FormMessages.required },
          {
            validator: (_r, v: string) =>
              !v || isEmail(v) ? Promise.resolve() : Promise.reject(new Error(FormMessages.email)),
          },
        ]}
      >
        <Input type="email" autoComplete="email" />
      </Form.Item>
      <Form.Item
        name="phoneNumber"
        label="Phone"
        rules={[
          {
            validator: (_r, v: string) =>
              !v || isPhone(v) ? Promise.resolve() : Promise.reject(new Error(FormMessages.phone)),
          },
        ]}
      >
        <Input autoComplete="tel-national" placeholder="99 9999 9999" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving}>
        Save
      </Button>
    </Form>
  );
}

function NotificationSettings() {
  const { profile } = useSession();
  const call = useCall();
  const notices = useNotices();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const on = profile.settings[SHOW_POPUP_SETTING] === 'true';

  async function change(value: boolean) {
    setSaving(true);
    try {
      await call(SystemConfigEndpoints.setUserSetting, {
        body: { key: SHOW_POPUP_SETTING, value: String(value) },
      });
      await queryClient.invalidateQueries({ queryKey: PROFILE_QUERY });
      notices.success();
    } catch {
      // The error notice has said why.
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="notification-settings">
      <label className="setting-row">
        <Switch checked={on} loading={saving} onChange={(value) => void change(value)} />
        <span>Show a popup for new notifications</span>
      </label>
      <Typography.Paragraph type="secondary">
        When on, a new action-required item or e-mail shows a notice for a few seconds wherever you are working.
      </Typography.Paragraph>
    </div>
  );
}

/** /view/login-account, "My Details": the user's own details and a NotificationSetting tab. */
export function MyDetailsPage() {
  const { profile, tenant } = useSession();
  const [query, setQuery] = useSearchParams();
  const tab = query.get('tab') === 'NotificationSetting' ? 'NotificationSetting' : 'Details';
  return (
    <div className="screen">
      <h1 className="screen-title">My Details</h1>
      <Card>
        <Descriptions
          size="small"
          column={{ xs: 1, md: 3 }}
          className="account-summary"
          items={[
            { key: 'user', label: 'User name', children: profile.userName },
            { key: 'roles', label: 'Roles', children: profile.roles.map((r) => r.name).join(', ') },
            { key: 'tenant', label: 'Tenant', children: tenant.name },
          ]}
        />
        <Tabs
          activeKey={tab}
          onChange={(key) => setQuery(key === 'Details' ? {} : { tab: key }, { replace: true })}
          items={[
            { key: 'Details', label: 'Details', children: <DetailsForm /> },
            { key: 'NotificationSetting', label: 'Notification Setting', children: <NotificationSettings /> },
          ]}
        />
      </Card>
    </div>
  );
}
