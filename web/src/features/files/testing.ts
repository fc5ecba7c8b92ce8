import { displayTypeOf, type FileRow } from '@common/schemas/file';

/** A file row as the server sends it, for unit tests: images get their thumbnail and display copy. */
export function fileRow(id: number, name: string, extra: Partial<FileRow> = {}): FileRow {
  const image = displayTypeOf(name) === 'image';
  return {
    id,
    name_human: name,
    name_fs: `x${id}`,
    url_path: `/files/x${id}`,
    owner_id: 1,
    order: id,
    entity_id: 7,
    entity_table: 'tale',
    container: 'FILE',
    root_id: 0,
    parent_id: 0,
    level: 0,
    display_type: displayTypeOf(name),
    mime: '',
    size: 2048,
    width: image ? 800 : null,
    height: image ? 600 : null,
    display_url: image ? `/files/x${id}-display.webp` : `/files/x${id}`,
    thumb_url: image ? `/files/x${id}-thumb.webp` : '',
    created_at: 0,
    ...extra,
  };
}
