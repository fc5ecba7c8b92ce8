import pg from 'pg';
import sharp from 'sharp';
import type { FileRow } from '../../../common/schemas/file';
import type { Deps } from '../../deps';
import type { Answer, Client } from '../../test/harness';

/** Test files made in code: nothing copyrighted, nothing large in the repository. */
export interface Upload {
  name: string;
  data: Buffer | Uint8Array;
}

/** A short MP3 of silent MPEG-1 Layer III frames (128 kbps, 44.1 kHz), `frames` × 26 ms. */
export function silentMp3(frames = 40): Buffer {
  const frame = Buffer.alloc(417);
  frame.set([0xff, 0xfb, 0x90, 0x64]);
  return Buffer.concat(Array.from({ length: frames }, () => frame));
}

export const exeBytes = () => Buffer.concat([Buffer.from('MZ'), Buffer.alloc(510, 0x90)]);
export const elfBytes = () => Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]), Buffer.alloc(200)]);
export const pdfBytes = () => Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
export const htmlBytes = () => Buffer.from('<!doctype html><html><body><script>document.title="owned"</script></body></html>');
export const svgBytes = () =>
  Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><script>alert(1)</script><rect width="40" height="20" fill="red"/></svg>',
  );

export function png(width = 64, height = 48, colour = { r: 40, g: 120, b: 200 }): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

/** A JPEG carrying camera and GPS metadata, as a phone would write it. */
export function jpegWithGps(width = 120, height = 80): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'TalesTestCam', Model: 'Phone 1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '55/1 45/1 2100/100', GPSLongitudeRef: 'E', GPSLongitude: '37/1 37/1 1200/100' },
    })
    .toBuffer();
}

export function form(fields: Record<string, string | number>, files: Upload[], fileField: string | ((i: number) => string) = 'userfile[]') {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, String(v));
  files.forEach((f, i) => {
    body.append(typeof fileField === 'string' ? fileField : fileField(i), new Blob([new Uint8Array(f.data)]), f.name);
  });
  return body;
}

export function upload(
  c: Client,
  taleId: number,
  files: Upload[],
  opts: { fileField?: string | ((i: number) => string); fields?: Record<string, string | number> } = {},
): Promise<Answer<FileRow[]>> {
  const body = form(
    { entity_table: 'tale', entity_id: taleId, container: 'FILE', form_id: 'actionIndex', ...opts.fields },
    files,
    opts.fileField,
  );
  return c.call<FileRow[]>('/FileUpload', { method: 'POST', raw: { body } });
}

/**
 * Runs `work` (an upload) so that it ends as a crash between storing and committing would: the
 * faults go in through the app's dependencies, no hook in the code under test. The file rows'
 * transaction fails as on a lost database connection (PGlite: its transaction; PostgreSQL: its
 * COMMIT, on every connection the pool hands out meanwhile), and the storage cannot remove the
 * objects right after (unreachable), so they stay stored with no row naming them.
 */
export async function crashingBetweenStoreAndCommit<T>(deps: Deps, work: () => Promise<T>): Promise<T> {
  const { db, storage } = deps;
  const lost = () => Object.assign(new Error('Connection terminated unexpectedly'), { code: '57P01' });
  const transaction = db.transaction;
  const remove = storage.remove;
  const pool = (db as unknown as { $client: unknown }).$client;
  const patched = new Map<pg.PoolClient, pg.PoolClient['query']>();
  const onAcquire = (client: pg.PoolClient) => {
    if (patched.has(client)) return;
    const query = client.query;
    patched.set(client, query);
    client.query = ((config: unknown, ...rest: unknown[]) => {
      const text = typeof config === 'string' ? config : (config as { text?: string } | null)?.text;
      if (text && /(^|;)\s*commit\s*$/i.test(text)) return Promise.reject(lost());
      return (query as (...a: unknown[]) => unknown).call(client, config, ...rest);
    }) as typeof client.query;
  };
  db.transaction = (async () => {
    throw lost();
  }) as typeof db.transaction;
  if (pool instanceof pg.Pool) pool.on('acquire', onAcquire);
  storage.remove = async () => {
    throw new Error('injected storage outage');
  };
  try {
    return await work();
  } finally {
    db.transaction = transaction;
    if (pool instanceof pg.Pool) pool.off('acquire', onAcquire);
    for (const [client, query] of patched) client.query = query;
    storage.remove = remove;
  }
}
