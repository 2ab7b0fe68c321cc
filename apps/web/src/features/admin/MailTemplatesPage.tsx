import { App, Button, Card, Checkbox, Form, Input, Modal, Select, Space, Table, Tabs, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  FormMessages,
  Permissions,
  TemplateModules,
  type TemplateModule,
  type EmailPreviewDto,
  type EmailTemplateDto,
  type PagedResult,
} from '@casebook/domain';
import { CorrespondenceEndpoints as mail } from '@casebook/domain';
import { useApi } from '../../platform/api/api-client';
import { callEndpoint } from '../../platform/api/endpoints';
import { useCan } from '../../app/session/useCan';
import { TemplateWordingFields } from './TemplateWordingFields';

type TemplateForm = { subject: string; templateContent: string; disabled: boolean };

/** The Preview Email Template dialog: Email Preview tab (with a test send) and the edit tab. */

const isTemplateModule = (m: string): m is TemplateModule => (TemplateModules as readonly string[]).includes(m);
export function PreviewTemplateDialog({ templateKey, onClose }: { templateKey: string; onClose: () => void }) {
  const api = useApi();
  const { notification } = App.useApp();
  const [template, setTemplate] = useState<EmailTemplateDto>();
  const [preview, setPreview] = useState<EmailPreviewDto>();
  const [form] = Form.useForm<TemplateForm>();
  const [sendForm] = Form.useForm<{ email: string }>();

  const load = useCallback(async () => {
    const t = await callEndpoint(api, mail.getTemplate, { params: { name: templateKey } });
    setTemplate(t);
    form.setFieldsValue({ subject: t.subject, templateContent: t.templateContent, disabled: t.disabled });
    const module = isTemplateModule(t.module) ? t.module : 'IME';
    setPreview(await callEndpoint(api, mail.preview, { body: { templateKey, fromModule: module } }));
  }, [api, templateKey, form]);
  useEffect(() => {
    void load();
  }, [load]);

  const save = async (values: TemplateForm) => {
    await callEndpoint(api, mail.updateTemplate, {
      params: { name: templateKey },
      body: { ...values, concurrencyStamp: template?.concurrencyStamp ?? null },
    });
    notification.success({ title: 'Success', description: 'Data has been saved successfully.', duration: 3 });
    await load();
  };
  const send = async ({ email }: { email: string }) => {
    const module = template && isTemplateModule(template.module) ? template.module : 'IME';
    await callEndpoint(api, mail.send, { body: { templateKey, fromModule: module, email } });
    notification.success({ title: 'Success', description: 'Email has been sent!', duration: 3 });
  };

  return (
    <Modal open title="Preview Email Template" width={820} footer={null} onCancel={onClose}>
      <Tabs
        items={[
          {
            key: 'preview',
            label: 'Email Preview',
            children: preview && (
              <>
                <p>
                  <b>From:</b> {preview.sender}
                </p>
                <p>
                  <b>Subject:</b> <span data-testid="preview-subject">{preview.subject}</span>
                </p>
                <iframe
                  title="Email preview"
                  sandbox=""
                  srcDoc={preview.body}
                  style={{ width: '100%', height: 320, border: '1px solid #ddd' }}
                />
                <Form form={sendForm} layout="inline" onFinish={(v) => void send(v)} style={{ marginTop: 12 }}>
                  <Form.Item
                    name="email"
                    label="Recipient"
                    rules={[
                      { required: true, message: FormMessages.required },
                      { type: 'email', message: 'The input is not valid E-mail!' },
                    ]}
                  >
                    <Input style={{ width: 280 }} />
                  </Form.Item>
                  <Button type="primary" htmlType="submit">
                    Send
                  </Button>
                </Form>
              </>
            ),
          },
          {
            key: 'content',
            label: 'Edit',
            children: (
              <Form form={form} layout="vertical" onFinish={(v) => void save(v)}>
                <TemplateWordingFields placeholder="caseNo" />
                <Form.Item
                  name="disabled"
                  valuePropName="checked"
                  extra="A disabled template sends nothing when a case or job would send it; a test send above still goes."
                >
                  <Checkbox>Disabled</Checkbox>
                </Form.Item>
                <Typography.Paragraph type="secondary">
                  Placeholders: {template?.placeholders.map((p) => `{{${p}}}`).join(', ')}
                </Typography.Paragraph>
                <Button type="primary" htmlType="submit">
                  Save
                </Button>
              </Form>
            ),
          },
        ]}
      />
    </Modal>
  );
}

/** /view/mail-templates: templates by module; ?mode=detail&templateKey={name}&tab=content opens one. */
export function MailTemplatesPage() {
  const api = useApi();
  const can = useCan();
  const [params, setParams] = useSearchParams();
  const [module, setModule] = useState<string | undefined>();
  const [filterText, setFilterText] = useState('');
  const [data, setData] = useState<PagedResult<EmailTemplateDto>>({ totalCount: 0, items: [] });
  // Bumped when the template dialog closes, so a saved change shows in the list.
  const [reloads, setReloads] = useState(0);
  const canEdit = can(Permissions.emailTemplates.update);
  const opened = params.get('mode') === 'detail' ? params.get('templateKey') : null;

  useEffect(() => {
    const timer = setTimeout(
      () =>
        void callEndpoint(api, mail.listTemplates, { query: { module, filterText, maxResultCount: 1000 } }).then(
          setData,
        ),
      500,
    );
    return () => clearTimeout(timer);
  }, [api, module, filterText, reloads]);

  return (
    <div className="screen">
      <h1 className="screen-title">Mail Templates</h1>
      <Card>
        <Space style={{ marginBottom: 12 }}>
          <Input.Search
            aria-label="Search"
            placeholder="Search"
            allowClear
            onChange={(e) => setFilterText(e.target.value)}
          />
          <Select
            allowClear
            placeholder="Module"
            aria-label="Module"
            style={{ width: 220 }}
            value={module}
            onChange={setModule}
            options={[...TemplateModules, 'ADHOC'].map((m) => ({ label: m, value: m }))}
          />
        </Space>
        <Table<EmailTemplateDto>
          rowKey="templateKey"
          dataSource={data.items}
          pagination={{ pageSize: 20, pageSizeOptions: [20, 50, 100] }}
          columns={[
            {
              title: 'Name',
              dataIndex: 'templateKey',
              render: (key: string) =>
                canEdit ? (
                  <Typography.Link onClick={() => setParams({ mode: 'detail', templateKey: key, tab: 'content' })}>
                    {key}
                  </Typography.Link>
                ) : (
                  <b>{key}</b>
                ),
            },
            { title: 'Module', dataIndex: 'module' },
            { title: 'Description', dataIndex: 'description' },
            { title: 'Subject', dataIndex: 'subject', ellipsis: true },
            { title: 'Customised', dataIndex: 'isCustomised', render: (v: boolean) => (v ? 'Yes' : '') },
            { title: 'Disabled', dataIndex: 'disabled', render: (v: boolean) => (v ? 'Yes' : '') },
          ]}
        />
      </Card>
      {opened && canEdit && (
        <PreviewTemplateDialog
          templateKey={opened}
          onClose={() => {
            setParams({});
            setReloads((n) => n + 1);
          }}
        />
      )}
    </div>
  );
}
