import { DownloadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Descriptions,
  Divider,
  Flex,
  Form,
  Input,
  Modal,
  Select,
  Space,
  Tag,
  Typography,
  type FormInstance,
} from 'antd';
import { useState, type ReactNode } from 'react';
import type { z } from 'zod';
import {
  type BookingCheckDto,
  type CaseDto,
  CaseEndpoints,
  CaseVisibilities,
  type CaseVisibility,
  CaseVisibilityLabels,
  type ClientDto,
  FormMessages,
  GenderLabels,
  Genders,
  ResourceEndpoints,
  type UpdateBookingDetailInput,
  UpdateClientInput,
} from '@casebook/domain';
import { useApi, type ApiClient } from '../../platform/api/api-client';
import { callEndpoint } from '../../platform/api/endpoints';
import { useNotices } from '../../platform/notices/useNotices';
import { DateInput, EmailInput, PhoneInput, SelectionListSelect, TextArea, TextInput } from '../../platform/controls';
import { saveFile } from '../../platform/resources/saveFile';
import { useFormSave } from '../../platform/resources/useFormSave';
import { caseKeys, showSavedCase } from './caseApi';
import { useIndependenceOverride } from './independenceOverride';
import { IndependencePanel } from './IndependencePanel';
import { CallButton } from '../telephony/TelephonyWidget';

/** The booking-detail body of a case with some of its values changed. */
function bookingBody(c: CaseDto, changes: Partial<UpdateBookingDetailInput>): UpdateBookingDetailInput {
  return {
    concurrencyStamp: c.concurrencyStamp,
    clientId: c.clientId,
    caseManagerId: c.caseManagerId,
    specialistId: c.specialistId,
    bookingNotes: c.bookingNotes ?? '',
    privateNotes: c.privateNotes ?? '',
    visibility: c.visibility,
    visibilityGroupId: c.visibilityGroupId,
    confirmNoContract: false,
    ...changes,
  };
}

/**
 * Saves a form's values as changes to the booking detail of a case (the rest as the case holds it) and
 * refreshes what shows the booking.
 */
function useBookingSave<Values>(
  c: CaseDto,
  form: FormInstance<Values>,
  changes: (values: Values) => Partial<UpdateBookingDetailInput>,
  afterSave?: () => void,
  /** A Save that may change the specialist asks for the reason an independence warning needs. */
  withOverride?: ReturnType<typeof useIndependenceOverride>['withOverride'],
) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useFormSave(
    form,
    (values) =>
      withOverride
        ? withOverride((independenceOverrideReason) =>
            callEndpoint(
              api,
              CaseEndpoints.updateBookingDetail,
              {
                params: { id: c.id },
                body: bookingBody(c, {
                  ...changes(values),
                  ...(independenceOverrideReason ? { independenceOverrideReason } : {}),
                }),
              },
              { silent: true },
            ),
          )
        : callEndpoint(api, CaseEndpoints.updateBookingDetail, {
            params: { id: c.id },
            body: bookingBody(c, changes(values)),
          }),
    {
      onSaved: async (saved) => {
        await showSavedCase(queryClient, saved, [
          [...caseKeys.all, 'list'],
          ['cases', 'permission', c.id],
        ]);
        afterSave?.();
      },
    },
  );
}

async function bookingCheck(api: ApiClient, query: { companyId?: string; specialistId?: string; clientId?: string }) {
  return callEndpoint(api, CaseEndpoints.bookingCheck, { query });
}

/** Asks the contract question of a newly chosen specialist; resolves whether the booking may go on. */
function confirmContract(check: BookingCheckDto): Promise<'ok' | 'confirmed' | 'cancelled'> {
  return new Promise((resolve) => {
    if (check.contract?.outcome === 'confirm') {
      Modal.confirm({
        title: 'Confirm',
        content: check.contract.message,
        okText: 'Yes',
        cancelText: 'No',
        onOk: () => resolve('confirmed'),
        onCancel: () => resolve('cancelled'),
      });
    } else if (check.contract?.outcome === 'cancel') {
      Modal.warning({
        title: 'Specialist',
        content: check.contract.message,
        okText: 'Cancel',
        onOk: () => resolve('cancelled'),
      });
    } else resolve('ok');
  });
}

function SaveButton({
  onClick,
  loading,
  children = 'Save',
}: {
  onClick: () => void;
  loading: boolean;
  children?: ReactNode;
}) {
  return (
    <Button type="primary" onClick={onClick} loading={loading}>
      {children}
    </Button>
  );
}

