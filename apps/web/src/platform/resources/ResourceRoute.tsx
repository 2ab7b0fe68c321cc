import { Result } from 'antd';
import { useCallback, type ComponentType } from 'react';
import { useInRouterContext, useNavigate } from 'react-router';
import { ErrorMessages } from '@casebook/domain';
import { ApiError } from '../api/api-client';
import { QueryScope } from '../controls';
import { Loading } from './Loading';
import { ResourceAdd } from './ResourceAdd';
import { ResourceDetail } from './ResourceDetail';
import { ResourceList } from './ResourceList';
import { ScreenProvider, type NavigateOptions } from './ScreenContext';
import { useResourceMetadata } from './useResourceMetadata';

export type ResourceRouteProps = {
  /** The path segment, e.g. 'countries' for /view/countries. */
  resource: string;
  mode: 'list' | 'add' | 'detail';
  /** The record of a detail screen. */
  id?: string;
  /**
   * Opens a path in the app; without it react-router's navigate is used. `replace`: the new screen takes
   * this one's place (after an add, the new record's detail replaces the add form).
   */
  onNavigate?: (path: string, options?: NavigateOptions) => void;
  /** The add or detail form has (or no longer has) unsaved changes; `save` saves them, true when saved. */
  onUnsavedChange?: (unsaved: boolean, save?: () => Promise<boolean>) => void;
  /** The detail screen's record is called this (e.g. for the tab's title suffix). */
  onRecordName?: (name: string) => void;
  /** Buttons of the resource's own beside the detail screen's (a user's password actions). */
  recordActions?: ComponentType<{ id: string }>;
};

/**
 * The generic screens of a declarative resource, rendered from its metadata endpoint:
 * the shell mounts it for /view/{resource}, /view/{resource}/add and /view/{resource}/detail/{id}.
 */
export function ResourceRoute(props: ResourceRouteProps) {
  if (props.onNavigate) return <Screens {...props} navigate={props.onNavigate} />;
  return <WithoutNavigate {...props} />;
}

// useNavigate needs a router around; these two keep that hook out of pages mounted without one.
function WithoutNavigate(props: ResourceRouteProps) {
  return useInRouterContext() ? <WithRouter {...props} /> : <Screens {...props} navigate={navigateByHistory} />;
}

function WithRouter(props: ResourceRouteProps) {
  const navigate = useNavigate();
  const go = useCallback(
    (path: string, options?: NavigateOptions) => void navigate(path, { replace: options?.replace ?? false }),
    [navigate],
  );
  return <Screens {...props} navigate={go} />;
}

/** Without a router: push (or replace) the path and tell listeners of popstate, as a router would. */
function navigateByHistory(path: string, options?: NavigateOptions) {
  if (options?.replace) window.history.replaceState(null, '', path);
  else window.history.pushState(null, '', path);
  window.dispatchEvent(new PopStateEvent('popstate'));
}

function Screens({
  resource,
  mode,
  id,
  navigate,
  onUnsavedChange,
  onRecordName,
  recordActions,
}: ResourceRouteProps & { navigate: (path: string, options?: NavigateOptions) => void }) {
  return (
    <QueryScope>
      <ScreenProvider navigate={navigate} onUnsavedChange={onUnsavedChange} onRecordName={onRecordName}>
        <Screen
          key={`${resource}/${mode}/${id ?? ''}`}
          resource={resource}
          mode={mode}
          id={id}
          recordActions={recordActions}
        />
      </ScreenProvider>
    </QueryScope>
  );
}

function Screen({
  resource,
  mode,
  id,
  recordActions,
}: Pick<ResourceRouteProps, 'resource' | 'mode' | 'id' | 'recordActions'>) {
  const metadata = useResourceMetadata(resource);
  if (metadata.isPending) return <Loading />;
  if (metadata.isError) {
    const status = metadata.error instanceof ApiError ? metadata.error.status : 0;
    if (status === 403) return <Result status="403" title={ErrorMessages.permission} />;
    if (status === 404) return <Result status="404" title="Cannot found" />;
    return <Result status="error" title={ErrorMessages.generic} />;
  }
  if (mode === 'list') return <ResourceList metadata={metadata.data} />;
  if (mode === 'add') return <ResourceAdd metadata={metadata.data} />;
  if (!id) return <Result status="error" title="Missing parameter id" />;
  return <ResourceDetail metadata={metadata.data} id={id} {...(recordActions ? { recordActions } : {})} />;
}
