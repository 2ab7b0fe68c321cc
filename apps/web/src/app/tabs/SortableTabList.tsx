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
import { TabItem, type TabItemProps, type TabListProps } from './TabItem';

/** Spec §9: the tab drop animation takes 217 ms. */
const DROP_ANIMATION = { duration: 217, easing: 'cubic-bezier(0.25, 1, 0.5, 1)' };

function SortableTabItem(props: Omit<TabItemProps, 'drag'>) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: props.tab.id,
    transition: DROP_ANIMATION,
  });
  const style = { transform: CSS.Translate.toString(transform), transition };
  return <TabItem {...props} drag={{ setNodeRef, attributes, listeners, style, isDragging }} />;
}

/** The tabs in order, dragged (pointer, or keyboard: Space, arrows, Space) to reorder. */
export function SortableTabList({
  tabs,
  activeId,
  titleOf,
  activate,
  close,
  move,
}: TabListProps & { move: (id: string, overId: string) => void }) {
  const sensors = useSensors(
    // A few pixels of movement before a drag starts, so a click still activates the tab.
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) move(String(active.id), String(over.id));
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <SortableContext items={tabs.map((t) => t.id)} strategy={horizontalListSortingStrategy}>
        <div role="tablist" aria-label="Open sections" className="workspace-tab-list">
          {tabs.map((tab) => (
            <SortableTabItem
              key={tab.id}
              tab={tab}
              title={titleOf(tab)}
              active={tab.id === activeId}
              onActivate={() => activate(tab.id)}
              onClose={() => close(tab.id)}
            />
          ))}
        </div>
      </SortableContext>
    </DndContext>
  );
}
