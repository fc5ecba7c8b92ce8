import type { APIRequestContext, Page } from '@playwright/test';
import { CURRENT_USER_STORAGE_KEY, REQUESTED_WITH } from '../common/constants';

/**
 * Calls to the API from specs, for the set-up a screen does not need to show (users, tales,
 * comments) and for checks of what was saved. Every call carries what the web app's own client
 * sends (web/src/api/client.ts): the X-Requested-With header and isAjax=1.
 */

/** Headers of an API call; for calls this module does not make (multipart uploads). */
export const API_HEADERS = { 'x-requested-with': REQUESTED_WITH } as const;

export interface Envelope<T = unknown> {
  meta: { alina_response_success: 0 | 1; [k: string]: unknown };
  data: T;
  messages: { text: string; status: number }[];
  CurrentUser?: { id: number | null; rbac_user_role?: { name: string }[] };
}

export interface ApiAnswer<T = unknown> {
  status: number;
  body: Envelope<T>;
}

/** A session as the web app stores it (CurrentUser in localStorage) and sends it (uid and token headers). */
export interface Session {
  id: number;
  token: string;
}

const apiUrl = (path: string) => `/api${path}${path.includes('?') ? '&' : '?'}isAjax=1`;

/** The session of the user logged in in this page. */
export const storedSession = (page: Page): Promise<Session> =>
  page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '{}') as Session, CURRENT_USER_STORAGE_KEY);

export const storedUserId = async (page: Page): Promise<number> => (await storedSession(page)).id;

/** A call from inside the page with the session of its stored CurrentUser: GET without a body, POST with one. */
export async function apiInPage<T = unknown>(page: Page, path: string, body?: object): Promise<ApiAnswer<T>> {
  return page.evaluate(
    async ({ url, body, key, headers }) => {
      const user = JSON.parse(localStorage.getItem(key) ?? '{}') as { id?: number; token?: string };
      const res = await fetch(url, {
        method: body ? 'POST' : 'GET',
        headers: { ...headers, 'content-type': 'application/json', uid: String(user.id ?? ''), token: user.token ?? '' },
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: res.status, body: await res.json() };
    },
    { url: apiUrl(path), body, key: CURRENT_USER_STORAGE_KEY, headers: API_HEADERS },
  );
}

/**
 * A call through a request context (`page.request` shares the page's session cookie; the test's
 * `request` has its own), or as `as` when given: GET without data, POST with it.
 */
export async function apiRequest<T = unknown>(
  request: APIRequestContext,
  path: string,
  data?: object,
  as?: Session,
): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = { ...API_HEADERS };
  if (as) Object.assign(headers, { uid: String(as.id), token: as.token });
  const res = data ? await request.post(apiUrl(path), { headers, data }) : await request.get(apiUrl(path), { headers });
  return { status: res.status(), body: (await res.json()) as Envelope<T> };
}