// ---------------------------------------------------------------------------------------------------
// Booking notes

type BookingNotesProps = { c: CaseDto; canEdit: boolean; privateNotes: boolean };

/** BookingNotes: booking notes for all, private notes for the office, and the case-note export. */
export function BookingNotesTab(props: BookingNotesProps) {
  // A new form (and form store) whenever the notes saved change; a save of another tab keeps what is typed.
  return <BookingNotesForm key={JSON.stringify([props.c.bookingNotes, props.c.privateNotes])} {...props} />;
}

function BookingNotesForm({ c, canEdit, privateNotes }: BookingNotesProps) {
  const api = useApi();
  const [form] = Form.useForm<{ bookingNotes: string; privateNotes: string }>();
  const { save, saving, edited } = useBookingSave(c, form, (v) => ({
    bookingNotes: v.bookingNotes ?? '',
    ...(privateNotes ? { privateNotes: v.privateNotes ?? '' } : {}),
  }));
  return (
    <Form
      form={form}
      layout="vertical"
      disabled={!canEdit}
      style={{ maxWidth: 640 }}
      initialValues={{ bookingNotes: c.bookingNotes ?? '', privateNotes: c.privateNotes ?? '' }}
      onValuesChange={edited}
    >
      <TextArea name="bookingNotes" label="Booking notes" />
      {privateNotes && <TextArea name="privateNotes" label="Private notes" extra="Seen by office staff only." />}
      <Space>
        {canEdit && <SaveButton loading={saving} onClick={() => void save()} />}
        <Button
          icon={<DownloadOutlined />}
          disabled={false}
          onClick={async () => {
            const file = await callEndpoint(api, CaseEndpoints.exportNotes, { query: { objectId: c.id } });
            saveFile(file.blob, file.fileName);
          }}
        >
          Export notes
        </Button>
      </Space>
    </Form>
  );
}

// ---------------------------------------------------------------------------------------------------
// Booking CM and case permission

/** Everyone, Staff or a user group, with the group's members; office roles change it. */
export function CasePermissionPanel(props: { c: CaseDto; canEdit: boolean }) {
  // A new form when the visibility saved changes; a save of the booking above keeps an unsaved choice here.
  return <CasePermissionForm key={`${props.c.visibility}:${props.c.visibilityGroupId ?? ''}`} {...props} />;
}

function CasePermissionForm({ c, canEdit }: { c: CaseDto; canEdit: boolean }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const permission = useQuery({
    queryKey: ['cases', 'permission', c.id, c.concurrencyStamp],
    queryFn: () => callEndpoint(api, CaseEndpoints.permission, { query: { objectId: c.id } }),
  });
  const [form] = Form.useForm<{ visibility: CaseVisibility; visibilityGroupId: string | null }>();
  const visibility = Form.useWatch('visibility', form);
  const { save, saving, edited } = useFormSave(
    form,
    (v) =>
      callEndpoint(api, CaseEndpoints.setPermission, {
        body: {
          objectId: c.id,
          concurrencyStamp: c.concurrencyStamp,
          visibility: v.visibility,
          visibilityGroupId: v.visibility === 'GROUP' ? (v.visibilityGroupId ?? null) : null,
        },
      }),
    { onSaved: () => queryClient.invalidateQueries({ queryKey: caseKeys.one(c.id) }) },
  );
  const p = permission.data;
  return (
    <section aria-label="Case permission">
      <Typography.Title level={5}>Case permission</Typography.Title>
      <Form
        form={form}
        layout="vertical"
        style={{ maxWidth: 640 }}
        disabled={!canEdit}
        initialValues={{ visibility: c.visibility, visibilityGroupId: c.visibilityGroupId }}
        onValuesChange={edited}
      >
        <Form.Item name="visibility" label="Visible to" rules={[{ required: true, message: FormMessages.required }]}>
          <Select options={CaseVisibilities.map((v) => ({ value: v, label: CaseVisibilityLabels[v] }))} />
        </Form.Item>
        {visibility === 'GROUP' && (
          <SelectionListSelect name="visibilityGroupId" label="User group" resource="user-group" required />
        )}
        {p?.visibility === 'GROUP' && (
          <Form.Item label={`Members of ${p.groupName ?? 'the group'}`}>
            <Space size={[4, 4]} wrap aria-label="Group members">
              {p.members.length === 0 ? <Typography.Text type="secondary">No members</Typography.Text> : null}
              {p.members.map((m) => (
                <Tag key={m.id}>{m.name}</Tag>
              ))}
            </Space>
          </Form.Item>
        )}
        {canEdit && (
          <SaveButton loading={saving} onClick={() => void save()}>
            Save permission
          </SaveButton>
        )}
      </Form>
    </section>
  );
}

