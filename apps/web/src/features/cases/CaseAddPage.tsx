import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Form, Input, Modal, Select } from 'antd';
import { useEffect, useState } from 'react';
import { CaseEndpoints, SchedulingEndpoints, type BookingCheckDto, type CaseVisibility } from '@casebook/domain';
import {
  AppointmentTypeLabels,
  type CaseAppointmentType,
  type CaseServiceType,
  CaseServiceTypeLabels,
  caseTypesOfSession,
  CaseVisibilities,
  CaseVisibilityLabels,
  formatDisplayDate,
  FormMessages,
  parseIsoDate,
  Permissions,
  ResourceEndpoints,
} from '@casebook/domain';
import { useCan } from '../../app/session/useCan';
import { useTab } from '../../app/tabs/useTab';
import { useWorkspace } from '../../app/tabs/useWorkspace';
import { useApi } from '../../platform/api/api-client';
import { callEndpoint, endpointQuery } from '../../platform/api/endpoints';
import { SelectionListSelect, TextArea } from '../../platform/controls';
import { UnsavedFormsProvider } from '../../platform/resources/UnsavedForms';
import { useFormSave } from '../../platform/resources/useFormSave';
import { useNotices } from '../../platform/notices/useNotices';
import { caseKeys } from './caseApi';
import { CaseListPaths } from './CaseListPage';
import { useIndependenceOverride } from './independenceOverride';

type Values = {
  caseNo?: string;
  clientId: string | null;
  caseManagerId: string | null;
  specialistId: string | null;
  bookingNotes?: string;
  privateNotes?: string;
  visibility: CaseVisibility;
  visibilityGroupId?: string | null;
  appointmentType?: CaseAppointmentType;
};

/**
 * Request a case: claimant, booking case manager (and so the company), specialist, notes, visibility.
 * Opened with `?sessionId=` (the availability search's Book), the case is booked into that session:
 * the specialist is the session's, and saving books the slot with the case in one request.
 */
export function CaseAddPage({ serviceType }: { serviceType: CaseServiceType }) {
  // Closing the tab with the request half filled in asks whether to save it.
  return (
    <UnsavedFormsProvider>
      <CaseAdd serviceType={serviceType} />
    </UnsavedFormsProvider>
  );
}

