import { HistoryOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Checkbox,
  Empty,
  Flex,
  Form,
  Input,
  Select,
  Space,
  Spin,
  Steps,
  Table,
  Tabs,
  Typography,
} from 'antd';
import { useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import {
  hasReportQa,
  ACTION_REQUIRED_REMINDER,
  AppointmentTypeLabels,
  CaseAppointmentTypes,
  AttendanceOutcomeLabels,
  AttendanceOutcomes,
  BillingStatuses,
  BillingStatusLabels,
  CancellationTypeLabels,
  CancellationTypes,
  CaseEndpoints,
  CaseServiceTypeLabels,
  CaseVisibilityLabels,
  ImeStatusLabels,
  ImeModule,
  moduleStepperIndex,
  Permissions,
  type CaseDto,
  type CaseServiceType,
  type EndpointInput,
} from '@casebook/domain';
import { useCan } from '../../app/session/useCan';
import { useTabTitle } from '../../app/tabs/useTabTitle';
import { useSession } from '../../app/session/useSession';
import { useApi } from '../../platform/api/api-client';
import { callEndpoint } from '../../platform/api/endpoints';
import { DateInput, SelectionListSelect } from '../../platform/controls';
import { ChangeHistoryDialog } from '../../platform/resources/ChangeHistoryDialog';
import { FormSection, UnsavedFormsProvider } from '../../platform/resources/UnsavedForms';
import { useFormSave } from '../../platform/resources/useFormSave';
import { PresenceAvatars } from '../notifications/PresenceAvatars';
import { CaseInvoicesTab } from '../invoices/CaseInvoicesTab';
import { CasePartsByServiceType } from '../caseParts';
import { CaseActionItemsTab } from './CaseActionItemsTab';
import { BookingCmTab, BookingNotesTab, ClientDetailsTab } from './CaseBookingTabs';
import { CaseAttachmentsTab } from './CaseAttachmentsTab';
import { CaseAppointmentActions } from './CaseAppointmentActions';
import { CaseEmailButton } from './CaseEmailDialog';
import { CasePrintMenu } from './CasePrintMenu';
import { withDateConfirmation } from './confirmDates';
import { useNotices } from '../../platform/notices/useNotices';
import { caseKeys, casesApi, showSavedCase } from './caseApi';
import { CaseCorrespondenceTab } from './CaseCorrespondenceTab';
import { CaseVideoTab } from '../video/VideoMeetingViews';
import { CaseCreditRequestTab } from './CaseRelatedTabs';
import { CaseResourcePicker } from './CaseResourcePicker';
import { CaseSessionPicker } from './CaseSessionPicker';
import { StatusTag } from './StatusTag';
import { CaseDictationsPanel } from '../typing/CaseDictationsPanel';
import { CaseReportQaTab, ReportTemplateButton } from './CaseReportQaTab';
import { useInstantText } from '../../platform/time';

const CHANGE_LABELS: Record<string, string> = {
  status: 'Status',
  appointmentDate: 'Appointment date',
  appointmentTime: 'Appointment time',
  paperworkSentDate: 'Paperwork sent',
  attendance: 'Attendance',
  dictationReceivedDate: 'Dictation received',
  reportCompletedDate: 'Report completed',
  billingStatus: 'Billing readiness',
  bookingNotes: 'Booking notes',
};

/** The coded fields of a case, in the words the case screen uses. */
const CHANGE_CHOICES = {
  status: ImeStatusLabels,
  attendance: AttendanceOutcomeLabels,
  billingStatus: BillingStatusLabels,
  cancellationType: CancellationTypeLabels,
  serviceType: CaseServiceTypeLabels,
  appointmentType: AppointmentTypeLabels,
  visibility: CaseVisibilityLabels,
};

/** The calls a step form saves with: each takes the case id and the step's fields, and answers the case. */
type StepEndpoint =
  | typeof CaseEndpoints.updateAppointment
  | typeof CaseEndpoints.updatePaperwork
  | typeof CaseEndpoints.updateCancellation
  | typeof CaseEndpoints.updateAttendance
  | typeof CaseEndpoints.updateDictationReport
  | typeof CaseEndpoints.updateBillingStatus;

type StepFormProps = {
  c: CaseDto;
  endpoint: StepEndpoint;
  initial: Record<string, unknown>;
  toBody?: (values: Record<string, unknown>) => Record<string, unknown>;
  canEdit: boolean;
  children: ReactNode;
  saveLabel?: string;
};

/** One step form: the fields, Save (office roles), the PUT with the case's stamp. */
function StepForm(props: StepFormProps) {
  // A new form (and form store) whenever what the step shows changes on the server, so a value the
  // server set (a booked session's date and time) shows instead of what was typed; a save of another
  // tab leaves this one's unsaved input alone.
  return <StepFormOf key={JSON.stringify(props.initial)} {...props} />;
}

function StepFormOf({ c, endpoint, initial, toBody, canEdit, children, saveLabel = 'Save' }: StepFormProps) {
  const api = useApi();
  const notices = useNotices();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Record<string, unknown>>();
  const { save, saving, edited } = useFormSave(
    form,
    (values) => {
      const body = { ...(toBody ? toBody(values) : values), concurrencyStamp: c.concurrencyStamp };
      // The form's fields are the step's; the server validates them and names a wrong one.
      if (endpoint !== CaseEndpoints.updateAppointment) {
        return callEndpoint(api, endpoint, { params: { id: c.id }, body } as EndpointInput<StepEndpoint>);
      }
      // An appointment in the past is asked about first (decision 0032).
      return withDateConfirmation(
        (confirmDates) =>
          callEndpoint(
            api,
            endpoint,
            { params: { id: c.id }, body: { ...body, confirmDates } } as EndpointInput<
              typeof CaseEndpoints.updateAppointment
            >,
            { silent: true },
          ),
        notices,
      );
    },
    {
      onSaved: (saved) => showSavedCase(queryClient, saved, [caseKeys.logs(c.id), [...caseKeys.all, 'list']]),
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
      {children}
      {canEdit && (
        <Button type="primary" onClick={() => void save()} loading={saving}>
          {saveLabel}
        </Button>
      )}
    </Form>
  );
}

/** The case's progress along its module's stepper (the declaration's path and labels). */
function StatusStepper({ c, history }: { c: CaseDto; history: CaseDto['status'][] }) {
  const m = ImeModule;
  const current = moduleStepperIndex(m, c.status, history);
  const kind = m.statuses[c.status].kind;
  return (
    <Steps
      size="small"
      labelPlacement="vertical"
      current={current}
      status={kind === 'cancelled' ? 'error' : kind === 'finished' ? 'finish' : 'process'}
      items={m.stepper.map((step, i) => ({
        title: i === current ? m.statuses[c.status].label : step.label,
      }))}
      aria-label="Case progress"
    />
  );
}

function StatusLog({ id }: { id: string }) {
  const api = useApi();
  const when = useInstantText();
  const logs = useQuery({ queryKey: caseKeys.logs(id), queryFn: () => casesApi.logs(api, id), staleTime: 0 });
  return (
    <Table
      size="small"
      aria-label="Status log"
      rowKey="id"
      loading={logs.isLoading}
      pagination={false}
      dataSource={logs.data?.items ?? []}
      columns={[
        { title: 'Status', key: 'status', render: (_, r) => ImeStatusLabels[r.statusName] },
        { title: 'By', key: 'user', render: (_, r) => r.userName ?? '' },
        { title: 'When', key: 'when', render: (_, r) => when(r.statusDate) },
        { title: 'Note', key: 'note', render: (_, r) => r.note ?? '' },
      ]}
    />
  );
}

/**
 * A case: header with status, the stepper, the spec's tabs, the status log and "View changes". Input
 * left unsaved in any of its tabs is asked about when the case's workspace tab closes.
 */
export function CaseDetailPage({ serviceType }: { serviceType: CaseServiceType }) {
  return (
    <UnsavedFormsProvider>
      <CaseDetail serviceType={serviceType} />
    </UnsavedFormsProvider>
  );
}

function CaseDetail({ serviceType }: { serviceType: CaseServiceType }) {
  const { id = '' } = useParams();
  const api = useApi();
  const { user, tenant } = useSession();
  const can = useCan();
  const canEdit = can(Permissions.assessments.update);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [activeTab, setActiveTab] = useState('BookingNotes');
  const query = useQuery({ queryKey: caseKeys.one(id), queryFn: () => casesApi.get(api, id), staleTime: 0 });
  const logs = useQuery({ queryKey: caseKeys.logs(id), queryFn: () => casesApi.logs(api, id), staleTime: 0 });
  const c = query.data;
  // Each case's tab names its case, not the screen: several open cases stay apart.
  useTabTitle(c ? `${c.caseNo} · ${c.clientName}` : undefined);
  if (query.isLoading) return <Spin />;
  if (!c) return <Empty description="Cannot found" />;
  const history = (logs.data?.items ?? []).map((l) => l.statusName);

  const tabs = [
    {
      key: 'BookingNotes',
      label: 'Booking Notes',
      children: <BookingNotesTab c={c} canEdit={canEdit} privateNotes={can(Permissions.assessments.privateNotes)} />,
    },
    { key: 'BookingCM', label: 'Booking CM', children: <BookingCmTab c={c} canEdit={canEdit} /> },
    {
      key: 'ClientDetails',
      label: 'Claimant Details',
      children: <ClientDetailsTab c={c} canEdit={canEdit} canEditClient={can(Permissions.clients.update)} />,
    },
    {
      key: 'Appointment',
      label: 'Appointment',
      children: (
        <StepForm
          c={c}
          endpoint={CaseEndpoints.updateAppointment}
          canEdit={canEdit}
          initial={{
            appointmentDate: c.appointmentDate,
            appointmentTime: c.appointmentTime ?? '',
            appointmentType: c.appointmentType,
            centreId: c.centreId,
            isFileReview: c.isFileReview,
            confirmed: c.status !== 'CASE_CREATED' && c.status !== 'APPOINTMENT_REQUESTED',
          }}
          toBody={({ interpreterLanguageId: _language, interpreterId, rooms, ...v }) => ({
            ...v,
            sessionId: v.sessionId ?? undefined,
            // The rooms and interpreter are booked with a chosen session, all or none.
            ...(v.sessionId
              ? { rooms: (rooms as string[] | undefined) ?? [], interpreterIds: interpreterId ? [interpreterId] : [] }
              : {}),
            appointmentTime: (v.appointmentTime as string) || null,
            appointmentType: v.appointmentType ?? null,
            centreId: v.centreId ?? null,
          })}
        >
          <CaseSessionPicker c={c} timeZone={tenant.timezone} />
          <CaseResourcePicker />
          <DateInput name="appointmentDate" label="Appointment date" />
          <Form.Item
            name="appointmentTime"
            label="Time"
            rules={[{ pattern: /^([01]\d|2[0-3]):[0-5]\d$/, message: 'HH:MM' }]}
          >
            <Input placeholder="HH:MM" style={{ width: 120 }} />
          </Form.Item>
          <Form.Item name="appointmentType" label="Type">
            <Select
              allowClear
              options={CaseAppointmentTypes.map((t) => ({ value: t, label: AppointmentTypeLabels[t] }))}
            />
          </Form.Item>
          <SelectionListSelect name="centreId" label="Centre" resource="centres" />
          <Form.Item name="isFileReview" valuePropName="checked">
            <Checkbox>File review (no attendance)</Checkbox>
          </Form.Item>
          <Form.Item name="confirmed" valuePropName="checked">
            <Checkbox>Appointment confirmed</Checkbox>
          </Form.Item>
        </StepForm>
      ),
    },
    {
      key: 'Paperwork',
      label: 'Paperwork',
      children: (
        <StepForm
          c={c}
          endpoint={CaseEndpoints.updatePaperwork}
          canEdit={canEdit}
          initial={{ paperworkSentDate: c.paperworkSentDate, paperworkNotes: c.paperworkNotes ?? '' }}
        >
          <DateInput name="paperworkSentDate" label="Paperwork sent to specialist" />
          <Form.Item name="paperworkNotes" label="Notes">
            <Input.TextArea rows={3} maxLength={4000} />
          </Form.Item>
        </StepForm>
      ),
    },
    {
      key: 'Cancellation',
      label: 'Cancellation',
      children: (
        <StepForm
          c={c}
          endpoint={CaseEndpoints.updateCancellation}
          canEdit={canEdit}
          initial={{
            cancellationType: c.cancellationType,
            cancellationDate: c.cancellationDate,
            cancellationReason: c.cancellationReason ?? '',
          }}
        >
          <Form.Item
            name="cancellationType"
            label="Cancellation"
            rules={[{ required: true, message: 'This field is required' }]}
          >
            <Select options={CancellationTypes.map((t) => ({ value: t, label: CancellationTypeLabels[t] }))} />
          </Form.Item>
          <DateInput name="cancellationDate" label="Cancellation date" required />
          <Form.Item name="cancellationReason" label="Reason">
            <Input.TextArea rows={3} maxLength={4000} />
          </Form.Item>
        </StepForm>
      ),
    },
    {
      key: 'Attendance',
      label: 'Attendance',
      children: (
        <StepForm
          c={c}
          endpoint={CaseEndpoints.updateAttendance}
          canEdit={canEdit}
          initial={{
            attendance: c.attendance,
            attendanceDate: c.attendanceDate,
            chargeable: c.status !== 'ATTENDED_NO_FEE',
            attendanceNotes: c.attendanceNotes ?? '',
          }}
        >
          <Form.Item
            name="attendance"
            label="Attendance"
            rules={[{ required: true, message: 'This field is required' }]}
          >
            <Select options={AttendanceOutcomes.map((t) => ({ value: t, label: AttendanceOutcomeLabels[t] }))} />
          </Form.Item>
          <DateInput name="attendanceDate" label="Attendance date" />
          <Form.Item name="chargeable" valuePropName="checked">
            <Checkbox>Chargeable</Checkbox>
          </Form.Item>
          <Form.Item name="attendanceNotes" label="Notes">
            <Input.TextArea rows={3} maxLength={4000} />
          </Form.Item>
        </StepForm>
      ),
    },
    {
      key: 'Dictations',
      label: 'Dictations',
      children: (
        <>
          <StepForm
            c={c}
            endpoint={CaseEndpoints.updateDictationReport}
            canEdit={canEdit}
            initial={{
              dictationReceivedDate: c.dictationReceivedDate,
              reportDraftSentDate: c.reportDraftSentDate,
              reportReceivedDate: c.reportReceivedDate,
              reportCompletedDate: c.reportCompletedDate,
            }}
          >
            <DateInput name="dictationReceivedDate" label="Dictation received" />
            <DateInput name="reportDraftSentDate" label="Report draft sent to specialist" />
            <DateInput name="reportReceivedDate" label="Report received" />
            <DateInput name="reportCompletedDate" label="Report completed" />
          </StepForm>
          <div style={{ margin: '12px 0' }}>
            <ReportTemplateButton caseId={c.id} />
          </div>
          <CaseDictationsPanel caseId={c.id} />
        </>
      ),
    },
    {
      key: 'Payment',
      label: 'Payment',
      children: (
        <>
          <StepForm
            c={c}
            endpoint={CaseEndpoints.updateBillingStatus}
            canEdit={canEdit}
            initial={{ billingStatus: c.billingStatus }}
          >
            <Form.Item name="billingStatus" label="Billing readiness">
              <Select options={BillingStatuses.map((b) => ({ value: b, label: BillingStatusLabels[b] }))} />
            </Form.Item>
          </StepForm>
          <CaseInvoicesTab caseId={c.id} />
        </>
      ),
    },
    {
      key: 'CaseCorrespondence',
      label: 'Correspondence',
      children: <CaseCorrespondenceTab caseId={c.id} />,
    },
    { key: 'ActionRequired', label: 'Action Required', children: <CaseActionItemsTab c={c} /> },
    { key: 'Video', label: 'Video', children: <CaseVideoTab c={c} /> },
    { key: 'CreditRequest', label: 'Credit Request', children: <CaseCreditRequestTab c={c} /> },
    { key: 'Attachments', label: 'Attachments', children: <CaseAttachmentsTab caseId={c.id} /> },
    // Report QA of IME cases (feature QaStatus), for those who may read it.
    ...(hasReportQa(c.serviceType) && can(Permissions.reportCorrections.read)
      ? [{ key: 'ReportQA', label: 'Report QA', children: <CaseReportQaTab caseId={c.id} /> }]
      : []),
    ...(CasePartsByServiceType[serviceType]?.tabs?.(c) ?? []),
  ];

  return (
    <div className="screen">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <h1 className="screen-title">
          {CaseServiceTypeLabels[serviceType]} {c.caseNo} <StatusTag status={c.status} />
        </h1>
        <Space>
          <PresenceAvatars fromModule="assessments" objectId={c.id} />
          {CasePartsByServiceType[serviceType]?.actions?.(c)}
          <CaseEmailButton caseId={c.id} />
          <CaseAppointmentActions c={c} />
          <CasePrintMenu caseId={c.id} />
          {can(Permissions.entityChanges.read) && (
            <Button icon={<HistoryOutlined />} onClick={() => setHistoryOpen(true)}>
              View changes
            </Button>
          )}
        </Space>
      </Flex>
      {c.isHighRisk && (
        <Alert
          type="warning"
          showIcon
          title="High-risk company"
          description={c.highRiskReason ?? ''}
          style={{ marginBottom: 12 }}
        />
      )}
      {c.openActionCount > 0 && !user.roles.includes('SPECIALIST') && (
        <Alert type="info" showIcon title={ACTION_REQUIRED_REMINDER} style={{ marginBottom: 12 }} />
      )}
      <Typography.Paragraph type="secondary">
        {c.clientName} · {c.companyName} · {c.caseManagerName}
        {c.specialistName ? ` · ${c.specialistName}` : ''}
      </Typography.Paragraph>
      <StatusStepper c={c} history={history} />
      <Tabs
        style={{ marginTop: 16 }}
        activeKey={activeTab}
        onChange={setActiveTab}
        // A form the unsaved-changes prompt saves is shown first (its tab opened).
        items={tabs.map((t) => ({
          ...t,
          children: <FormSection show={() => setActiveTab(t.key)}>{t.children}</FormSection>,
        }))}
      />
      <h2 style={{ marginTop: 24 }}>Status log</h2>
      <StatusLog id={c.id} />
      <ChangeHistoryDialog
        entityId={c.id}
        open={historyOpen}
        onClose={() => setHistoryOpen(false)}
        labels={CHANGE_LABELS}
        choices={CHANGE_CHOICES}
      />
    </div>
  );
}
