import { createContext, useContext } from 'react';
import type { OpenRequest, Tab } from './tabModel';

/** What a tab's screen registers while it has unsaved changes. */
export type UnsavedEntry = {
  /** Saves the changes; resolves false (or rejects) when they could not be saved. */
  save?: () => Promise<boolean | void>;
};

/** The tab workspace: the open tabs and what can be done with them. */
export type Workspace = {
  tabs: readonly Tab[];
  activeId: string | undefined;
  /**
   * Opens a route as a tab (reusing one matched by id, tab name or path) and shows it; `replace` takes
   * the place of the current browser history entry instead of adding one.
   */
  open(request: OpenRequest, options?: { replace?: boolean }): void;
  /** Shows an open tab. */
  activate(id: string): void;
  /** Closes a tab, asking first when it has unsaved changes; resolves false when the user cancelled. */
  close(id: string, options?: { toPrevious?: boolean }): Promise<boolean>;
  /** Moves a tab to where another one is. */
  move(fromId: string, toId: string): void;
  update(id: string, change: Partial<Omit<Tab, 'id'>>): void;
  /** Marks a tab as having unsaved changes (an entry) or none (undefined). */
  setUnsaved(id: string, entry: UnsavedEntry | undefined): void;
  /** Whether a tab has unsaved changes. */
  hasUnsaved(id: string): boolean;
  /** Before leaving the session (sign out, switch account): asks about every tab with unsaved changes. */
  confirmLeave(): Promise<boolean>;
  /** The tab's route is not valid: closes the tab and returns to the root. */
  invalid(id: string): void;
};

export const WorkspaceContext = createContext<Workspace | null>(null);

export function useWorkspace(): Workspace {
  const workspace = useContext(WorkspaceContext);
  if (!workspace) throw new Error('useWorkspace outside WorkspaceProvider');
  return workspace;
}
