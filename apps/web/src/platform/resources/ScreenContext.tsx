import { Modal, notification } from 'antd';
import { createContext, useContext, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { ERROR_NOTICE_SECONDS, SUCCESS_NOTICE_SECONDS } from '@casebook/domain';
import { NOTICE_PLACEMENT } from '../notices/notices';

/** The spec's success texts (shell §8). */
export const SuccessMessages = {
  added: 'Data has been added successfully',
  saved: 'Data has been saved successfully.',
  deleted: 'Data has been deleted successfully.',
} as const;

export const DELETE_PROMPT = 'Do you want to delete this record?';

/** How a screen moves on: `replace` puts the new screen in the place of this one (its tab, its history entry). */
export type NavigateOptions = { replace?: boolean };

type Screen = {
  /** Opens a path of the app (a tab, through the shell's router). */
  navigate: (path: string, options?: NavigateOptions) => void;
  success: (message: string) => void;
  warning: (message: string) => void;
  /** Resolves true when the user confirms. */
  confirm: (options: { title: string; okText?: string; danger?: boolean }) => Promise<boolean>;
  /** Tells the shell whether the form has unsaved changes, and how to save them. */
  unsaved: (unsaved: boolean, save?: () => Promise<boolean>) => void;
  /** Tells the shell the shown record's name (for the tab). */
  recordName: (name: string) => void;
};

/** What the shell may want to hear from the screens. */
export type ScreenListeners = {
  navigate: (path: string, options?: NavigateOptions) => void;
  onUnsavedChange?: (unsaved: boolean, save?: () => Promise<boolean>) => void;
  onRecordName?: (name: string) => void;
};

const ScreenContext = createContext<Screen | null>(null);

/** Navigation, notices and confirm prompts of the resource screens. */
export function useScreen(): Screen {
  const screen = useContext(ScreenContext);
  if (!screen) throw new Error('useScreen outside a resource screen');
  return screen;
}

/** Success notices last 3 s and warnings 5 s, titled as the spec says. */
export function ScreenProvider({ children, ...listeners }: ScreenListeners & { children: ReactNode }) {
  const [notices, noticeHolder] = notification.useNotification(NOTICE_PLACEMENT);
  const [modal, modalHolder] = Modal.useModal();
  // The shell may pass new functions on every render; the screens keep one context value.
  const listenersRef = useRef(listeners);
  useEffect(() => {
    listenersRef.current = listeners;
  });
  const screen = useMemo<Screen>(
    () => ({
      navigate: (path, options) =>
        options ? listenersRef.current.navigate(path, options) : listenersRef.current.navigate(path),
      unsaved: (unsaved, save) => listenersRef.current.onUnsavedChange?.(unsaved, save),
      recordName: (name) => listenersRef.current.onRecordName?.(name),
      success: (message) =>
        notices.success({ key: message, title: 'Success', description: message, duration: SUCCESS_NOTICE_SECONDS }),
      warning: (message) =>
        notices.warning({ key: message, title: 'Warning', description: message, duration: ERROR_NOTICE_SECONDS }),
      confirm: ({ title, okText = 'Yes', danger = false }) =>
        new Promise<boolean>((resolve) => {
          modal.confirm({
            title,
            okText,
            cancelText: 'No',
            okButtonProps: { danger },
            onOk: () => resolve(true),
            onCancel: () => resolve(false),
          });
        }),
    }),
    [notices, modal],
  );
  return (
    <ScreenContext.Provider value={screen}>
      {noticeHolder}
      {modalHolder}
      {children}
    </ScreenContext.Provider>
  );
}
