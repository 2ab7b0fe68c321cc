import { lazy, Suspense, useCallback, useState, type ComponentType, type LazyExoticComponent } from 'react';
import type { RouteEntry } from '@casebook/domain';
import type { NavigateOptions } from '../../platform/resources';
import { useTab } from '../tabs/useTab';
import { useWorkspace } from '../tabs/useWorkspace';

// The generic resource screens (list, add, detail) load with the first resource tab, not with the shell.
const ResourceRoute = lazy(() => import('../../platform/resources').then((m) => ({ default: m.ResourceRoute })));
// Who else is viewing a record: with the first detail screen, not with the shell.
const PresenceAvatars = lazy(() =>
  import('../../features/notifications/PresenceAvatars').then((m) => ({ default: m.PresenceAvatars })),
);

/** Resources whose detail screen has buttons of its own, loaded with that screen. */
const RECORD_ACTIONS: Record<string, LazyExoticComponent<ComponentType<{ id: string }>>> = {
  users: lazy(() =>
    import('../../features/admin/UserPasswordActions').then((m) => ({ default: m.UserPasswordActions })),
  ),
};

export type ResourceScreenProps = { route: RouteEntry; mode: 'list' | 'add' | 'detail'; id: string | undefined };

/** What a resource screen tells its tab: unsaved changes (asked about on close) and the record's name. */
function useTabListeners() {
  const { setUnsaved, update } = useWorkspace();
  const tabId = useTab()?.tab.id;
  // A form with unsaved changes is asked about before its tab closes.
  const onUnsavedChange = useCallback(
    (unsaved: boolean, save?: () => Promise<boolean>) => {
      if (tabId) setUnsaved(tabId, unsaved ? (save ? { save } : {}) : undefined);
    },
    [tabId, setUnsaved],
  );
  // The record's name follows the tab's title ("Country Detail - Australia").
  const onRecordName = useCallback(
    (name: string) => {
      if (tabId) update(tabId, { postFix: name });
    },
    [tabId, update],
  );
  return { tabId, onUnsavedChange, onRecordName };
}

/** The generic list, add and detail screens of a resource (`/view/{resource}`, `/add`, `/detail/{id}`). */
export function ResourceScreen({ route, mode, id }: ResourceScreenProps) {
  const { open } = useWorkspace();
  const { tabId, onUnsavedChange, onRecordName } = useTabListeners();

  // Links between the screens (list → detail) open tabs like any other link; a screen that replaces
  // itself (a saved add form → the new record's detail) moves its own tab to the new path.
  const navigate = useCallback(
    (path: string, options?: NavigateOptions) => {
      const [pathname = path, search] = path.split(/(?=\?)/);
      const own = options?.replace && tabId ? { id: tabId } : {};
      open({ path: pathname, ...(search ? { search } : {}), ...own }, { replace: options?.replace ?? false });
    },
    [open, tabId],
  );

  return (
    <>
      {mode === 'detail' && id !== undefined && (
        <div className="presence-bar">
          <Suspense>
            <PresenceAvatars fromModule={route.resource} objectId={id} />
          </Suspense>
        </div>
      )}
      <ResourceRoute
        resource={route.resource}
        mode={mode}
        {...(id !== undefined ? { id } : {})}
        {...(route.resource && RECORD_ACTIONS[route.resource] ? { recordActions: RECORD_ACTIONS[route.resource] } : {})}
        onNavigate={navigate}
        onUnsavedChange={onUnsavedChange}
        onRecordName={onRecordName}
      />
    </>
  );
}

/** Where a single-page resource screen is: its list, its add form or one record. */
type PageMode = { mode: 'list' | 'add' | 'detail'; id?: string };

/**
 * A resource whose spec route is one page (`/view/lookup-config`, `/view/account-code`, `/view/holidays`):
 * the list, add and detail screens take turns inside the page's own tab; links elsewhere open tabs.
 */
export function ResourcePageScreen({ resource }: { resource: string }) {
  const { open, update } = useWorkspace();
  const { tabId, onUnsavedChange, onRecordName } = useTabListeners();
  const [at, setAt] = useState<PageMode>({ mode: 'list' });

  const navigate = useCallback(
    (path: string) => {
      const [pathname = path, search] = path.split(/(?=\?)/);
      const own = `/view/${resource}`;
      if (pathname === own) setAt({ mode: 'list' });
      else if (pathname === `${own}/add`) setAt({ mode: 'add' });
      else if (pathname.startsWith(`${own}/detail/`)) setAt({ mode: 'detail', id: pathname.slice(own.length + 8) });
      else {
        open({ path: pathname, ...(search ? { search } : {}) });
        return;
      }
      if (tabId) update(tabId, { postFix: '' });
    },
    [open, resource, tabId, update],
  );

  return (
    <ResourceRoute
      resource={resource}
      mode={at.mode}
      {...(at.id !== undefined ? { id: at.id } : {})}
      onNavigate={navigate}
      onUnsavedChange={onUnsavedChange}
      onRecordName={onRecordName}
    />
  );
}
