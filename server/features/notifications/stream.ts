import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { api } from '../../../common/api';
import { MSG, danger } from '../../../common/messages';
import type { Actor } from '../../../common/abilities';
import type { Notification } from '../../../common/schemas/conversation';
import type { Deps } from '../../deps';
import type { AppEvent } from '../../events';
import { route } from '../../http/declare';
import { AppError, needLogin } from '../../http/errors';
import { newestNotificationId, notificationsAfter, unreadCounts } from './service';

/** How many missed notifications a stream sends when it starts or resumes. */
const CATCH_UP = 20;
/** A user's streams on one server (tabs in browsers that cannot share one); past it the oldest ends. */
const STREAMS_PER_USER = 8;
/** A reader this far behind is not reading: its stream ends rather than queueing more in memory. */
const MAX_BUFFERED_BYTES = 64 * 1024;
/** Changes arriving this close together are read once. */
const COALESCE_MS = 20;
const RETRY_MS = 3_000;

interface Stream {
  userId: number;
  /** Who reads it (their roles decide which posts' headers they may still see). */
  viewer: Actor & { id: number };
  token: string;
  out: ServerResponse;
  /** The newest notification id sent (the event id the browser resumes from). */
  lastId: number;
  lastCount: number;
  /** When the read behind lastCount began (a count read before it is older, and is not sent). */
  countRead: number;
  ended: boolean;
}

/**
 * Live notifications (GET /notification/stream): each logged-in page holds one Server-Sent Events
 * stream and hears its unread count and new notifications as they are committed, on this server or
 * any other (the event relay brings theirs). Streams are grouped by user; a change is read once per
 * user, and a change that concerns everyone (a deleted tale took notifications along) is one query
 * for every stream this server holds.
 */
export type NotificationStreams = ReturnType<typeof notificationStreams>;

