import { calls } from '../endpoint';

/** Sign-up, log-in, sessions, passwords and deleting an account. */
export const authCalls = calls('auth', {
  login: { method: 'POST', path: '/auth/login', access: 'anyone', formId: 'login' },
  logout: { method: 'POST', path: '/auth/logout', access: 'anyone', formId: 'actionLogout' },
  register: { method: 'POST', path: '/auth/register', access: 'anyone', formId: 'actionRegister' },
  changePassword: { method: 'POST', path: '/auth/ChangePassword', access: 'user', formId: 'actionChangePassword' },
  resetRequest: { method: 'POST', path: '/auth/ResetPasswordRequest', access: 'anyone', formId: 'actionResetPasswordRequest' },
  resetWithCode: { method: 'POST', path: '/auth/ResetPasswordWithCode', access: 'anyone', formId: 'actionResetPasswordWithCode' },
  deleteUser: { method: 'POST', path: '/auth/UserDelete/:id', access: 'user', formId: 'actionUserDelete' },
  deletionSummary: { method: 'GET', path: '/auth/UserDelete/:id/summary', access: 'user' },
  latestExport: { method: 'GET', path: '/auth/export/:id', access: 'user' },
  requestExport: { method: 'POST', path: '/auth/export/:id', access: 'user', formId: 'actionExport' },
  downloadExport: { method: 'GET', path: '/auth/export/:id/download/:exportId', access: 'user' },
});
