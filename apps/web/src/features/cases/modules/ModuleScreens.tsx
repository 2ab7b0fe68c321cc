import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Badge,
  Button,
  Empty,
  Flex,
  Form,
  Input,
  Modal,
  Select,
  Space,
  Spin,
  Steps,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import {
  endpointKey,
  fieldWords,
  moduleStepperIndex,
  Permissions,
  SEARCH_DEBOUNCE_MS,
  stepFieldKinds,
  type CaseModuleDeclaration,
  type CaseModuleEndpoints,
  type ModuleCaseDto,
  type ModuleCaseListItemDto,
  type StatusKind,
} from '@casebook/domain';
import { useCan } from '../../../app/session/useCan';
import { useSession } from '../../../app/session/useSession';
import { useTab } from '../../../app/tabs/useTab';
import { useTabTitle } from '../../../app/tabs/useTabTitle';
import { useWorkspace } from '../../../app/tabs/useWorkspace';
import { ApiError, useApi } from '../../../platform/api/api-client';
import { callEndpoint, endpointQuery } from '../../../platform/api/endpoints';
import {
  DataTable,
  DateInput,
  SelectionListSelect,
  TextArea,
  useDebouncedValue,
  type DataColumn,
} from '../../../platform/controls';
import { useNotices } from '../../../platform/notices/useNotices';
import { UnsavedFormsProvider } from '../../../platform/resources/UnsavedForms';
import { saveFile } from '../../../platform/resources/saveFile';
import { useFormSave } from '../../../platform/resources/useFormSave';
import { CaseCorrespondenceTab } from '../CaseCorrespondenceTab';
import { EmailButton } from '../CaseEmailDialog';
import { dateText, dayTextIn, useInstantText } from '../../../platform/time';

/** A declared module and its calls: everything its list, add and detail screens are rendered from. */
export type ModuleScreenProps = {
  module: CaseModuleDeclaration;
  api: CaseModuleEndpoints;
  /** Tabs of the module's own parts (an MVA claim's offers), after the declared steps' tabs. */
  extraTabs?: (c: ModuleCaseDto, canEdit: boolean) => { key: string; label: string; children: ReactNode }[];
  /** A part of the detail screen the declaration cannot say (medical negligence's requests to specialists). */
  extra?: (c: ModuleCaseDto, canEdit: boolean) => ReactNode;
};

const KIND_COLOURS: Record<StatusKind, string> = {
  open: 'blue',
  finished: 'green',
  cancelled: 'red',
  invoiced: 'purple',
  paid: 'purple',
};

/** A status of the module as a tag coloured by its kind. */
export function ModuleStatusTag({ module, status }: { module: CaseModuleDeclaration; status: string }) {
  const s = module.statuses[status];
  return <Tag color={s ? KIND_COLOURS[s.kind] : 'default'}>{s?.label ?? status}</Tag>;
}

