import { calls } from '../endpoint';

/** Profiles: reading anyone's, editing one's own (staff: anyone's). */
export const profileCalls = calls('profiles', {
  profile: { method: 'GET', path: '/auth/profile/:id', access: 'anyone' },
  updateProfile: { method: 'POST', path: '/auth/profile', access: 'user', formId: 'profile' },
});
