import type { Tale } from '@common/schemas/tale';
import { ApiError, apiFetch, isSuccess } from './client';

/**
 * A tale as the server sends it, for every feature that shows one (the tale screen, the
 * comments under it): one fetcher and one cache entry per tale. Comments are tales too.
 */

/** How a tale is asked for: its id, its alias, or null for the caller's unsaved tale. */
export type TaleRef = string | null;

export const taleKeys = {
  /** Every tale in the cache. */
  all: ['tale'] as const,
  one: (ref: TaleRef) => ['tale', ref ?? ''] as const,
};

const talePath = (ref: TaleRef) => (ref ? `/tale/upsert/${encodeURIComponent(ref)}` : '/tale/upsert');

/**
 * GET /tale/upsert/{id or alias}, or GET /tale/upsert for the caller's one unsaved tale (created
 * by the server on first call). `data` is the tale itself; anything else is an ApiError.
 */
export async function getTale(ref: TaleRef, signal?: AbortSignal): Promise<Tale> {
  const env = await apiFetch<Tale>(talePath(ref), { signal });
  if (!isSuccess(env) || !env.data || typeof env.data !== 'object') throw new ApiError(200, env, 'Tale not loaded');
  return env.data;
}
