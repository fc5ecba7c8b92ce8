import { adminCalls } from './admin';
import { authCalls } from './auth';
import { docCalls } from './docs';
import { fileCalls } from './files';
import { likeCalls } from './likes';
import { notificationCalls } from './notifications';
import { profileCalls } from './profiles';
import { taleCalls } from './tales';
import { toolCalls } from './tools';

/** Every call of the API by area, without zod: what the web needs to make a request. */
export const calls = {
  auth: authCalls,
  profiles: profileCalls,
  tales: taleCalls,
  likes: likeCalls,
  notifications: notificationCalls,
  files: fileCalls,
  admin: adminCalls,
  tools: toolCalls,
  docs: docCalls,
} as const;
