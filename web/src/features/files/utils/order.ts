import type { FileRow } from '@common/schemas/file';

/** What UpdateBulk changes for one file: its name and its place. */
export interface FileChange {
  id: number;
  name_human: string;
  order: number;
}

/** The list with the item at `from` moved to `to` (both clamped into the list). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  if (from < 0 || from >= next.length) return next;
  const [item] = next.splice(from, 1);
  next.splice(Math.min(Math.max(to, 0), next.length), 0, item);
  return next;
}

/**
 * The edited order of ids kept in step with the files the server has now: ids of files that are
 * gone are dropped, files that arrived meanwhile (an upload) go to the end in the server's order.
 */
export function reconcileIds(draft: readonly number[], files: readonly FileRow[]): number[] {
  const present = new Set(files.map((f) => f.id));
  const kept = draft.filter((id) => present.has(id));
  const seen = new Set(kept);
  return [...kept, ...files.filter((f) => !seen.has(f.id)).map((f) => f.id)];
}

const sameSequence = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((id, i) => id === b[i]);

/**
 * The rows UpdateBulk must save. When the order was not touched only renamed files are sent, with
 * the order they have; once it was, every file takes its position (1, 2, 3 …) as its order, and the
 * ones whose order or name changes are sent. Files the user may not manage are never sent.
 */
export function bulkChanges(
  files: readonly FileRow[],
  ids: readonly number[],
  names: Readonly<Record<number, string>>,
  mayManage: (file: FileRow) => boolean,
): FileChange[] {
  const byId = new Map(files.map((f) => [f.id, f]));
  const reordered = !sameSequence(
    ids,
    files.map((f) => f.id),
  );
  const changes: FileChange[] = [];
  ids.forEach((id, index) => {
    const file = byId.get(id);
    if (!file || !mayManage(file)) return;
    const name = (names[id] ?? file.name_human).trim();
    const order = reordered ? index + 1 : file.order;
    if (name !== file.name_human || order !== file.order) changes.push({ id, name_human: name, order });
  });
  return changes;
}

/** Whether the edited list differs from the files as saved. */
export function isDirty(files: readonly FileRow[], ids: readonly number[], names: Readonly<Record<number, string>>): boolean {
  if (
    !sameSequence(
      ids,
      files.map((f) => f.id),
    )
  )
    return true;
  return files.some((f) => names[f.id] !== undefined && names[f.id].trim() !== f.name_human);
}

/** The panel's sections, in the order it shows them; every display type falls in one. */
export type FileGroup = 'audio' | 'images' | 'video' | 'documents';
export const FILE_GROUPS: readonly FileGroup[] = ['audio', 'images', 'video', 'documents'];

export function groupOf(file: Pick<FileRow, 'display_type'>): FileGroup {
  switch (file.display_type) {
    case 'audio':
      return 'audio';
    case 'image':
      return 'images';
    case 'video':
      return 'video';
    default:
      return 'documents';
  }
}

/** The files as the panel shows them: section by section, each in the server's order. */
export function inDisplayOrder(files: readonly FileRow[]): FileRow[] {
  return FILE_GROUPS.flatMap((g) => files.filter((f) => groupOf(f) === g));
}
