import type { App } from 'antd';
import type { EmailTrackingDto } from '@casebook/domain';
import { CorrespondenceEndpoints as mail } from '@casebook/domain';
import type { ApiClient } from '../../platform/api/api-client';
import { callEndpoint } from '../../platform/api/endpoints';
import { instantText } from '../../platform/time';

/** The warning a resend shows: the copy is the message as it was, not the record as it is now. */
export const RESEND_WARNING =
  'Unsaved changes were not sent: the e-mail goes again exactly as it was first sent. Save your changes and send a new e-mail to include them.';

type ModalApi = ReturnType<typeof App.useApp>['modal'];

/**
 * Asks before sending a message again (warning that unsaved changes are not in it) and resends it;
 * resolves true once the copy is queued, false when the user cancelled.
 */
export function confirmResend(
  modal: ModalApi,
  api: ApiClient,
  message: EmailTrackingDto,
  timeZone: string,
): Promise<boolean> {
  return new Promise((resolve) => {
    void modal.confirm({
      title: 'Resend e-mail',
      content: (
        <>
          <p>
            Send “{message.subject}” to {message.recipient} again (first queued{' '}
            {instantText(message.creationTime, timeZone)})?
          </p>
          <p role="alert">{RESEND_WARNING}</p>
        </>
      ),
      okText: 'Resend',
      onOk: async () => {
        await callEndpoint(api, mail.resend, { params: { id: message.id } });
        resolve(true);
      },
      onCancel: () => resolve(false),
    });
  });
}
