import { useContext, useEffect, useRef } from 'react';
import { useTab } from './useTab';
import { WorkspaceContext } from './useWorkspace';

/**
 * Tells the workspace that the calling screen has unsaved changes: closing its tab (or signing out)
 * then asks 'Do you want to save changes before opening new section?' and can call `save`. Outside the
 * tab workspace (a print page, a component on its own) it does nothing.
 */
export function useUnsavedChanges(dirty: boolean, save?: () => Promise<boolean | void>): void {
  const info = useTab();
  // The function stays the same while the workspace object changes with every tab change.
  const setUnsaved = useContext(WorkspaceContext)?.setUnsaved;
  const saveRef = useRef(save);
  saveRef.current = save;
  const id = info?.tab.id;
  useEffect(() => {
    if (!id || !setUnsaved) return;
    setUnsaved(id, dirty ? { save: () => saveRef.current?.() ?? Promise.resolve(true) } : undefined);
    return () => setUnsaved(id, undefined);
  }, [id, dirty, setUnsaved]);
}
