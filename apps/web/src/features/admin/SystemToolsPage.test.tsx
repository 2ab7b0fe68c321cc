import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import {
  BackgroundJobEndpoints,
  CorrespondenceEndpoints,
  defaultPermissionsFor,
  HealthEndpoints,
  SystemErrorEndpoints,
  type HealthCheckDto,
  type Role,
} from '@casebook/domain';
import { sessionOf } from '../../app/session/accessOf';
import type { CurrentTenant, MyProfile } from '../../app/session/sessionTypes';
import { SessionContext } from '../../app/session/useSession';
import { answering, fakeApi, isCallOf, on, renderWithApi } from '../../platform/controls/testing/fakeApi';
import { SystemToolsPage } from './SystemToolsPage';

const CHECKS: HealthCheckDto[] = [
  { name: 'Database', status: 'Healthy', detail: 'Answered in 2 ms' },
  { name: 'Mail', status: 'Unhealthy', detail: 'SMTP refused the connection' },
  { name: 'File storage (S3)', status: 'NotConfigured', detail: 'Files are kept on disk' },
];

/** A signed-in session as the shell builds it: the role's default permissions and the menu they give. */
function sessionFor(role: Role, { isHost = false } = {}) {
  const permissions = [...defaultPermissionsFor([role])];
  const profile = { roles: [{ name: role }], permissions, impersonatorUserId: null } as unknown as MyProfile;
  const tenant = {
    id: isHost ? 'host' : 'tenant-1',
    name: isHost ? 'Host' : 'demo',
    editionName: isHost ? '' : 'MLP',
    isHost,
    featureOverrides: {},
    namedLists: [],
    timezone: 'Australia/Sydney',
  } as unknown as CurrentTenant;
  return { session: sessionOf(profile, tenant), permissions };
}

function render(role: Role, options: { isHost?: boolean } = {}) {
  const api = fakeApi(
    answering([
      on(HealthEndpoints.healthStatus, () => ({ items: CHECKS })),
      on(BackgroundJobEndpoints.listJobs, () => ({ totalCount: 4, items: [] })),
      on(SystemErrorEndpoints.listSystemErrors, () => ({ totalCount: 2, items: [] })),
      on(CorrespondenceEndpoints.sendingReport, () => ({
        totalCount: 2,
        items: [
          { templateKey: 'IME_APPOINTMENT_CONFIRMATION_CM', sent: 5, pending: 0, failed: 1, total: 6 },
          { templateKey: 'INVOICE', sent: 1, pending: 1, failed: 2, total: 4 },
        ],
      })),
    ]),
  );
  const { session, permissions } = sessionFor(role, options);
  renderWithApi(
    <App>
      <MemoryRouter>
        <SessionContext.Provider value={session}>
          <SystemToolsPage />
        </SessionContext.Provider>
      </MemoryRouter>
    </App>,
    api,
    { permissions },
  );
  return api;
}

const called = (api: ReturnType<typeof render>, e: Parameters<typeof isCallOf>[1]) =>
  api.calls.filter((c) => isCallOf(c, e));

describe('System Tools', () => {
  it("shows a tenant admin the health checks, failed jobs and the week's failed e-mails, and checks again", async () => {
    const api = render('TENANT_ADMIN');
    const checks = await screen.findByRole('list', { name: 'Health checks' });
    const row = (name: string) => within(checks).getByText(name).closest('li')!;
    await within(checks).findByText('Database');
    expect(within(row('Database')).getByText('Healthy')).toBeTruthy();
    expect(within(row('Mail')).getByText('Unhealthy')).toBeTruthy();
    expect(within(row('Mail')).getByText('SMTP refused the connection')).toBeTruthy();
    expect(within(row('File storage (S3)')).getByText('Not configured')).toBeTruthy();

    const jobs = screen.getByRole('group', { name: 'Failed background jobs' });
    await within(jobs).findByText('4');
    expect(within(jobs).getByRole('link', { name: 'Open Background Jobs' }).getAttribute('href')).toBe(
      '/view/background-jobs',
    );
    expect(called(api, BackgroundJobEndpoints.listJobs)[0]?.query).toMatchObject({ state: 'Failed' });
    const mail = screen.getByRole('group', { name: 'E-mails failed in the last 7 days' });
    await within(mail).findByText('3');
    const period = called(api, CorrespondenceEndpoints.sendingReport)[0]?.query as { from: string; to: string };
    expect((Date.parse(period.to) - Date.parse(period.from)) / 86_400_000).toBe(6);

    // Not the host: no call of the host's error list, and no figure for it.
    expect(called(api, SystemErrorEndpoints.listSystemErrors)).toEqual([]);
    expect(screen.queryByRole('group', { name: 'Unresolved system errors' })).toBeNull();

    const again = screen.getByRole('button', { name: 'Check again' });
    await waitFor(() => expect(again.hasAttribute('disabled')).toBe(false));
    fireEvent.click(again);
    await waitFor(() => expect(called(api, HealthEndpoints.healthStatus)).toHaveLength(2));
  });

  it("lists the tenant admin's administration pages from the menu, each with what it is for", async () => {
    render('TENANT_ADMIN');
    const tools = screen.getByRole('list', { name: 'Tools' });
    const link = (name: string) => within(tools).queryByRole('link', { name });
    expect(link('Login Users')?.getAttribute('href')).toBe('/view/users');
    expect(link('Roles')?.getAttribute('href')).toBe('/view/roles');
    expect(link('Background Jobs')).toBeTruthy();
    expect(link('Health Status')).toBeTruthy();
    expect(within(tools).getByText('Each role and the permissions it grants.')).toBeTruthy();
    // Host pages, and the page itself, are not offered.
    expect(link('Tenants')).toBeNull();
    expect(link('Database Migration')).toBeNull();
    expect(link('System Tools')).toBeNull();
    await screen.findByText('Healthy');
  });

  it('makes only the calls admin staff may make: no health checks and no background jobs', async () => {
    const api = render('ADMIN_STAFF');
    const mail = await screen.findByRole('group', { name: 'E-mails failed in the last 7 days' });
    await within(mail).findByText('3');
    expect(called(api, HealthEndpoints.healthStatus)).toEqual([]);
    expect(called(api, BackgroundJobEndpoints.listJobs)).toEqual([]);
    expect(called(api, SystemErrorEndpoints.listSystemErrors)).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Check again' })).toBeNull();
    expect(screen.queryByRole('list', { name: 'Health checks' })).toBeNull();
    const tools = screen.getByRole('list', { name: 'Tools' });
    expect(within(tools).queryByRole('link', { name: 'Roles' })).toBeNull();
    expect(within(tools).getByRole('link', { name: 'Login Users' })).toBeTruthy();
  });

  it("shows the host's administrator the unresolved server errors and the host's own pages", async () => {
    const api = render('TENANT_ADMIN', { isHost: true });
    const errors = await screen.findByRole('group', { name: 'Unresolved system errors' });
    await within(errors).findByText('2');
    expect(called(api, SystemErrorEndpoints.listSystemErrors)[0]?.query).toMatchObject({ isResolved: false });
    expect(within(errors).getByRole('link', { name: 'Open System Errors' }).getAttribute('href')).toBe(
      '/view/system-error',
    );
    const tools = screen.getByRole('list', { name: 'Tools' });
    expect(within(tools).getByRole('link', { name: 'Tenants' })).toBeTruthy();
    expect(within(tools).getByRole('link', { name: 'Database Migration' })).toBeTruthy();
  });
});
