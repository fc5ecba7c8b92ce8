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

/** Every endpoint, in the order of the areas. */
export const allEndpoints: readonly Endpoint[] = Object.values(api).flatMap((area) => Object.values(area) as Endpoint[]);