/** The list: status buttons with counts and a status filter from the declaration's statuses, search, Add. */
export function ModuleListPage({ module, api: calls }: ModuleScreenProps) {
  const api = useApi();
  const { open } = useWorkspace();
  const { tenant } = useSession();
  const can = useCan();
  const [search, setSearch] = useState('');
  const filterText = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS) || undefined;
  const [status, setStatus] = useState<string[]>([]);
  const counts = useQuery({ ...endpointQuery(api, calls.counts, { query: { filterText } }), staleTime: 60_000 });
  const countOf = (s: string) => counts.data?.items.find((i) => i.status === s)?.count ?? 0;
  const statuses = Object.keys(module.statuses);
  const openCase = (id: string) => open({ path: `${module.route}/detail/${id}` });
  const columns: DataColumn<ModuleCaseListItemDto>[] = [
    {
      key: 'caseNo',
      title: 'Case No',
      fixedLeft: true,
      render: (c) => <Typography.Link onClick={() => openCase(c.id)}>{c.caseNo}</Typography.Link>,
    },
    { key: 'status', title: 'Status', render: (c) => <ModuleStatusTag module={module} status={c.status} /> },
    { key: 'clientName', title: 'Claimant', render: (c) => c.clientName },
    { key: 'companyName', title: 'Company', render: (c) => c.companyName },
    { key: 'caseManagerName', title: 'Case Manager', render: (c) => c.caseManagerName },
    { key: 'specialistName', title: 'Specialist', render: (c) => c.specialistName ?? '' },
    { key: 'creationTime', title: 'Created', render: (c) => dayTextIn(c.creationTime, tenant.timezone) },
    ...(module.due
      ? [
          {
            key: 'dueDate',
            title: 'Due',
            render: (c: ModuleCaseListItemDto) => (
              <>
                {dateText(c.dueDate)} {c.overdue && <Tag color="red">Overdue</Tag>}
              </>
            ),
          },
        ]
      : []),
  ];
  function exportList() {
    Modal.confirm({
      title: 'Export',
      content: 'Do you want to download search results?',
      onOk: async () => {
        const file = await callEndpoint(api, calls.export, { query: { filterText, status } });
        saveFile(file.blob, file.fileName);
      },
    });
  }
  return (
    <div className="screen">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <h1 className="screen-title">{module.title}</h1>
        <Space>
          <Button icon={<DownloadOutlined />} onClick={exportList}>
            Export
          </Button>
          {can(calls.create.access.permission!) && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => open({ path: `${module.route}/add` })}>
              Add
            </Button>
          )}
        </Space>
      </Flex>
      <Flex wrap gap={6} aria-label="Cases per status" role="group">
        {module.due && (counts.data?.overdueCount ?? 0) > 0 && (
          <Tag color="red" style={{ alignSelf: 'center' }}>
            Overdue {counts.data!.overdueCount}
          </Tag>
        )}
        {statuses
          .filter((s) => countOf(s) > 0)
          .map((s) => (
            <Button
              key={s}
              size="small"
              type={status.includes(s) ? 'primary' : 'default'}
              onClick={() => setStatus(status.includes(s) ? status.filter((x) => x !== s) : [...status, s])}
            >
              {module.statuses[s]!.label} <Badge count={countOf(s)} showZero overflowCount={99999} color="#888" />
            </Button>
          ))}
      </Flex>
      <Flex wrap gap={8} style={{ margin: '12px 0' }}>
        <Input.Search
          allowClear
          placeholder="Case number or claimant"
          aria-label="Search"
          style={{ width: 240 }}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <Select
          mode="multiple"
          allowClear
          placeholder="Status"
          aria-label="Status"
          style={{ minWidth: 200 }}
          options={statuses.map((s) => ({ value: s, label: module.statuses[s]!.label }))}
          value={status}
          onChange={setStatus}
          maxTagCount="responsive"
        />
      </Flex>
      <DataTable
        tableKey={`module-${module.key}`}
        label={`${module.title} list`}
        columns={columns}
        queryKey={[...endpointKey(calls.list), { filterText, status }]}
        fetchPage={(page, signal) =>
          callEndpoint(
            api,
            calls.list,
            { query: { skipCount: page.skipCount, maxResultCount: page.maxResultCount, filterText, status } },
            { signal },
          )
        }
        rowKey={(c) => c.id}
      />
    </div>
  );
}

type AddValues = { clientId: string; caseManagerId: string; specialistId: string | null; bookingNotes?: string };

/** The add screen: claimant, booking case manager, specialist, notes; the saved case opens in its own tab. */
export function ModuleAddPage(props: ModuleScreenProps) {
  return (
    <UnsavedFormsProvider>
      <ModuleAdd {...props} />
    </UnsavedFormsProvider>
  );
}

function ModuleAdd({ module, api: calls }: ModuleScreenProps) {
  const api = useApi();
  const queryClient = useQueryClient();
  const { open, close, setUnsaved } = useWorkspace();
  const addTabId = useTab()?.tab.id;
  const [form] = Form.useForm<AddValues>();
  const { save, saving, edited } = useFormSave(
    form,
    (v) =>
      callEndpoint(api, calls.create, {
        body: {
          clientId: v.clientId,
          caseManagerId: v.caseManagerId,
          specialistId: v.specialistId ?? null,
          bookingNotes: v.bookingNotes ?? '',
        },
      }),
    {
      onSaved: async (created) => {
        await queryClient.invalidateQueries({ queryKey: endpointKey(calls.list) });
        // The add tab goes and the case opens, so a second Save cannot make a second case.
        form.resetFields();
        if (addTabId) {
          setUnsaved(addTabId, undefined);
          await close(addTabId);
        }
        open({ path: `${module.route}/detail/${created.id}` });
      },
    },
  );
  return (
    <div className="screen">
      <h1 className="screen-title">Add {module.title}</h1>
      <Form form={form} layout="vertical" style={{ maxWidth: 720 }} requiredMark onValuesChange={edited}>
        <SelectionListSelect name="clientId" label="Claimant" resource="clients" required />
        <SelectionListSelect name="caseManagerId" label="Booking case manager" resource="case-managers" required />
        <SelectionListSelect name="specialistId" label="Specialist" resource="specialists" />
        <TextArea name="bookingNotes" label="Booking notes" />
        <Button type="primary" onClick={() => void save()} loading={saving}>
          Save
        </Button>
      </Form>
    </div>
  );
}

