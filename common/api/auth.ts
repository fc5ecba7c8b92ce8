import {
  ChangePasswordBody,
  DeletionSummarySchema,
  IdParams,
  LoginBody,
  RegisterBody,
  ResetRequestBody,
  ResetWithCodeBody,
} from '../schemas/user';
import { authCalls } from './calls/auth';
import { endpoints } from './endpoint';
import { answer, nothing } from './envelope';

/** Each answers nothing but its messages, and the caller as CurrentUser (a new session's, or the guest). */
const done = () => answer(nothing());

export const auth = endpoints(authCalls, {
  login: {
    summary: 'Log in with mail and password',
    description:
      "The answer's CurrentUser is the new session: its token goes back in the token and uid headers; a session cookie is set too.",
    body: LoginBody,
    response: done(),
  },
  logout: { summary: 'End the session', description: 'The answer already carries the guest as CurrentUser.', response: done() },
  register: { summary: 'Create an account and log in to it', body: RegisterBody, response: done() },
  changePassword: {
    summary: "Change the caller's password",
    description: 'current_password is needed unless the session is fresh (logged in within the last ten minutes).',
    body: ChangePasswordBody,
    response: done(),
  },
  resetRequest: {
    summary: 'Mail a password reset code',
    description: 'Answers alike whether or not the mail belongs to an account.',
    body: ResetRequestBody,
    response: done(),
  },
  resetWithCode: { summary: 'Set a new password with the mailed code, and log in', body: ResetWithCodeBody, response: done() },
  deleteUser: {
    summary: 'Delete an account and everything it owns',
    description: "The account itself or an admin. Deleting one's own account ends the session.",
    params: IdParams,
    response: done(),
  },
  deletionSummary: {
    summary: 'What deleting an account would remove with it',
    description: 'Counted when asked, for the question before the delete. The account itself or an admin (visitors 401, others 403).',
    params: IdParams,
    response: answer(DeletionSummarySchema),
  },
});
