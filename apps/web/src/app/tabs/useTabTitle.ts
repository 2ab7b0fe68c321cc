import { useEffect } from 'react';
import { rememberTitle } from './tabTitles';
import { useTab } from './useTab';
import { useWorkspace } from './useWorkspace';

/**
 * Sets the calling screen's tab title (and suffix, e.g. the record's name); the title is remembered for
 * the path so that a restored tab shows it before its screen loads.
 */
export function useTabTitle(title: string | undefined, postFix?: string): void {
  const info = useTab();
  const workspace = useWorkspace();
  const id = info?.tab.id;
  const path = info?.tab.path;
  useEffect(() => {
    if (!id || !path) return;
    workspace.update(id, { title, postFix });
    if (title) rememberTitle(path, title);
    // workspace.update is stable for the provider's lifetime.
  }, [id, path, title, postFix]);
}
