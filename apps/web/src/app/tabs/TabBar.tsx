import { CloseOutlined, DownOutlined } from '@ant-design/icons';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  horizontalListSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Button, Dropdown } from 'antd';
import { useRef, type KeyboardEvent, type MouseEvent } from 'react';
import { matchRoute } from '@casebook/domain';
import { maxTabsForWidth, splitOverflow, type Tab } from './tabModel';
import { tabTitle } from './tabTitles';
import { useElementWidth } from './useElementWidth';
import { useWorkspace } from './useWorkspace';

/** Spec §9: the tab drop animation takes 217 ms. */
const DROP_ANIMATION = { duration: 217, easing: 'cubic-bezier(0.25, 1, 0.5, 1)' };
/** Room kept for the overflow button at the end of the bar. */
const OVERFLOW_BUTTON_WIDTH = 96;

type TabItemProps = { tab: Tab; title: string; active: boolean; onActivate: () => void; onClose: () => void };

function TabItem({ tab, title, active, onActivate, onClose }: TabItemProps) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: tab.id,
    transition: DROP_ANIMATION,
  });
  const close = (event: MouseEvent) => {
    event.stopPropagation();
    onClose();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter') onActivate();
    else if (event.key === 'Delete') onClose();
    else listeners?.onKeyDown?.(event);
  };
  return (
    <div
      ref={setNodeRef}
      {...attributes}
      {...listeners}
      onKeyDown={onKeyDown}
      role="tab"
      aria-selected={active}
      aria-roledescription="tab"
      data-tab-id={tab.id}
      title={title}
      className={`workspace-tab${active ? ' is-active' : ''}${isDragging ? ' is-dragging' : ''}`}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      onClick={onActivate}
      // Middle click closes, as in browsers.
      onAuxClick={(event) => event.button === 1 && close(event)}
    >
      <span className="workspace-tab-title">{title}</span>
      <button
        type="button"
        className="workspace-tab-close"
        aria-label={`Close ${title}`}
        // Not the start of a drag.
        onPointerDown={(event) => event.stopPropagation()}
        onClick={close}
      >
        <CloseOutlined aria-hidden />
      </button>
    </div>
  );
}

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
  const sensors = useSensors(
    // A few pixels of movement before a drag starts, so a click still activates the tab.
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) move(String(active.id), String(over.id));
  };
  const titleOf = (tab: Tab) => tabTitle(tab, matchRoute(tab.path));

  return (
    <div className="workspace-tab-bar" ref={ref}>
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <SortableContext items={visible.map((t) => t.id)} strategy={horizontalListSortingStrategy}>
          <div role="tablist" aria-label="Open sections" className="workspace-tab-list">
            {visible.map((tab) => (
              <TabItem
                key={tab.id}
                tab={tab}
                title={titleOf(tab)}
                active={tab.id === activeId}
                onActivate={() => activate(tab.id)}
                onClose={() => void close(tab.id)}
              />
            ))}
          </div>
        </SortableContext>
      </DndContext>
      {overflow.length > 0 && (
        <Dropdown
          trigger={['click']}
          menu={{
            items: overflow.map((tab) => ({ key: tab.id, label: titleOf(tab) })),
            onClick: ({ key }) => activate(key),
          }}
        >
          <Button size="small" className="workspace-tab-overflow" aria-label={`${overflow.length} more tabs`}>
            +{overflow.length} <DownOutlined aria-hidden />
          </Button>
        </Dropdown>
      )}
    </div>
  );
}
