/**
 * The tab workspace of spec shell §2 as plain data and pure functions: which tab a route opens, which
 * one is active, what closing and reordering do, and how many tabs fit before the overflow list.
 */

/** One open screen (spec shell §3 "Tab"). */
export type Tab = {
  /** Time-based: `t` + milliseconds since the epoch in base 36 (+ a counter within one millisecond). */
  id: string;
  /** The route path without query, e.g. `/view/countries/detail/0190…`. */
  path: string;
  /** The query string including `?`, or ''. */
  search: string;
  /** The screen's own title, when it set one (e.g. "Country Detail"); else the route's. */
  title?: string;
  /** Shown after the title, e.g. the record's name. */
  postFix?: string;
  /** Screens that open "their" tab by name reuse it whatever its path. */
  tabName?: string;
  fromModule?: string;
  /** The id segment of a detail route. */
  objectId?: string;
  /** Rendered at least once (tabs restored after a reload render when first shown). */
  visited: boolean;
  /** The tab that was active when this one opened: "the recorded previous tab". */
  previousId?: string;
  /** Saved scroll offset of the tab's pane. */
  scrollTop?: number;
};

export type TabsState = { tabs: Tab[]; activeId: string | undefined };

export const EMPTY_TABS: TabsState = { tabs: [], activeId: undefined };

/** What opening a route asks for; only the path is required. */
export type OpenRequest = {
  path: string;
  search?: string;
  /** Reuse exactly this tab. */
  id?: string;
  tabName?: string;
  title?: string;
  fromModule?: string;
};

/** Default maximum of tabs shown before the overflow list (spec §9), before the width is known. */
export const DEFAULT_MAX_TABS = 10;
/** The narrowest a tab gets in the bar (plus its gap); the maximum is recomputed from the bar's width with it. */
export const TAB_SLOT_WIDTH = 112;

let lastStamp = 0;
/** A new time-based tab id, unique within this page even for tabs opened in the same millisecond. */
export function newTabId(now: number = Date.now()): string {
  const stamp = Math.max(now, lastStamp + 1);
  lastStamp = stamp;
  return `t${stamp.toString(36)}`;
}

/** The object id of a detail path (`/view/x/detail/{id}`). */
export function objectIdOf(path: string): string | undefined {
  return /\/detail\/([^/]+)$/.exec(path)?.[1];
}

/** Spec: an existing tab matched by id, tab name or path is reused. */
export function findTab(tabs: readonly Tab[], request: OpenRequest): Tab | undefined {
  return (
    (request.id !== undefined ? tabs.find((t) => t.id === request.id) : undefined) ??
    (request.tabName !== undefined ? tabs.find((t) => t.tabName === request.tabName) : undefined) ??
    tabs.find((t) => t.path === request.path)
  );
}

/**
 * Opens (or re-activates) the tab for a route. A reused tab takes the request's path and query, so a
 * named tab can move to another record; a new tab goes after the active one.
 */
export function openTab(state: TabsState, request: OpenRequest, makeId: () => string = newTabId): TabsState {
  const search = request.search ?? '';
  const existing = findTab(state.tabs, request);
  if (existing) {
    const moved = existing.path !== request.path;
    const updated: Tab = {
      ...existing,
      path: request.path,
      search,
      visited: true,
      ...(request.title !== undefined ? { title: request.title } : {}),
      ...(moved ? { objectId: objectIdOf(request.path), scrollTop: 0 } : {}),
    };
    if (moved && request.title === undefined) delete updated.title;
    if (updated.objectId === undefined) delete updated.objectId;
    return { tabs: state.tabs.map((t) => (t.id === existing.id ? updated : t)), activeId: existing.id };
  }
  const tab: Tab = { id: makeId(), path: request.path, search, visited: true };
  const objectId = objectIdOf(request.path);
  if (objectId !== undefined) tab.objectId = objectId;
  if (request.title !== undefined) tab.title = request.title;
  if (request.tabName !== undefined) tab.tabName = request.tabName;
  if (request.fromModule !== undefined) tab.fromModule = request.fromModule;
  if (state.activeId !== undefined) tab.previousId = state.activeId;
  const at = state.tabs.findIndex((t) => t.id === state.activeId);
  const tabs = [...state.tabs];
  tabs.splice(at < 0 ? tabs.length : at + 1, 0, tab);
  return { tabs, activeId: tab.id };
}

/**
 * Closes a tab. Closing the active one activates the recorded previous tab when asked and still open,
 * else its right neighbour, else its left one; `next` is undefined when no tab is left (open the root).
 */
