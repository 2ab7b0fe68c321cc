import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, InputNumber, Select } from 'antd';
import { useState } from 'react';
import {
  endpointKey,
  FEE_TYPES,
  FormMessages,
  FUNDING_TYPES,
  FundingEndpoints as api,
  INTEREST_METHODS,
  ordinal,
  parsePercent,
  REPAYMENT_DAY_MAX,
  REPAYMENT_DAY_MIN,
  REPAYMENT_TYPES,
  type CreateFundingAgreementInput,
} from '@casebook/domain';
import { DateBox } from '../../platform/controls/DateInput';
import { useWorkspace } from '../../app/tabs/useWorkspace';
import { useTab } from '../../app/tabs/useTab';
import { useApi } from '../../platform/api/api-client';
import { endpointQuery, useCall } from '../../platform/api/endpoints';
import { useNotices } from '../../platform/notices/useNotices';
import { moneyRule } from './fundingFormat';

type Values = {
  providerId: string;
  borrowerName: string;
  fundingType: 0 | 1 | 2;
  interestMethod: 'Simple' | 'Compound';
  interestCharge: 'Daily' | 'Upfront';
  upfrontInterestDays?: number;
  repaymentType: 'Monthly' | 'Settlement';
  repaymentDay?: number;
  feeType?: '$' | '%';
  fee?: string;
  facilityLimit: string;
  financingStartDate: string;
  interestRate: string;
};

