import { REQUESTED_WITH } from '@common/constants';
import { danger, type Message, MSG } from '@common/messages';
import type { Envelope, Pagination } from '@common/schemas/envelope';
import { getCurrentUser, setCurrentUser } from '@/lib/currentUser';
import { requestEnded, requestStarted } from '@/lib/inFlight';
import { pushMessages } from '@/lib/messageQueue';

/** Where the API lives (wire protocol: one prefix, default /api). */
export const API_BASE: string = import.meta.env.VITE_API_BASE ?? '/api';

export type QueryValue = string | number | boolean | null | undefined;

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'DELETE';
  /** A JSON body (plain object) or a multipart body. */
  body?: object | FormData;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /**
   * HTTP statuses the screen explains itself (a tale that is for members, or not there): their
   * answers put no message on screen, so the page's own state is not repeated as a toast.
   */
  explains?: readonly number[];
  /**
   * No message on screen, whatever the answer: for a call the user did not make themselves (taking
   * back what an upload they cancelled had already stored).
   */
  quiet?: boolean;
}

/** A call that did not end in an envelope with HTTP 200. Its messages are already on screen. */
export class ApiError extends Error {
  readonly status: number;
  readonly envelope: Envelope | null;
  constructor(status: number, envelope: Envelope | null, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.envelope = envelope;
  }
}

function isEnvelope(v: unknown): v is Envelope {
  return typeof v === 'object' && v !== null && 'meta' in v && typeof v.meta === 'object' && v.meta !== null;
}

/** The address of an API call, with the isAjax=1 every call carries. */
export function apiUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v !== undefined && v !== null) params.set(k, String(v));
  }
  params.set('isAjax', '1');
  return `${API_BASE}${path}?${params.toString()}`;
}

/** The headers of the wire protocol: x-requested-with, fgp, and uid/token once logged in. */
export function apiHeaders(isJson: boolean): Headers {
  const headers = new Headers({ 'x-requested-with': REQUESTED_WITH, fgp: navigator.userAgent });
  const user = getCurrentUser();
  if (user.id != null && user.token) {
    headers.set('uid', String(user.id));
    headers.set('token', user.token);
  }
  if (isJson) headers.set('content-type', 'application/json');
  return headers;
}

/** The words of an HTML page, one space between elements; scripts and styles left out. */
function htmlToText(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  for (const el of doc.querySelectorAll('script, style, noscript, template')) el.remove();
  const walker = doc.createTreeWalker(doc.body, NodeFilter.SHOW_TEXT);
  const parts: string[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) parts.push(node.textContent ?? '');
  return parts.join(' ');
}

/** A text or HTML body is shown as a danger message; its markup is never rendered. */
function textBodyMessage(body: string): Message | null {
  const text = /<[a-z!/][\s\S]*>/i.test(body) ? htmlToText(body) : body;
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean ? danger(clean.length > 1000 ? `${clean.slice(0, 1000)}…` : clean) : null;
}

function collectMessages(env: Envelope): Message[] {
  const list = [...(Array.isArray(env.messages) ? env.messages : [])];
  if (Array.isArray(env.messages_admin)) list.push(...env.messages_admin);
  return list;
}

/**
 * The one way the app talks to the server: adds the headers of the wire protocol, counts the
 * request for the spinner, queues every message for the modal, keeps CurrentUser in step, and
 * turns a non-200 or unreadable answer into the client errors of spec section 8.
 * Resolves with the envelope of every HTTP 200 answer, also when alina_response_success is 0.
 */
export async function apiFetch<T = unknown>(path: string, req: ApiRequest = {}): Promise<Envelope<T>> {
  const isForm = typeof FormData !== 'undefined' && req.body instanceof FormData;
  const init: RequestInit = {
    method: req.method ?? (req.body ? 'POST' : 'GET'),
    headers: apiHeaders(req.body !== undefined && !isForm),
    credentials: 'include',
    signal: req.signal,
  };
  if (req.body !== undefined) init.body = isForm ? (req.body as FormData) : JSON.stringify(req.body);

  requestStarted();
  try {
    let res: Response;
    let raw: string;
    const sentAt = Date.now();
    try {
      res = await fetch(apiUrl(path, req.query), init);
      raw = await res.text();
    } catch (e) {
      if (e instanceof DOMException && e.name === 'AbortError') throw e;
      throw networkFailure();
    }
    return readAnswer<T>(res.status, raw, sentAt, req.quiet ? 'all' : req.explains);
  } finally {
    requestEnded();
  }
}

/** A call that never got an answer: the 'Unexpected error.' of spec section 8, shown and returned. */
export function networkFailure(): ApiError {
  pushMessages([danger(MSG.unexpectedError)]);
  return new ApiError(0, null, MSG.unexpectedError);
}

/**
 * Reads an HTTP answer (status and body text) to a request sent at `sentAt` (Date.now()) the way
 * every call does: keeps CurrentUser in step (its unread count only if nothing newer is held, see
 * lib/currentUser.ts), queues the messages (unless the caller explains the status, or every
 * status: 'all'), and gives the envelope of a 2xx JSON answer or throws an ApiError.
 * Shared by apiFetch and the uploads that need XMLHttpRequest for their progress.
 */
export function readAnswer<T = unknown>(
  status: number,
  raw: string,
  sentAt: number,
  explains: readonly number[] | 'all' = [],
): Envelope<T> {
  const ok = status >= 200 && status < 300;
  let parsed: unknown = null;
  let isJson = false;
  try {
    parsed = JSON.parse(raw);
    isJson = true;
  } catch {
    // not JSON: handled below as a text body
  }
  const envelope = isJson && isEnvelope(parsed) ? (parsed as Envelope<T>) : null;
  if (envelope && 'CurrentUser' in envelope) setCurrentUser(envelope.CurrentUser, sentAt);

  const queued: Message[] = [];
  if (!ok) queued.push(danger(MSG.serverErrorStatus, [status]));
  if (envelope) queued.push(...collectMessages(envelope));
  else if (!isJson) {
    const m = textBodyMessage(raw);
    if (m) queued.push(m);
  }
  if (!envelope && ok) queued.push(danger(MSG.responseNotSuccess));
  if (explains !== 'all' && (ok || !explains.includes(status))) pushMessages(queued);

  if (!ok || !envelope) {
    throw new ApiError(status, envelope, envelope ? `HTTP ${status}` : 'Unreadable response');
  }
  return envelope;
}

/** A list's pagination from its answer's meta, or one empty page when the answer brought none (a refusal). */
export const pageMeta = (meta: unknown, pageSize: number): Pagination =>
  (meta as Pagination | undefined) ?? { pageCurrentNumber: 1, pageSize, rowsTotal: 0, pagesTotal: 1 };

export const isSuccess = (env: Envelope | null | undefined): boolean => env?.meta.alina_response_success === 1;
