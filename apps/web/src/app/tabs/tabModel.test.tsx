import { describe, expect, it } from 'vitest';
import {
  closeTab,
  DEFAULT_MAX_TABS,
  EMPTY_TABS,
  maxTabsForWidth,
  mountedPanes,
  moveTab,
  newTabId,
  openTab,
  restoreTabs,
  splitOverflow,
  touchRecent,
  type Tab,
  type TabsState,
} from './tabModel';

let counter = 0;
const ids = () => `t${++counter}`;
const open = (state: TabsState, path: string, extra: Partial<Parameters<typeof openTab>[1]> = {}) =>
  openTab(state, { path, ...extra }, ids);
const paths = (state: TabsState) => state.tabs.map((t) => t.path);
const activePath = (state: TabsState) => state.tabs.find((t) => t.id === state.activeId)?.path;

/** Dashboard, then A, B, C opened in turn (C active). */
function fourTabs(): TabsState {
  let state = open(EMPTY_TABS, '/view/dashboard');
  for (const path of ['/view/a', '/view/b', '/view/c']) state = open(state, path);
  return state;
}

describe('opening a route as a tab', () => {
  it('creates a tab after the active one and activates it', () => {
    let state = fourTabs();
    state = openTab(state, { id: state.tabs[1]!.id, path: '/view/a' }, ids);
    state = open(state, '/view/new');
    expect(paths(state)).toEqual(['/view/dashboard', '/view/a', '/view/new', '/view/b', '/view/c']);
    expect(activePath(state)).toBe('/view/new');
  });

  it('reuses a tab matched by path, keeping its place, and takes the new query', () => {
    const state = open(fourTabs(), '/view/a', { search: '?page=2' });
    expect(state.tabs).toHaveLength(4);
    expect(activePath(state)).toBe('/view/a');
    expect(state.tabs[1]!.search).toBe('?page=2');
  });

  it('reuses a tab matched by id or tab name, moving it to the new path', () => {
    let state = open(fourTabs(), '/view/x/detail/1', { tabName: 'record' });
    state = open(state, '/view/x/detail/2', { tabName: 'record' });
    expect(state.tabs.filter((t) => t.tabName === 'record')).toHaveLength(1);
    const named = state.tabs.find((t) => t.tabName === 'record')!;
    expect(named.path).toBe('/view/x/detail/2');
    expect(named.objectId).toBe('2');

    const byId = openTab(state, { id: state.tabs[0]!.id, path: '/view/elsewhere' }, ids);
    expect(byId.tabs[0]!.path).toBe('/view/elsewhere');
    expect(byId.tabs).toHaveLength(state.tabs.length);
  });

  it('records the previously active tab and the object id of a detail route', () => {
    const state = open(fourTabs(), '/view/companies/detail/0190abcd');
    const tab = state.tabs.find((t) => t.id === state.activeId)!;
    expect(tab.objectId).toBe('0190abcd');
    expect(state.tabs.find((t) => t.id === tab.previousId)?.path).toBe('/view/c');
  });

  it('gives time-based ids that never repeat, even within one millisecond', () => {
    const a = newTabId(1_700_000_000_000);
    const b = newTabId(1_700_000_000_000);
    expect(a).toMatch(/^t[0-9a-z]+$/);
    expect(b).not.toBe(a);
  });
});

describe('closing tabs', () => {
  it('opens the right neighbour of the active tab, else the left one', () => {
    let state = fourTabs();
    state = openTab(state, { id: state.tabs[1]!.id, path: '/view/a' }, ids);
    const middle = closeTab(state, state.activeId!);
    expect(middle.next?.path).toBe('/view/b');
    expect(activePath(middle.state)).toBe('/view/b');

    const four = fourTabs();
    const last = closeTab(four, four.activeId!);
    expect(last.next?.path).toBe('/view/b');
  });

  it('opens the recorded previous tab when asked', () => {
    let state = open(fourTabs(), '/view/dashboard');
    state = open(state, '/view/from-dashboard');
    const { next } = closeTab(state, state.activeId!, { toPrevious: true });
    expect(next?.path).toBe('/view/dashboard');
  });

  it('keeps the active tab when another one closes, and has none left after the last', () => {
    const state = fourTabs();
    const other = closeTab(state, state.tabs[0]!.id);
    expect(activePath(other.state)).toBe('/view/c');
    const only = open(EMPTY_TABS, '/view/dashboard');
    const closed = closeTab(only, only.activeId!);
    expect(closed.next).toBeUndefined();
    expect(closed.state.tabs).toEqual([]);
  });
});

describe('reordering, overflow and restoring', () => {
  it('moves a dragged tab to the place of the one it is dropped on', () => {
    const state = fourTabs();
    const moved = moveTab(state, state.tabs[3]!.id, state.tabs[1]!.id);
    expect(paths(moved)).toEqual(['/view/dashboard', '/view/c', '/view/a', '/view/b']);
    expect(moveTab(state, 'nope', state.tabs[1]!.id)).toBe(state);
  });

  it('fits tabs to the width: 10 before measuring, at least 1', () => {
    expect(maxTabsForWidth(undefined)).toBe(DEFAULT_MAX_TABS);
    expect(maxTabsForWidth(660, 132)).toBe(5);
    expect(maxTabsForWidth(40, 132)).toBe(1);
  });

  it('puts the tabs beyond the maximum in the overflow list, always showing the active one', () => {
    const state = fourTabs();
    const { visible, overflow } = splitOverflow(state.tabs, state.activeId, 2);
    expect(visible.map((t) => t.path)).toEqual(['/view/dashboard', '/view/c']);
    expect(overflow.map((t) => t.path)).toEqual(['/view/a', '/view/b']);
    expect(splitOverflow(state.tabs, state.activeId, 10).overflow).toEqual([]);
  });

  it('restores saved tabs whose routes still exist, none of them rendered yet', () => {
    const saved = { activeId: 'b', tabs: [{ id: 'a', path: '/view/a', visited: true }, { id: 'b', path: '/gone' }, 7] };
    const restored = restoreTabs(saved, (path) => path !== '/gone');
    expect(restored.tabs).toEqual<Tab[]>([{ id: 'a', path: '/view/a', search: '', visited: false }]);
    expect(restored.activeId).toBeUndefined();
    expect(restoreTabs('garbage', () => true)).toEqual(EMPTY_TABS);
  });
});

describe('which tab screens stay mounted', () => {
  const tabsOf = (...ids: string[]): Tab[] => ids.map((id) => ({ id, path: `/view/${id}`, search: '', visited: true }));

  it('orders tabs by when they were last shown and forgets closed ones', () => {
    const tabs = tabsOf('a', 'b', 'c');
    let recent = touchRecent([], 'a', tabs);
    recent = touchRecent(recent, 'b', tabs);
    recent = touchRecent(recent, 'c', tabs);
    recent = touchRecent(recent, 'a', tabs);
    expect(recent).toEqual(['a', 'c', 'b']);
    expect(touchRecent(recent, 'a', tabsOf('a', 'b'))).toEqual(['a', 'b']);
  });

  it('keeps the active tab, the most recent others up to the maximum, and those with unsaved changes', () => {
    const recent = ['f', 'e', 'd', 'c', 'b', 'a'];
    expect([...mountedPanes(recent, 'f', () => false, 3)].sort()).toEqual(['c', 'd', 'e', 'f']);
    expect([...mountedPanes(recent, 'f', (id) => id === 'a', 3)].sort()).toEqual(['a', 'c', 'd', 'e', 'f']);
    expect([...mountedPanes(recent, undefined, () => false, 2)].sort()).toEqual(['e', 'f']);
  });
});
