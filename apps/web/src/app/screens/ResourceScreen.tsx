import { lazy } from 'react';
import type { RouteEntry } from '@casebook/domain';
import { useWorkspace } from '../tabs/useWorkspace';

// The generic resource screens (list, add, detail) load with the first resource tab, not with the shell.
const ResourceRoute = lazy(() => import('../../platform/resources').then((m) => ({ default: m.ResourceRoute })));

export type ResourceScreenProps = { route: RouteEntry; mode: 'list' | 'add' | 'detail'; id: string | undefined };

/** The generic list, add and detail screens of a resource (`/view/{resource}`, `/add`, `/detail/{id}`). */
export function ResourceScreen({ route, mode, id }: ResourceScreenProps) {
  const { open } = useWorkspace();
  return (
    <ResourceRoute
      resource={route.resource}
      mode={mode}
      {...(id !== undefined ? { id } : {})}
      // Links between the screens (list → detail, add → detail) open tabs like any other link.
      onNavigate={(path) => {
        const [pathname = path, search] = path.split(/(?=\?)/);
        open({ path: pathname, ...(search ? { search } : {}) });
      }}
    />
  );
}