export function notificationStreams(deps: Deps) {
  const byUser = new Map<number, Set<Stream>>();
  let total = 0;
  const dirty = new Set<number>();
  let everyone = false;
  let timer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> = Promise.resolve();
  /** Numbers the count reads in the order they begin: a read begun later sees every commit an earlier one saw. */
  let reads = 0;

  const write = (s: Stream, text: string) => {
    if (s.ended) return;
    if (s.out.writableLength > MAX_BUFFERED_BYTES) return end(s);
    s.out.write(text);
  };
  const send = (s: Stream, event: string, data: unknown) => write(s, `id: ${s.lastId}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`);

  function end(s: Stream, reason?: string) {
    if (s.ended) return;
    if (reason) send(s, 'end', { reason });
    s.ended = true;
    s.out.end();
    const set = byUser.get(s.userId);
    if (set?.delete(s)) total--;
    if (set && set.size === 0) byUser.delete(s.userId);
  }

  const sendNew = (s: Stream, items: Notification[]) => {
    for (const n of items) {
      if (n.id <= s.lastId) continue;
      s.lastId = n.id;
      send(s, 'notification', n);
    }
  };
  /**
   * Sends the count a read begun at `read` found, unless a read begun later already told this
   * stream: a new stream's first count, read while a comment committed, must not undo the count
   * the flush of that comment sent it first.
   */
  const sendCount = (s: Stream, count: number, read: number) => {
    if (read < s.countRead) return;
    s.countRead = read;
    if (count === s.lastCount) return;
    s.lastCount = count;
    send(s, 'count', { count });
  };

  /** Reads what changed for the users marked since the last time, and tells their streams. */
  async function flush() {
    timer = undefined;
    const all = everyone;
    const named = new Set([...dirty].filter((id) => byUser.has(id)));
    everyone = false;
    dirty.clear();
    // a session that ended (logout, ban, password change, deleted user) ends its streams first
    for (const userId of named) {
      for (const s of [...(byUser.get(userId) ?? [])]) {
        if (!(await deps.lookups.sessionAlive(s.token))) end(s, 'session');
      }
    }
    const users = [...(all ? byUser.keys() : named)].filter((id) => byUser.has(id));
    for (let i = 0; i < users.length; i += 1_000) {
      const chunk = users.slice(i, i + 1_000);
      const read = ++reads;
      const counts = await unreadCounts(deps.db, chunk);
      for (const userId of chunk) {
        const streams = [...(byUser.get(userId) ?? [])];
        if (!streams.length) continue;
        // only a change named for the user can bring a new notification
        if (named.has(userId)) {
          const after = Math.min(...streams.map((s) => s.lastId));
          const items = await notificationsAfter(deps, streams[0].viewer, after, CATCH_UP);
          for (const s of streams) sendNew(s, items);
        }
        for (const s of streams) sendCount(s, counts.get(userId) ?? 0, read);
      }
    }
  }

  const schedule = () => {
    if (timer) return;
    timer = setTimeout(() => {
      flushing = flushing
        .then(flush)
        .catch((err) => deps.log.error({ err }, 'live notifications could not be read; the next change tries again'));
    }, COALESCE_MS);
  };

  const onEvent = (event: AppEvent) => {
    if (!total) return;
    switch (event.type) {
      case 'user.changed':
        dirty.add(event.userId);
        break;
      case 'user.deleted':
        for (const s of [...(byUser.get(event.userId) ?? [])]) end(s, 'session');
        everyone = true;
        break;
      case 'tale.deleted':
      case 'users.changed':
        everyone = true;
        break;
      default:
        return;
    }
    schedule();
  };
  const unsubscribe = deps.events.subscribe(onEvent);

  // one timer for every stream: a comment line keeps proxies and browsers from closing an idle one
  const heartbeat = setInterval(() => {
    for (const set of byUser.values()) for (const s of set) write(s, ': \n\n');
  }, deps.config.NOTIFICATION_HEARTBEAT_MS);
  heartbeat.unref();

  /** Parses the resume point: the header the browser sends on reconnect, or the query of a new stream. */
  const resumeFrom = (header: unknown, query: string | undefined): number | undefined => {
    const [value, field] = typeof header === 'string' && header !== '' ? [header, 'Last-Event-ID'] : [query, 'lastEventId'];
    if (value === undefined || value === '') return undefined;
    if (!/^\d{1,15}$/.test(value)) throw new AppError(400, [danger(MSG.lastEventIdInvalid, [field])]);
    return Number(value);
  };

  return {
    /** How many streams this server holds now. */
    get size() {
      return total;
    },
    routes: async (app: FastifyInstance) => {
      // ended before the server closes, or a draining server would wait for streams that never end
      app.addHook('preClose', async () => {
        clearInterval(heartbeat);
        clearTimeout(timer);
        unsubscribe();
        for (const set of [...byUser.values()]) for (const s of [...set]) end(s);
      });

      route(app, api.notifications.stream, async (request, reply, me) => {
        const max = deps.config.NOTIFICATION_STREAMS_MAX;
        if (total >= max) throw new AppError(503, [danger(MSG.streamsFull, [30])], { 'retry-after': '30' });
        const token = request.session?.token;
        if (!token) throw needLogin();
        const resumed = resumeFrom(request.headers['last-event-id'], request.query.lastEventId);
        const lastId = resumed ?? (await newestNotificationId(deps.db, me.id));

        const out = reply.raw;
        reply.hijack();
        out.writeHead(200, {
          ...(reply.getHeaders() as Record<string, string>),
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-store',
          // nginx and others would otherwise hold the events back in a buffer
          'x-accel-buffering': 'no',
        });
        out.write(`retry: ${RETRY_MS}\n\n`);
        const stream: Stream = { userId: me.id, viewer: me, token, out, lastId, lastCount: -1, countRead: 0, ended: false };
        let set = byUser.get(me.id);
        if (!set) {
          set = new Set();
          byUser.set(me.id, set);
        }
        set.add(stream);
        total++;
        if (set.size > STREAMS_PER_USER) end(set.values().next().value as Stream, 'replaced');
        out.on('close', () => end(stream));
        out.on('error', () => end(stream));

        // what was missed while away (or committed while this stream was being set up), then the count;
        // a change committed from now on is read by the flush
        sendNew(stream, await notificationsAfter(deps, me, lastId, CATCH_UP));
        const read = ++reads;
        const counts = await unreadCounts(deps.db, [me.id]);
        sendCount(stream, counts.get(me.id) ?? 0, read);
        return reply;
      });
    },
  };
}
