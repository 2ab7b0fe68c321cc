import { MailOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { CENTRE_AVAILABLE_DEFAULT_DAYS } from '@casebook/domain';
import { SchedulingEndpoints } from '@casebook/domain';
import { useApi } from '../../platform/api/api-client';
import { callEndpoint } from '../../platform/api/endpoints';
import { DateBox } from '../../platform/controls';
import { useNotices } from '../../platform/notices/useNotices';
import { fieldStatus, serverErrorsOf, type ServerErrors } from './serverErrors';

const FIELDS = ['to', 'fromDate', 'toDate', 'note'] as const;
const NONE: ServerErrors = { fields: {}, other: [] };

type Values = { to: string; fromDate: string | null; toDate: string | null; note: string };

/**
 * E-mails a centre's free sessions (to the centre's own address unless another is given) after asking
 * first; the dates start from the search's own and default to the next 14 days.
 */
export function EmailCentreAvailabilityButton({
  centre,
  fromDate = null,
  toDate = null,
}: {
  centre: { id: string; name: string };
  fromDate?: string | null;
  toDate?: string | null;
}) {
  const api = useApi();
  const notices = useNotices();
  const [values, setValues] = useState<Values | null>(null);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<ServerErrors>(NONE);
  const open = () => {
    setErrors(NONE);
    setValues({ to: '', fromDate, toDate, note: '' });
  };
  const send = async () => {
    if (!values) return;
    setBusy(true);
    setErrors(NONE);
    try {
      await callEndpoint(api, SchedulingEndpoints.sendCentreAvailable, {
        body: {
          centreId: centre.id,
          to: values.to.trim() || null,
          fromDate: values.fromDate,
          toDate: values.toDate,
          note: values.note.trim() || null,
        },
      });
      notices.success('Email has been sent!');
      setValues(null);
    } catch (error) {
      setErrors(serverErrorsOf(error, FIELDS));
    } finally {
      setBusy(false);
    }
  };
  const set = (change: Partial<Values>) => setValues((v) => (v ? { ...v, ...change } : v));

  return (
    <>
      <Button size="small" icon={<MailOutlined />} onClick={open}>
        Email availability
      </Button>
      <Modal
        title={`Email availability: ${centre.name}`}
        open={values !== null}
        okText="Yes"
        cancelText="No"
        confirmLoading={busy}
        onOk={() => void send()}
        onCancel={() => setValues(null)}
        destroyOnHidden
      >
        {values && (
          <Form layout="vertical">
            <Typography.Paragraph strong>
              Do you want to email the available sessions of this centre?
            </Typography.Paragraph>
            {errors.other.length > 0 && (
              <Alert type="error" showIcon style={{ marginBottom: 12 }} title={errors.other.join(' ')} />
            )}
            <Form.Item label="Recipient" {...fieldStatus(errors, 'to')}>
              <Input
                aria-label="Recipient"
                placeholder="The centre's e-mail address"
                maxLength={256}
                value={values.to}
                onChange={(e) => set({ to: e.target.value })}
              />
            </Form.Item>
            <Form.Item
              label="Sessions from"
              {...fieldStatus(errors, 'fromDate')}
              extra={fieldStatus(errors, 'fromDate').help ? undefined : 'Today when left empty'}
            >
              <DateBox aria-label="Sessions from" value={values.fromDate} onChange={(v) => set({ fromDate: v })} />
            </Form.Item>
            <Form.Item
              label="Sessions to"
              {...fieldStatus(errors, 'toDate')}
              extra={
                fieldStatus(errors, 'toDate').help
                  ? undefined
                  : `${CENTRE_AVAILABLE_DEFAULT_DAYS} days on when left empty`
              }
            >
              <DateBox aria-label="Sessions to" value={values.toDate} onChange={(v) => set({ toDate: v })} />
            </Form.Item>
            <Form.Item label="Note" {...fieldStatus(errors, 'note')}>
              <Input.TextArea
                aria-label="Note"
                rows={3}
                maxLength={4000}
                showCount
                value={values.note}
                onChange={(e) => set({ note: e.target.value })}
              />
            </Form.Item>
          </Form>
        )}
      </Modal>
    </>
  );
}
