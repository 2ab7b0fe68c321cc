import type { FormInstance } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useScreen } from './ScreenContext';

/**
 * Tracks whether a form has unsaved changes and tells the shell, with a way to save them (so closing
 * the tab can ask 'Do you want to save changes before opening new section?').
 */
export function useUnsavedForm(form: FormInstance, save: (values: Record<string, unknown>) => Promise<boolean>) {
  const screen = useScreen();
  const [dirty, setDirty] = useState(false);
  const saveRef = useRef(save);
  useEffect(() => {
    saveRef.current = save;
  });
  useEffect(() => {
    screen.unsaved(
      dirty,
      dirty
        ? () =>
            form.validateFields().then(
              (values) => saveRef.current(values),
              () => false,
            )
        : undefined,
    );
  }, [dirty, form, screen]);
  useEffect(() => () => screen.unsaved(false), [screen]);
  return { onEdit: () => setDirty(true), saved: () => setDirty(false) };
}
