import { act, render, waitFor } from '@testing-library/react';
import { MemoryRouter, useNavigate, type NavigateFunction } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SessionContext } from '../session/useSession';
import type { Session } from '../session/sessionTypes';
import { useWorkspace } from './useWorkspace';
import type { Workspace } from './useWorkspace';
import { WorkspaceProvider } from './WorkspaceProvider';

const session = { profile: { id: 'u-workspace-test' }, tenant: { name: 'demo' } } as unknown as Session;

describe('tab workspace and browser history', () => {
  it('opens a closed tab again on browser Back', async () => {
    sessionStorage.clear();
    let workspace: Workspace | undefined;
    let navigate: NavigateFunction | undefined;
    function Probe() {
      workspace = useWorkspace();
      navigate = useNavigate();
      return null;
    }
    render(
      <MemoryRouter initialEntries={['/view/countries']}>
        <SessionContext.Provider value={session}>
          <WorkspaceProvider>
            <Probe />
          </WorkspaceProvider>
        </SessionContext.Provider>
      </MemoryRouter>,
    );
    const activePath = () => workspace!.tabs.find((t) => t.id === workspace!.activeId)?.path;
    await waitFor(() => expect(activePath()).toBe('/view/countries'));
    act(() => void navigate!('/view/cities'));
    await waitFor(() => expect(activePath()).toBe('/view/cities'));

    const cities = workspace!.tabs.find((t) => t.path === '/view/cities')!;
    await act(async () => {
      await workspace!.close(cities.id);
    });
    await waitFor(() => expect(activePath()).toBe('/view/countries'));
    expect(workspace!.tabs.map((t) => t.path)).toEqual(['/view/countries']);

    act(() => void navigate!(-1));
    await waitFor(() => expect(activePath()).toBe('/view/cities'));
    expect(workspace!.tabs.map((t) => t.path)).toEqual(['/view/countries', '/view/cities']);
  });
});
