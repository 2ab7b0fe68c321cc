import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Form, Select } from 'antd';
import { useState } from 'react';
import { CaseEndpoints, InvoiceEndpoints } from '@casebook/domain';
import { useWorkspace } from '../../app/tabs/useWorkspace';
import { useApi } from '../../platform/api/api-client';
import { endpointQuery, useCall } from '../../platform/api/endpoints';
import { DateBox, useDebouncedValue } from '../../platform/controls';

/** /view/invoices/add: invoices a case from the payment blueprint that fits it, then opens the draft. */
export function InvoiceAddPage() {
  const api = useApi();
  const call = useCall();
  const { open } = useWorkspace();
  const { notification } = App.useApp();
  const [search, setSearch] = useState('');
  const filterText = useDebouncedValue(search.trim(), 500);
  const [caseId, setCaseId] = useState<string | undefined>();
  const [invoiceDate, setInvoiceDate] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const cases = useQuery(
    endpointQuery(api, CaseEndpoints.list, { query: { filterText: filterText || undefined, maxResultCount: 20 } }),
  );

  const create = async () => {
    if (!caseId) return;
    setBusy(true);
    try {
      const inv = await call(InvoiceEndpoints.invoiceFromModule, {
        body: { caseId, ...(invoiceDate ? { invoiceDate } : {}) },
      });
      notification.success({ title: 'Success', description: 'Data has been added successfully', duration: 3 });
      open({ path: `/view/invoices/detail/${inv.id}` });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="screen">
      <h1 className="screen-title">New Invoice</h1>
      <Card>
        <Form layout="vertical" style={{ maxWidth: 480 }}>
          <Form.Item label="Case" required>
            <Select
              showSearch
              aria-label="Case"
              placeholder="Search by case number or claimant"
              filterOption={false}
              onSearch={setSearch}
              value={caseId}
              onChange={setCaseId}
              loading={cases.isFetching}
              options={(cases.data?.items ?? []).map((c) => ({
                value: c.id,
                label: `${c.caseNo} — ${c.clientName} (${c.companyName})`,
              }))}
            />
          </Form.Item>
          <Form.Item label="Invoice date" extra="Today when left empty">
            <DateBox aria-label="Invoice date" value={invoiceDate} onChange={setInvoiceDate} />
          </Form.Item>
          <Button type="primary" disabled={!caseId} loading={busy} onClick={() => void create()}>
            Create invoice from blueprint
          </Button>
        </Form>
      </Card>
    </div>
  );
}
