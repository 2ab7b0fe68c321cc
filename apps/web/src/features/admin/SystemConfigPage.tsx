import { Button, Card, Checkbox, Form, Switch, Table, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  independenceBlockKinds,
  INDEPENDENCE_BLOCK_SETTING,
  IndependenceFindingKindLabels,
  IndependenceFindingKinds,
  IRO_FUNDING_SETTING,
  Permissions,
  SHOW_POPUP_SETTING,
  SystemConfigEndpoints,
  type IndependenceFindingKind,
} from '@casebook/domain';
import { useApi } from '../../platform/api/api-client';
import { callEndpoint } from '../../platform/api/endpoints';
import { SAVED_MESSAGE } from '../../platform/notices/notices';
import { useNotices } from '../../platform/notices/useNotices';
import { useCan } from '../../app/session/useCan';

type Values = { blockOn: IndependenceFindingKind[]; showPopup: boolean; iroFunding: boolean };

/** The settings this screen edits, as the tenant stores them. */
export function settingsOf(values: Values): Record<string, string> {
  return {
    [INDEPENDENCE_BLOCK_SETTING]: IndependenceFindingKinds.filter((k) => values.blockOn.includes(k)).join(','),
    [SHOW_POPUP_SETTING]: values.showPopup ? 'true' : 'false',
    [IRO_FUNDING_SETTING]: values.iroFunding ? 'true' : 'false',
  };
}

/**
 * /view/system-config: the tenant's rules an administrator sets — which independence findings stop a
 * booking (the rest warn), whether a new notification pops up, IRO funding — and every stored setting as it stands.
 */
export function SystemConfigPage() {
  const api = useApi();
  const notices = useNotices();
  const queryClient = useQueryClient();
  const can = useCan();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const settings = useQuery({
    queryKey: ['system-config'],
    queryFn: () => callEndpoint(api, SystemConfigEndpoints.getSettings, undefined),
  });
  const stored = settings.data?.settings;
  const mayChange = can(Permissions.systemConfig.update);

  async function save(values: Values) {
    setSaving(true);
    try {
      await callEndpoint(api, SystemConfigEndpoints.updateSettings, { body: { settings: settingsOf(values) } });
      notices.success(SAVED_MESSAGE);
      await queryClient.invalidateQueries({ queryKey: ['system-config'] });
    } catch {
      // The notice has said why; the form keeps what was chosen.
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="screen">
      <h1 className="screen-title">System Configuration</h1>
      {stored && (
        <Form<Values>
          form={form}
          layout="vertical"
          disabled={!mayChange}
          initialValues={{
            blockOn: independenceBlockKinds(stored[INDEPENDENCE_BLOCK_SETTING]),
            showPopup: stored[SHOW_POPUP_SETTING] === 'true',
            iroFunding: stored[IRO_FUNDING_SETTING] === 'true',
          }}
          onFinish={(values) => void save(values)}
        >
          <Card title="Independence check">
            <Typography.Paragraph type="secondary">
              When a specialist is chosen for a claimant, earlier cases and recorded relationships are found. Each
              finding warns; the findings ticked here stop the booking instead.
            </Typography.Paragraph>
            <Form.Item name="blockOn" label="Block the booking when the check finds">
              <Checkbox.Group
                options={IndependenceFindingKinds.map((k) => ({ value: k, label: IndependenceFindingKindLabels[k] }))}
              />
            </Form.Item>
          </Card>
          <Card title="Notifications" style={{ marginTop: 16 }}>
            <Form.Item
              name="showPopup"
              label="Show a popup for each new notification"
              valuePropName="checked"
              extra="Each user can change this for themselves under My Details."
            >
              <Switch />
            </Form.Item>
          </Card>
          <Card title="Billing" style={{ marginTop: 16 }}>
            <Form.Item
              name="iroFunding"
              label="IRO funding"
              valuePropName="checked"
              extra="Invoices can carry an IRO grant number, and the invoice list offers the IRO exports."
            >
              <Switch />
            </Form.Item>
          </Card>
          {mayChange && (
            <Button type="primary" htmlType="submit" loading={saving} style={{ marginTop: 16 }}>
              Save
            </Button>
          )}
        </Form>
      )}
      <Card title="All settings" style={{ marginTop: 16 }}>
        <Table<{ key: string; value: string }>
          size="small"
          aria-label="All settings"
          rowKey="key"
          loading={settings.isFetching}
          pagination={false}
          dataSource={Object.entries(stored ?? {})
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([key, value]) => ({ key, value }))}
          columns={[
            { title: 'Setting', dataIndex: 'key' },
            { title: 'Value', dataIndex: 'value' },
          ]}
        />
      </Card>
    </div>
  );
}
