import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Form, Select, Table } from 'antd';
import { useState } from 'react';
import {
  endpointKey,
  MedNegEndpoints,
  MedNegPoAnswers,
  MedNegPoRequestTypes,
  type ModuleCaseDto,
} from '@casebook/domain';
import { useApi } from '../../platform/api/api-client';
import { callEndpoint, endpointQuery } from '../../platform/api/endpoints';
import { DateInput, SelectionListSelect } from '../../platform/controls';
import { dateText } from '../../platform/time';

type AskValues = { specialistId: string; requestType: (typeof MedNegPoRequestTypes)[number]; requestedDate: string };
const TYPE_LABELS = { REQUEST: 'PO request', FREE_PO: 'Free PO', TC: 'Teleconference' } as const;
const ANSWER_LABELS = { ACCEPTED: 'Accepted', DECLINED: 'Declined' } as const;

/** The requests of a matter to specialists with their answers; asking another; booking the linked full report. */
export function MedNegRequests({ c, canEdit }: { c: ModuleCaseDto; canEdit: boolean }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<AskValues>();
  const [busy, setBusy] = useState(false);
  const requests = useQuery({
    ...endpointQuery(api, MedNegEndpoints.poRequests, { params: { id: c.id } }),
    staleTime: 0,
  });
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: endpointKey(MedNegEndpoints.poRequests) });
    await queryClient.invalidateQueries({ queryKey: endpointKey(MedNegEndpoints.get) });
    await queryClient.invalidateQueries({ queryKey: endpointKey(MedNegEndpoints.statusLogs) });
  };
  const run = async (work: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await work();
      await refresh();
    } finally {
      setBusy(false);
    }
  };
  const ask = async () => {
    const v = await form.validateFields();
    await run(() => callEndpoint(api, MedNegEndpoints.createPoRequest, { params: { id: c.id }, body: v }));
    form.resetFields();
  };
  const fullReport = async () => {
    const { specialistId } = await form.validateFields(['specialistId']);
    await run(() => callEndpoint(api, MedNegEndpoints.fullReport, { params: { id: c.id }, body: { specialistId } }));
  };
  const answer = (poId: string, value: (typeof MedNegPoAnswers)[number]) =>
    run(() =>
      callEndpoint(api, MedNegEndpoints.updatePoRequest, {
        params: { id: c.id, poId },
        body: { answer: value, answerDate: null, notes: null },
      }),
    );
  return (
    <section aria-labelledby="mn-requests">
      <h2 id="mn-requests">Requests to specialists</h2>
      <Table
        size="small"
        aria-label="Requests to specialists"
        rowKey="id"
        pagination={false}
        loading={requests.isLoading}
        dataSource={requests.data?.items ?? []}
        columns={[
          { title: 'Specialist', key: 'specialist', render: (_, r) => r.specialistName },
          { title: 'Request', key: 'type', render: (_, r) => TYPE_LABELS[r.requestType] },
          { title: 'Requested', key: 'requested', render: (_, r) => dateText(r.requestedDate) },
          {
            title: 'Answer',
            key: 'answer',
            render: (_, r) =>
              r.answer ? (
                ANSWER_LABELS[r.answer]
              ) : canEdit ? (
                <Flex gap={4}>
                  {MedNegPoAnswers.map((a) => (
                    <Button key={a} size="small" disabled={busy} onClick={() => void answer(r.id, a)}>
                      {ANSWER_LABELS[a]}
                    </Button>
                  ))}
                </Flex>
              ) : (
                ''
              ),
          },
        ]}
      />
      {canEdit && (
        <Form
          form={form}
          name="medNegRequest"
          layout="inline"
          style={{ marginTop: 12 }}
          initialValues={{ requestType: 'REQUEST' }}
        >
          <div style={{ minWidth: 320 }}>
            <SelectionListSelect name="specialistId" label="Specialist" resource="specialists" required />
          </div>
          <Form.Item name="requestType" label="Request type" rules={[{ required: true }]}>
            <Select
              style={{ width: 160 }}
              options={MedNegPoRequestTypes.map((t) => ({ value: t, label: TYPE_LABELS[t] }))}
            />
          </Form.Item>
          <DateInput name="requestedDate" label="Requested date" required />
          <Button onClick={() => void ask()} loading={busy}>
            Ask specialist
          </Button>
          <Button onClick={() => void fullReport()} disabled={busy || Boolean(c.fields.linkedCaseId)}>
            Create full report
          </Button>
        </Form>
      )}
    </section>
  );
}