function CaseAdd({ serviceType }: { serviceType: CaseServiceType }) {
  const api = useApi();
  const search = useTab()?.tab.search ?? '';
  const [removedSession, setRemovedSession] = useState<string | null>(null);
  const requestedSession = new URLSearchParams(search).get('sessionId');
  const sessionId = requestedSession && requestedSession !== removedSession ? requestedSession : null;
  const session = useQuery({
    ...endpointQuery(api, SchedulingEndpoints.get, { params: { id: sessionId ?? '' } }),
    enabled: sessionId !== null,
  });
  const slot = sessionId ? session.data : undefined;
  const slotTypes = slot ? caseTypesOfSession(slot.appointmentType) : [];
  const queryClient = useQueryClient();
  const { open, close, setUnsaved } = useWorkspace();
  const addTabId = useTab()?.tab.id;
  const can = useCan();
  const privateNotes = can(Permissions.assessments.privateNotes);
  const [form] = Form.useForm<Values>();
  const [highRisk, setHighRisk] = useState<BookingCheckDto['highRisk']>(null);
  const [seenBefore, setSeenBefore] = useState(false);
  const [confirmNoContract, setConfirmNoContract] = useState(false);
  const visibility = Form.useWatch('visibility', form);

  // The chosen session decides the specialist and, where it allows one only, the appointment type.
  useEffect(() => {
    if (!slot) return;
    form.setFieldsValue({
      specialistId: slot.specialistId,
      appointmentType: caseTypesOfSession(slot.appointmentType)[0] as CaseAppointmentType,
    });
    void onSpecialist(slot.specialistId);
  }, [slot?.id]);

  async function onCaseManager(id: string | null) {
    setHighRisk(null);
    if (!id) return;
    const cm = await callEndpoint(api, ResourceEndpoints['case-managers'].get, { params: { id } });
    const check = await callEndpoint(api, CaseEndpoints.bookingCheck, { query: { companyId: cm.companyId } });
    setHighRisk(check.highRisk);
  }

  async function onSpecialist(id: string | null) {
    setConfirmNoContract(false);
    setSeenBefore(false);
    if (!id) return;
    const clientId = form.getFieldValue('clientId') as string | null;
    const check = await callEndpoint(api, CaseEndpoints.bookingCheck, { query: { specialistId: id, clientId } });
    setSeenBefore(check.seenBefore);
    if (check.contract?.outcome === 'confirm') {
      Modal.confirm({
        title: 'Confirm',
        content: check.contract.message,
        okText: 'Yes',
        cancelText: 'No',
        onOk: () => setConfirmNoContract(true),
        onCancel: () => form.setFieldValue('specialistId', null),
      });
    } else if (check.contract?.outcome === 'cancel') {
      Modal.warning({
        title: 'Specialist',
        content: check.contract.message,
        okText: 'Cancel',
        onOk: () => form.setFieldValue('specialistId', null),
      });
    }
  }

  const { withOverride, dialog } = useIndependenceOverride(useNotices());
  const { save, saving, edited } = useFormSave(
    form,
    (values) =>
      withOverride((independenceOverrideReason) =>
        callEndpoint(
          api,
          CaseEndpoints.create,
          {
            body: {
              serviceType,
              ...(values.caseNo?.trim() ? { caseNo: values.caseNo.trim() } : {}),
              // Both are required fields, so the form has checked them before it saves.
              clientId: values.clientId as string,
              caseManagerId: values.caseManagerId as string,
              specialistId: values.specialistId ?? null,
              bookingNotes: values.bookingNotes ?? '',
              privateNotes: privateNotes ? (values.privateNotes ?? '') : '',
              visibility: values.visibility,
              visibilityGroupId: values.visibility === 'GROUP' ? (values.visibilityGroupId ?? null) : null,
              confirmNoContract,
              ...(slot ? { sessionId: slot.id, appointmentType: values.appointmentType ?? null } : {}),
              ...(independenceOverrideReason ? { independenceOverrideReason } : {}),
            },
          },
          { silent: true },
        ),
      ),
    {
      onSaved: async (created) => {
        await queryClient.invalidateQueries({ queryKey: caseKeys.all });
        if (slot) {
          await queryClient.invalidateQueries({ queryKey: ['availability'] });
          await queryClient.invalidateQueries({ queryKey: ['calendar'] });
        }
        // The case opens in its own tab and this add tab goes, so a second Save cannot make a second case.
        form.resetFields();
        if (addTabId) {
          setUnsaved(addTabId, undefined);
          await close(addTabId);
        }
        open({ path: `${CaseListPaths[serviceType]}/detail/${created.id}` });
      },
    },
  );

  return (
    <div className="screen">
      {dialog}
      <h1 className="screen-title">Add {CaseServiceTypeLabels[serviceType]}</h1>
      <Form
        form={form}
        layout="vertical"
        style={{ maxWidth: 720 }}
        initialValues={{ visibility: 'EVERYONE', clientId: null, caseManagerId: null, specialistId: null }}
        requiredMark
        onValuesChange={edited}
      >
        {highRisk && (
          <Alert
            type="warning"
            showIcon
            role="alert"
            style={{ marginBottom: 16 }}
            title="High-risk company"
            description={highRisk.reason ?? 'This company is flagged as high risk.'}
          />
        )}
        <Form.Item name="caseNo" label="Case number" extra="Left empty, the next number is given.">
          <Input maxLength={50} />
        </Form.Item>
        <SelectionListSelect name="clientId" label="Claimant" resource="clients" required />
        <SelectionListSelect
          name="caseManagerId"
          label="Booking case manager"
          resource="case-managers"
          required
          onChange={(v) => void onCaseManager(v as string | null)}
        />
        {slot && (
          <Alert
            type="info"
            style={{ marginBottom: 16 }}
            title="Appointment session"
            role="region"
            aria-label="Appointment session"
            description={
              <>
                <Descriptions
                  size="small"
                  column={1}
                  items={[
                    { key: 'specialist', label: 'Specialist', children: slot.specialistName },
                    {
                      key: 'when',
                      label: 'Date and time',
                      children: `${formatDisplayDate(parseIsoDate(slot.date)!)} ${slot.startTime}–${slot.endTime} ${slot.zoneAbbreviation}`,
                    },
                    { key: 'centre', label: 'Centre', children: slot.centreName ?? 'Video / phone' },
                    {
                      key: 'type',
                      label: 'Appointment type',
                      children: AppointmentTypeLabels[slot.appointmentType],
                    },
                    { key: 'status', label: 'Slot', children: slot.slotStatusLabel },
                  ]}
                />
                <Button size="small" style={{ marginTop: 8 }} onClick={() => setRemovedSession(slot.id)}>
                  Do not book this session
                </Button>
              </>
            }
          />
        )}
        {slot && slotTypes.length > 1 && (
          <Form.Item name="appointmentType" label="Appointment type" rules={[{ required: true }]}>
            <Select options={slotTypes.map((t) => ({ value: t, label: AppointmentTypeLabels[t] }))} />
          </Form.Item>
        )}
        <SelectionListSelect
          name="specialistId"
          label="Specialist"
          resource="specialists"
          disabled={Boolean(slot)}
          onChange={(v) => void onSpecialist(v as string | null)}
        />
        {seenBefore && (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            title="This specialist has seen this claimant before."
          />
        )}
        <TextArea name="bookingNotes" label="Booking notes" />
        {privateNotes && <TextArea name="privateNotes" label="Private notes" />}
        <Form.Item
          name="visibility"
          label="Case permission"
          rules={[{ required: true, message: FormMessages.required }]}
        >
          <Select options={CaseVisibilities.map((v) => ({ value: v, label: CaseVisibilityLabels[v] }))} />
        </Form.Item>
        {visibility === 'GROUP' && (
          <SelectionListSelect name="visibilityGroupId" label="User group" resource="user-group" required />
        )}
        <Button type="primary" onClick={() => void save()} loading={saving}>
          Save
        </Button>
      </Form>
    </div>
  );
}
