import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import {
  IRO_FUNDING_SETTING,
  InvoiceEndpoints,
  Permissions,
  SystemConfigEndpoints,
  type InvoiceDto,
} from '@casebook/domain';
import { useCan } from '../../app/session/useCan';
import { useApi } from '../../platform/api/api-client';
import { endpointQuery, useCall } from '../../platform/api/endpoints';
import { DateBox } from '../../platform/controls';
import { dateText } from '../../platform/time';

type SchemeForm = { icareClaimNo: string; dateOfInjury: string | null; employer: string; iroGrantNo: string };

/**
 * Who pays under a scheme: the icare claim (number, date of injury, employer) and, where the organisation
 * has IRO funding, the IRO grant. Editable until the invoice is cancelled; the scheme exports read them.
 */
export function SchemeDetailsCard({ inv, onSaved }: { inv: InvoiceDto; onSaved: (next: InvoiceDto) => Promise<void> }) {
  const api = useApi();
  const call = useCall();
  const can = useCan();
  const iro = useQuery(endpointQuery(api, SystemConfigEndpoints.getSetting, { query: { key: IRO_FUNDING_SETTING } }));
  const showIro = iro.data?.value === 'true' || inv.iroGrantNo !== null;
  const [form] = Form.useForm<SchemeForm>();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  const save = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      const next = await call(InvoiceEndpoints.icareUpdate, {
        params: { id: inv.id },
        body: {
          concurrencyStamp: inv.concurrencyStamp,
          icareClaimNo: v.icareClaimNo ?? '',
          dateOfInjury: v.dateOfInjury ?? null,
          employer: v.employer ?? '',
          iroGrantNo: v.iroGrantNo ?? '',
        },
      });
      setOpen(false);
      await onSaved(next);
    } catch {
      // The error notice has said why; the dialog keeps what was typed.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card
      title="Scheme"
      extra={
        inv.status !== 'CANCELLED' &&
        can(Permissions.payments.update) && (
          <Button
            onClick={() => {
              form.setFieldsValue({
                icareClaimNo: inv.icareClaimNo ?? '',
                dateOfInjury: inv.dateOfInjury,
                employer: inv.employer ?? '',
                iroGrantNo: inv.iroGrantNo ?? '',
              });
              setOpen(true);
            }}
          >
            Edit Scheme
          </Button>
        )
      }
    >
      <Descriptions size="small" column={showIro ? 4 : 3}>
        <Descriptions.Item label="icare claim no">
          <span data-testid="icare-claim-no">{inv.icareClaimNo ?? ''}</span>
        </Descriptions.Item>
        <Descriptions.Item label="Date of injury">
          {inv.dateOfInjury ? dateText(inv.dateOfInjury) : ''}
        </Descriptions.Item>
        <Descriptions.Item label="Employer">{inv.employer ?? ''}</Descriptions.Item>
        {showIro && (
          <Descriptions.Item label="IRO grant no">
            <span data-testid="iro-grant-no">{inv.iroGrantNo ?? ''}</span>
          </Descriptions.Item>
        )}
      </Descriptions>
      <Modal
        title="Scheme"
        open={open}
        onOk={() => void save()}
        onCancel={() => setOpen(false)}
        okText="Save"
        okButtonProps={{ loading: busy }}
        forceRender
      >
        <Form form={form} name={`scheme-${inv.id}`} layout="vertical">
          <Form.Item name="icareClaimNo" label="icare claim no" rules={[{ max: 50 }]}>
            <Input />
          </Form.Item>
          <Form.Item name="dateOfInjury" label="Date of injury">
            <DateBox aria-label="Date of injury" />
          </Form.Item>
          <Form.Item name="employer" label="Employer" rules={[{ max: 200 }]}>
            <Input />
          </Form.Item>
          {showIro && (
            <Form.Item name="iroGrantNo" label="IRO grant no" rules={[{ max: 50 }]}>
              <Input />
            </Form.Item>
          )}
        </Form>
      </Modal>
    </Card>
  );
}
