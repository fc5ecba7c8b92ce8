import { useEffect } from 'react';
import { isLoggedIn } from '@common/abilities';
import { useCurrentUser } from '@/lib/currentUser';
import { getNotificationCount } from '../api/getNotificationCount';

/** How often the badge asks for the unread count while the tab is visible. */
export const NOTIFICATION_POLL_MS = 20_000;

/**
 * Keeps the navbar badge current without a reload: while logged in and the tab is visible, asks
 * GET /notification/count every 20 s, and at once when the window regains focus or the tab
 * becomes visible again. Mount it once, in the shell.
 */
export function useNotificationPolling(): void {
  const user = useCurrentUser();
  // a new session (another user) starts its own polling
  const sessionUserId = isLoggedIn(user) ? user.id : null;

  useEffect(() => {
    if (sessionUserId == null) return;
    let controller: AbortController | null = null;
    let lastAsked = Date.now();

    const ask = () => {
      if (document.visibilityState !== 'visible' || controller) return;
      controller = new AbortController();
      lastAsked = Date.now();
      void getNotificationCount(controller.signal).finally(() => {
        controller = null;
      });
    };
    // a focus right after a poll (or right after login) adds nothing
    const onFocus = () => {
      if (Date.now() - lastAsked > 2_000) ask();
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') onFocus();
    };

    const timer = window.setInterval(ask, NOTIFICATION_POLL_MS);
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onVisibility);
      controller?.abort();
    };
  }, [sessionUserId]);
}