/** /view/facility-agreements/add: a new agreement, Pending until made effective. */
export function FundingAgreementAddPage() {
  const client = useApi();
  const call = useCall();
  const queries = useQueryClient();
  const notices = useNotices();
  const { open } = useWorkspace();
  const tabId = useTab()?.tab.id;
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const providers = useQuery(
    endpointQuery(client, api.listProviders, { query: { isActive: true, maxResultCount: 1000 } }),
  );
  const repaymentType = Form.useWatch('repaymentType', form);
  const feeType = Form.useWatch('feeType', form);
  const interestCharge = Form.useWatch('interestCharge', form);

  async function save() {
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      notices.warning(FormMessages.incomplete);
      return;
    }
    const body: CreateFundingAgreementInput = {
      providerId: v.providerId,
      borrowerName: v.borrowerName,
      fundingType: v.fundingType,
      interestMethod: v.interestMethod,
      interestCharge: v.interestCharge,
      upfrontInterestDays: v.interestCharge === 'Upfront' ? (v.upfrontInterestDays ?? null) : null,
      repaymentType: v.repaymentType,
      repaymentDay: v.repaymentType === 'Monthly' ? (v.repaymentDay ?? null) : null,
      feeType: v.feeType ?? null,
      feeValue: !v.feeType || !v.fee ? null : v.feeType === '$' ? v.fee : (parsePercent(v.fee) ?? -1),
      facilityLimit: v.facilityLimit,
      financingStartDate: v.financingStartDate,
      interestRate: parsePercent(v.interestRate) ?? -1,
    };
    setSaving(true);
    try {
      const made = await call(api.createAgreement, { body });
      notices.success('Data has been added successfully');
      await queries.invalidateQueries({ queryKey: endpointKey(api.listAgreements) });
      open({ path: `/view/facility-agreements/detail/${made.id}`, ...(tabId ? { id: tabId } : {}) }, { replace: true });
    } catch {
      // The notice has said why.
    } finally {
      setSaving(false);
    }
  }
  const percentRule = {
    validator: (_: unknown, value: string | undefined) =>
      !value || parsePercent(value) !== undefined
        ? Promise.resolve()
        : Promise.reject(new Error('Enter a percent with at most 2 decimals')),
  };
  return (
    <div className="screen">
      <h1 className="screen-title">Add Facility Agreement</h1>
      <Form
        form={form}
        layout="vertical"
        style={{ maxWidth: 640 }}
        initialValues={{
          fundingType: 2,
          interestMethod: 'Simple',
          interestCharge: 'Daily',
          repaymentType: 'Settlement',
        }}
      >
        <Form.Item
          name="providerId"
          label="Funding Provider"
          rules={[{ required: true, message: FormMessages.required }]}
        >
          <Select
            aria-label="Funding Provider"
            loading={providers.isFetching}
            options={(providers.data?.items ?? []).map((p) => ({ value: p.id, label: p.name }))}
          />
        </Form.Item>
        <Form.Item name="borrowerName" label="Borrower" rules={[{ required: true, message: FormMessages.required }]}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="fundingType" label="Funding Type" rules={[{ required: true, message: FormMessages.required }]}>
          <Select aria-label="Funding Type" options={FUNDING_TYPES.map((t) => ({ value: t.value, label: t.label }))} />
        </Form.Item>
        <Form.Item name="interestMethod" label="Interest" rules={[{ required: true, message: FormMessages.required }]}>
          <Select
            aria-label="Interest"
            options={INTEREST_METHODS.map((m) => ({ value: m, label: m === 'Compound' ? 'Compound (monthly)' : m }))}
          />
        </Form.Item>
        <Form.Item
          name="interestCharge"
          label="Interest Charged"
          rules={[{ required: true, message: FormMessages.required }]}
        >
          <Select
            aria-label="Interest Charged"
            options={[
              { value: 'Daily', label: 'Daily, as it accrues' },
              { value: 'Upfront', label: 'Upfront, on each advance' },
            ]}
          />
        </Form.Item>
        {interestCharge === 'Upfront' && (
          <Form.Item
            name="upfrontInterestDays"
            label="Upfront Term (days)"
            rules={[{ required: true, message: FormMessages.required }]}
            extra="Each advance is charged this many days of interest on the day it is paid."
          >
            <InputNumber aria-label="Upfront Term (days)" min={1} max={3650} precision={0} style={{ width: 160 }} />
          </Form.Item>
        )}
        <Form.Item
          name="interestRate"
          label="Interest Rate (% a year)"
          rules={[{ required: true, message: FormMessages.required }, percentRule]}
        >
          <Input aria-label="Interest Rate" suffix="%" />
        </Form.Item>
        <Form.Item
          name="financingStartDate"
          label="Financing Start Date"
          rules={[{ required: true, message: FormMessages.required }]}
        >
          <DateBox aria-label="Financing Start Date" />
        </Form.Item>
        <Form.Item
          name="facilityLimit"
          label="Facility Limit"
          rules={[{ required: true, message: FormMessages.required }, moneyRule]}
        >
          <Input aria-label="Facility Limit" prefix="$" />
        </Form.Item>
        <Form.Item name="repaymentType" label="Repayment" rules={[{ required: true, message: FormMessages.required }]}>
          <Select aria-label="Repayment" options={REPAYMENT_TYPES.map((r) => ({ value: r, label: r }))} />
        </Form.Item>
        {repaymentType === 'Monthly' && (
          <Form.Item
            name="repaymentDay"
            label="Repayment Day"
            rules={[{ required: true, message: FormMessages.required }]}
          >
            <Select
              aria-label="Repayment Day"
              options={Array.from({ length: REPAYMENT_DAY_MAX - REPAYMENT_DAY_MIN + 1 }, (_, i) => ({
                value: i + REPAYMENT_DAY_MIN,
                label: ordinal(i + REPAYMENT_DAY_MIN),
              }))}
            />
          </Form.Item>
        )}
        <Form.Item name="feeType" label="Upfront Fee">
          <Select
            aria-label="Upfront Fee"
            allowClear
            options={FEE_TYPES.map((f) => ({ value: f, label: f === '$' ? '$ amount' : '% of each advance' }))}
          />
        </Form.Item>
        {feeType && (
          <Form.Item
            name="fee"
            label={feeType === '$' ? 'Fee Amount' : 'Fee Percent'}
            rules={[{ required: true, message: FormMessages.required }, feeType === '$' ? moneyRule : percentRule]}
          >
            <Input aria-label="Fee" {...(feeType === '$' ? { prefix: '$' } : { suffix: '%' })} />
          </Form.Item>
        )}
        <Button type="primary" loading={saving} onClick={() => void save()}>
          Save
        </Button>
      </Form>
    </div>
  );
}
