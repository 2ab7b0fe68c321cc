import type { RouteEntry } from '@casebook/domain';
import { PlaceholderScreen } from './StatusScreens';

export type ResourceScreenProps = { route: RouteEntry; mode: 'list' | 'add' | 'detail'; id: string | undefined };

/** The generic list, add and detail screens of a resource (`/view/{resource}`, `/add`, `/detail/{id}`). */
export function ResourceScreen({ route }: ResourceScreenProps) {
  return <PlaceholderScreen route={route} />;
}