/**
 * BookingCM: the booking case manager (and so the company) and the specialist, changed with the
 * rules of the booking (high-risk warning, contract question), and the case permission.
 */
export function BookingCmTab(props: { c: CaseDto; canEdit: boolean }) {
  // A saved booking starts again: its own values, no warning or contract answer of an earlier choice. A
  // save of the case permission below leaves an unsaved choice of case manager or specialist alone.
  const [saves, setSaves] = useState(0);
  return (
    <BookingCm
      key={`${props.c.caseManagerId}:${props.c.specialistId ?? ''}:${saves}`}
      {...props}
      onSaved={() => setSaves((n) => n + 1)}
    />
  );
}

function BookingCm({ c, canEdit, onSaved }: { c: CaseDto; canEdit: boolean; onSaved: () => void }) {
  const api = useApi();
  const [form] = Form.useForm<{ caseManagerId: string; specialistId: string | null }>();
  const [highRisk, setHighRisk] = useState<BookingCheckDto['highRisk']>(null);
  const [confirmNoContract, setConfirmNoContract] = useState(false);
  const chosenSpecialist = Form.useWatch('specialistId', form);
  const { withOverride, dialog } = useIndependenceOverride(useNotices());
  const { save, saving, edited } = useBookingSave(
    c,
    form,
    (v) => ({ caseManagerId: v.caseManagerId, specialistId: v.specialistId ?? null, confirmNoContract }),
    onSaved,
    withOverride,
  );

  async function onCaseManager(id: string | null) {
    setHighRisk(null);
    if (!id) return;
    const cm = await callEndpoint(api, ResourceEndpoints['case-managers'].get, { params: { id } });
    setHighRisk((await bookingCheck(api, { companyId: cm.companyId })).highRisk);
  }
  async function onSpecialist(id: string | null) {
    setConfirmNoContract(false);
    if (!id || id === c.specialistId) return;
    const answer = await confirmContract(await bookingCheck(api, { specialistId: id, clientId: c.clientId }));
    if (answer === 'cancelled') form.setFieldValue('specialistId', c.specialistId);
    setConfirmNoContract(answer === 'confirmed');
  }

  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle">
      {c.isHighRisk && !highRisk && (
        <Alert type="warning" showIcon title="High-risk company" description={c.highRiskReason ?? ''} />
      )}
      {highRisk && (
        <Alert
          type="warning"
          showIcon
          role="alert"
          title="High-risk company"
          description={highRisk.reason ?? 'This company is flagged as high risk.'}
        />
      )}
      <Descriptions column={1} bordered size="small" style={{ maxWidth: 640 }}>
        <Descriptions.Item label="Company">{c.companyName}</Descriptions.Item>
        <Descriptions.Item label="Case manager">{c.caseManagerName}</Descriptions.Item>
        <Descriptions.Item label="Specialist">{c.specialistName ?? ''}</Descriptions.Item>
      </Descriptions>
      <IndependencePanel c={c} specialistId={chosenSpecialist ?? c.specialistId} canEdit={canEdit} />
      {canEdit && (
        <Form
          form={form}
          layout="vertical"
          style={{ maxWidth: 640 }}
          initialValues={{ caseManagerId: c.caseManagerId, specialistId: c.specialistId }}
          onValuesChange={edited}
        >
          <SelectionListSelect
            name="caseManagerId"
            label="Booking case manager"
            resource="case-managers"
            required
            extra="The company is the booking case manager's."
            onChange={(v) => void onCaseManager(v as string | null)}
          />
          <SelectionListSelect
            name="specialistId"
            label="Specialist"
            resource="specialists"
            onChange={(v) => void onSpecialist(v as string | null)}
          />
          <SaveButton loading={saving} onClick={() => void save()} />
        </Form>
      )}
      {dialog}
      <Divider style={{ margin: '4px 0' }} />
      <CasePermissionPanel c={c} canEdit={canEdit} />
    </Space>
  );
}

// ---------------------------------------------------------------------------------------------------
// Claimant details

const CLIENT_KEYS = Object.keys(UpdateClientInput.shape) as (keyof typeof UpdateClientInput.shape)[];
type ClientRecord = ClientDto;

