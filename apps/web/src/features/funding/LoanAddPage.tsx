import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Select } from 'antd';
import { useState } from 'react';
import { endpointKey, FormMessages, FundingEndpoints as api, type CreateLoanInput } from '@casebook/domain';
import { useTab } from '../../app/tabs/useTab';
import { useWorkspace } from '../../app/tabs/useWorkspace';
import { useApi } from '../../platform/api/api-client';
import { endpointQuery, useCall } from '../../platform/api/endpoints';
import { useNotices } from '../../platform/notices/useNotices';

/** /view/disbursement-funding/add: a loan under an effective agreement; its advances come next. */
export function LoanAddPage() {
  const client = useApi();
  const call = useCall();
  const queries = useQueryClient();
  const notices = useNotices();
  const { open } = useWorkspace();
  const tabId = useTab()?.tab.id;
  const [form] = Form.useForm<CreateLoanInput>();
  const [saving, setSaving] = useState(false);
  const agreements = useQuery(
    endpointQuery(client, api.listAgreements, { query: { status: 'Effective', maxResultCount: 1000 } }),
  );
  async function save() {
    let values: CreateLoanInput;
    try {
      values = await form.validateFields();
    } catch {
      notices.warning(FormMessages.incomplete);
      return;
    }
    setSaving(true);
    try {
      const made = await call(api.createLoan, { body: values });
      notices.success('Data has been added successfully');
      await queries.invalidateQueries({ queryKey: endpointKey(api.listLoans) });
      open(
        { path: `/view/disbursement-funding/detail/${made.id}`, ...(tabId ? { id: tabId } : {}) },
        { replace: true },
      );
    } catch {
      // The notice has said why.
    } finally {
      setSaving(false);
    }
  }
  return (
    <div className="screen">
      <h1 className="screen-title">Add Loan Funding</h1>
      <Form form={form} layout="vertical" style={{ maxWidth: 560 }}>
        <Form.Item name="agreementId" label="Agreement" rules={[{ required: true, message: FormMessages.required }]}>
          <Select
            aria-label="Agreement"
            loading={agreements.isFetching}
            options={(agreements.data?.items ?? []).map((a) => ({
              value: a.id,
              label: `${a.agreementNo} - ${a.borrowerName}`,
            }))}
          />
        </Form.Item>
        <Form.Item name="caseReference" label="Case Reference">
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="borrowerReference" label="Borrower Reference">
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="description" label="Description">
          <Input.TextArea maxLength={500} rows={2} />
        </Form.Item>
        <Button type="primary" loading={saving} onClick={() => void save()}>
          Save
        </Button>
      </Form>
    </div>
  );
}
