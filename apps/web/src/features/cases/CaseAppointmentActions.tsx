import { DownOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, Dropdown, Form, Input, Modal, Select, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import {
  CaseEndpoints,
  decideModuleStep,
  FormMessages,
  ImeModule,
  moduleAllows,
  Permissions,
  type CaseDto,
  type ImeStatus,
} from '@casebook/domain';
import { useCan } from '../../app/session/useCan';
import { useWorkspace } from '../../app/tabs/useWorkspace';
import { useCall } from '../../platform/api/endpoints';
import { DateInput, SelectionListSelect } from '../../platform/controls';
import { useNotices } from '../../platform/notices/useNotices';
import { useFormSave } from '../../platform/resources/useFormSave';
import { withDateConfirmation } from './confirmDates';
import { caseKeys, showSavedCase } from './caseApi';
import { CaseListPaths } from './CaseListPage';

type Action = 'reschedule' | 'cancel' | 'rebook' | 'status';

/** The statuses a case may move to from its current one, as the module declares them. */
export function statusChoices(from: ImeStatus): ImeStatus[] {
  return (ImeModule.transitions[from] ?? []).filter((to) => moduleAllows(ImeModule, from, to));
}

/**
 * The case's appointment and status actions, in one "Actions" menu of the header: reschedule and cancel
 * the appointment (when the case has one and its status may move that way), rebook as a new case
 * (optionally telling the case manager the claimant did not attend), and change the status to one the
 * module allows from the current one. Each is offered only to those who may do it.
 */
export function CaseAppointmentActions({ c }: { c: CaseDto }) {
  const can = useCan();
  const [open, setOpen] = useState<Action>();
  const canUpdate = can(Permissions.assessments.update);
  const hasAppointment = Boolean(c.appointmentDate);
  const allowed = (step: 'reschedule-appointment' | 'cancel-appointment', facts: never) =>
    decideModuleStep(ImeModule, step, c.status, facts).ok;
  const items = [
    canUpdate &&
      hasAppointment &&
      (allowed('reschedule-appointment', { step: 'reschedule-appointment', confirmed: true } as never) ||
        allowed('reschedule-appointment', { step: 'reschedule-appointment', confirmed: false } as never)) && {
        key: 'reschedule',
        label: 'Reschedule appointment',
      },
    canUpdate &&
      hasAppointment &&
      allowed('cancel-appointment', { step: 'cancel-appointment' } as never) && {
        key: 'cancel',
        label: 'Cancel appointment',
      },
    can(Permissions.assessments.create) && { key: 'rebook', label: 'Rebook' },
    can(Permissions.assessments.changeStatus) &&
      statusChoices(c.status).length > 0 && { key: 'status', label: 'Change status' },
  ].filter((i): i is { key: Action; label: string } => Boolean(i));
  if (items.length === 0) return null;
  const close = () => setOpen(undefined);
  return (
    <>
      <Dropdown menu={{ items, onClick: ({ key }) => setOpen(key as Action) }} trigger={['click']}>
        <Button>
          Actions <DownOutlined />
        </Button>
      </Dropdown>
      {open === 'reschedule' && <RescheduleDialog c={c} onClose={close} />}
      {open === 'cancel' && <CancelAppointmentDialog c={c} onClose={close} />}
      {open === 'rebook' && <RebookDialog c={c} onClose={close} />}
      {open === 'status' && <ChangeStatusDialog c={c} onClose={close} />}
    </>
  );
}

/** A dialog whose OK saves its form; it closes once saved and stays open (the input kept) on a refusal. */
function ActionDialog<V>({
  title,
  okText,
  onClose,
  send,
  initial,
  children,
  onSaved,
}: {
  title: string;
  okText: string;
  onClose: () => void;
  send: (values: V) => Promise<CaseDto>;
  initial?: Partial<V>;
  children: ReactNode;
  onSaved?: (saved: CaseDto) => Promise<void> | void;
}) {
  const [form] = Form.useForm<V>();
  const queryClient = useQueryClient();
  const { save, saving } = useFormSave(form, send, {
    onSaved: async (saved) => {
      if (onSaved) await onSaved(saved);
      else await showSavedCase(queryClient, saved, [caseKeys.logs(saved.id), [...caseKeys.all, 'list']]);
    },
  });
  return (
    <Modal
      open
      title={title}
      okText={okText}
      confirmLoading={saving}
      onOk={() => void save().then((saved) => saved && onClose())}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={initial as object}>
        {children}
      </Form>
    </Modal>
  );
}

type RescheduleValues = {
  appointmentDate: string | null;
  appointmentTime: string;
  centreId: string | null;
  confirmed: boolean;
  reason: string;
};

function RescheduleDialog({ c, onClose }: { c: CaseDto; onClose: () => void }) {
  const call = useCall();
  const notices = useNotices();
  return (
    <ActionDialog<RescheduleValues>
      title="Reschedule appointment"
      okText="Reschedule"
      onClose={onClose}
      initial={{
        appointmentDate: null,
        appointmentTime: c.appointmentTime ?? '',
        centreId: c.centreId,
        confirmed: c.status === 'APPOINTMENT_CONFIRMED',
        reason: '',
      }}
      send={(v) =>
        withDateConfirmation(
          (confirmDates) =>
            call(
              CaseEndpoints.rescheduleAppointment,
              {
                params: { id: c.id },
                body: {
                  confirmDates,
                  concurrencyStamp: c.concurrencyStamp,
                  appointmentDate: v.appointmentDate,
                  appointmentTime: v.appointmentTime || null,
                  appointmentType: c.appointmentType,
                  centreId: v.centreId ?? null,
                  confirmed: v.confirmed,
                  reason: v.reason?.trim() || null,
                },
              },
              { silent: true },
            ),
          notices,
        )
      }
    >
      <Typography.Paragraph type="secondary">
        Now {c.appointmentDate} {c.appointmentTime ?? ''}
      </Typography.Paragraph>
      <DateInput name="appointmentDate" label="New appointment date" required />
      <Form.Item
        name="appointmentTime"
        label="New time"
        rules={[
          { required: true, message: FormMessages.required },
          { pattern: /^([01]\d|2[0-3]):[0-5]\d$/, message: 'HH:MM' },
        ]}
      >
        <Input placeholder="HH:MM" style={{ width: 120 }} />
      </Form.Item>
      <SelectionListSelect name="centreId" label="Centre" resource="centres" />
      <Form.Item name="confirmed" valuePropName="checked">
        <Checkbox>Appointment confirmed</Checkbox>
      </Form.Item>
      <Form.Item name="reason" label="Reason">
        <Input.TextArea rows={3} maxLength={4000} />
      </Form.Item>
    </ActionDialog>
  );
}

function CancelAppointmentDialog({ c, onClose }: { c: CaseDto; onClose: () => void }) {
  const call = useCall();
  return (
    <ActionDialog<{ reason: string }>
      title="Cancel appointment"
      okText="Cancel appointment"
      onClose={onClose}
      send={(v) =>
        call(CaseEndpoints.cancelAppointment, {
          params: { id: c.id },
          body: { concurrencyStamp: c.concurrencyStamp, reason: v.reason?.trim() || null },
        })
      }
    >
      <Typography.Paragraph>
        The appointment of {c.appointmentDate} {c.appointmentTime ?? ''} is cancelled and the case goes back to
        Appointment requested.
      </Typography.Paragraph>
      <Form.Item name="reason" label="Reason">
        <Input.TextArea rows={3} maxLength={4000} />
      </Form.Item>
    </ActionDialog>
  );
}

function RebookDialog({ c, onClose }: { c: CaseDto; onClose: () => void }) {
  const call = useCall();
  const { open } = useWorkspace();
  const queryClient = useQueryClient();
  return (
    <ActionDialog<{ notifyCaseDNA: boolean }>
      title="Rebook"
      okText="Rebook"
      onClose={onClose}
      initial={{ notifyCaseDNA: c.status === 'NOT_ATTENDED' }}
      send={(v) => call(CaseEndpoints.rebook, { params: { id: c.id }, body: { notifyCaseDNA: v.notifyCaseDNA } })}
      onSaved={async (created) => {
        await queryClient.invalidateQueries({ queryKey: [...caseKeys.all, 'list'] });
        open({ path: `${CaseListPaths[created.serviceType]}/detail/${created.id}` });
      }}
    >
      <Typography.Paragraph>
        A new case for the same claimant, company, case manager and specialist is opened in Appointment requested,
        linked to {c.caseNo}.
      </Typography.Paragraph>
      <Form.Item name="notifyCaseDNA" valuePropName="checked">
        <Checkbox>Tell the case manager the claimant did not attend</Checkbox>
      </Form.Item>
    </ActionDialog>
  );
}

function ChangeStatusDialog({ c, onClose }: { c: CaseDto; onClose: () => void }) {
  const call = useCall();
  return (
    <ActionDialog<{ status: ImeStatus; note: string }>
      title="Change status"
      okText="Change status"
      onClose={onClose}
      send={(v) =>
        call(CaseEndpoints.changeStatus, {
          body: {
            concurrencyStamp: c.concurrencyStamp,
            objectId: c.id,
            status: v.status,
            note: v.note?.trim() || null,
          },
        })
      }
    >
      <Typography.Paragraph>Now: {ImeModule.statuses[c.status].label}</Typography.Paragraph>
      <Form.Item name="status" label="New status" rules={[{ required: true, message: FormMessages.required }]}>
        <Select options={statusChoices(c.status).map((s) => ({ value: s, label: ImeModule.statuses[s].label }))} />
      </Form.Item>
      <Form.Item name="note" label="Note">
        <Input.TextArea rows={2} maxLength={1000} />
      </Form.Item>
    </ActionDialog>
  );
}
