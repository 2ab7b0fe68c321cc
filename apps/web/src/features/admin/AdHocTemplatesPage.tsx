import { EditOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, Modal, Space, Switch, Table, Typography } from 'antd';
import { useState } from 'react';
import { CorrespondenceEndpoints, FormMessages, SEARCH_DEBOUNCE_MS, type EmailTemplateDto } from '@casebook/domain';
import { useApi } from '../../platform/api/api-client';
import { callEndpoint } from '../../platform/api/endpoints';
import { useDebouncedValue } from '../../platform/controls/useDebouncedValue';
import { useFormSave } from '../../platform/resources/useFormSave';
import { TemplateWordingFields } from './TemplateWordingFields';

const listKey = ['email-templates', 'adhoc'] as const;

/** The server's rule for a new template's name: upper-case letters, digits and underscores. */
const TEMPLATE_KEY = /^[A-Z][A-Z0-9_]{1,99}$/;

type TemplateValues = { templateKey: string; subject: string; templateContent: string };

/** Add or edit an ad-hoc template: its name (when new), subject and HTML content. */
function TemplateDialog({
  template,
  onClose,
  onSaved,
}: {
  template: EmailTemplateDto | 'new';
  onClose: () => void;
  onSaved: () => Promise<void>;
}) {
  const api = useApi();
  const [form] = Form.useForm<TemplateValues>();
  const isNew = template === 'new';
  const { save, saving } = useFormSave(
    form,
    (values: TemplateValues) =>
      isNew
        ? callEndpoint(api, CorrespondenceEndpoints.createAdhoc, {
            body: { ...values, templateKey: values.templateKey.trim() },
          })
        : callEndpoint(api, CorrespondenceEndpoints.updateTemplate, {
            params: { name: template.templateKey },
            body: {
              subject: values.subject,
              templateContent: values.templateContent,
              concurrencyStamp: template.concurrencyStamp,
            },
          }),
    { onSaved },
  );
  return (
    <Modal
      open
      title={isNew ? 'Add ad-hoc template' : `Edit ${template.templateKey}`}
      width={760}
      okText="Save"
      confirmLoading={saving}
      onOk={() => void save().then((saved) => saved && onClose())}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={
          isNew
            ? { templateKey: '', subject: '', templateContent: '' }
            : {
                templateKey: template.templateKey,
                subject: template.subject,
                templateContent: template.templateContent,
              }
        }
      >
        <Form.Item
          name="templateKey"
          label="Name"
          extra={isNew ? 'Capital letters, digits and underscores, e.g. CHRISTMAS_CLOSURE.' : undefined}
          rules={[
            { required: true, whitespace: true, message: FormMessages.required },
            { pattern: TEMPLATE_KEY, message: 'templateKey must be upper-case letters, digits and underscores' },
          ]}
        >
          <Input maxLength={100} disabled={!isNew} />
        </Form.Item>
        <TemplateWordingFields placeholder="tenantName" />
      </Form>
    </Modal>
  );
}

/** The template filled with the tenant's values, as a recipient would read it. */
function PreviewDialog({ template, onClose }: { template: EmailTemplateDto; onClose: () => void }) {
  const api = useApi();
  const rendered = useQuery({
    queryKey: [...listKey, 'rendered', template.id, template.concurrencyStamp],
    queryFn: () => callEndpoint(api, CorrespondenceEndpoints.renderedAdhoc, { params: { id: template.id ?? '' } }),
  });
  return (
    <Modal open title={`Preview ${template.templateKey}`} width={760} footer={null} onCancel={onClose}>
      {rendered.data && (
        <>
          <p>
            <b>Subject:</b> <span data-testid="rendered-subject">{rendered.data.subject}</span>
          </p>
          <iframe
            title="Rendered template"
            sandbox=""
            srcDoc={rendered.data.content}
            style={{ width: '100%', height: 320, border: '1px solid #ddd' }}
          />
        </>
      )}
    </Modal>
  );
}

/**
 * /view/ad-hoc: the tenant's own e-mail templates beside the built-in ones (feature AdHocTemplate):
 * add, edit, preview with the tenant's values, and enable or disable each (a disabled one sends nothing).
 */
export function AdHocTemplatesPage() {
  const api = useApi();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const filterText = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [editing, setEditing] = useState<EmailTemplateDto | 'new' | null>(null);
  const [previewing, setPreviewing] = useState<EmailTemplateDto | null>(null);
  const [switching, setSwitching] = useState<string | null>(null);
  const templates = useQuery({
    queryKey: [...listKey, filterText],
    queryFn: () =>
      callEndpoint(api, CorrespondenceEndpoints.listTemplates, {
        query: { isAdhoc: true, filterText, maxResultCount: 1000 },
      }),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: listKey });

  const setEnabled = async (template: EmailTemplateDto, enabled: boolean) => {
    setSwitching(template.templateKey);
    try {
      await callEndpoint(api, enabled ? CorrespondenceEndpoints.enableAdhoc : CorrespondenceEndpoints.disableAdhoc, {
        params: { id: template.id ?? '' },
      });
      await refresh();
    } finally {
      setSwitching(null);
    }
  };

  return (
    <div className="screen">
      <h1 className="screen-title">Ad-Hoc Mail Templates</h1>
      <Card>
        <Space style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }}>
          <Input.Search
            aria-label="Search"
            placeholder="Search"
            allowClear
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            style={{ width: 280 }}
          />
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            Add template
          </Button>
        </Space>
        <Table<EmailTemplateDto>
          aria-label="Ad-hoc templates"
          rowKey="templateKey"
          loading={templates.isLoading}
          dataSource={templates.data?.items ?? []}
          locale={{ emptyText: FormMessages.noData }}
          pagination={{ pageSize: 20, pageSizeOptions: [20, 50, 100] }}
          columns={[
            { title: 'Name', dataIndex: 'templateKey' },
            { title: 'Subject', dataIndex: 'subject', ellipsis: true },
            {
              title: 'Enabled',
              key: 'enabled',
              width: 100,
              render: (_, t) => (
                <Switch
                  aria-label={`Enabled ${t.templateKey}`}
                  checked={!t.disabled}
                  loading={switching === t.templateKey}
                  onChange={(checked) => void setEnabled(t, checked)}
                />
              ),
            },
            {
              title: '',
              key: 'actions',
              width: 110,
              render: (_, t) => (
                <Space size={0}>
                  <Button
                    type="text"
                    aria-label={`Edit ${t.templateKey}`}
                    icon={<EditOutlined />}
                    onClick={() => setEditing(t)}
                  />
                  <Button
                    type="text"
                    aria-label={`Preview ${t.templateKey}`}
                    icon={<EyeOutlined />}
                    onClick={() => setPreviewing(t)}
                  />
                </Space>
              ),
            },
          ]}
        />
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          A disabled template sends nothing; enable it again to use it.
        </Typography.Paragraph>
      </Card>
      {editing && (
        <TemplateDialog
          key={editing === 'new' ? 'new' : editing.templateKey}
          template={editing}
          onClose={() => setEditing(null)}
          onSaved={async () => {
            await refresh();
          }}
        />
      )}
      {previewing && <PreviewDialog template={previewing} onClose={() => setPreviewing(null)} />}
    </div>
  );
}
