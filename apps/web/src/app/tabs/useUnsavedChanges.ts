import { useEffect, useRef } from 'react';
import { useTab } from './useTab';
import { useWorkspace } from './useWorkspace';

/**
 * Tells the workspace that the calling screen has unsaved changes: closing its tab (or signing out)
 * then asks 'Do you want to save changes before opening new section?' and can call `save`.
 */
export function useUnsavedChanges(dirty: boolean, save?: () => Promise<boolean | void>): void {
  const info = useTab();
  const workspace = useWorkspace();
  const saveRef = useRef(save);
  saveRef.current = save;
  const id = info?.tab.id;
  useEffect(() => {
    if (!id) return;
    workspace.setUnsaved(id, dirty ? { save: () => saveRef.current?.() ?? Promise.resolve(true) } : undefined);
    return () => workspace.setUnsaved(id, undefined);
  }, [id, dirty]);
}
