import type { FastifyBaseLogger } from 'fastify';
import { FILE_URL_PREFIX } from '../../../common/constants';
import { type FileRow, displayTypeOf } from '../../../common/schemas/file';
import type { Db } from '../../db/client';
import type { files } from '../../db/schema';
import type { Storage } from '../../storage/storage';
import { forget } from './journal';

export type FileRecord = typeof files.$inferSelect;

/** Object names: the original `<base>.<ext>`, and beside it `<base>-display.webp`, `<base>-thumb.webp`. */
export const baseOf = (nameFs: string) => nameFs.slice(0, nameFs.indexOf('.'));
export const displayKey = (base: string) => `${base}-display.webp`;
export const thumbKey = (base: string) => `${base}-thumb.webp`;

/** Served names: `<24 hex>.<ext>` or `<24 hex>-display.webp` / `<24 hex>-thumb.webp`; nothing else exists. */
export const SERVED_NAME_RE = /^[0-9a-f]{24}(?:\.[a-z0-9]{2,5}|-display\.webp|-thumb\.webp)$/;

export function objectKeys(row: Pick<FileRecord, 'name_fs' | 'has_display' | 'has_thumb'>): string[] {
  const base = baseOf(row.name_fs);
  const keys = [row.name_fs];
  if (row.has_display) keys.push(displayKey(base));
  if (row.has_thumb) keys.push(thumbKey(base));
  return keys;
}

export function presentFile(row: FileRecord): FileRow {
  const base = baseOf(row.name_fs);
  const url = `${FILE_URL_PREFIX}${row.name_fs}`;
  return {
    id: row.id,
    name_human: row.name_human,
    name_fs: row.name_fs,
    url_path: url,
    owner_id: row.owner_id,
    order: row.order,
    entity_id: row.entity_id,
    entity_table: row.entity_table,
    container: row.container,
    root_id: row.root_id,
    parent_id: row.parent_id,
    level: row.level,
    // From the stored type, so a rename cannot make a document look like a video.
    display_type: displayTypeOf(row.name_fs),
    mime: row.mime,
    size: row.size,
    width: row.width,
    height: row.height,
    display_url: row.has_display ? `${FILE_URL_PREFIX}${displayKey(base)}` : url,
    thumb_url: row.has_thumb ? `${FILE_URL_PREFIX}${thumbKey(base)}` : '',
    created_at: row.created_at,
  };
}

/**
 * Removes a deleted file's stored objects after the transaction that deleted its row committed.
 * Deleting a file row journals its objects in that transaction (a trigger, migration 0005): a
 * failure here is logged, not thrown, and the sweeper removes the objects later. Given the
 * database, the entries go as soon as the objects did; else the sweeper drops them. (Rows a tale's
 * or a user's delete took along are removed on its event: sweeper.ts.)
 */
export async function removeObjects(storage: Storage, log: FastifyBaseLogger, keys: string[], db?: Db): Promise<void> {
  if (!keys.length) return;
  try {
    await storage.remove(keys);
    if (db) await forget(db, keys);
  } catch (err) {
    log.error({ err, keys: keys.length }, 'stored objects could not be removed now; the sweeper will');
  }
}
