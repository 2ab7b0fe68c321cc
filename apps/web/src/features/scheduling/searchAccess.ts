import { defaultPermissionsFor, Permissions } from '@casebook/domain';
import { useSession } from '../../app/session/useSession';

/**
 * What the signed-in user may do on the search screen, from the same grant table the server's route
 * guard starts from: the searches (availability, on demand, clinic area, a centre's availability
 * e-mail) need the Search permission, Book the Book permission.
 */
export function useSearchAccess(): { canSearch: boolean; canBook: boolean } {
  const { profile } = useSession();
  const granted = defaultPermissionsFor(profile.roles.map((r) => r.name));
  return {
    canSearch: granted.has(Permissions.appointmentSessions.search),
    canBook: granted.has(Permissions.appointmentSessions.book),
  };
}
