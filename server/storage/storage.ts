import type { Readable } from 'node:stream';
import type { Config } from '../config';
import { LocalStorage } from './local';
import { S3Storage } from './s3';

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

export function createStorage(config: Config): Storage {
  if (config.STORAGE_DRIVER === 's3') {
    return new S3Storage({
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT || undefined,
      forcePathStyle: config.S3_FORCE_PATH_STYLE === '1',
      prefix: config.S3_PREFIX,
      credentials:
        config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
          ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
          : undefined,
    });
  }
  return new LocalStorage(config.dataDir);
}
