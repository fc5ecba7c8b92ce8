import { z } from 'zod';
import { INT32_MAX, opt, optText, wireId, wireIntIn } from './fields';
import { DISPLAY_TYPES, FILE_ENTITY_TABLES, FILE_NAME_MAX } from '../models/file';

export * from '../models/file';

/**
 * A file row as sent (spec section 3), plus what the panel needs to show it: the display type,
 * size, content type, and the addresses of a scaled copy and a thumbnail for images.
 * `url_path` is where the original is served; it is never a filesystem path.
 */
export const FileRowSchema = z
  .strictObject({
    id: z.number(),
    name_human: z.string(),
    name_fs: z.string(),
    url_path: z.string(),
    owner_id: z.number(),
    order: z.number(),
    entity_id: z.number(),
    entity_table: z.string(),
    container: z.string(),
    root_id: z.number(),
    parent_id: z.number(),
    level: z.number(),
    display_type: z.enum(DISPLAY_TYPES),
    mime: z.string(),
    size: z.number(),
    width: z.number().nullable(),
    height: z.number().nullable(),
    /** A copy scaled down for display (images larger than the display size), else the original. */
    display_url: z.string(),
    /** A small copy for lists (images only), else an empty string. */
    thumb_url: z.string(),
    created_at: z.number(),
  })
  .meta({ id: 'File', description: 'A file attached to a tale; url_path is where it is served, never a filesystem path.' });
export type FileRow = z.infer<typeof FileRowSchema>;

/** Multipart fields of POST /FileUpload besides the files themselves. */
export const FileUploadFields = z
  .object({
    entity_id: wireId(),
    entity_table: z.enum(FILE_ENTITY_TABLES),
    container: opt(z.string().max(20)),
    root_id: opt(wireIntIn(-INT32_MAX, INT32_MAX)),
    parent_id: opt(wireIntIn(-INT32_MAX, INT32_MAX)),
    level: opt(wireIntIn(-INT32_MAX, INT32_MAX)),
    order: opt(wireIntIn(-1_000_000, 1_000_000)),
    form_id: opt(z.string()),
  })
  .passthrough();
export type FileUploadFields = z.infer<typeof FileUploadFields>;

export const FileEntityParams = z.object({ entity_table: z.enum(FILE_ENTITY_TABLES), entity_id: wireId() });
export const FilePageQuery = z.object({ page: opt(wireId()), pageSize: opt(wireId()) }).passthrough();

/** What rename and reorder may change; the rest of a sent-back row is ignored. */
export const FileEditBody = z
  .object({
    id: opt(wireId()),
    name_human: optText(z.string().trim().min(1).max(FILE_NAME_MAX)),
    order: opt(wireIntIn(-1_000_000, 1_000_000)),
  })
  .passthrough();
export type FileEditBody = z.infer<typeof FileEditBody>;
