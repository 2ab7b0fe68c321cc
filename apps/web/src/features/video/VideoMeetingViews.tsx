import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Descriptions, Empty, Form, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useSearchParams, useParams } from 'react-router';
import {
  AppointmentTypeLabels,
  ImeStatusLabels,
  Permissions,
  VIDEO_APP_TYPE_LABELS,
  VIDEO_CLOSE_REASON_LABELS,
  VIDEO_ROLE_LABELS,
  VideoAppTypes,
  VideoEndpoints as api,
  VideoMessages,
  type CaseDto,
  type VideoInfoInput,
  type VideoMeetingDto,
  type VideoParticipantDto,
} from '@casebook/domain';
import { useCan } from '../../app/session/useCan';
import { useWorkspace } from '../../app/tabs/useWorkspace';
import { useApi } from '../../platform/api/api-client';
import { endpointKey, endpointQuery, useCall } from '../../platform/api/endpoints';
import { dateText, useInstantText } from '../../platform/time';

const REFRESH_MS = 5000;

function StatusTag({ m }: { m: VideoMeetingDto }) {
  if (m.status === 'OPEN')
    return <Tag color={m.firstJoinTime ? 'processing' : 'default'}>{m.firstJoinTime ? 'In progress' : 'Open'}</Tag>;
  return <Tag color="default">Closed{m.closeReason ? `: ${VIDEO_CLOSE_REASON_LABELS[m.closeReason]}` : ''}</Tag>;
}

/** The participants of a meeting: their own links, who is in it now, when each was e-mailed. */
export function ParticipantsTable({ m }: { m: VideoMeetingDto }) {
  const when = useInstantText();
  return (
    <Table<VideoParticipantDto>
      rowKey="id"
      size="small"
      pagination={false}
      aria-label="Participants"
      dataSource={m.participants}
      columns={[
        { title: 'Role', key: 'role', render: (_, p) => VIDEO_ROLE_LABELS[p.role] },
        { title: 'Name', dataIndex: 'name' },
        { title: 'E-mail', key: 'email', render: (_, p) => p.email ?? '' },
        {
          title: 'Link',
          key: 'link',
          render: (_, p) =>
            m.status === 'OPEN' ? (
              <Typography.Text copyable={{ text: p.link }} data-testid={`link-${p.role}`}>
                <a href={p.link} target="_blank" rel="noreferrer">
                  Open link
                </a>
              </Typography.Text>
            ) : (
              ''
            ),
        },
        {
          title: 'Present',
          key: 'present',
          render: (_, p) => (p.present ? <Tag color="success">In the meeting</Tag> : p.firstJoinTime ? 'Left' : ''),
        },
        { title: 'Link e-mailed', key: 'emailed', render: (_, p) => when(p.lastEmailTime) },
      ]}
    />
  );
}

function MeetingFacts({ m }: { m: VideoMeetingDto }) {
  const when = useInstantText();
  return (
    <Descriptions column={1} bordered size="small" style={{ maxWidth: 640 }} aria-label="Video meeting">
      <Descriptions.Item label="Case">{m.caseNo}</Descriptions.Item>
      <Descriptions.Item label="Status">
        <StatusTag m={m} />
      </Descriptions.Item>
      <Descriptions.Item label="Started">{when(m.firstJoinTime)}</Descriptions.Item>
      <Descriptions.Item label="Closes">
        {m.closesAt ? when(m.closesAt) : `${m.limitMinutes} minutes after the first participant joins`}
      </Descriptions.Item>
      <Descriptions.Item label="Closed">{when(m.closedTime)}</Descriptions.Item>
      <Descriptions.Item label="Platform">{VIDEO_APP_TYPE_LABELS[m.videoAppType]}</Descriptions.Item>
      <Descriptions.Item label="External meeting link">
        {m.alternativeVideoLink ? (
          <a href={m.alternativeVideoLink} target="_blank" rel="noreferrer">
            {m.alternativeVideoLink}
          </a>
        ) : (
          ''
        )}
      </Descriptions.Item>
      <Descriptions.Item label="Meeting ID">{m.alternativeMeetingId ?? ''}</Descriptions.Item>
      <Descriptions.Item label="Passcode">{m.alternativeMeetingPasscode ?? ''}</Descriptions.Item>
    </Descriptions>
  );
}

/**
 * A case's Video tab: what the appointment is, its meeting with each participant's link and who is in it
 * now; staff generate links, send or resend them by e-mail, close the meeting and set an external tool.
 */
