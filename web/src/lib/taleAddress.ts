import { appRoutes } from '@common/routes';
import type { Tale } from '@common/schemas/tale';

/** The tale's own address: its alias when it has one (behaviour.md: sharing uses it), else /tale/upsert/{id}. */
export function taleHref(tale: Pick<Tale, 'id' | 'router_alias'>): string {
  const alias = tale.router_alias?.trim();
  return alias ? `/${encodeURIComponent(alias)}` : appRoutes.tale(tale.id);
}

/** The feed searching for one hashtag. */
export function hashtagHref(tag: string): string {
  return `${appRoutes.feed}?txt=${encodeURIComponent(`#${tag}`)}`;
}

/** Saved but with a publish time still ahead: hidden from the feed until then. */
export const isScheduled = (tale: Pick<Tale, 'publish_at' | 'is_submitted'>, nowSeconds = Date.now() / 1000) =>
  tale.is_submitted === 1 && tale.publish_at > nowSeconds;
