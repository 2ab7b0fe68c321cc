import { SaveOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Form, Space, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useApi } from '../api/api-client';
import { dataTableKey } from '../controls';
import { describeFields, humanize, toFormValues, toRequestBody, type ResourceMetadata } from './metadata';
import { ResourceForm, showServerErrors } from './ResourceForm';
import { resourceCalls } from './resourceCalls';
import { limitRoleChoices, useCallerRoles } from './roleChoices';
import { SuccessMessages, useScreen } from './ScreenContext';
import { resourceKeys } from './useResourceMetadata';
import { useUnsavedForm } from './useUnsavedForm';

/** A new record: the create form rendered from the schema; once saved, its detail takes the form's place. */
export function ResourceAdd({ metadata }: { metadata: ResourceMetadata }) {
  const api = useApi();
  const screen = useScreen();
  const queryClient = useQueryClient();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const caller = useCallerRoles();
  const fields = useMemo(
    () => limitRoleChoices(describeFields(metadata.createInput, metadata), metadata.name, caller),
    [metadata, caller],
  );

  const save = async (values: Record<string, unknown>): Promise<boolean> => {
    setSaving(true);
    try {
      const created = await resourceCalls(api, metadata.name).create(toRequestBody(fields, values));
      screen.success(SuccessMessages.added);
      unsaved.saved();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: dataTableKey(resourceKeys.table(metadata.name)) }),
        queryClient.invalidateQueries({ queryKey: ['selection-list', metadata.name] }),
      ]);
      screen.navigate(`/view/${metadata.name}/detail/${created.id}`, { replace: true });
      return true;
    } catch (error) {
      showServerErrors(form, error, fields);
      return false;
    } finally {
      setSaving(false);
    }
  };

  const unsaved = useUnsavedForm(form, save);

  return (
    <Flex vertical gap="middle" className="screen">
      <Flex justify="space-between" align="center" wrap gap="small">
        <Typography.Title level={3} style={{ margin: 0 }}>
          Add {humanize(metadata.entityType).toLowerCase()}
        </Typography.Title>
        <Space>
          <Button onClick={() => screen.navigate(`/view/${metadata.name}`)}>Cancel</Button>
          <Button type="primary" icon={<SaveOutlined />} loading={saving} onClick={() => form.submit()}>
            Save
          </Button>
        </Space>
      </Flex>
      <Card>
        <ResourceForm
          form={form}
          fields={fields}
          initialValues={toFormValues(fields, undefined)}
          onFinish={save}
          onEdit={unsaved.onEdit}
        />
      </Card>
    </Flex>
  );
}
