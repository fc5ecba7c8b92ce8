import { api, FORM_ID } from '@common/routes';
import { apiFetch } from './client';

/**
 * POST /auth/UserDelete/{id}: removes the account and everything it owns. Used by the admin's
 * user list and by a person deleting their own profile; each refreshes its own cache.
 */
export const deleteUser = (id: number) => apiFetch(api.userDelete(id), { method: 'POST', body: { form_id: FORM_ID.userDelete } });
