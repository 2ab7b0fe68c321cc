import { Alert, Input, Modal, Typography } from 'antd';
import { useRef, useState, type ReactNode } from 'react';
import { INDEPENDENCE_OVERRIDE_REASON_MAX, INDEPENDENCE_OVERRIDE_REQUIRED } from '@casebook/domain';
import { ApiError } from '../../platform/api/api-client';
import type { Notices } from '../../platform/notices/notices';

type Asking = { message: string; resolve: (reason: string | null) => void };

/**
 * A booking's Save that may meet the specialist's independence warning (decision 0031): `withOverride`
 * saves with `send(undefined)`; when the server answers that the warning needs a reason for going ahead
 * (422 `confirm:independenceOverrideReason`), `dialog` asks for it with the check's reasons and the save
 * is sent again with it, to be recorded with the booking. Cancel keeps the form as typed. `send` must call
 * silently: any other refusal is shown here as a notice and thrown on, for the form's field messages.
 */
export function useIndependenceOverride(notices: Notices): {
  withOverride: <T>(send: (reason: string | undefined) => Promise<T>) => Promise<T>;
  dialog: ReactNode;
} {
  const [asking, setAsking] = useState<Asking | null>(null);
  const [reason, setReason] = useState('');
  const resolveRef = useRef<Asking['resolve'] | null>(null);

  function answer(value: string | null) {
    resolveRef.current?.(value);
    resolveRef.current = null;
    setAsking(null);
  }

  async function withOverride<T>(send: (reason: string | undefined) => Promise<T>): Promise<T> {
    const shown = (error: unknown) => {
      if (error instanceof ApiError) notices.error(error.message);
      return error;
    };
    try {
      return await send(undefined);
    } catch (error) {
      if (!(error instanceof ApiError) || error.details !== INDEPENDENCE_OVERRIDE_REQUIRED) throw shown(error);
      const given = await new Promise<string | null>((resolve) => {
        resolveRef.current = resolve;
        setReason('');
        setAsking({ message: error.message, resolve });
      });
      if (given === null) throw error;
      try {
        return await send(given);
      } catch (again) {
        throw shown(again);
      }
    }
  }

  const [lead, ...reasons] = (asking?.message ?? '').split(/: (?=.)/);
  const dialog = (
    <Modal
      open={asking !== null}
      title="Independence warning"
      okText="Save with this reason"
      cancelText="Cancel"
      okButtonProps={{ disabled: !reason.trim() }}
      onOk={() => answer(reason.trim())}
      onCancel={() => answer(null)}
      destroyOnHidden
    >
      <Alert
        type="warning"
        showIcon
        role="alert"
        title={reasons.length > 0 ? `${lead}:` : lead}
        description={reasons.length > 0 ? reasons.join(': ') : undefined}
        style={{ marginBottom: 12 }}
      />
      <Typography.Paragraph>Saving this booking records on the case that you went ahead, and why.</Typography.Paragraph>
      <Input.TextArea
        aria-label="Reason for going ahead"
        placeholder="Reason for going ahead with this specialist"
        value={reason}
        maxLength={INDEPENDENCE_OVERRIDE_REASON_MAX}
        onChange={(e) => setReason(e.target.value)}
        autoSize={{ minRows: 2, maxRows: 5 }}
      />
    </Modal>
  );
  return { withOverride, dialog };
}
