import { admin } from './admin';
import { auth } from './auth';
import { docs } from './docs';
import type { Endpoint } from './endpoint';
import { filesApi } from './files';
import { likes } from './likes';
import { notifications } from './notifications';
import { profiles } from './profiles';
import { tales } from './tales';
import { tools } from './tools';

/**
 * Every endpoint of the API, by area: the server registers its routes from these and the OpenAPI
 * document is made from them. This module brings zod and every schema along; code that needs only
 * a path or a form id imports `calls` (./calls) instead.
 */
export const api = {
  auth,
  profiles,
  tales,
  likes,
  notifications,
  files: filesApi,
  admin,
  tools,
  docs,
} as const;

/** What each area (the reference's tag) is about. */
export const areas: Record<keyof typeof api, string> = {
  auth: 'Sign-up, log-in, sessions, passwords, and deleting an account.',
  profiles: "Reading anyone's profile; editing one's own (staff: anyone's).",
  tales: 'Tales and the comments under them (comments are tales: same table, same calls).',
  likes: 'Likes of tales and comments.',
  notifications: "The caller's notifications: comments and answers to them, likes.",
  files: 'Files attached to tales, and images for the editor and emblems.',
  admin: "The admins' and moderators' tools.",
  tools: 'Tools anyone may use.',
  docs: 'This reference itself.',
};

/** Every endpoint, in the order of the areas. */
export const allEndpoints: readonly Endpoint[] = Object.values(api).flatMap((area) => Object.values(area) as Endpoint[]);
