import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isSuccess } from '@/api/client';
import { deleteFile } from '../api/deleteFile';
import { refreshAfterFileChange } from '../api/refresh';
import { uploadFiles } from '../api/uploadFiles';

/** The server takes at most 10 files in one request (behaviour.md), so a bigger choice goes in batches. */
export const FILES_PER_REQUEST = 10;

/** One request under way: its files' names and how much of its body has gone out. */
export interface UploadItem {
  key: number;
  names: string[];
  sent: number;
  total: number;
}

export function chunk<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/**
 * The uploads of one tale's panel, each with its progress and a way to cancel it. A cancelled
 * upload ends silently and adds nothing: cancelled while its body goes out, the request is
 * stopped; cancelled later, while the server stores it, what it stored is deleted when it answers.
 * A refused one has had its messages shown by the API client.
 */
export function useFileUploads(taleId: number) {
  const queryClient = useQueryClient();
  const [uploads, setUploads] = useState<UploadItem[]>([]);
  const controllers = useRef(new Map<number, AbortController>());
  const nextKey = useRef(1);

  // leaving the tale cancels what is under way: the server keeps no half file, nor a whole one
  useEffect(() => {
    const running = controllers.current;
    return () => {
      for (const c of running.values()) c.abort();
    };
  }, []);

  const start = useCallback(
    (files: readonly File[]) => {
      for (const batch of chunk(files, FILES_PER_REQUEST)) {
        const key = nextKey.current++;
        const controller = new AbortController();
        controllers.current.set(key, controller);
        const total = batch.reduce((sum, f) => sum + f.size, 0);
        setUploads((list) => [...list, { key, names: batch.map((f) => f.name), sent: 0, total }]);
        uploadFiles(taleId, batch, {
          signal: controller.signal,
          onProgress: (sent, all) => setUploads((list) => list.map((u) => (u.key === key ? { ...u, sent, total: all } : u))),
          onAnswerAfterAbort: (env) => {
            if (!env || !isSuccess(env)) return;
            void Promise.allSettled(env.data.map((file) => deleteFile(file, { quiet: true }))).then(() =>
              refreshAfterFileChange(queryClient, taleId),
            );
          },
        })
          .then((env) => {
            if (isSuccess(env)) refreshAfterFileChange(queryClient, taleId);
          })
          .catch(() => {
            // aborted: silent; refused or failed: the client has shown the server's messages
          })
          .finally(() => {
            controllers.current.delete(key);
            setUploads((list) => list.filter((u) => u.key !== key));
          });
      }
    },
    [queryClient, taleId],
  );

  const cancel = useCallback((key: number) => controllers.current.get(key)?.abort(), []);

  return { uploads, start, cancel };
}
