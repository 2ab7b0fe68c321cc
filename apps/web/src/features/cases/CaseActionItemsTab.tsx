import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, Flex, Form, Input, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import {
  type ActionItemDto,
  type CaseDto,
  CaseEndpoints,
  type CaseUserDto,
  FormMessages,
  Permissions,
  type ProcessStep,
  ProcessStepLabels,
  ProcessSteps,
  ResourceEndpoints,
} from '@casebook/domain';
import { useCan } from '../../app/session/useCan';
import { useApi } from '../../platform/api/api-client';
import { callEndpoint } from '../../platform/api/endpoints';
import { DateInput, SelectionListSelect } from '../../platform/controls';
import { useFormSave } from '../../platform/resources/useFormSave';
import { caseKeys } from './caseApi';
import { dateText } from '../../platform/time';

const DELETE_PROMPT = 'Do you want to delete this record?';

export const actionKeys = {
  items: (caseId: string) => ['cases', 'actions', caseId] as const,
  defaultPics: ['cases', 'default-pics'] as const,
};

type ItemValues = {
  subject: string;
  dueDate: string | null;
  assigneeIds: string[];
  picIds: string[];
  groupTask: boolean;
};

function People({ people, label }: { people: CaseUserDto[]; label: string }) {
  return (
    <Space size={[4, 4]} wrap aria-label={label}>
      {people.map((p) => (
        <Tag key={p.id}>{p.name}</Tag>
      ))}
    </Space>
  );
}

/** The add/edit dialog of an action item: subject, due date, assignees and persons in charge. */
function ActionItemDialog({
  open,
  title,
  initial,
  onSave,
  onClose,
}: {
  open: boolean;
  title: string;
  initial: ItemValues;
  onSave: (values: ItemValues) => Promise<void>;
  onClose: () => void;
}) {
  const [form] = Form.useForm<ItemValues>();
  const { save, saving } = useFormSave(form, (values) =>
    onSave({ ...values, assigneeIds: values.assigneeIds ?? [], picIds: values.picIds ?? [] }),
  );
  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      onOk={() => void save().then((saved) => saved && onClose())}
      okText="Save"
      confirmLoading={saving}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={initial} preserve={false}>
        <Form.Item
          name="subject"
          label="Action required"
          rules={[{ required: true, whitespace: true, message: FormMessages.required }]}
        >
          <Input maxLength={500} />
        </Form.Item>
        <DateInput name="dueDate" label="Due date" />
        <SelectionListSelect name="assigneeIds" label="Assignees" resource="users" multiple />
        <SelectionListSelect
          name="picIds"
          label="Persons in charge"
          resource="users"
          multiple
          extra="Left empty on a new item, the default persons in charge are given."
        />
        <Form.Item name="groupTask" valuePropName="checked">
          <Checkbox>Group task</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The tenant's default persons in charge per process step: new items get them. */
function DefaultPics() {
  const api = useApi();
  const queryClient = useQueryClient();
  const pics = useQuery({
    queryKey: actionKeys.defaultPics,
    queryFn: () => callEndpoint(api, CaseEndpoints.defaultPics, {}),
  });
  const names = useQuery({
    queryKey: [...actionKeys.defaultPics, 'names', pics.data?.items.map((p) => p.userId).join(',')],
    enabled: (pics.data?.items.length ?? 0) > 0,
    queryFn: async () =>
      Object.fromEntries(
        await Promise.all(
          [...new Set(pics.data!.items.map((p) => p.userId))].map(async (id) => {
            const u = await callEndpoint(api, ResourceEndpoints.users.get, { params: { id } }, { silent: true });
            return [id, `${u.name} ${u.surname}`] as const;
          }),
        ),
      ) as Record<string, string>,
  });
  const [form] = Form.useForm<{ step: ProcessStep | null; userId: string | null }>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: actionKeys.defaultPics });
  return (
    <section aria-label="Default persons in charge">
      <Typography.Title level={5}>Default persons in charge</Typography.Title>
      <Form form={form} layout="inline" style={{ marginBottom: 8 }} initialValues={{ step: null, userId: null }}>
        <Form.Item name="step" label="Step" rules={[{ required: true, message: FormMessages.required }]}>
          <Select
            style={{ width: 200 }}
            aria-label="Step"
            options={ProcessSteps.map((s) => ({ value: s, label: ProcessStepLabels[s] }))}
          />
        </Form.Item>
        <div style={{ width: 260 }}>
          <SelectionListSelect name="userId" label="User" resource="users" required />
        </div>
        <Button
          icon={<PlusOutlined />}
          onClick={async () => {
            const v = await form.validateFields().catch(() => null);
            // Both are required fields, so a form that passed its checks has them.
            if (!v?.step || !v.userId) return;
            await callEndpoint(api, CaseEndpoints.addDefaultPic, { body: { step: v.step, userId: v.userId } });
            form.resetFields();
            await refresh();
          }}
        >
          Add default
        </Button>
      </Form>
      <Table
        size="small"
        rowKey="id"
        aria-label="Default persons in charge"
        pagination={false}
        loading={pics.isLoading}
        dataSource={pics.data?.items ?? []}
        columns={[
          { title: 'Step', key: 'step', render: (_, r) => ProcessStepLabels[r.step] },
          { title: 'User', key: 'user', render: (_, r) => names.data?.[r.userId] ?? '' },
          {
            title: '',
            key: 'remove',
            width: 60,
            render: (_, r) => (
              <Button
                type="text"
                danger
                aria-label="Remove default"
                icon={<DeleteOutlined />}
                onClick={async () => {
                  await callEndpoint(api, CaseEndpoints.deleteDefaultPic, { query: { id: r.id } });
                  await refresh();
                }}
              />
            ),
          },
        ]}
      />
    </section>
  );
}

