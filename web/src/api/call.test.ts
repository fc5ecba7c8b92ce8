import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { calls } from '@common/api/calls';
import { pushMessages } from '@/lib/messageQueue';
import { callApi, requestOf } from './call';

vi.mock('@/lib/messageQueue', async (original) => ({ ...(await original<typeof import('@/lib/messageQueue')>()), pushMessages: vi.fn() }));

/** What callApi handed to fetch. */
interface Sent {
  url: URL;
  method: string;
  headers: Headers;
  credentials: RequestCredentials | undefined;
  body: unknown;
  signal: AbortSignal | null | undefined;
}

const envelope = (data: unknown, messages: unknown[] = []) => ({
  meta: { alina_response_success: 1 },
  data,
  messages,
  CurrentUser: { id: null },
});

let sent: Sent[] = [];

beforeEach(() => {
  sent = [];
  vi.stubGlobal('navigator', { userAgent: 'vitest' });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      sent.push({
        url: new URL(url, 'http://tales.test'),
        method: init.method ?? 'GET',
        headers: new Headers(init.headers),
        credentials: init.credentials,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
        signal: init.signal,
      });
      return new Response(JSON.stringify(envelope({ AmountLikes: 3, CurrentUserLiked: 1 })), { status: 200 });
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('callApi', () => {
  it('shows the messages of an answer, and none of a quiet call’s, whether it succeeded or was refused', async () => {
    const deleted = { templateString: 'Deleted', params: [], status: 1 };
    const answers = [
      new Response(JSON.stringify(envelope(null, [deleted])), { status: 200 }),
      new Response(JSON.stringify(envelope(null, [deleted])), { status: 200 }),
      new Response(JSON.stringify(envelope(null, [{ templateString: 'Access denied', params: [], status: 3 }])), { status: 403 }),
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answers.shift()),
    );
    const shown = vi.mocked(pushMessages);
    shown.mockClear();
    await callApi(calls.files.deleteFile, { params: { id: 9 }, body: { id: 9 } });
    expect(shown).toHaveBeenCalledWith([deleted]);
    shown.mockClear();
    await callApi(calls.files.deleteFile, { params: { id: 9 }, body: { id: 9 }, quiet: true });
    await expect(callApi(calls.files.deleteFile, { params: { id: 9 }, body: { id: 9 }, quiet: true })).rejects.toMatchObject({
      status: 403,
    });
    expect(shown).not.toHaveBeenCalled();
  });

  it('takes method, path and form id from the declaration, and the body from the caller', async () => {
    const env = await callApi(calls.likes.like, { body: { ref_table: 'tale', ref_id: 7, val: 1 } });
    expect(env.data).toEqual({ AmountLikes: 3, CurrentUserLiked: 1 });
    const [req] = sent;
    expect(req.method).toBe('POST');
    expect(req.url.pathname).toBe('/api/like/process');
    expect(req.url.searchParams.get('isAjax')).toBe('1');
    expect(req.body).toEqual({ ref_table: 'tale', ref_id: 7, val: 1, form_id: 'actionProcess' });
    // the wire protocol of apiFetch underneath
    expect(req.headers.get('x-requested-with')).toBeTruthy();
    expect(req.headers.get('content-type')).toBe('application/json');
    expect(req.credentials).toBe('include');
  });

  it('fills in and encodes the path parameters, passes the query and the abort signal', async () => {
    const controller = new AbortController();
    await callApi(calls.tales.tale, { params: { id: 'a b/c?' }, signal: controller.signal });
    await callApi(calls.tales.feed, { params: { pageSize: 10, page: 'last' }, query: { txt: '#sea', owner: undefined } });
    expect(sent[0].url.pathname).toBe('/api/tale/upsert/a%20b%2Fc%3F');
    expect(sent[0].method).toBe('GET');
    expect(sent[0].body).toBeUndefined();
    expect(sent[0].signal).toBe(controller.signal);
    expect(sent[1].url.pathname).toBe('/api/tale/feed/10/last');
    expect(sent[1].url.searchParams.get('txt')).toBe('#sea');
    expect(sent[1].url.searchParams.has('owner')).toBe(false);
  });

  it('sends a write without a body with its form id alone, and a DELETE as DELETE', async () => {
    await callApi(calls.notifications.deleteNotification, { params: { id: 5 } });
    await callApi(calls.files.deleteFile, { params: { id: 9 }, body: { id: 9, name_human: 'map' } });
    expect(sent[0]).toMatchObject({ method: 'POST', body: { form_id: 'actionDelete' } });
    expect(sent[0].url.pathname).toBe('/api/notification/Delete/5');
    expect(sent[1]).toMatchObject({ method: 'DELETE', body: { id: 9, name_human: 'map', form_id: 'actionDelete' } });
    expect(sent[1].url.pathname).toBe('/api/FileUpload/delete/9');
  });

  it('picks the form id of the form named, for a call reached by two forms; multipart keeps FormData with form_id first', async () => {
    await callApi(calls.tales.saveTale, { form: 'comment', body: { answer_to_tale_id: 1, body: 'hi' } });
    expect(sent[0].body).toMatchObject({ form_id: 'actionCommentAdd' });

    const fields = new FormData();
    fields.append('userfile', new Blob(['x']), 'x.png');
    await callApi(calls.files.editorUpload, { form: 'emblem', body: fields });
    const body = sent[1].body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect([...body.keys()]).toEqual(['form_id', 'userfile']);
    expect(body.get('form_id')).toBe('actionCommon');
    expect(sent[1].headers.has('content-type')).toBe(false);
  });

  it('follows the declaration: a changed call changes the request (nothing is copied)', async () => {
    const moved = { ...calls.likes.like, method: 'DELETE', path: '/like/elsewhere/:ref_id', formId: 'actionOther' } as const;
    await callApi(
      moved as unknown as typeof calls.likes.like,
      {
        params: { ref_id: 7 },
        body: { ref_table: 'tale', ref_id: 7 },
      } as never,
    );
    expect(sent[0].method).toBe('DELETE');
    expect(sent[0].url.pathname).toBe('/api/like/elsewhere/7');
    expect(sent[0].body).toMatchObject({ form_id: 'actionOther' });
    expect(requestOf(moved, { params: { ref_id: 8 } }).path).toBe('/like/elsewhere/8');
  });
});
