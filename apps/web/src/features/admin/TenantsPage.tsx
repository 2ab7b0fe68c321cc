import { Button, Drawer, Form, Input, Modal, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  AccountEndpoints,
  Editions,
  FeatureFlags,
  TenancyEndpoints,
  type Edition,
  type FeatureFlag,
  type PagedResult,
  type TenantDto,
} from '@casebook/domain';
import { beginImpersonation } from '../../auth/oidc';
import { useCall } from '../../platform/api/endpoints';
import { useNotices } from '../../platform/notices/useNotices';
import { useInstantText } from '../../platform/time';

/** An edition as `TenancyEndpoints.listEditions` answers it. */
export type EditionInfo = { name: Edition; code: string; defaultFeatures: string[] };

/** The editions and their default features (the host's Tenants and Editions screens). */
export function useEditions(): EditionInfo[] {
  const call = useCall();
  const [editions, setEditions] = useState<EditionInfo[]>([]);
  useEffect(() => {
    void call(TenancyEndpoints.listEditions)
      .then((r) => setEditions(r.items))
      .catch(() => undefined);
  }, [call]);
  return editions;
}

const isOn = (map: Record<string, string> | undefined, key: string) => map?.[key]?.toLowerCase() === 'true';

/**
 * The features a tenant keeps as its own changes: each switch that differs from its edition's default,
 * 'True' or 'False'; a switch back to the default drops the change.
 */
export function featureOverrides(
  switches: Record<string, boolean>,
  defaults: readonly string[],
): Partial<Record<FeatureFlag, 'True' | 'False'>> {
  const out: Partial<Record<FeatureFlag, 'True' | 'False'>> = {};
  for (const flag of FeatureFlags) {
    const on = switches[flag] ?? false;
    if (on !== defaults.includes(flag)) out[flag] = on ? 'True' : 'False';
  }
  return out;
}

type CreateForm = { name: string; editionName: Edition; adminEmail: string; adminPassword?: string };

/** /view/tenants (host): the tenants, a new tenant with its edition, features as switches, impersonation. */
export function TenantsPage() {
  const call = useCall();
  const notices = useNotices();
  const when = useInstantText(false);
  const editions = useEditions();
  const [filterText, setFilterText] = useState('');
  const [page, setPage] = useState({ current: 1, pageSize: 20 });
  const [data, setData] = useState<PagedResult<TenantDto>>({ totalCount: 0, items: [] });
  const [loading, setLoading] = useState(false);
  const [adding, setAdding] = useState(false);
  const [openId, setOpenId] = useState<string>();
  const [form] = Form.useForm<CreateForm>();

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const r = await call(TenancyEndpoints.listTenants, {
        query: {
          filterText: filterText || undefined,
          skipCount: (page.current - 1) * page.pageSize,
          maxResultCount: page.pageSize,
        },
      });
      setData(r as PagedResult<TenantDto>);
    } finally {
      setLoading(false);
    }
  }, [call, filterText, page]);
  useEffect(() => {
    void load().catch(() => undefined);
  }, [load]);

  async function create() {
    const values = await form.validateFields();
    const created = await call(TenancyEndpoints.createTenant, {
      body: {
        name: values.name,
        editionName: values.editionName,
        adminEmail: values.adminEmail,
        ...(values.adminPassword ? { adminPassword: values.adminPassword } : {}),
      },
    });
    notices.success();
    setAdding(false);
    form.resetFields();
    await load();
    setOpenId(created.id);
  }

  return (
    <div className="screen">
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }}>
        <h1 className="screen-title">Tenants</h1>
        <Space>
          <Input.Search
            aria-label="Search"
            placeholder="Search"
            allowClear
            onSearch={(v) => {
              setFilterText(v.trim());
              setPage((p) => ({ ...p, current: 1 }));
            }}
          />
          <Button type="primary" onClick={() => setAdding(true)}>
            Add tenant
          </Button>
        </Space>
      </Space>
      <Table<TenantDto>
        rowKey="id"
        size="small"
        loading={loading}
        dataSource={data.items}
        aria-label="Tenants"
        pagination={{
          current: page.current,
          pageSize: page.pageSize,
          total: data.totalCount,
          onChange: (current, pageSize) => setPage({ current, pageSize }),
        }}
        columns={[
          {
            title: 'Name',
            dataIndex: 'name',
            render: (name: string, t) => (
              <Button type="link" onClick={() => setOpenId(t.id)} style={{ padding: 0 }}>
                {name}
              </Button>
            ),
          },
          { title: 'Edition', dataIndex: 'editionName' },
          {
            title: 'Status',
            dataIndex: 'isActive',
            render: (active: boolean, t) => (
              <Space>
                <Tag color={active ? 'success' : 'default'}>{active ? 'Active' : 'Inactive'}</Tag>
                {t.isHost && <Tag>Host</Tag>}
              </Space>
            ),
          },
          { title: 'Created', dataIndex: 'creationTime', render: (v: string) => when(v) },
        ]}
      />
      <Modal
        title="Add tenant"
        open={adding}
        okText="Save"
        onOk={() => void create().catch(() => undefined)}
        onCancel={() => setAdding(false)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" initialValues={{ editionName: 'MLP' }}>
          <Form.Item name="name" label="Tenant name" rules={[{ required: true, message: 'This field is required' }]}>
            <Input />
          </Form.Item>
          <Form.Item name="editionName" label="Edition" rules={[{ required: true, message: 'This field is required' }]}>
            <Select options={Editions.map((e) => ({ value: e, label: e }))} />
          </Form.Item>
          <Form.Item
            name="adminEmail"
            label="Admin e-mail"
            rules={[
              { required: true, message: 'This field is required' },
              { type: 'email', message: 'Please enter a valid email' },
            ]}
          >
            <Input />
          </Form.Item>
          <Form.Item
            name="adminPassword"
            label="Admin password"
            extra="Left empty, a password is made and e-mailed to the admin."
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        </Form>
      </Modal>
      {openId && (
        <TenantDrawer
          id={openId}
          editions={editions}
          onClose={() => setOpenId(undefined)}
          onSaved={() => void load().catch(() => undefined)}
        />
      )}
    </div>
  );
}

