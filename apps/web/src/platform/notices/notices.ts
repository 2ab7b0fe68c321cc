import { createContext } from 'react';
import type { NotificationInstance } from 'antd/es/notification/interface';
import { ERROR_NOTICE_SECONDS, ErrorMessages, SUCCESS_NOTICE_SECONDS } from '@casebook/domain';

/** The spec's notices (shell §8, §9): Success for 3 s, Error and Warning for 5 s. */
export type Notices = {
  /** 'Data has been saved successfully.' unless the caller says otherwise. */
  success(message?: string): void;
  error(message: string): void;
  /** 'An error occurred, please try again' unless the caller says otherwise. */
  warning(message?: string): void;
};

export const SAVED_MESSAGE = 'Data has been saved successfully.';

/**
 * Where notices appear: bottom right, away from the header's Save / Add / Export buttons, so a notice
 * that stays while hovered never sits under the user's next click.
 */
export const NOTICE_PLACEMENT = { placement: 'bottomRight', bottom: 24 } as const;

/** Notices shown through antd's notification API (the instance of `App.useApp()`, so they follow the theme). */
export function createNotices(notification: Pick<NotificationInstance, 'success' | 'error' | 'warning'>): Notices {
  // The same text replaces itself instead of stacking (ten failed calls when the server is down).
  const key = (title: string, message: string) => `${title}\u0000${message}`;
  return {
    success(message = SAVED_MESSAGE) {
      notification.success({
        key: key('Success', message),
        title: 'Success',
        description: message,
        duration: SUCCESS_NOTICE_SECONDS,
      });
    },
    error(message) {
      notification.error({
        key: key('Error', message),
        title: 'Error',
        description: message,
        duration: ERROR_NOTICE_SECONDS,
      });
    },
    warning(message = ErrorMessages.generic) {
      notification.warning({
        key: key('Warning', message),
        title: 'Warning',
        description: message,
        duration: ERROR_NOTICE_SECONDS,
      });
    },
  };
}

export const NoticesContext = createContext<Notices | null>(null);
