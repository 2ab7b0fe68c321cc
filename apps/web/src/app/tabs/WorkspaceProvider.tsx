import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { matchRoute } from '@casebook/domain';
import { useSession } from '../session/useSession';
import {
  closeTab,
  EMPTY_TABS,
  moveTab,
  openTab,
  restoreTabs,
  updateTab,
  type OpenRequest,
  type Tab,
  type TabsState,
} from './tabModel';
import { documentTitle, tabTitle } from './tabTitles';
import { UnsavedChangesModal, type UnsavedChoice } from './UnsavedChangesModal';
import { WorkspaceContext, type UnsavedEntry, type Workspace } from './useWorkspace';

/** What a navigation may say about the tab it opens (router location state). */
export type TabNavigationState = { tab?: Omit<OpenRequest, 'path' | 'search'> };

/** Routes that open as tabs: known, not print pages (they have their own frame). */
export function isTabPath(path: string): boolean {
  const route = matchRoute(path);
  return !!route && !route.print && !route.external && !route.redirectTo;
}

const storageKey = (userId: string) => `casebook.tabs:${userId}`;

function loadTabs(userId: string): TabsState {
  try {
    return restoreTabs(JSON.parse(sessionStorage.getItem(storageKey(userId)) ?? 'null'), isTabPath);
  } catch {
    return EMPTY_TABS;
  }
}

const hrefOf = (tab: Pick<Tab, 'path' | 'search'>) => tab.path + tab.search;

/**
 * The tab workspace of spec shell §2. The address bar drives it: every location opens (or re-activates)
 * a tab, so links, the sidebar and browser back all work the same way; tabs persist in session storage.
 */
export function WorkspaceProvider({ children }: { children: ReactNode }) {
  const { profile, tenant } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const [state, setState] = useState<TabsState>(() => loadTabs(profile.id));
  const stateRef = useRef(state);
  stateRef.current = state;
  const unsaved = useRef(new Map<string, UnsavedEntry>());
  const [prompt, setPrompt] = useState<(choice: UnsavedChoice) => void>();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;

  // The address bar → a tab. Unknown paths go to /not-found; redirects and server pages are followed.
  useEffect(() => {
    const { pathname, search } = location;
    const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    const route = matchRoute(path);
    if (!route) return void navigate('/not-found', { replace: true });
    if (route.redirectTo) return void navigate(route.redirectTo + search, { replace: true });
    if (route.external) return void window.location.assign(path + search);
    if (path !== pathname) return void navigate(path + search, { replace: true });
    const hint = (location.state as TabNavigationState | null)?.tab;
    setState((s) => openTab(s, { ...hint, path, search }));
  }, [location, navigate]);

  useEffect(() => {
    try {
      const saved: TabsState = { activeId: state.activeId, tabs: state.tabs };
      sessionStorage.setItem(storageKey(profile.id), JSON.stringify(saved));
    } catch {
      // Storage full or disabled: tabs then last only as long as the page.
    }
  }, [state, profile.id]);

  const active = state.tabs.find((t) => t.id === state.activeId);
  const activeTitle = active ? tabTitle(active, matchRoute(active.path)) : undefined;
  useEffect(() => {
    document.title = documentTitle(activeTitle, tenant.name);
  }, [activeTitle, tenant.name]);

  // Closing the browser tab with unsaved changes asks the browser's own question.
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (unsaved.current.size > 0) event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);

  const actions = useMemo<Omit<Workspace, 'tabs' | 'activeId'>>(() => {
    const ask = () => new Promise<UnsavedChoice>((resolve) => setPrompt(() => resolve));

    /** Asks about one tab's unsaved changes; true when it may go. */
    async function mayLeave(id: string): Promise<boolean> {
      const entry = unsaved.current.get(id);
      if (!entry) return true;
      const choice = await ask();
      setPrompt(undefined);
      if (choice === 'cancel') return false;
      if (choice === 'save') {
        const saved = await (entry.save?.() ?? Promise.resolve(true)).catch(() => false);
        if (saved === false) return false;
      }
      unsaved.current.delete(id);
      return true;
    }

    function show(tab: Tab | undefined, replace: boolean) {
      const options = { replace, state: tab ? ({ tab: { id: tab.id } } satisfies TabNavigationState) : null };
      navigateRef.current(tab ? hrefOf(tab) : '/', options);
    }

    function closeNow(id: string, toPrevious: boolean) {
      const wasActive = stateRef.current.activeId === id;
      const { state: next, next: nextTab } = closeTab(stateRef.current, id, { toPrevious });
      stateRef.current = next;
      setState(next);
      // Spec: closing the active tab opens its neighbour (or the previous tab); the last opens the root.
      // A new history entry, not in the closed tab's place: browser Back then opens the closed tab again.
      if (wasActive) show(nextTab, false);
    }

    return {
      open(request, options = {}) {
        const { path, search = '', ...hint } = request;
        navigateRef.current(path + search, {
          replace: options.replace ?? false,
          state: { tab: hint } satisfies TabNavigationState,
        });
      },
      activate(id) {
        const tab = stateRef.current.tabs.find((t) => t.id === id);
        if (!tab || id === stateRef.current.activeId) return;
        // Active at once, not only once the router has moved: a close right after must see it.
        stateRef.current = { ...stateRef.current, activeId: id };
        setState(stateRef.current);
        show(tab, false);
      },
      async close(id, options = {}) {
        if (!(await mayLeave(id))) return false;
        closeNow(id, options.toPrevious ?? false);
        return true;
      },
      move(fromId, toId) {
        setState((s) => moveTab(s, fromId, toId));
      },
      update(id, change) {
        setState((s) => updateTab(s, id, change));
      },
      setUnsaved(id, entry) {
        if (entry) unsaved.current.set(id, entry);
        else unsaved.current.delete(id);
      },
      hasUnsaved(id) {
        return unsaved.current.has(id);
      },
      async confirmLeave() {
        for (const id of [...unsaved.current.keys()]) {
          if (!(await mayLeave(id))) return false;
        }
        return true;
      },
      invalid(id) {
        unsaved.current.delete(id);
        const { state: next } = closeTab(stateRef.current, id);
        stateRef.current = next;
        setState(next);
        navigateRef.current('/', { replace: true });
      },
    };
  }, []);

  // A fresh object when the tabs change, so that consumers re-render; the functions stay the same.
  const value = useMemo<Workspace>(
    () => ({ ...actions, tabs: state.tabs, activeId: state.activeId }),
    [actions, state],
  );

  return (
    <WorkspaceContext.Provider value={value}>
      {children}
      <UnsavedChangesModal open={!!prompt} onChoose={(choice) => prompt?.(choice)} />
    </WorkspaceContext.Provider>
  );
}
