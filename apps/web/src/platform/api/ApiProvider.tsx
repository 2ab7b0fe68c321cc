import { App } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { authorizedFetch } from '../../auth/oidc';
import { createNotices, NoticesContext } from '../notices/notices';
import { ApiContext } from './api-client';
import { createApiClient } from './client';

/** Provides the signed-in session's ApiClient and the notices it shows (inside antd's App). */
export function ApiProvider({ children }: { children: ReactNode }) {
  const { notification } = App.useApp();
  const notices = useMemo(() => createNotices(notification), [notification]);
  const client = useMemo(() => createApiClient({ fetch: authorizedFetch, showError: notices.error }), [notices]);
  return (
    <NoticesContext.Provider value={notices}>
      <ApiContext.Provider value={client}>{children}</ApiContext.Provider>
    </NoticesContext.Provider>
  );
}
