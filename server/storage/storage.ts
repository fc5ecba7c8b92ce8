import type { Readable } from 'node:stream';

/** A byte range of an object, both ends included (as in an HTTP Range header). */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StoredObject {
  size: number;
  lastModified: Date;
}

/**
 * Where uploaded files live. Keys are our own generated names (letters, digits, '-', '.'), never
 * anything a user typed, so a driver may use them as paths or object keys as they are.
 */
export interface Storage {
  readonly kind: 'local' | 's3';
  /** Stores the local file at `sourcePath` under `key`; the source is left for the caller to remove. */
  put(key: string, sourcePath: string, contentType: string): Promise<void>;
  stat(key: string): Promise<StoredObject | null>;
  /** The object's bytes, or the range of them; null when there is no such object. */
  read(key: string, range?: ByteRange): Promise<Readable | null>;
  /** Removes the objects; keys that do not exist are ignored. */
  remove(keys: string[]): Promise<void>;
  close(): Promise<void>;
}

export const OBJECT_KEY_RE = /^[a-z0-9][a-z0-9.-]{0,80}$/;
