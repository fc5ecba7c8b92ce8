import { calls } from '@common/api/calls';
import { FILE_CONTAINER } from '@common/schemas/file';
import type { Envelope } from '@common/schemas/envelope';
import { type AnswerOf, requestOf } from '@/api/call';
import { apiHeaders, apiUrl, networkFailure, readAnswer } from '@/api/client';
import { FILES_ENTITY_TABLE } from '@/api/files';

export interface UploadOptions<T = unknown> {
  /** Called as the request body goes out: bytes sent and bytes in all. */
  onProgress?: (sent: number, total: number) => void;
  /** Aborting rejects with an AbortError at once and shows nothing (spec section 8). */
  signal?: AbortSignal;
  /**
   * An abort that comes once the whole body has gone out can no longer stop the server, which may
   * be storing it: then the request runs on unseen, and its answer (its envelope, or null for a
   * refusal or no answer) comes here, with no message shown, so that what it stored can be taken back.
   */
  onAnswerAfterAbort?: (answer: Envelope<T> | null) => void;
}

const abortError = () => new DOMException('The upload was aborted', 'AbortError');

/**
 * Sends a multipart body with XMLHttpRequest, the one browser API that reports upload progress,
 * with the headers of apiFetch; the answer is read exactly as apiFetch reads it (messages shown,
 * CurrentUser kept in step, ApiError for a non-2xx answer). It does not raise the page spinner: the
 * upload shows its own progress and can be cancelled.
 */
export function sendWithProgress<T>(
  path: string,
  body: FormData,
  { onProgress, signal, onAnswerAfterAbort }: UploadOptions<T> = {},
): Promise<Envelope<T>> {
  return new Promise<Envelope<T>>((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const xhr = new XMLHttpRequest();
    /** When the request left (its answer's unread count was read after it). */
    let sentAt = 0;
    let bodySent = false;
    let abortedAfterSent = false;
    const settle = () => signal?.removeEventListener('abort', onAbortSignal);
    const onAbortSignal = () => {
      if (!bodySent || !onAnswerAfterAbort) {
        xhr.abort();
        return;
      }
      abortedAfterSent = true;
      settle();
      reject(abortError());
    };
    // the answer to an upload aborted after it went out, read without a word on screen
    const answeredAfterAbort = (answered: boolean) => {
      let answer: Envelope<T> | null = null;
      try {
        if (answered) answer = readAnswer<T>(xhr.status, xhr.responseText, sentAt, 'all');
      } catch {
        // a refusal: nothing was stored
      }
      onAnswerAfterAbort?.(answer);
    };
    xhr.open('POST', apiUrl(path));
    xhr.withCredentials = true;
    apiHeaders(false).forEach((value, name) => {
      xhr.setRequestHeader(name, value);
    });
    if (onProgress) {
      xhr.upload.addEventListener('progress', (e) => {
        if (e.lengthComputable) onProgress(e.loaded, e.total);
      });
    }
    xhr.upload.addEventListener('load', () => {
      bodySent = true;
    });
    xhr.addEventListener('load', () => {
      if (abortedAfterSent) {
        answeredAfterAbort(true);
        return;
      }
      settle();
      try {
        resolve(readAnswer<T>(xhr.status, xhr.responseText, sentAt));
      } catch (e) {
        reject(e);
      }
    });
    xhr.addEventListener('error', () => {
      if (abortedAfterSent) {
        answeredAfterAbort(false);
        return;
      }
      settle();
      reject(networkFailure());
    });
    xhr.addEventListener('abort', () => {
      settle();
      reject(abortError());
    });
    signal?.addEventListener('abort', onAbortSignal, { once: true });
    sentAt = Date.now();
    xhr.send(body);
  });
}

/**
 * POST /FileUpload: the multipart fields of spec section 7 first, then the files as `userfile[]`.
 * All or nothing: `data` is the list of new file rows, or the request failed as a whole.
 */
export function uploadFiles(
  taleId: number,
  files: readonly File[],
  options: UploadOptions<AnswerOf<typeof calls.files.upload>> = {},
): Promise<Envelope<AnswerOf<typeof calls.files.upload>>> {
  const body = new FormData();
  body.append('entity_table', FILES_ENTITY_TABLE);
  body.append('entity_id', String(taleId));
  body.append('container', FILE_CONTAINER);
  for (const file of files) body.append('userfile[]', file, file.name);
  const request = requestOf(calls.files.upload, { body });
  return sendWithProgress(request.path, request.body as FormData, options);
}
