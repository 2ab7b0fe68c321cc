import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Popconfirm, Table } from 'antd';
import type { ComponentType } from 'react';
import { endpointKey, NdisEndpoints, NdisModule, type ModuleCaseDto } from '@casebook/domain';
import { useApi } from '../../platform/api/api-client';
import { callEndpoint, endpointQuery } from '../../platform/api/endpoints';
import { DateInput, TextArea } from '../../platform/controls';
import { useFormSave } from '../../platform/resources/useFormSave';
import { dateText } from '../../platform/time';
import {
  ModuleAddPage,
  ModuleDetailPage,
  ModuleListPage,
  type ModuleScreenProps,
} from '../cases/modules/ModuleScreens';

type Calls = (typeof NdisEndpoints)['keyContacts'];
type Field = { name: string; label: string; kind: 'text' | 'date' | 'notes'; required?: boolean };

/** One kind of the participant's records: its table, a form to add one, Delete on each. */
function EntriesTab({
  c,
  canEdit,
  calls,
  title,
  fields,
}: {
  c: ModuleCaseDto;
  canEdit: boolean;
  calls: Calls;
  title: string;
  fields: Field[];
}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const list = useQuery({ ...endpointQuery(api, calls.list, { params: { id: c.id } }), staleTime: 0 });
  const refresh = () => queryClient.invalidateQueries({ queryKey: endpointKey(calls.list) });
  const [form] = Form.useForm<Record<string, string>>();
  const { save, saving, edited } = useFormSave(
    form,
    (v) =>
      callEndpoint(api, calls.add, {
        params: { id: c.id },
        body: Object.fromEntries(fields.map((f) => [f.name, v[f.name] ?? null])) as never,
      }),
    {
      onSaved: async () => {
        form.resetFields();
        await refresh();
      },
    },
  );
  const remove = async (entryId: string) => {
    await callEndpoint(api, calls.remove, { params: { id: c.id, entryId } });
    await refresh();
  };
  const rows = (list.data?.items ?? []) as unknown as Record<string, string | null>[];
  return (
    <>
      <Table
        size="small"
        aria-label={title}
        rowKey="id"
        loading={list.isLoading}
        pagination={false}
        dataSource={rows}
        columns={[
          ...fields.map((f) => ({
            title: f.label,
            key: f.name,
            render: (_: unknown, r: Record<string, string | null>) =>
              f.kind === 'date' ? dateText(r[f.name] ?? null) : (r[f.name] ?? ''),
          })),
          {
            title: '',
            key: 'actions',
            render: (_: unknown, r: Record<string, string | null>) =>
              canEdit && (
                <Popconfirm title="Do you want to delete this record?" onConfirm={() => remove(r.id!)}>
                  <Button size="small" danger>
                    Delete
                  </Button>
                </Popconfirm>
              ),
          },
        ]}
      />
      {canEdit && (
        <Form
          form={form}
          name={`ndis${title.replace(/\s/g, '')}`}
          layout="vertical"
          style={{ maxWidth: 640, marginTop: 16 }}
          onValuesChange={edited}
        >
          {fields.map((f) =>
            f.kind === 'date' ? (
              <DateInput key={f.name} name={f.name} label={f.label} required={f.required} />
            ) : f.kind === 'notes' ? (
              <TextArea key={f.name} name={f.name} label={f.label} required={f.required} />
            ) : (
              <Form.Item
                key={f.name}
                name={f.name}
                label={f.label}
                rules={f.required ? [{ required: true, message: 'This field is required' }] : []}
              >
                <Input />
              </Form.Item>
            ),
          )}
          <Button type="primary" onClick={() => void save()} loading={saving}>
            Add
          </Button>
        </Form>
      )}
    </>
  );
}

const tab = (c: ModuleCaseDto, canEdit: boolean, key: string, title: string, calls: unknown, fields: Field[]) => ({
  key,
  label: title,
  children: <EntriesTab c={c} canEdit={canEdit} calls={calls as Calls} title={title} fields={fields} />,
});

const NDIS: ModuleScreenProps = {
  module: NdisModule,
  api: NdisEndpoints,
  extraTabs: (c, canEdit) => [
    tab(c, canEdit, 'KeyContacts', 'Key contacts', NdisEndpoints.keyContacts, [
      { name: 'name', label: 'Name', kind: 'text', required: true },
      { name: 'relationship', label: 'Relationship', kind: 'text' },
      { name: 'phone', label: 'Phone', kind: 'text' },
      { name: 'email', label: 'Email', kind: 'text' },
    ]),
    tab(c, canEdit, 'Attendees', 'Attendees', NdisEndpoints.attendees, [
      { name: 'name', label: 'Name', kind: 'text', required: true },
      { name: 'role', label: 'Role', kind: 'text' },
    ]),
    tab(c, canEdit, 'ClinicalNotes', 'Clinical notes', NdisEndpoints.clinicalNotes, [
      { name: 'noteDate', label: 'Note date', kind: 'date', required: true },
      { name: 'note', label: 'Note', kind: 'notes', required: true },
    ]),
    {
      key: 'Documents',
      label: 'Documents',
      children: (
        <a
          href={`/view/ndis/template?id=${encodeURIComponent(c.id)}&type=serviceAgreement`}
          target="_blank"
          rel="noopener"
        >
          Service agreement
        </a>
      ),
    },
  ],
};

/** The list, add and detail screens of NDIS cases, by route path. */
export const NdisScreens: Record<string, ComponentType> = {
  [NdisModule.route]: () => <ModuleListPage {...NDIS} />,
  [`${NdisModule.route}/add`]: () => <ModuleAddPage {...NDIS} />,
  [`${NdisModule.route}/detail/:id`]: () => <ModuleDetailPage {...NDIS} />,
};