type StepFormProps = {
  module: CaseModuleDeclaration;
  calls: CaseModuleEndpoints;
  stepKey: string;
  c: ModuleCaseDto;
  canEdit: boolean;
};

/** One declared step's form: its fields from the step's input, Save through the step's call. */
function ModuleStepForm(props: StepFormProps) {
  // A new form store whenever the case changes on the server, so what it saved shows.
  return <ModuleStepFormOf key={props.c.concurrencyStamp} {...props} />;
}

function ModuleStepFormOf({ module, calls, stepKey, c, canEdit }: StepFormProps) {
  const api = useApi();
  const notices = useNotices();
  const queryClient = useQueryClient();
  const step = module.steps[stepKey]!;
  const fields = stepFieldKinds(step);
  const confirmMessages = new Set((step.dateRules ?? []).filter((r) => r.outcome === 'confirm').map((r) => r.message));
  const core: Record<string, unknown> = c;
  const initial = Object.fromEntries(fields.map((f) => [f.name, core[f.name] ?? c.fields[f.name] ?? null]));
  const [form] = Form.useForm<Record<string, unknown>>();
  const send = (values: Record<string, unknown>, confirmed: boolean) =>
    callEndpoint(
      api,
      calls.steps[stepKey]!,
      {
        params: { id: c.id },
        body: {
          // A choice left empty is left out, so the step's own default applies.
          ...Object.fromEntries(
            fields
              .filter((f) => f.kind !== 'choice' || values[f.name] != null)
              .map((f) => [f.name, values[f.name] ?? (f.kind === 'notes' ? '' : null)]),
          ),
          concurrencyStamp: c.concurrencyStamp,
          ...(confirmed ? { confirmed } : {}),
        },
      },
      { silent: confirmMessages.size > 0 },
    );
  const { save, saving, edited } = useFormSave(
    form,
    async (values) => {
      try {
        return await send(values, false);
      } catch (error) {
        // A date rule that asks first: saved once the user confirms.
        if (!(error instanceof ApiError) || !confirmMessages.has(error.message)) {
          if (error instanceof ApiError && confirmMessages.size > 0) notices.error(error.message);
          throw error;
        }
        const yes = await new Promise<boolean>((resolve) =>
          Modal.confirm({
            title: 'Confirm',
            content: error.message,
            okText: 'Yes',
            cancelText: 'No',
            onOk: () => resolve(true),
            onCancel: () => resolve(false),
          }),
        );
        if (!yes) throw error;
        return send(values, true);
      }
    },
    {
      onSaved: async (saved) => {
        queryClient.setQueryData(endpointKey(calls.get, { params: { id: c.id } }), saved);
        await queryClient.invalidateQueries({ queryKey: endpointKey(calls.statusLogs) });
        await queryClient.invalidateQueries({ queryKey: endpointKey(calls.list) });
      },
    },
  );
  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={initial}
      disabled={!canEdit}
      style={{ maxWidth: 640 }}
      onValuesChange={edited}
    >
      {fields.map((f) => {
        const label = fieldWords(f.name);
        switch (f.kind) {
          case 'party':
            return (
              <SelectionListSelect
                key={f.name}
                name={f.name}
                label={label}
                resource={f.resource}
                required={f.required}
              />
            );
          case 'date':
            return <DateInput key={f.name} name={f.name} label={label} />;
          case 'notes':
            return <TextArea key={f.name} name={f.name} label={label} />;
          case 'choice':
            return (
              <Form.Item key={f.name} name={f.name} label={label} rules={f.required ? [{ required: true }] : []}>
                <Select
                  options={f.options.map((o) => ({ value: o, label: module.choiceLabels?.[o] ?? fieldWords(o) }))}
                  allowClear={!f.required}
                />
              </Form.Item>
            );
          case 'text':
            return (
              <Form.Item key={f.name} name={f.name} label={label}>
                <Input />
              </Form.Item>
            );
        }
      })}
      {canEdit && (
        <Button type="primary" onClick={() => void save()} loading={saving}>
          Save
        </Button>
      )}
    </Form>
  );
}