export function CaseVideoTab({ c }: { c: CaseDto }) {
  const client = useApi();
  const call = useCall();
  const can = useCan();
  const queryClient = useQueryClient();
  const { notification } = App.useApp();
  const [busy, setBusy] = useState<string | null>(null);
  const [form] = Form.useForm<VideoInfoInput>();
  const params = { params: { id: c.id } };
  const info = useQuery({ ...endpointQuery(client, api.videoInfo, params), refetchInterval: REFRESH_MS });
  const staff = can(Permissions.assessments.update);
  const v = info.data;
  const m = v?.meeting ?? null;
  const open = m?.status === 'OPEN';

  const act = async (key: string, fn: () => Promise<unknown>, done?: string) => {
    setBusy(key);
    try {
      await fn();
      await queryClient.invalidateQueries({ queryKey: endpointKey(api.videoInfo, params) });
      if (done) notification.success({ title: 'Success', description: done, duration: 3 });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle">
      <Descriptions column={1} bordered size="small" style={{ maxWidth: 640 }} aria-label="Video details">
        <Descriptions.Item label="Appointment type">
          {c.appointmentType ? AppointmentTypeLabels[c.appointmentType] : ''}
        </Descriptions.Item>
        <Descriptions.Item label="Appointment">
          {[dateText(c.appointmentDate), c.appointmentTime ?? ''].filter(Boolean).join(' ')}
        </Descriptions.Item>
        <Descriptions.Item label="Time zone">{v?.appointmentTimeZone ?? ''}</Descriptions.Item>
        <Descriptions.Item label="Case status">{ImeStatusLabels[c.status]}</Descriptions.Item>
        <Descriptions.Item label="Specialist">{c.specialistName ?? ''}</Descriptions.Item>
        <Descriptions.Item label="Claimant">{c.clientName}</Descriptions.Item>
        <Descriptions.Item label="Case manager">{c.caseManagerName}</Descriptions.Item>
        <Descriptions.Item label="Interpreter">{v?.interpreterInfo?.name ?? ''}</Descriptions.Item>
      </Descriptions>
      {v && !v.isVideoAppointment && !m && <Empty description={VideoMessages.notVideo} />}
      {v && v.isVideoAppointment && !m && (
        <Empty description="No video meeting has been set up for this appointment yet." />
      )}
      {staff && v?.isVideoAppointment && (
        <Space wrap>
          {(!open || !m?.firstJoinTime) && (
            <Button
              type="primary"
              loading={busy === 'generate'}
              onClick={() =>
                void act('generate', () => call(api.generateVideoLink, params), 'The video links are ready.')
              }
            >
              {open ? 'Generate new links' : 'Generate video link'}
            </Button>
          )}
          {open && (
            <Button
              loading={busy === 'send'}
              onClick={() =>
                void act(
                  'send',
                  () =>
                    call(api.sendVideoLink, {
                      ...params,
                      body: { isResend: m.participants.some((p) => p.lastEmailTime) },
                    }),
                  VideoMessages.emailed,
                )
              }
            >
              {m.participants.some((p) => p.lastEmailTime) ? 'Resend links by e-mail' : 'Send links by e-mail'}
            </Button>
          )}
          {open && (
            <Button
              loading={busy === 'sms'}
              onClick={() =>
                void act(
                  'sms',
                  () => call(api.sendVideoLink, { ...params, body: { isSMS: true, roles: ['CLAIMANT'] } }),
                  'Video link SMS successfully',
                )
              }
            >
              Text the claimant their link
            </Button>
          )}
          {open && (
            <Button
              danger
              loading={busy === 'close'}
              onClick={() =>
                void act('close', () => call(api.closeMeeting, { params: { id: m.id } }), 'The meeting is closed.')
              }
            >
              Close meeting
            </Button>
          )}
        </Space>
      )}
      {m && (
        <>
          <ParticipantsTable m={m} />
          <MeetingFacts m={m} />
        </>
      )}
      {staff && v?.isVideoAppointment && (
        <Form<VideoInfoInput>
          form={form}
          layout="vertical"
          style={{ maxWidth: 640 }}
          aria-label="External meeting and interpreter"
          key={m?.id ?? 'none'}
          initialValues={{
            videoAppType: v.videoAppType,
            alternativeVideoLink: v.alternativeVideoLink ?? '',
            alternativeMeetingId: v.alternativeMeetingId ?? '',
            alternativeMeetingPasscode: v.alternativeMeetingPasscode ?? '',
            interpreterName: v.interpreterInfo?.name ?? '',
            interpreterEmail: v.interpreterInfo?.email ?? '',
          }}
          onFinish={(values) =>
            void act(
              'save',
              () => call(api.saveVideoInfo, { ...params, body: values }),
              'Data has been saved successfully.',
            )
          }
        >
          <Typography.Title level={5}>External meeting tool and interpreter</Typography.Title>
          <Form.Item name="videoAppType" label="Video platform">
            <Select options={VideoAppTypes.map((t) => ({ value: t, label: VIDEO_APP_TYPE_LABELS[t] }))} />
          </Form.Item>
          <Form.Item name="alternativeVideoLink" label="External meeting link">
            <Input placeholder="https://" />
          </Form.Item>
          <Space>
            <Form.Item name="alternativeMeetingId" label="Meeting ID">
              <Input />
            </Form.Item>
            <Form.Item name="alternativeMeetingPasscode" label="Passcode">
              <Input />
            </Form.Item>
          </Space>
          <Space>
            <Form.Item name="interpreterName" label="Interpreter name">
              <Input />
            </Form.Item>
            <Form.Item name="interpreterEmail" label="Interpreter e-mail">
              <Input />
            </Form.Item>
          </Space>
          <Form.Item>
            <Button htmlType="submit" loading={busy === 'save'}>
              Save
            </Button>
          </Form.Item>
        </Form>
      )}
    </Space>
  );
}

/** Video meetings of the tenant (or of one case with ?caseId=), newest first. */
export function VideoMeetingListPage() {
  const client = useApi();
  const [search] = useSearchParams();
  const caseId = search.get('caseId') ?? undefined;
  const [page, setPage] = useState(1);
  const { open } = useWorkspace();
  const when = useInstantText();
  const query = { caseId, skipCount: (page - 1) * 20, maxResultCount: 20 };
  const list = useQuery({ ...endpointQuery(client, api.videoMeetings, { query }), refetchInterval: REFRESH_MS });
  return (
    <Table<VideoMeetingDto>
      rowKey="id"
      size="small"
      aria-label="Video meetings"
      loading={list.isLoading}
      dataSource={list.data?.items ?? []}
      pagination={{ current: page, pageSize: 20, total: list.data?.totalCount ?? 0, onChange: setPage }}
      locale={{ emptyText: 'No Data' }}
      onRow={(m) => ({
        onClick: () => open({ path: `/view/video-session-detail?id=${m.id}` }),
        style: { cursor: 'pointer' },
      })}
      columns={[
        { title: 'Case', dataIndex: 'caseNo' },
        { title: 'Status', key: 'status', render: (_, m) => <StatusTag m={m} /> },
        { title: 'Created', key: 'created', render: (_, m) => when(m.creationTime) },
        { title: 'Started', key: 'started', render: (_, m) => when(m.firstJoinTime) },
        { title: 'Closes', key: 'closes', render: (_, m) => when(m.closesAt) },
        {
          title: 'Present',
          key: 'present',
          render: (_, m) =>
            m.participants
              .filter((p) => p.present)
              .map((p) => VIDEO_ROLE_LABELS[p.role])
              .join(', '),
        },
      ]}
    />
  );
}

/** One meeting (/view/video-session-detail?id= or /view/video-meeting/detail/:id) with its close action. */
export function VideoMeetingDetailPage() {
  const client = useApi();
  const call = useCall();
  const can = useCan();
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const { id: routeId } = useParams();
  const id = routeId ?? search.get('id') ?? '';
  const [busy, setBusy] = useState(false);
  const input = { params: { id } };
  const meeting = useQuery({
    ...endpointQuery(client, api.videoMeeting, input),
    enabled: Boolean(id),
    refetchInterval: REFRESH_MS,
  });
  if (!id) return <Empty description="Missing parameter id" />;
  const m = meeting.data;
  if (!m) return meeting.isError ? <Empty description="Cannot found" /> : null;
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle">
      <MeetingFacts m={m} />
      {can(Permissions.assessments.update) && m.status === 'OPEN' && (
        <Button
          danger
          loading={busy}
          onClick={() => {
            setBusy(true);
            void call(api.closeMeeting, input)
              .then(() => queryClient.invalidateQueries({ queryKey: endpointKey(api.videoMeeting, input) }))
              .finally(() => setBusy(false));
          }}
        >
          Close meeting
        </Button>
      )}
      <ParticipantsTable m={m} />
    </Space>
  );
}