export function closeTab(
  state: TabsState,
  id: string,
  options: { toPrevious?: boolean } = {},
): { state: TabsState; next: Tab | undefined } {
  const index = state.tabs.findIndex((t) => t.id === id);
  if (index < 0) return { state, next: state.tabs.find((t) => t.id === state.activeId) };
  const closing = state.tabs[index]!;
  const tabs = state.tabs.filter((t) => t.id !== id);
  if (state.activeId !== id) {
    return { state: { tabs, activeId: state.activeId }, next: tabs.find((t) => t.id === state.activeId) };
  }
  const previous = options.toPrevious ? tabs.find((t) => t.id === closing.previousId) : undefined;
  const next = previous ?? tabs[index] ?? tabs[index - 1];
  return { state: { tabs, activeId: next?.id }, next };
}

/** Moves a dragged tab to where another one is (dnd-kit's arrayMove semantics). */
export function moveTab(state: TabsState, fromId: string, toId: string): TabsState {
  const from = state.tabs.findIndex((t) => t.id === fromId);
  const to = state.tabs.findIndex((t) => t.id === toId);
  if (from < 0 || to < 0 || from === to) return state;
  const tabs = [...state.tabs];
  const [moved] = tabs.splice(from, 1);
  tabs.splice(to, 0, moved!);
  return { ...state, tabs };
}

/** Applies a change to one tab. */
export function updateTab(state: TabsState, id: string, change: Partial<Omit<Tab, 'id'>>): TabsState {
  let changed = false;
  const tabs = state.tabs.map((t) => {
    if (t.id !== id) return t;
    const next = { ...t, ...change };
    changed = Object.keys(change).some((k) => next[k as keyof Tab] !== t[k as keyof Tab]);
    return next;
  });
  return changed ? { ...state, tabs } : state;
}

/** How many tabs fit in a bar of this width (spec: default 10, recomputed from the width, minimum 1). */
export function maxTabsForWidth(width: number | undefined, slot: number = TAB_SLOT_WIDTH): number {
  if (width === undefined || !(width > 0)) return DEFAULT_MAX_TABS;
  return Math.max(1, Math.floor(width / slot));
}

/**
 * Splits the tabs into those shown in the bar and those in the overflow list. The active tab is always
 * shown: when it lies beyond the maximum it takes the last visible place.
 */
export function splitOverflow(
  tabs: readonly Tab[],
  activeId: string | undefined,
  max: number,
): { visible: Tab[]; overflow: Tab[] } {
  const limit = Math.max(1, max);
  if (tabs.length <= limit) return { visible: [...tabs], overflow: [] };
  const visible = tabs.slice(0, limit);
  const active = tabs.find((t) => t.id === activeId);
  if (active && !visible.includes(active)) visible[limit - 1] = active;
  const shown = new Set(visible.map((t) => t.id));
  return { visible, overflow: tabs.filter((t) => !shown.has(t.id)) };
}

/** Reads saved tabs, keeping only well-formed ones whose route still exists (`isKnownPath`). */
export function restoreTabs(saved: unknown, isKnownPath: (path: string) => boolean): TabsState {
  if (!saved || typeof saved !== 'object') return EMPTY_TABS;
  const raw = (saved as { tabs?: unknown }).tabs;
  const activeId = (saved as { activeId?: unknown }).activeId;
  if (!Array.isArray(raw)) return EMPTY_TABS;
  const tabs = raw
    .filter(
      (t): t is Tab =>
        !!t && typeof t === 'object' && typeof (t as Tab).id === 'string' && typeof (t as Tab).path === 'string',
    )
    .filter((t) => isKnownPath(t.path))
    // Only the tab shown after the reload renders at once; the others when they are opened.
    .map((t) => ({ ...t, search: typeof t.search === 'string' ? t.search : '', visited: false }));
  const active = typeof activeId === 'string' && tabs.some((t) => t.id === activeId) ? activeId : undefined;
  return { tabs, activeId: active };
}

/** How many inactive screens stay mounted: more of them slow every screen down (26 open tabs: 2–3×). */
export const MAX_INACTIVE_PANES = 5;

/** The tabs shown most recently first: `recent` with `activeId` moved to the front, closed tabs left out. */
export function touchRecent(recent: readonly string[], activeId: string | undefined, tabs: readonly Tab[]): string[] {
  const open = new Set(tabs.map((t) => t.id));
  const rest = recent.filter((id) => id !== activeId && open.has(id));
  return activeId !== undefined && open.has(activeId) ? [activeId, ...rest] : rest;
}

/**
 * The tabs whose screens stay mounted: the active one, the `max` most recently shown others, and any
 * with unsaved changes (their input would be lost). The rest render again from their saved path, query
 * and scroll position when they are next shown.
 */
export function mountedPanes(
  recent: readonly string[],
  activeId: string | undefined,
  hasUnsaved: (id: string) => boolean,
  max: number = MAX_INACTIVE_PANES,
): Set<string> {
  const keep = new Set<string>();
  if (activeId !== undefined) keep.add(activeId);
  let inactive = 0;
  for (const id of recent) {
    if (id === activeId) continue;
    if (inactive < max) {
      keep.add(id);
      inactive += 1;
    } else if (hasUnsaved(id)) keep.add(id);
  }
  return keep;
}
