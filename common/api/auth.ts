import { z } from 'zod';
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
import { answer, nothing, raw } from './envelope';
import { DataExportSchema, ExportDownloadParams, ExportParams } from '../schemas/export';

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
  latestExport: {
    summary: "The newest archive of a user's data: being made (with its progress), ready, or failed",
    description: 'null when none was asked for or the last one expired. The user or an admin (visitors 401, others 403).',
    params: ExportParams,
    response: answer(DataExportSchema.nullable()),
  },
  requestExport: {
    summary: "Ask for an archive of a user's data",
    description:
      'Profile, tales (drafts too) and comments as JSON and as a readable HTML page, likes given, and every stored file, in one ZIP made in the background; answers the archive being made (the one already under way, if any). A large one is also announced by mail to whoever asked. The user or an admin.',
    params: ExportParams,
    body: z.object({ form_id: z.string().optional() }).passthrough(),
    response: answer(DataExportSchema),
  },
  downloadExport: {
    summary: 'Download a ready archive (ZIP)',
    description: 'The user or an admin; 404 once it expired or for an archive of another user.',
    params: ExportDownloadParams,
    response: raw('application/zip', 'The archive.'),
  },
});
