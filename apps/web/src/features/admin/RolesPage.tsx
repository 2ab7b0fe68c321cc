import { CheckCircleTwoTone, CloseCircleTwoTone } from '@ant-design/icons';
import { Alert, Button, Card, Checkbox, Input, Popconfirm, Radio, Select, Space, Table, Tag, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import {
  Permissions,
  RoleEndpoints,
  roleLabel,
  Roles,
  RouteTable,
  type AccessExplanationDto,
  type Role,
} from '@casebook/domain';
import { useCall } from '../../platform/api/endpoints';
import { SelectionListBox } from '../../platform/controls/SelectionListSelect';
import { SAVED_MESSAGE } from '../../platform/notices/notices';
import { useNotices } from '../../platform/notices/useNotices';
import { useCan } from '../../app/session/useCan';

const ROLES_KEY = ['roles', 'permissions'];

/**
 * /view/roles: each role's permissions in this tenant, changed by ticking them, and the "Why?" panel that
 * says why a user can or cannot open a screen or use a permission, from the server's own rules.
 */
export function RolesPage() {
  return (
    <div className="screen">
      <h1 className="screen-title">Roles</h1>
      <Space orientation="vertical" size="large" style={{ width: '100%' }}>
        <RolePermissions />
        <WhyPanel />
      </Space>
    </div>
  );
}

function RolePermissions() {
  const call = useCall();
  const can = useCan();
  const notices = useNotices();
  const queryClient = useQueryClient();
  const mayChange = can(Permissions.roles.update);
  const [role, setRole] = useState<Role>('STAFF');
  const [filter, setFilter] = useState('');
  const [ticked, setTicked] = useState<Set<string> | undefined>();
  const [saving, setSaving] = useState(false);

  const roles = useQuery({ queryKey: ROLES_KEY, queryFn: () => call(RoleEndpoints.listRoles) });
  const definitions = useQuery({
    queryKey: ['roles', 'definitions'],
    queryFn: () => call(RoleEndpoints.listPermissions),
    staleTime: Infinity,
  });
  const held = useMemo(
    () => new Set(roles.data?.items.find((r) => r.name === role)?.permissions ?? []),
    [roles.data, role],
  );
  // What is ticked starts as what the role holds, again whenever the role or the saved grants change.
  useEffect(() => setTicked(undefined), [role, roles.data]);
  const current = ticked ?? held;
  const changed = [...new Set([...current, ...held])].filter((p) => current.has(p) !== held.has(p)).length;

  const rows = (definitions.data?.items ?? [])
    .filter((d) => d.name.toLowerCase().includes(filter.trim().toLowerCase()))
    .map((d) => ({ ...d, byDefault: d.defaultRoles.includes(role) }));

  function toggle(permission: string, on: boolean) {
    const next = new Set(current);
    if (on) next.add(permission);
    else next.delete(permission);
    setTicked(next);
  }

  async function run(action: () => Promise<unknown>) {
    setSaving(true);
    try {
      await action();
      notices.success(SAVED_MESSAGE);
      await queryClient.invalidateQueries({ queryKey: ['roles'] });
    } catch {
      // The notice has said why; the ticks stay as chosen.
    } finally {
      setSaving(false);
    }
  }
  const save = () =>
    run(() =>
      call(RoleEndpoints.setRolePermissions, {
        params: { roleName: role },
        body: { permissions: [...current].sort() },
      }),
    );
  const reset = () => run(() => call(RoleEndpoints.setDefaultPermissions, { body: { roleName: role } }));

  return (
    <Card
      title="Permissions of a role"
      extra={
        <Space>
          <Select<Role>
            aria-label="Role"
            value={role}
            onChange={setRole}
            style={{ width: 200 }}
            options={Roles.map((r) => ({ value: r, label: roleLabel(r) }))}
          />
          {mayChange && (
            <>
              <Popconfirm
                title={`Give ${roleLabel(role)} the default permissions again?`}
                okText="Yes"
                cancelText="No"
                onConfirm={() => void reset()}
              >
                <Button disabled={saving}>Reset to defaults</Button>
              </Popconfirm>
              <Button type="primary" loading={saving} disabled={changed === 0} onClick={() => void save()}>
                Save{changed > 0 ? ` (${changed} changed)` : ''}
              </Button>
            </>
          )}
        </Space>
      }
    >
      <Input.Search
        aria-label="Find a permission"
        placeholder="Find a permission"
        allowClear
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
        style={{ maxWidth: 360, marginBottom: 12 }}
      />
      <Table
        size="small"
        rowKey="name"
        loading={roles.isLoading || definitions.isLoading}
        dataSource={rows}
        pagination={{ pageSize: 20, showSizeChanger: true }}
        columns={[
          {
            key: 'granted',
            title: 'Granted',
            width: 90,
            render: (_, row) => (
              <Checkbox
                aria-label={row.name}
                checked={current.has(row.name)}
                disabled={!mayChange}
                onChange={(e) => toggle(row.name, e.target.checked)}
              />
            ),
          },
          { key: 'name', dataIndex: 'name', title: 'Permission' },
          {
            key: 'default',
            title: 'By default',
            width: 200,
            render: (_, row) => {
              const differs = current.has(row.name) !== row.byDefault;
              return (
                <Space size={4}>
                  {row.byDefault ? 'Granted' : 'Not granted'}
                  {differs && <Tag color="orange">Not the default</Tag>}
                </Space>
              );
            },
          },
        ]}
      />
    </Card>
  );
}

type Subject = 'screen' | 'action';

/** The screens a user opens from the sidebar, by title, then every other screen. */
const SCREENS = RouteTable.filter((r) => !r.print && !r.external && !r.redirectTo && !r.anonymous)
  .map((r) => ({ value: r.path, label: `${r.menu?.label ?? r.title} (${r.path})`, inMenu: r.menu !== undefined }))
  .sort((a, b) => Number(b.inMenu) - Number(a.inMenu) || a.label.localeCompare(b.label));

function WhyPanel() {
  const call = useCall();
  const [userId, setUserId] = useState<string | null>(null);
  const [subject, setSubject] = useState<Subject>('screen');
  const [target, setTarget] = useState<string | undefined>();
  const definitions = useQuery({
    queryKey: ['roles', 'definitions'],
    queryFn: () => call(RoleEndpoints.listPermissions),
    staleTime: Infinity,
  });
  const asked =
    userId && target ? { userId, ...(subject === 'screen' ? { path: target } : { permission: target }) } : null;
  const answer = useQuery({
    queryKey: ['roles', 'explain', asked],
    queryFn: () => call(RoleEndpoints.explainAccess, { query: asked! }),
    enabled: asked !== null,
    staleTime: 0,
  });
  const options =
    subject === 'screen' ? SCREENS : (definitions.data?.items ?? []).map((d) => ({ value: d.name, label: d.name }));

  return (
    <Card title="Why can this user do that?">
      <Space wrap align="start" size="middle" style={{ marginBottom: 16 }}>
        <SelectionListBox
          resource="users"
          aria-label="User"
          placeholder="Pick a user"
          value={userId}
          onChange={(v) => setUserId(typeof v === 'string' ? v : null)}
          style={{ width: 260 }}
        />
        <Radio.Group
          aria-label="Ask about"
          optionType="button"
          value={subject}
          onChange={(e) => {
            setSubject(e.target.value as Subject);
            setTarget(undefined);
          }}
          options={[
            { value: 'screen', label: 'A screen' },
            { value: 'action', label: 'An action' },
          ]}
        />
        <Select
          aria-label={subject === 'screen' ? 'Screen' : 'Action'}
          placeholder={subject === 'screen' ? 'Pick a screen' : 'Pick a permission'}
          showSearch={{ optionFilterProp: 'label' }}
          value={target}
          onChange={setTarget}
          options={options}
          style={{ width: 420 }}
        />
      </Space>
      {!asked && (
        <Typography.Paragraph type="secondary">
          Pick a user and a screen or an action: the answer says which role, grant, feature and edition rule allows or
          refuses it, from the rules the server applies.
        </Typography.Paragraph>
      )}
      {answer.data && <Explanation answer={answer.data} />}
    </Card>
  );
}

/** The verdict and its reasons, each marked as allowing or refusing. */
export function Explanation({ answer }: { answer: AccessExplanationDto }) {
  return (
    <section aria-label="Explanation">
      <Alert
        type={answer.allowed ? 'success' : 'error'}
        showIcon
        title={answer.allowed ? 'Allowed' : 'Refused'}
        description={answer.verdict}
        style={{ marginBottom: 12 }}
      />
      <ul className="why-reasons" aria-label="Reasons" style={{ listStyle: 'none', paddingLeft: 0 }}>
        {answer.reasons.map((reason) => (
          <li key={reason.text} style={{ marginBottom: 6 }}>
            <Space align="start">
              {reason.allows ? (
                <CheckCircleTwoTone twoToneColor="#52c41a" aria-label="allows" />
              ) : (
                <CloseCircleTwoTone twoToneColor="#ff4d4f" aria-label="refuses" />
              )}
              <span>{reason.text}</span>
            </Space>
          </li>
        ))}
      </ul>
    </section>
  );
}
