import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { MAX_INACTIVE_PANES, type Tab } from './tabModel';
import { TabPanes } from './TabPanes';
import { WorkspaceContext, type Workspace } from './useWorkspace';

// Paths no screen answers: each pane then mounts the invalid-route screen, which reports its tab once
// per mount through `invalid` (a count of mounts).
const tabs: Tab[] = Array.from({ length: 12 }, (_, i) => ({
  id: `t${String(i).padStart(2, '0')}`,
  path: `/nowhere/${i}`,
  search: '',
  visited: true,
}));

function workspace(activeId: string, unsaved: ReadonlySet<string>, invalid: (id: string) => void): Workspace {
  return { tabs, activeId, hasUnsaved: (id: string) => unsaved.has(id), invalid } as unknown as Workspace;
}

const mountedIds = () =>
  [...document.querySelectorAll('section[data-tab-id]')].map((s) => s.getAttribute('data-tab-id'));

describe('tab panes', () => {
  it('keep the active screen and the five last shown mounted, and any with unsaved changes', () => {
    const invalid = vi.fn();
    const unsaved = new Set(['t01']);
    const ui = (activeId: string) => (
      <MemoryRouter>
        <WorkspaceContext.Provider value={workspace(activeId, unsaved, invalid)}>
          <TabPanes />
        </WorkspaceContext.Provider>
      </MemoryRouter>
    );
    const view = render(ui('t00'));
    for (const tab of tabs.slice(1)) view.rerender(ui(tab.id));

    // t11 is active; t10…t06 were shown last; t01 has unsaved input. The rest were let go.
    expect(MAX_INACTIVE_PANES).toBe(5);
    expect(mountedIds()).toEqual(['t01', 't06', 't07', 't08', 't09', 't10', 't11']);
    expect(document.querySelectorAll('section[data-tab-id]:not([hidden])')).toHaveLength(1);

    // Shown again, a let-go tab renders anew from its saved route; the oldest kept one goes in its place.
    const mountsOfT03 = invalid.mock.calls.filter(([id]) => id === 't03').length;
    view.rerender(ui('t03'));
    expect(mountedIds()).toEqual(['t01', 't03', 't07', 't08', 't09', 't10', 't11']);
    expect(invalid.mock.calls.filter(([id]) => id === 't03').length).toBe(mountsOfT03 + 1);
    // A tab that stayed mounted is not rendered anew when shown again.
    const mountsOfT09 = invalid.mock.calls.filter(([id]) => id === 't09').length;
    view.rerender(ui('t09'));
    expect(invalid.mock.calls.filter(([id]) => id === 't09').length).toBe(mountsOfT09);
  });
});