/** ClientDetails: which claimant the case is for, and the claimant's own details. */
export function ClientDetailsTab({
  c,
  canEdit,
  canEditClient,
}: {
  c: CaseDto;
  canEdit: boolean;
  canEditClient: boolean;
}) {
  const api = useApi();
  const client = useQuery({
    queryKey: ['cases', 'client', c.clientId],
    queryFn: () => callEndpoint(api, ResourceEndpoints.clients.get, { params: { id: c.clientId } }),
  });
  const r = client.data;
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle">
      {canEdit && <ClaimantChoice key={c.clientId} c={c} />}
      {/* Another claimant, or a new version of this one, starts a new form from the record. */}
      {r && <ClaimantForm key={`${r.id}:${r.concurrencyStamp}`} c={c} record={r} canEditClient={canEditClient} />}
    </Space>
  );
}

/** Which claimant the case is for, changed through the booking detail. */
function ClaimantChoice({ c }: { c: CaseDto }) {
  const [caseForm] = Form.useForm<{ clientId: string }>();
  const { save, saving, edited } = useBookingSave(c, caseForm, (v) => ({ clientId: v.clientId }));
  return (
    <Form
      form={caseForm}
      layout="vertical"
      style={{ maxWidth: 640 }}
      initialValues={{ clientId: c.clientId }}
      onValuesChange={edited}
    >
      <Flex gap={8} align="end">
        <div style={{ flex: 1 }}>
          <SelectionListSelect name="clientId" label="Claimant" resource="clients" required />
        </div>
        <Form.Item>
          <SaveButton loading={saving} onClick={() => void save()}>
            Change claimant
          </SaveButton>
        </Form.Item>
      </Flex>
    </Form>
  );
}

/** The claimant's own record, saved through the claimant's update. */
function ClaimantForm({ c, record, canEditClient }: { c: CaseDto; record: ClientRecord; canEditClient: boolean }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [clientForm] = Form.useForm<Record<string, unknown>>();
  const {
    save: saveClient,
    saving: savingClient,
    edited: editedClient,
  } = useFormSave(
    clientForm,
    async (values) => {
      // The record's other fields go back as they are: the update takes the whole record.
      const body = Object.fromEntries(CLIENT_KEYS.map((k) => [k, k in values ? values[k] : record[k]]));
      await callEndpoint(api, ResourceEndpoints.clients.update, {
        params: { id: record.id },
        body: { ...(body as z.input<typeof UpdateClientInput>), concurrencyStamp: record.concurrencyStamp },
      });
    },
    {
      onSaved: async () => {
        await queryClient.invalidateQueries({ queryKey: ['cases', 'client', c.clientId] });
        await queryClient.invalidateQueries({ queryKey: caseKeys.one(c.id) });
      },
    },
  );
  return (
    <Form
      form={clientForm}
      layout="vertical"
      style={{ maxWidth: 640 }}
      disabled={!canEditClient}
      initialValues={Object.fromEntries(CLIENT_KEYS.map((k) => [k, record[k] ?? null]))}
      aria-label="Claimant details"
      onValuesChange={editedClient}
    >
      <Flex gap={12}>
        <div style={{ flex: 1 }}>
          <TextInput name="firstName" label="First name" required />
        </div>
        <div style={{ flex: 1 }}>
          <TextInput name="lastName" label="Last name" required />
        </div>
      </Flex>
      <Flex gap={12}>
        <div style={{ flex: 1 }}>
          <DateInput name="dateOfBirth" label="Date of birth" />
        </div>
        <div style={{ flex: 1 }}>
          <Form.Item name="gender" label="Gender">
            <Select allowClear options={Genders.map((g) => ({ value: g, label: GenderLabels[g] }))} />
          </Form.Item>
        </div>
      </Flex>
      <EmailInput name="email" label="Email" />
      <Flex gap={8}>
        <CallButton number={record.mobile} caseId={c.id} party="claimant" />
        <CallButton number={record.phone} caseId={c.id} party="claimant" />
      </Flex>
      <Flex gap={12}>
        <div style={{ flex: 1 }}>
          <PhoneInput name="phone" label="Phone" />
        </div>
        <div style={{ flex: 1 }}>
          <PhoneInput name="mobile" label="Mobile" />
        </div>
      </Flex>
      <Form.Item name="notes" label="Claimant notes">
        <Input.TextArea rows={3} maxLength={4000} />
      </Form.Item>
      {canEditClient && (
        <SaveButton loading={savingClient} onClick={() => void saveClient()}>
          Save claimant
        </SaveButton>
      )}
    </Form>
  );
}
