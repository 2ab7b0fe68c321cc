import { Spin } from 'antd';
import { Suspense, useEffect, useMemo, useRef } from 'react';
import { Routes } from 'react-router';
import { matchRoute } from '@casebook/domain';
import { ErrorBoundary } from '../errors/ErrorBoundary';
import { screenRoutes } from '../screens/RouteScreen';
import { mountedPanes, touchRecent, type Tab } from './tabModel';
import { tabTitle } from './tabTitles';
import { TabContext, type TabInfo } from './useTab';
import { useWorkspace } from './useWorkspace';

/** Spec §9: a tab's scroll position comes back 100 ms after it is shown. */
const SCROLL_RESTORE_DELAY_MS = 100;
const SCROLL_SAVE_DELAY_MS = 200;

function TabPane({ tab, active }: { tab: Tab; active: boolean }) {
  const { update } = useWorkspace();
  const ref = useRef<HTMLElement>(null);
  const saveTimer = useRef<number>(undefined);
  const savedScroll = useRef(tab.scrollTop);
  savedScroll.current = tab.scrollTop;

  useEffect(() => {
    if (!active) return;
    const timer = window.setTimeout(() => {
      if (ref.current && savedScroll.current) ref.current.scrollTop = savedScroll.current;
    }, SCROLL_RESTORE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [active]);
  useEffect(() => () => window.clearTimeout(saveTimer.current), []);

  const onScroll = () => {
    window.clearTimeout(saveTimer.current);
    saveTimer.current = window.setTimeout(() => {
      if (ref.current && active) update(tab.id, { scrollTop: ref.current.scrollTop });
    }, SCROLL_SAVE_DELAY_MS);
  };

  const info = useMemo<TabInfo>(() => ({ tab, active }), [tab, active]);
  // Each pane routes its own location: screens read their tab's path and query, not the address bar's.
  const location = tab.path + tab.search;
  return (
    <section
      ref={ref}
      role="tabpanel"
      aria-label={tabTitle(tab, matchRoute(tab.path))}
      className="workspace-pane"
      hidden={!active}
      data-tab-id={tab.id}
      onScroll={onScroll}
    >
      <TabContext.Provider value={info}>
        <ErrorBoundary resetKey={location}>
          <Suspense fallback={<Spin className="pane-loading" />}>
            <Routes location={location}>{screenRoutes}</Routes>
          </Suspense>
        </ErrorBoundary>
      </TabContext.Provider>
    </section>
  );
}

/**
 * The active tab and the few most recently shown others stay mounted (hidden when not active), so going
 * back to one keeps its state and form input; a tab with unsaved changes stays too. Older screens unmount
 * (every mounted screen slows the page down) and render again from the tab's path, query and scroll
 * position when shown. Panes keep creation order in the page, whatever the tab order: moving a mounted
 * element would lose its scroll position.
 */
export function TabPanes() {
  const { tabs, activeId, hasUnsaved } = useWorkspace();
  const recent = useRef<string[]>([]);
  recent.current = touchRecent(recent.current, activeId, tabs);
  const keep = mountedPanes(recent.current, activeId, hasUnsaved);
  const shown = tabs.filter((t) => keep.has(t.id)).sort((a, b) => a.id.localeCompare(b.id));
  return (
    <div className="workspace-panes">
      {shown.map((tab) => (
        <TabPane key={tab.id} tab={tab} active={tab.id === activeId} />
      ))}
    </div>
  );
}
