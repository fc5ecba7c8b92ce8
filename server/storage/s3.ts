import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { type ByteRange, OBJECT_KEY_RE, type Storage, type StoredObject } from './storage';

export interface S3Options {
  bucket: string;
  region: string;
  endpoint?: string;
  forcePathStyle: boolean;
  prefix: string;
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

const isMissing = (e: unknown) => {
  const err = e as { name?: string; $metadata?: { httpStatusCode?: number } };
  return err?.name === 'NoSuchKey' || err?.name === 'NotFound' || err?.$metadata?.httpStatusCode === 404;
};

/** An S3-compatible object store, so several app servers share one set of files. */
export class S3Storage implements Storage {
  readonly kind = 's3';
  private readonly client: S3Client;

  constructor(private readonly opts: S3Options) {
    this.client = new S3Client({
      region: opts.region,
      endpoint: opts.endpoint,
      forcePathStyle: opts.forcePathStyle,
      credentials: opts.credentials,
      // Many S3-compatible stores do not speak the newer default checksums (aws-chunked trailers).
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  private keyOf(key: string): string {
    if (!OBJECT_KEY_RE.test(key)) throw new Error(`bad object key: ${key}`);
    return `${this.opts.prefix}${key}`;
  }

  async put(key: string, sourcePath: string, contentType: string): Promise<void> {
    const { size } = await fsp.stat(sourcePath);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.opts.bucket,
        Key: this.keyOf(key),
        Body: fs.createReadStream(sourcePath),
        ContentLength: size,
        ContentType: contentType,
      }),
    );
  }

  async stat(key: string): Promise<StoredObject | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.opts.bucket, Key: this.keyOf(key) }));
      return { size: Number(head.ContentLength ?? 0), lastModified: head.LastModified ?? new Date(0) };
    } catch (e) {
      if (isMissing(e)) return null;
      throw e;
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable | null> {
    try {
      const got = await this.client.send(
        new GetObjectCommand({
          Bucket: this.opts.bucket,
          Key: this.keyOf(key),
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      const body = got.Body;
      if (!body) return null;
      return body instanceof Readable ? body : Readable.fromWeb(body.transformToWebStream() as Parameters<typeof Readable.fromWeb>[0]);
    } catch (e) {
      if (isMissing(e)) return null;
      throw e;
    }
  }

  async remove(keys: string[]): Promise<void> {
    for (let i = 0; i < keys.length; i += 1000) {
      const chunk = keys.slice(i, i + 1000);
      if (!chunk.length) continue;
      await this.client.send(
        new DeleteObjectsCommand({
          Bucket: this.opts.bucket,
          Delete: { Objects: chunk.map((k) => ({ Key: this.keyOf(k) })), Quiet: true },
        }),
      );
    }
  }

  async close(): Promise<void> {
    this.client.destroy();
  }

  /** Every stored key under the prefix (tests use it to prove nothing is left behind). */
  async list(): Promise<string[]> {
    const out: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.opts.bucket, Prefix: this.opts.prefix, ContinuationToken: token }),
      );
      for (const o of page.Contents ?? []) if (o.Key) out.push(o.Key.slice(this.opts.prefix.length));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return out.sort();
  }
}
