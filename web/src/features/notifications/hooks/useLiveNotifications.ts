import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isLoggedIn } from '@common/abilities';
import { calls } from '@common/api/calls';
import { pathOf } from '@common/api/endpoint';
import { apiUrl } from '@/api/client';
import { notificationQueries } from '@/api/notifications';
import { setNotificationCount, useCurrentUser } from '@/lib/currentUser';
import { getNotificationCount } from '../api/getNotificationCount';

/** How often the badge asks for the unread count when there is no live stream. */
export const NOTIFICATION_POLL_MS = 20_000;
/** After the stream was refused (a proxy that blocks it, a full server), how long to poll before trying it again. */
const STREAM_RETRY_MS = 60_000;
/** Errors in a row, without the stream ever opening, after which it counts as blocked. */
const BLOCKED_AFTER = 3;

/**
 * What the tab holding the stream tells the others (BroadcastChannel), and itself. A count carries
 * the earliest moment it can have been read: when it came over the stream, or when its poll left.
 */
type Live = { userId: number; type: 'count'; count: number; since: number } | { userId: number; type: 'notification' };

/**
 * Keeps the navbar badge and the notification list current as things happen. One tab per browser
 * holds the live stream (GET /notification/stream, Server-Sent Events, authenticated by the
 * session cookie) and tells the other tabs over a BroadcastChannel; the tabs take turns through a
 * Web Lock, so when that tab closes another takes over. Where the stream cannot be had (no
 * EventSource, a proxy that blocks it, a refusal), the holder polls GET /notification/count every
 * 20 s and when the window regains focus, and tries the stream again a minute later.
 * Mount it once, in the shell.
 */
export function useLiveNotifications(): void {
  const user = useCurrentUser();
  // a new session (another user) starts its own stream
  const sessionUserId = isLoggedIn(user) ? user.id : null;
  const queryClient = useQueryClient();

  useEffect(() => {
    if (sessionUserId == null) return;
    const stop = new AbortController();
    const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel('tales-notifications') : null;

    const apply = (live: Live) => {
      if (live.userId !== sessionUserId) return;
      if (live.type === 'count') setNotificationCount(sessionUserId, live.count, live.since);
      else void queryClient.invalidateQueries({ queryKey: notificationQueries.all() });
    };
    const tell = (live: Live) => {
      apply(live);
      channel?.postMessage(live);
    };
    if (channel) channel.onmessage = (e: MessageEvent<Live>) => apply(e.data);

    const hold = () => holdStream(sessionUserId, tell, stop.signal);
    if (navigator.locks) {
      // waits its turn; the lock goes with the tab (closed, or this effect cleaned up)
      navigator.locks.request(`tales-notifications-${sessionUserId}`, { signal: stop.signal }, hold).catch(() => {});
    } else {
      void hold();
    }
    return () => {
      stop.abort();
      channel?.close();
    };
  }, [sessionUserId, queryClient]);
}

/** Holds the live stream (or polls) until `signal` aborts; answers then, releasing the turn. */
function holdStream(userId: number, tell: (live: Live) => void, signal: AbortSignal): Promise<void> {
  return new Promise<void>((done) => {
    let source: EventSource | null = null;
    let pollTimer: number | undefined;
    let retryTimer: number | undefined;
    let controller: AbortController | null = null;
    let lastAsked = 0;

    const ask = () => {
      if (document.visibilityState !== 'visible' || controller) return;
      controller = new AbortController();
      lastAsked = Date.now();
      void getNotificationCount(controller.signal)
        .then((read) => {
          if (read) tell({ userId, type: 'count', count: read.count, since: read.sentAt });
        })
        .finally(() => {
          controller = null;
        });
    };
    // a focus right after an answer adds nothing
    const onFocus = () => {
      if (pollTimer !== undefined && Date.now() - lastAsked > 2_000) ask();
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') onFocus();
    };

    const poll = () => {
      if (pollTimer !== undefined) return;
      ask();
      pollTimer = window.setInterval(ask, NOTIFICATION_POLL_MS);
    };
    const stopPolling = () => {
      window.clearInterval(pollTimer);
      pollTimer = undefined;
    };

    const open = () => {
      if (signal.aborted) return;
      if (typeof EventSource !== 'function') return poll();
      let opened = false;
      let errors = 0;
      const es = new EventSource(apiUrl(pathOf(calls.notifications.stream, {})), { withCredentials: true });
      source = es;
      es.addEventListener('open', () => {
        opened = true;
        errors = 0;
        stopPolling();
      });
      es.addEventListener('count', (e) => {
        const count = Number(JSON.parse((e as MessageEvent<string>).data)?.count);
        if (Number.isInteger(count) && count >= 0) tell({ userId, type: 'count', count, since: Date.now() });
      });
      es.addEventListener('notification', () => tell({ userId, type: 'notification' }));
      es.addEventListener('end', () => {
        // the session ended (logout, ban, password change elsewhere): one ordinary call lets the
        // app see it; a 'replaced' stream means this browser holds too many, so poll instead
        es.close();
        source = null;
        poll();
      });
      es.addEventListener('error', () => {
        errors++;
        // refused outright (401, 503, not a stream) or never got through: poll, try again later
        if (es.readyState === EventSource.CLOSED || (!opened && errors >= BLOCKED_AFTER)) {
          es.close();
          source = null;
          poll();
          window.clearTimeout(retryTimer);
          retryTimer = window.setTimeout(open, STREAM_RETRY_MS);
        }
      });
    };

    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onVisibility);
    signal.addEventListener('abort', () => {
      source?.close();
      stopPolling();
      window.clearTimeout(retryTimer);
      controller?.abort();
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onVisibility);
      done();
    });
    open();
  });
}
