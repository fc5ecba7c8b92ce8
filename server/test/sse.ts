import { REQUESTED_WITH } from '../../common/constants';

export interface SseEvent {
  id?: string;
  event: string;
  data: string;
}

export interface SseStream {
  status: number;
  headers: Headers;
  /** Every event so far, heartbeats as `event: 'comment'`. */
  events: SseEvent[];
  /** The body of an answer that was not a stream (a refusal's envelope). */
  text?: string;
  /** Resolves with the first event (from `from` on) that `match` accepts, or fails after `ms`. */
  next(match: (e: SseEvent) => boolean, ms?: number, from?: number): Promise<SseEvent>;
  /** Whether the server ended the stream. */
  ended: Promise<void>;
  close(): void;
}

/** Opens an event stream as a browser's EventSource would (with a token or a cookie), reading it as it comes. */
export async function openStream(url: string, headers: Record<string, string> = {}): Promise<SseStream> {
  const controller = new AbortController();
  const res = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: controller.signal });
  const events: SseEvent[] = [];
  const waiters = new Set<() => void>();
  const told = () => {
    for (const w of waiters) w();
  };
  if (!(res.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
    const text = await res.text();
    return {
      status: res.status,
      headers: res.headers,
      events,
      text,
      next: () => Promise.reject(new Error(`not a stream (${res.status}): ${text.slice(0, 200)}`)),
      ended: Promise.resolve(),
      close: () => {},
    };
  }
  const ended = (async () => {
    const reader = (res.body as ReadableStream<Uint8Array>)
      .pipeThrough(new TextDecoderStream() as unknown as TransformStream<Uint8Array, string>)
      .getReader();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let cut = buffer.indexOf('\n\n');
        while (cut >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const e: SseEvent = { event: 'message', data: '' };
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) e.event = 'comment';
            else if (line.startsWith('id: ')) e.id = line.slice(4);
            else if (line.startsWith('event: ')) e.event = line.slice(7);
            else if (line.startsWith('data: ')) data.push(line.slice(6));
            else if (line.startsWith('retry: ')) e.event = 'retry';
          }
          e.data = data.join('\n');
          events.push(e);
          told();
          cut = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // aborted by close()
    } finally {
      told();
    }
  })();
  let done = false;
  void ended.then(() => {
    done = true;
    told();
  });
  return {
    status: res.status,
    headers: res.headers,
    events,
    ended,
    next(match, ms = 3_000, from = 0) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.slice(from).find(match);
          if (found) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(found);
          } else if (done) {
            waiters.delete(check);
            clearTimeout(timer);
            reject(new Error(`the stream ended without the event; it had ${JSON.stringify(events)}`));
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no such event within ${ms} ms; the stream had ${JSON.stringify(events)}`));
        }, ms);
        waiters.add(check);
        check();
      });
    },
    close: () => controller.abort(),
  };
}

/** The headers a logged-in client of the test harness sends. */
export const tokenHeaders = (c: { token: string | null; uid: number | null }): Record<string, string> => ({
  'x-requested-with': REQUESTED_WITH,
  ...(c.token ? { token: c.token } : {}),
  ...(c.uid != null ? { uid: String(c.uid) } : {}),
});
