import type { Envelope } from '@common/schemas/envelope';
import { calls } from '@common/api/calls';
import { pathOf } from '@common/api/endpoint';
import { apiHeaders, apiUrl } from '@/api/client';
import { getCurrentUser, setCurrentUser } from '@/lib/currentUser';

/**
 * GET /notification/count, for the badge. Its answer's CurrentUser carries count_notifications
 * and goes into the current-user store the navbar reads.
 *
 * This is a background call, so it does not go through apiFetch: that wrapper covers the page
 * with the spinner and opens the message modal on a failure, and a poll every 20 seconds must do
 * neither (offline, it would put 'Unexpected error.' on screen three times a minute). It sends
 * the same headers and keeps CurrentUser in step the same way; failures are silent. Gives the
 * count with the moment its request left (the count was read no earlier), or null.
 */
export async function getNotificationCount(signal?: AbortSignal): Promise<{ count: number; sentAt: number } | null> {
  const user = getCurrentUser();
  const headers = apiHeaders(false);
  const sentAt = Date.now();
  try {
    const res = await fetch(apiUrl(pathOf(calls.notifications.notificationCount, {})), { headers, credentials: 'include', signal });
    const env = (await res.json()) as Partial<Envelope<{ count?: number } | null>>;
    // an answer that arrives after a logout or login in the meantime must not bring the old session back
    const sameSession = getCurrentUser().token === user.token;
    if (sameSession && env && typeof env === 'object' && 'CurrentUser' in env) setCurrentUser(env.CurrentUser, sentAt);
    return typeof env?.data?.count === 'number' ? { count: env.data.count, sentAt } : null;
  } catch {
    return null;
  }
}
