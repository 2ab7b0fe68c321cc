import { z } from 'zod';
import { endpoint } from './endpoint';

/** The signed-in user's own account. */
export const AccountEndpoints = {
  // Under impersonation it is refused (422): the impersonator reverts first.
  logout: endpoint({
    method: 'POST',
    path: '/api/app/account/logout',
    response: z.void(),
    status: 204,
    access: { authenticated: true },
    summary: 'End every session of the signed-in user',
    tags: ['Account'],
  }),
};
