import { canAccess, type RouteEntry } from '@casebook/domain';
import { lazy, useEffect } from 'react';
import { Route, useParams } from 'react-router';
import { RouteTable } from '@casebook/domain';
import { useSession } from '../session/useSession';
import { useTab } from '../tabs/useTab';
import { useWorkspace } from '../tabs/useWorkspace';
import { PageScreens } from './pageScreens';
import { NoAccessScreen, NotFoundScreen, PlaceholderScreen } from './statusScreens';

// The resource screens' frames load with the first resource tab (the pane's Suspense shows the spinner).
const ResourceScreen = lazy(() => import('./ResourceScreen').then((m) => ({ default: m.ResourceScreen })));
const ResourcePageScreen = lazy(() => import('./ResourceScreen').then((m) => ({ default: m.ResourcePageScreen })));

/** The screen of one route, or the permission message when the user may not open it. */
export function RouteScreen({ route }: { route: RouteEntry }) {
  const { user, accessTenant } = useSession();
  const { id } = useParams();
  if (!canAccess(user, accessTenant, route)) return <NoAccessScreen />;
  if (route.path === '/not-found') return <NotFoundScreen />;
  const Page = PageScreens[route.path];
  if (Page) return <Page />;
  const pageResource = PageResources[route.path];
  if (pageResource) return <ResourcePageScreen resource={pageResource} />;
  if (route.kind !== 'page') return <ResourceScreen route={route} mode={route.kind} id={id} />;
  return <PlaceholderScreen route={route} />;
}

/** Spec pages that are one resource's list, add and detail screens in one tab, by route path. */
const PageResources: Readonly<Record<string, string>> = {
  '/view/lookup-config': 'lookup-configs',
  '/view/account-code': 'account-codes',
  '/view/holidays': 'holidays',
  '/view/time-budget-breakdown': 'ndis-time-budgets',
};

/** A tab whose path is no route (any more): spec, "an invalid tab route closes the tab and returns to /". */
function InvalidTabRoute() {
  const info = useTab();
  const { invalid } = useWorkspace();
  const id = info?.tab.id;
  useEffect(() => {
    if (id) invalid(id);
  }, [id, invalid]);
  return null;
}

/** The routes a tab can show: every route of the table except print, server and redirecting ones. */
export const screenRoutes = [
  ...RouteTable.filter((r) => !r.print && !r.external && !r.redirectTo).map((route) => (
    <Route key={route.path} path={route.path} element={<RouteScreen route={route} />} />
  )),
  <Route key="*" path="*" element={<InvalidTabRoute />} />,
];
