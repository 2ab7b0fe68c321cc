import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Descriptions, Form, Input, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useParams } from 'react-router';
import {
  endpointKey,
  FormMessages,
  formatPercent,
  FundingEndpoints as api,
  parsePercent,
  type InterestRateDto,
} from '@casebook/domain';
import { useCan } from '../../app/session/useCan';
import { useApi } from '../../platform/api/api-client';
import { endpointQuery, useCall } from '../../platform/api/endpoints';
import { DateBox } from '../../platform/controls/DateInput';
import { useNotices } from '../../platform/notices/useNotices';
import { feeText, fundingTypeLabel, money, repaymentText } from './fundingFormat';

/** /view/facility-agreements/detail/:id: the agreement's terms, its rates by date, and its status. */
export function FundingAgreementDetailPage() {
  const { id = '' } = useParams();
  const client = useApi();
  const call = useCall();
  const can = useCan();
  const queries = useQueryClient();
  const notices = useNotices();
  const [form] = Form.useForm<{ effectiveFrom: string; rate: string }>();
  const [saving, setSaving] = useState(false);
  const agreement = useQuery(endpointQuery(client, api.getAgreement, { params: { id } }));
  const a = agreement.data;
  const mayWrite = can(api.changeAgreementStatus.access.permission!);
  const refresh = () =>
    Promise.all(
      [api.getAgreement, api.listAgreements].map((e) => queries.invalidateQueries({ queryKey: endpointKey(e) })),
    );

  async function setStatus(status: 'Effective' | 'Cancelled') {
    try {
      await call(api.changeAgreementStatus, {
        params: { id },
        body: { status, concurrencyStamp: a?.concurrencyStamp },
      });
      notices.success('Data has been updated successfully');
      await refresh();
    } catch {
      // The notice has said why.
    }
  }
  async function addRate() {
    let v: { effectiveFrom: string; rate: string };
    try {
      v = await form.validateFields();
    } catch {
      notices.warning(FormMessages.incomplete);
      return;
    }
    setSaving(true);
    try {
      await call(api.addInterestRate, {
        params: { id },
        body: {
          effectiveFrom: v.effectiveFrom,
          basisPoints: parsePercent(v.rate) ?? -1,
          concurrencyStamp: a?.concurrencyStamp,
        },
      });
      notices.success('Data has been added successfully');
      form.resetFields();
      await refresh();
    } catch {
      // The notice has said why.
    } finally {
      setSaving(false);
    }
  }
  if (!a) return <div className="screen" aria-busy={agreement.isFetching} />;
  return (
    <div className="screen">
      <h1 className="screen-title">Facility Agreement Detail - {a.agreementNo}</h1>
      {mayWrite && (
        <Space style={{ marginBottom: 12 }}>
          {a.status === 'Pending' && (
            <Button type="primary" onClick={() => void setStatus('Effective')}>
              Make Effective
            </Button>
          )}
          {a.status !== 'Cancelled' && (
            <Button danger onClick={() => void setStatus('Cancelled')}>
              Cancel Agreement
            </Button>
          )}
        </Space>
      )}
      <Descriptions size="small" bordered column={3} style={{ marginBottom: 16 }}>
        <Descriptions.Item label="Status">
          <Tag>{a.status}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label="Provider">{a.providerName}</Descriptions.Item>
        <Descriptions.Item label="Borrower">{a.borrowerName}</Descriptions.Item>
        <Descriptions.Item label="Funding Type">{fundingTypeLabel(a.fundingType)}</Descriptions.Item>
        <Descriptions.Item label="Interest">
          {a.interestMethod === 'Compound' ? 'Compound (monthly)' : 'Simple'}, charged {a.interestCharge.toLowerCase()}
          {a.interestCharge === 'Upfront' && a.upfrontInterestDays
            ? ` (${a.upfrontInterestDays} days per advance)`
            : ''}
        </Descriptions.Item>
        <Descriptions.Item label="Fee">{feeText(a)}</Descriptions.Item>
        <Descriptions.Item label="Repayment">{repaymentText(a)}</Descriptions.Item>
        <Descriptions.Item label="Facility Limit">{money(a.facilityLimitCents)}</Descriptions.Item>
        <Descriptions.Item label="Financing From">{a.financingStartDate}</Descriptions.Item>
        <Descriptions.Item label="Loans">{a.loanCount}</Descriptions.Item>
      </Descriptions>
      <h2>Interest Rates</h2>
      {mayWrite && a.status !== 'Cancelled' && (
        <Form form={form} layout="inline" style={{ marginBottom: 12 }}>
          <Form.Item name="effectiveFrom" rules={[{ required: true, message: FormMessages.required }]}>
            <DateBox aria-label="Effective From" placeholder="Effective From" />
          </Form.Item>
          <Form.Item
            name="rate"
            rules={[
              { required: true, message: FormMessages.required },
              {
                validator: (_, value: string | undefined) =>
                  !value || parsePercent(value) !== undefined
                    ? Promise.resolve()
                    : Promise.reject(new Error('Enter a percent with at most 2 decimals')),
              },
            ]}
          >
            <Input aria-label="Rate" placeholder="Rate" suffix="%" />
          </Form.Item>
          <Button loading={saving} onClick={() => void addRate()}>
            Add Rate
          </Button>
        </Form>
      )}
      <Table<InterestRateDto>
        size="small"
        aria-label="Interest rates"
        rowKey="id"
        dataSource={a.rates}
        pagination={false}
        columns={[
          { title: 'Effective From', dataIndex: 'effectiveFrom' },
          { title: 'Rate (a year)', key: 'rate', render: (_, r) => formatPercent(r.basisPoints) },
        ]}
      />
    </div>
  );
}
