import { Descriptions, Empty, Space } from 'antd';
import {
  AppointmentTypeLabels,
  BillingStatusLabels,
  CancellationTypeLabels,
  ImeStatusLabels,
  type CaseDto,
} from '@casebook/domain';
import { useSession } from '../../app/session/useSession';
import { dateText } from '../../platform/time';

/** Appointment types held by video. */
const VIDEO_TYPES = new Set(['VIDEO', 'BOTH', 'OT_VIDEO', 'CO_TELECONFERENCE']);

/**
 * Video: what a video meeting of the case would be about (appointment, time zone, the parties). No
 * video meeting is created yet, so the link part shows an empty state.
 */
export function CaseVideoTab({ c }: { c: CaseDto }) {
  const { tenant } = useSession();
  const isVideo = c.appointmentType !== null && VIDEO_TYPES.has(c.appointmentType);
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle">
      <Descriptions column={1} bordered size="small" style={{ maxWidth: 640 }} aria-label="Video details">
        <Descriptions.Item label="Appointment type">
          {c.appointmentType ? AppointmentTypeLabels[c.appointmentType] : ''}
        </Descriptions.Item>
        <Descriptions.Item label="Appointment">
          {[dateText(c.appointmentDate), c.appointmentTime ?? ''].filter(Boolean).join(' ')}
        </Descriptions.Item>
        <Descriptions.Item label="Time zone">{tenant.timezone}</Descriptions.Item>
        <Descriptions.Item label="Case status">{ImeStatusLabels[c.status]}</Descriptions.Item>
        <Descriptions.Item label="Specialist">{c.specialistName ?? ''}</Descriptions.Item>
        <Descriptions.Item label="Claimant">{c.clientName}</Descriptions.Item>
        <Descriptions.Item label="Case manager">{c.caseManagerName}</Descriptions.Item>
      </Descriptions>
      <Empty
        description={
          isVideo
            ? 'No video meeting has been set up for this appointment yet.'
            : 'This appointment is not held by video.'
        }
      />
    </Space>
  );
}

/**
 * Credit Request: what a credit would be asked against (billing readiness, cancellation fee, status);
 * credit requests themselves are not recorded yet, so the list shows an empty state.
 */
export function CaseCreditRequestTab({ c }: { c: CaseDto }) {
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle">
      <Descriptions column={1} bordered size="small" style={{ maxWidth: 640 }} aria-label="Billing of the case">
        <Descriptions.Item label="Billing readiness">{BillingStatusLabels[c.billingStatus]}</Descriptions.Item>
        <Descriptions.Item label="Case status">{ImeStatusLabels[c.status]}</Descriptions.Item>
        <Descriptions.Item label="Cancellation">
          {c.cancellationType ? CancellationTypeLabels[c.cancellationType] : ''}
        </Descriptions.Item>
      </Descriptions>
      <Empty description="No credit requests for this case." />
    </Space>
  );
}
