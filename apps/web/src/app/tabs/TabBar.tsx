import { DownOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense, useRef } from 'react';
import { matchRoute } from '@casebook/domain';
import { PlainTabList, type TabListProps } from './TabItem';
import { maxTabsForWidth, splitOverflow, type Tab } from './tabModel';
import { tabTitle } from './tabTitles';
import { useElementWidth } from './useElementWidth';
import { useWorkspace } from './useWorkspace';

// Dragging (dnd-kit) loads once there is a second tab to reorder against, not with the first screen.
const SortableTabList = lazy(() => import('./SortableTabList').then((m) => ({ default: m.SortableTabList })));
// So does antd's dropdown, once tabs overflow the strip (the button shows before it has loaded).
const TabOverflowMenu = lazy(() => import('./TabOverflowMenu').then((m) => ({ default: m.TabOverflowMenu })));

/** Room kept for the overflow button at the end of the bar. */
const OVERFLOW_BUTTON_WIDTH = 96;

/**
 * The tab strip: tabs in order, dragged to reorder; those beyond the maximum (recomputed from the
 * strip's width) in a dropdown that shows how many there are.
 */
export function TabBar() {
  const { tabs, activeId, activate, close, move } = useWorkspace();
  const ref = useRef<HTMLDivElement>(null);
  const width = useElementWidth(ref);
  const max = maxTabsForWidth(width === undefined ? undefined : width - OVERFLOW_BUTTON_WIDTH);
  const { visible, overflow } = splitOverflow(tabs, activeId, max);
  const titleOf = (tab: Tab) => tabTitle(tab, matchRoute(tab.path));
  const list: TabListProps = { tabs: visible, activeId, titleOf, activate, close: (id) => void close(id) };
  const plain = <PlainTabList {...list} />;
  const overflowButton = (
    <Button size="small" className="workspace-tab-overflow" aria-label={`${overflow.length} more tabs`}>
      +{overflow.length} <DownOutlined aria-hidden />
    </Button>
  );

  return (
    <div className="workspace-tab-bar" ref={ref}>
      {visible.length > 1 ? (
        <Suspense fallback={plain}>
          <SortableTabList {...list} move={move} />
        </Suspense>
      ) : (
        plain
      )}
      {overflow.length > 0 && (
        <Suspense fallback={overflowButton}>
          <TabOverflowMenu items={overflow.map((tab) => ({ key: tab.id, label: titleOf(tab) }))} onSelect={activate}>
            {overflowButton}
          </TabOverflowMenu>
        </Suspense>
      )}
    </div>
  );
}
