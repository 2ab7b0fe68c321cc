import { DeleteOutlined, HistoryOutlined, ReloadOutlined, SaveOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Form, Result, Space, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useMemo, useState, type ComponentType } from 'react';
import { ErrorMessages } from '@casebook/domain';
import { ApiError, useApi } from '../api/api-client';
import { dataTableKey } from '../controls';
import { nameOfRecord } from './cells';
import { resourceCalls } from './resourceCalls';
import { ChangeHistoryDialog } from './ChangeHistoryDialog';
import { Loading } from './Loading';
import { useResourceActions } from './resourceActions';
import { describeFields, humanize, toFormValues, toRequestBody, type ResourceMetadata } from './metadata';
import { ResourceForm, showServerErrors } from './ResourceForm';
import { limitRoleChoices, useCallerRoles } from './roleChoices';
import { DELETE_PROMPT, SuccessMessages, useScreen } from './ScreenContext';
import { resourceKeys } from './useResourceMetadata';
import { useUnsavedForm } from './useUnsavedForm';

type Record_ = Record<string, unknown> & { id: string; concurrencyStamp: string };

/**
 * A record's detail: the update form rendered from the schema, saved with its concurrency stamp
 * (a stale stamp gets the spec's 409 notice from the client), "View changes" and delete.
 */
export function ResourceDetail({
  metadata,
  id,
  recordActions: RecordActions,
}: {
  metadata: ResourceMetadata;
  id: string;
  /** The resource's own buttons, beside Refresh and Delete. */
  recordActions?: ComponentType<{ id: string }>;
}) {
  const api = useApi();
  const screen = useScreen();
  const queryClient = useQueryClient();
  const actions = useResourceActions(metadata);
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  const calls = resourceCalls(api, metadata.name);

  const record = useQuery({
    queryKey: resourceKeys.record(metadata.name, id),
    queryFn: ({ signal }) => calls.get<Record_>(id, { signal }),
    staleTime: 0,
  });
  const caller = useCallerRoles();
  const fields = useMemo(
    () => limitRoleChoices(describeFields(metadata.updateInput, metadata), metadata.name, caller),
    [metadata, caller],
  );
  const labels = Object.fromEntries(fields.map((f) => [f.name, f.label]));

  const afterChange = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: dataTableKey(resourceKeys.table(metadata.name)) }),
      queryClient.invalidateQueries({ queryKey: ['selection-list', metadata.name] }),
      queryClient.invalidateQueries({ queryKey: ['selection-name', metadata.name, id] }),
    ]);

  const save = async (values: Record<string, unknown>): Promise<boolean> => {
    const current = record.data;
    if (!current) return false;
    setSaving(true);
    try {
      const saved = await calls.update<Record_>(id, {
        ...toRequestBody(fields, values),
        concurrencyStamp: current.concurrencyStamp,
      });
      queryClient.setQueryData(resourceKeys.record(metadata.name, id), saved);
      form.setFieldsValue(toFormValues(fields, saved));
      screen.success(SuccessMessages.saved);
      unsaved.saved();
      await afterChange();
      return true;
    } catch (error) {
      showServerErrors(form, error, fields);
      return false;
    } finally {
      setSaving(false);
    }
  };

  const unsaved = useUnsavedForm(form, save);
  const name = nameOfRecord(record.data);
  useEffect(() => {
    if (name) screen.recordName(name);
  }, [name, screen]);

  const reload = async () => {
    const fresh = await record.refetch();
    if (fresh.data) {
      form.setFieldsValue(toFormValues(fields, fresh.data));
      unsaved.saved();
    }
  };

  const remove = async () => {
    if (!(await screen.confirm({ title: DELETE_PROMPT, danger: true }))) return;
    try {
      await calls.delete(id);
      screen.success(SuccessMessages.deleted);
      await afterChange();
      screen.navigate(`/view/${metadata.name}`);
    } catch {
      // The client has shown the server's notice.
    }
  };

  if (record.isPending) return <Loading />;
  if (record.isError) {
    const status = record.error instanceof ApiError ? record.error.status : 0;
    return (
      <Result
        status={status === 404 ? '404' : status === 403 ? '403' : 'error'}
        title={status === 404 ? 'Cannot found' : status === 403 ? ErrorMessages.permission : ErrorMessages.generic}
        extra={<Button onClick={() => screen.navigate(`/view/${metadata.name}`)}>Back to {metadata.title}</Button>}
      />
    );
  }

  const readOnly = !actions.update;
  return (
    <Flex vertical gap="middle" className="screen">
      <Flex justify="space-between" align="center" wrap gap="small">
        <Typography.Title level={3} style={{ margin: 0 }}>
          {humanize(metadata.entityType)}: {name ?? ''}
        </Typography.Title>
        <Space wrap>
          {actions.viewChanges && (
            <Button icon={<HistoryOutlined />} onClick={() => setHistoryOpen(true)}>
              View changes
            </Button>
          )}
          <Button icon={<ReloadOutlined />} onClick={reload} disabled={saving}>
            Refresh
          </Button>
          {RecordActions && (
            <Suspense fallback={null}>
              <RecordActions id={id} />
            </Suspense>
          )}
          {actions.delete && (
            <Button danger icon={<DeleteOutlined />} onClick={remove}>
              Delete
            </Button>
          )}
          {!readOnly && (
            <Button type="primary" icon={<SaveOutlined />} loading={saving} onClick={() => form.submit()}>
              Save
            </Button>
          )}
        </Space>
      </Flex>
      <Card>
        <ResourceForm
          form={form}
          fields={fields}
          initialValues={toFormValues(fields, record.data)}
          onFinish={save}
          onEdit={unsaved.onEdit}
          disabled={readOnly}
        />
      </Card>
      <ChangeHistoryDialog
        entityId={id}
        open={historyOpen}
        onClose={() => setHistoryOpen(false)}
        labels={labels}
        choices={metadata.choiceLabels}
      />
    </Flex>
  );
}
