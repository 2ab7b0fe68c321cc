import { CloseOutlined } from '@ant-design/icons';
import type { CSSProperties, HTMLAttributes, KeyboardEvent, MouseEvent, PointerEvent, Ref } from 'react';
import type { Tab } from './tabModel';

/** What dragging adds to a tab: its node, the drag handle's attributes and listeners, where it is now. */
export type TabDrag = {
  setNodeRef: Ref<HTMLDivElement>;
  attributes: HTMLAttributes<HTMLDivElement>;
  listeners: HTMLAttributes<HTMLDivElement> | undefined;
  style: CSSProperties;
  isDragging: boolean;
};

export type TabItemProps = {
  tab: Tab;
  title: string;
  active: boolean;
  onActivate: () => void;
  onClose: () => void;
  drag?: TabDrag;
  /**
   * Opens the tab when it is pressed rather than on the click that follows (the plain list only). The
   * list with dragging loads on its own and replaces the plain one when it arrives; a press on the
   * plain list and a release on its replacement make no click, so a tab clicked in that moment would
   * otherwise stay closed.
   */
  activateOnPress?: boolean;
};

/** One tab of the strip: its title and close button; Enter opens it, Delete closes it. */
export function TabItem({ tab, title, active, onActivate, onClose, drag, activateOnPress }: TabItemProps) {
  const close = (event: MouseEvent) => {
    event.stopPropagation();
    onClose();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter') onActivate();
    else if (event.key === 'Delete') onClose();
    else drag?.listeners?.onKeyDown?.(event);
  };
  return (
    <div
      ref={drag?.setNodeRef}
      {...drag?.attributes}
      {...drag?.listeners}
      onKeyDown={onKeyDown}
      role="tab"
      tabIndex={0}
      aria-selected={active}
      aria-roledescription="tab"
      data-tab-id={tab.id}
      title={title}
      className={`workspace-tab${active ? ' is-active' : ''}${drag?.isDragging ? ' is-dragging' : ''}`}
      style={drag?.style}
      onClick={onActivate}
      // Spread, not `undefined`: the drag listeners' own onPointerDown must stay.
      {...(activateOnPress ? { onPointerDown: (event: PointerEvent) => event.button === 0 && onActivate() } : {})}
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

export type TabListProps = {
  tabs: Tab[];
  activeId: string | undefined;
  titleOf: (tab: Tab) => string;
  activate: (id: string) => void;
  close: (id: string) => void;
};

/** The tabs in order, without dragging (one tab has nothing to be reordered against). */
export function PlainTabList({ tabs, activeId, titleOf, activate, close }: TabListProps) {
  return (
    <div role="tablist" aria-label="Open sections" className="workspace-tab-list">
      {tabs.map((tab) => (
        <TabItem
          key={tab.id}
          tab={tab}
          title={titleOf(tab)}
          active={tab.id === activeId}
          onActivate={() => activate(tab.id)}
          onClose={() => close(tab.id)}
          activateOnPress
        />
      ))}
    </div>
  );
}
