import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { SessionContext } from '../session/useSession';
import type { Session } from '../session/sessionTypes';
import { TabBar } from './TabBar';
import type { TabsState } from './tabModel';
import { WorkspaceProvider } from './WorkspaceProvider';

const USER_ID = 'u-tabbar';
const session = { profile: { id: USER_ID }, tenant: { name: 'demo' } } as unknown as Session;

function Address() {
  const { pathname } = useLocation();
  return <output aria-label="address">{pathname}</output>;
}

/** The workspace as it is after a reload: three saved tabs, the dashboard active. */
function renderAfterReload() {
  const saved: TabsState = {
    activeId: 't1',
    tabs: [
      { id: 't1', path: '/view/dashboard', search: '', visited: true },
      { id: 't2', path: '/view/countries', search: '', visited: true },
      { id: 't3', path: '/view/cities', search: '', visited: true },
    ],
  };
  sessionStorage.setItem(`casebook.tabs:${USER_ID}`, JSON.stringify(saved));
  return render(
    <MemoryRouter initialEntries={['/view/dashboard']}>
      <SessionContext.Provider value={session}>
        <WorkspaceProvider>
          <TabBar />
          <Address />
        </WorkspaceProvider>
      </SessionContext.Provider>
    </MemoryRouter>,
  );
}

const address = () => screen.getByLabelText('address').textContent;
/** dnd-kit describes each draggable tab; the plain list has no such description. */
const dragLoaded = () => document.querySelector('[role="tab"][aria-describedby^="DndDescribedBy"]') !== null;

afterEach(() => sessionStorage.clear());

describe('the tab bar right after a reload', () => {
  it('opens a tab pressed before dragging has loaded, though the tab is replaced before its release', async () => {
    renderAfterReload();
    // Dragging loads on its own; until then the tabs are the plain list.
    expect(dragLoaded()).toBe(false);
    const pressed = screen.getByRole('tab', { name: 'Cities' });
    fireEvent.pointerDown(pressed, { button: 0 });
    // The list with dragging arrives between press and release and replaces the pressed element: the
    // browser then fires no click (press and release were on different elements).
    await waitFor(() => expect(pressed.isConnected).toBe(false));
    const replacement = screen.getByRole('tab', { name: 'Cities' });
    act(() => {
      fireEvent.pointerUp(replacement, { button: 0 });
    });

    await waitFor(() => expect(address()).toBe('/view/cities'));
    expect(screen.getByRole('tab', { name: 'Cities' }).getAttribute('aria-selected')).toBe('true');
  });

  it('a tab clicked once dragging has loaded still opens on the click, not on the press', async () => {
    renderAfterReload();
    await waitFor(() => expect(dragLoaded()).toBe(true));
    const countries = screen.getByRole('tab', { name: 'Countries' });
    fireEvent.pointerDown(countries, { button: 0 });
    expect(address()).toBe('/view/dashboard');
    fireEvent.pointerUp(countries, { button: 0 });
    fireEvent.click(countries);
    await waitFor(() => expect(address()).toBe('/view/countries'));
  });
});