/**
 * The ActionRequired tab: the case's items with due date, assignees and persons in charge; office
 * roles add, edit, complete and clear them, and keep the tenant's default persons in charge.
 */
export function CaseActionItemsTab({ c }: { c: CaseDto }) {
  const can = useCan();
  const canAdd = can(Permissions.actionItems.create);
  const canChange = can(Permissions.actionItems.update);
  const canClear = can(Permissions.actionItems.delete);
  const api = useApi();
  const queryClient = useQueryClient();
  const key = actionKeys.items(c.id);
  const items = useQuery({
    queryKey: key,
    queryFn: () => callEndpoint(api, CaseEndpoints.actionItems, { query: { objectId: c.id } }),
  });
  const [editing, setEditing] = useState<ActionItemDto | 'new' | null>(null);
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: key });
    await queryClient.invalidateQueries({ queryKey: caseKeys.one(c.id) });
  };
  const update = async (item: ActionItemDto, changes: Partial<ItemValues & { completed: boolean }>) => {
    await callEndpoint(api, CaseEndpoints.updateActionItem, {
      params: { id: item.id },
      body: {
        concurrencyStamp: item.concurrencyStamp,
        subject: item.subject,
        dueDate: item.dueDate,
        completed: item.completed,
        groupTask: item.groupTask,
        assigneeIds: item.assigneeIds,
        picIds: item.picIds,
        ...changes,
      },
    });
    await refresh();
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle">
      {canAdd && (
        <Flex justify="flex-end">
          <Button icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            Add action
          </Button>
        </Flex>
      )}
      <Table
        size="small"
        rowKey="id"
        aria-label="Action items"
        pagination={false}
        loading={items.isLoading}
        dataSource={items.data?.items ?? []}
        locale={{ emptyText: 'No Data' }}
        columns={[
          {
            title: 'Done',
            key: 'completed',
            width: 60,
            render: (_, r) => (
              <Checkbox
                aria-label={`Complete ${r.subject}`}
                checked={r.completed}
                disabled={!canChange}
                onChange={(e) => void update(r, { completed: e.target.checked })}
              />
            ),
          },
          {
            title: 'Action required',
            key: 'subject',
            render: (_, r) => (
              <Typography.Text delete={r.completed}>
                {r.subject}
                {r.groupTask ? ' (group task)' : ''}
              </Typography.Text>
            ),
          },
          { title: 'Due', key: 'due', width: 120, render: (_, r) => dateText(r.dueDate) },
          { title: 'Assignees', key: 'assignees', render: (_, r) => <People people={r.assignees} label="Assignees" /> },
          {
            title: 'Persons in charge',
            key: 'pics',
            render: (_, r) => <People people={r.pics} label="Persons in charge" />,
          },
          ...(canChange || canClear
            ? [
                {
                  title: '',
                  key: 'row-actions',
                  width: 96,
                  render: (_: unknown, r: ActionItemDto) => (
                    <Space size={0}>
                      {canChange && (
                        <Button
                          type="text"
                          aria-label={`Edit ${r.subject}`}
                          icon={<EditOutlined />}
                          onClick={() => setEditing(r)}
                        />
                      )}
                      <Button
                        hidden={!canClear}
                        type="text"
                        danger
                        aria-label={`Clear ${r.subject}`}
                        icon={<DeleteOutlined />}
                        onClick={() =>
                          Modal.confirm({
                            title: DELETE_PROMPT,
                            okText: 'Yes',
                            cancelText: 'No',
                            onOk: async () => {
                              await callEndpoint(api, CaseEndpoints.deleteActionItem, { params: { id: r.id } });
                              await refresh();
                            },
                          })
                        }
                      />
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      {canChange && can(Permissions.users.read) && <DefaultPics />}
      <ActionItemDialog
        key={editing === null ? 'closed' : editing === 'new' ? 'new' : editing.id}
        open={editing !== null}
        title={editing === 'new' ? 'Add action' : 'Edit action'}
        initial={
          editing && editing !== 'new'
            ? {
                subject: editing.subject,
                dueDate: editing.dueDate,
                assigneeIds: editing.assigneeIds,
                picIds: editing.picIds,
                groupTask: editing.groupTask,
              }
            : { subject: '', dueDate: null, assigneeIds: [], picIds: [], groupTask: false }
        }
        onClose={() => setEditing(null)}
        onSave={async (values) => {
          if (editing === 'new') {
            await callEndpoint(api, CaseEndpoints.createActionItem, {
              body: {
                objectId: c.id,
                subject: values.subject.trim(),
                dueDate: values.dueDate ?? null,
                groupTask: values.groupTask ?? false,
                assigneeIds: values.assigneeIds,
                // No persons in charge chosen: the tenant's defaults.
                ...(values.picIds.length > 0 ? { picIds: values.picIds } : {}),
              },
            });
          } else if (editing) {
            await update(editing, { ...values, subject: values.subject.trim(), groupTask: values.groupTask ?? false });
          }
          await refresh();
        }}
      />
    </Space>
  );
}