/** A tenant's detail: edition, active, features as switches, and "Log in as its admin". */
function TenantDrawer({
  id,
  editions,
  onClose,
  onSaved,
}: {
  id: string;
  editions: EditionInfo[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const call = useCall();
  const notices = useNotices();
  const [tenant, setTenant] = useState<TenantDto>();
  const [edition, setEdition] = useState<Edition>();
  const [isActive, setIsActive] = useState(true);
  const [switches, setSwitches] = useState<Record<string, boolean>>({});
  const [saving, setSaving] = useState(false);

  const load = useCallback(async () => {
    const t = await call(TenancyEndpoints.getTenant, { params: { id } });
    setTenant(t);
    setEdition(t.editionName as Edition);
    setIsActive(t.isActive);
    setSwitches(Object.fromEntries(FeatureFlags.map((f) => [f, isOn(t.features, f)])));
  }, [call, id]);
  useEffect(() => {
    void load().catch(() => undefined);
  }, [load]);

  const defaults = useMemo(() => editions.find((e) => e.name === edition)?.defaultFeatures ?? [], [editions, edition]);

  async function save() {
    if (!tenant || !edition) return;
    setSaving(true);
    try {
      const saved = await call(TenancyEndpoints.updateTenant, {
        params: { id },
        body: {
          name: tenant.name,
          editionName: edition,
          features: featureOverrides(switches, defaults),
          extraProperties: tenant.extraProperties,
          settings: tenant.settings,
          timezone: tenant.timezone,
          defaultCountryId: tenant.defaultCountryId,
          isActive,
          concurrencyStamp: tenant.concurrencyStamp,
        },
      });
      setTenant(saved);
      setSwitches(Object.fromEntries(FeatureFlags.map((f) => [f, isOn(saved.features, f)])));
      notices.success();
      onSaved();
    } catch {
      // The error notice has said why.
    } finally {
      setSaving(false);
    }
  }

  async function impersonate() {
    try {
      const { accessToken, expiresIn } = await call(AccountEndpoints.impersonate, { body: { tenantId: id } });
      await beginImpersonation(accessToken, expiresIn);
      window.location.assign('/');
    } catch {
      // The error notice has said why.
    }
  }

  return (
    <Drawer
      open
      width={560}
      title={tenant ? `Tenant Detail - ${tenant.name}` : 'Tenant Detail'}
      onClose={onClose}
      extra={
        <Space>
          {tenant && !tenant.isHost && (
            <Button onClick={() => void impersonate()} disabled={!tenant.isActive}>
              Log in as admin
            </Button>
          )}
          <Button type="primary" loading={saving} onClick={() => void save()} disabled={!tenant}>
            Save
          </Button>
        </Space>
      }
    >
      {tenant && (
        <Form layout="vertical">
          <Form.Item label="Edition">
            <Select
              aria-label="Edition"
              value={edition}
              options={Editions.map((e) => ({ value: e, label: e }))}
              onChange={(e: Edition) => {
                setEdition(e);
                // A new edition brings its defaults; the tenant's changes start again from them.
                const next = editions.find((x) => x.name === e)?.defaultFeatures ?? [];
                setSwitches(Object.fromEntries(FeatureFlags.map((f) => [f, next.includes(f)])));
              }}
            />
          </Form.Item>
          <Form.Item label="Active">
            <Switch aria-label="Active" checked={isActive} onChange={setIsActive} />
          </Form.Item>
          <Typography.Title level={5}>Features</Typography.Title>
          <table className="feature-switches" aria-label="Features">
            <tbody>
              {FeatureFlags.map((flag) => (
                <tr key={flag}>
                  <td style={{ paddingRight: 16 }}>{flag}</td>
                  <td>
                    <Switch
                      size="small"
                      aria-label={flag}
                      checked={switches[flag] ?? false}
                      onChange={(on) => setSwitches((s) => ({ ...s, [flag]: on }))}
                    />
                  </td>
                  <td style={{ paddingLeft: 8 }}>
                    {(switches[flag] ?? false) !== defaults.includes(flag) && <Tag>changed from edition</Tag>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Form>
      )}
    </Drawer>
  );
}

/** /view/editions (host): each edition, its code and the features it turns on by default. */
export function EditionsPage() {
  const editions = useEditions();
  return (
    <div className="screen">
      <h1 className="screen-title">Editions</h1>
      <Table<EditionInfo>
        rowKey="name"
        size="small"
        aria-label="Editions"
        pagination={false}
        dataSource={editions}
        columns={[
          { title: 'Edition', dataIndex: 'name' },
          { title: 'Code', dataIndex: 'code' },
          {
            title: 'Features on by default',
            dataIndex: 'defaultFeatures',
            render: (features: string[]) => (
              <Space size={[4, 4]} wrap>
                {FeatureFlags.filter((f) => features.includes(f)).map((f) => (
                  <Tag key={f}>{f}</Tag>
                ))}
              </Space>
            ),
          },
        ]}
      />
    </div>
  );
}