function ModuleStatusLog({
  module,
  calls,
  id,
}: {
  module: CaseModuleDeclaration;
  calls: CaseModuleEndpoints;
  id: string;
}) {
  const api = useApi();
  const when = useInstantText();
  const logs = useQuery({ ...endpointQuery(api, calls.statusLogs, { params: { id } }), staleTime: 0 });
  return (
    <Table
      size="small"
      aria-label="Status log"
      rowKey="id"
      loading={logs.isLoading}
      pagination={false}
      dataSource={logs.data?.items ?? []}
      columns={[
        { title: 'Status', key: 'status', render: (_, r) => module.statuses[r.statusName]?.label ?? r.statusName },
        { title: 'By', key: 'user', render: (_, r) => r.userName ?? '' },
        { title: 'When', key: 'when', render: (_, r) => when(r.statusDate) },
        { title: 'Note', key: 'note', render: (_, r) => r.note ?? '' },
      ]}
    />
  );
}

/** The detail: header, the declaration's stepper, a tab per declared step saving through its call, the status log. */
export function ModuleDetailPage(props: ModuleScreenProps) {
  return (
    <UnsavedFormsProvider>
      <ModuleDetail {...props} />
    </UnsavedFormsProvider>
  );
}

function ModuleDetail({ module, api: calls, extraTabs, extra }: ModuleScreenProps) {
  const { id = '' } = useParams();
  const api = useApi();
  const can = useCan();
  const canEdit = can(calls.steps[Object.keys(calls.steps)[0]!]!.access.permission!);
  const query = useQuery({ ...endpointQuery(api, calls.get, { params: { id } }), staleTime: 0 });
  const logs = useQuery({ ...endpointQuery(api, calls.statusLogs, { params: { id } }), staleTime: 0 });
  const c = query.data;
  useTabTitle(c ? `${c.caseNo} · ${c.clientName}` : undefined);
  if (query.isLoading) return <Spin />;
  if (!c) return <Empty description="Cannot found" />;
  const history = (logs.data?.items ?? []).map((l) => l.statusName);
  const current = moduleStepperIndex(module, c.status, history);
  const kind = module.statuses[c.status]?.kind;
  // The declared tabs of shared parts, for those who may read them (payment and attachments are not offered yet).
  const shared: Record<string, ReactNode> = {
    ...(can(Permissions.correspondence.read)
      ? { CaseCorrespondence: <CaseCorrespondenceTab caseId={c.id} fromModule={module.templateModule} /> }
      : {}),
  };
  const tabs: { key: string; label: string; children: ReactNode }[] = module.tabs
    .filter((t) => t.step !== undefined || shared[t.key] !== undefined)
    .map((t): { key: string; label: string; children: ReactNode } => ({
      key: t.key,
      label: t.label,
      children:
        t.step !== undefined ? (
          <ModuleStepForm module={module} calls={calls} stepKey={t.step} c={c} canEdit={canEdit} />
        ) : (
          shared[t.key]
        ),
    }))
    .concat(extraTabs?.(c, canEdit) ?? []);
  return (
    <div className="screen">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <h1 className="screen-title">
          {c.caseNo} <ModuleStatusTag module={module} status={c.status} />
        </h1>
        <Space wrap>
          <Typography.Text>
            {c.clientName} · {c.companyName} · {c.caseManagerName}
            {c.specialistName ? ` · ${c.specialistName}` : ''}
          </Typography.Text>
          {calls.emailPreview && calls.emailSend && can(calls.emailSend.access.permission!) && (
            <EmailButton
              caseId={c.id}
              emails={{
                templates: module.emailTemplates,
                preview: (templateKey) =>
                  callEndpoint(api, calls.emailPreview!, { params: { id: c.id }, body: { templateKey } }),
                send: (templateKey, email) =>
                  callEndpoint(api, calls.emailSend!, { params: { id: c.id }, body: { templateKey, email } }),
              }}
            />
          )}
        </Space>
      </Flex>
      <Steps
        size="small"
        labelPlacement="vertical"
        current={current}
        status={kind === 'cancelled' ? 'error' : kind === 'finished' ? 'finish' : 'process'}
        items={module.stepper.map((step, i) => ({
          title: i === current ? (module.statuses[c.status]?.label ?? step.label) : step.label,
        }))}
        aria-label="Case progress"
        style={{ margin: '16px 0' }}
      />
      <Tabs items={tabs} />
      {extra?.(c, canEdit)}
      <h2>Status log</h2>
      <ModuleStatusLog module={module} calls={calls} id={c.id} />
    </div>
  );
}
