import { Modal } from 'antd';
import { ImeModule } from '@casebook/domain';
import { ApiError } from '../../platform/api/api-client';
import type { Notices } from '../../platform/notices/notices';

/** The messages of the IME date rules that ask before saving (an appointment in the past). */
const CONFIRM_MESSAGES = new Set(
  Object.values(ImeModule.steps).flatMap((step) =>
    (step.dateRules ?? []).filter((r) => r.outcome === 'confirm').map((r) => r.message),
  ),
);

/**
 * Saves with `send(false)`; when the server asks about a date (decision 0032), asks the user with the rule's
 * message and saves again with `send(true)` once they say yes. `send` must call silently: any other refusal
 * is shown here as a notice and thrown on, for the form to put its field messages on the fields.
 */
export async function withDateConfirmation<T>(send: (confirmDates: boolean) => Promise<T>, notices: Notices) {
  try {
    return await send(false);
  } catch (error) {
    if (!(error instanceof ApiError) || !CONFIRM_MESSAGES.has(error.message)) {
      if (error instanceof ApiError) notices.error(error.message);
      throw error;
    }
    const yes = await new Promise<boolean>((resolve) =>
      Modal.confirm({
        title: 'Confirm',
        content: error.message,
        okText: 'Yes',
        cancelText: 'No',
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      }),
    );
    if (!yes) throw error;
    return send(true);
  }
}
