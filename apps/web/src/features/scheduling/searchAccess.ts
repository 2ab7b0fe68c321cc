import { Permissions } from '@casebook/domain';
import { useCan } from '../../app/session/useCan';

/**
 * What the signed-in user may do on the search screen, from my profile's permissions (the server's):
 * the searches (availability, on demand, clinic area, a centre's availability e-mail) need the Search
 * permission, Book the Book permission.
 */
export function useSearchAccess(): { canSearch: boolean; canBook: boolean } {
  const can = useCan();
  return {
    canSearch: can(Permissions.appointmentSessions.search),
    canBook: can(Permissions.appointmentSessions.book),
  };
}
