import { randomBytes } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { FILE_URL_PREFIX } from '../../../common/constants';
import { and, asc, eq, gt, inArray, like, sql } from 'drizzle-orm';
import { isLoggedIn } from '../../../common/abilities';
import { can, policies } from '../../../common/policies';
import { MSG, danger } from '../../../common/messages';
import { type Pagination, paginate } from '../../../common/schemas/envelope';
import { FILE_CONTAINER, type FileEditBody, type FileRow, FileUploadFields, RASTER_IMAGE_EXTENSIONS } from '../../../common/schemas/file';
import type { CurrentUser } from '../../../common/schemas/user';
import { issuesToMessages } from '../../../common/validation';
import { LOCK, advisoryLock } from '../../db/locks';
import type { Db } from '../../db/client';
import { files } from '../../db/schema';
import { countsBy } from '../../db/counts';
import type { Deps } from '../../deps';
import { authorize, fail, forbidden, invalid, needLogin, notFound } from '../../http/errors';
import { transact } from '../../events';
import { addToFileCount } from '../tales/queries';
import { assertVisible, taleRow } from '../tales/service';
import { makeEmblem, prepareImage } from './images';
import type { ReceivedFile } from './intake';
import { type Inspected, inspectFile } from './inspect';
import { abandonPuts, journalPuts, settlePuts } from './journal';
import { type FileRecord, displayKey, objectKeys, presentFile, removeObjects, thumbKey } from './objects';

type Caller = CurrentUser;

/** A file made ready for storage: its checked type and the local files of its objects. */
interface Prepared {
  file: ReceivedFile;
  inspected: Inspected;
  base: string;
  objects: { key: string; path: string; mime: string }[];
  width: number | null;
  height: number | null;
  hasDisplay: boolean;
  hasThumb: boolean;
  size: number;
}

const newBase = () => randomBytes(12).toString('hex');
const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

export function tooLargeError(deps: Deps, name: string) {
  return fail(413, MSG.fileTooLarge, [name, mb(deps.config.FILE_MAX_BYTES)]);
}
export function tooManyError(deps: Deps) {
  return fail(413, MSG.tooManyFilesAtOnce, [deps.config.FILES_PER_REQUEST]);
}

/** What an upload is for: attachments keep every allowed type; the editor and emblems take raster images. */
type UploadKind = 'attachment' | 'editor' | 'emblem';

/** Checks one file's type and prepares its objects: images cleaned, with a thumbnail and a display copy, or cut to an emblem. */
async function prepareOne(deps: Deps, file: ReceivedFile, kind: UploadKind): Promise<Prepared> {
  const inspected = await inspectFile(file.name, file.path);
  if (inspected === 'refused') throw fail(415, MSG.fileTypeRefused, [file.name]);
  if (inspected === 'mismatch') throw fail(415, MSG.fileContentMismatch, [file.name]);
  if (kind !== 'attachment' && !RASTER_IMAGE_EXTENSIONS.includes(inspected.ext)) throw fail(415, MSG.imageOnly);
  const base = newBase();
  const p: Prepared = {
    file,
    inspected,
    base,
    objects: [],
    width: null,
    height: null,
    hasDisplay: false,
    hasThumb: false,
    size: file.size,
  };
  try {
    if (kind === 'emblem') {
      const square = await makeEmblem(file.path, deps.config.EMBLEM_SIZE);
      p.inspected = { ext: 'webp', displayType: 'image', mime: 'image/webp' };
      p.width = deps.config.EMBLEM_SIZE;
      p.height = deps.config.EMBLEM_SIZE;
      p.size = (await stat(square)).size;
      p.objects.push({ key: `${base}.webp`, path: square, mime: 'image/webp' });
      return p;
    }
    if (inspected.displayType === 'image') {
      const img = await prepareImage(file.path, inspected.ext, {
        displayMax: deps.config.IMAGE_DISPLAY_MAX,
        thumb: deps.config.IMAGE_THUMB_SIZE,
      });
      p.width = img.width;
      p.height = img.height;
      p.hasThumb = true;
      p.objects.push({ key: thumbKey(base), path: img.thumbPath, mime: 'image/webp' });
      if (img.displayPath) {
        p.hasDisplay = true;
        p.objects.push({ key: displayKey(base), path: img.displayPath, mime: 'image/webp' });
      }
      p.size = (await stat(file.path)).size;
    }
  } catch {
    throw fail(415, MSG.imageUnreadable, [file.name]);
  }
  p.objects.unshift({ key: `${base}.${inspected.ext}`, path: file.path, mime: inspected.mime });
  return p;
}

/** Prepares every file; the whole upload is refused on the first bad one. */
async function prepareAll(deps: Deps, received: ReceivedFile[], kind: UploadKind): Promise<Prepared[]> {
  const out: Prepared[] = [];
  for (const file of received) out.push(await prepareOne(deps, file, kind));
  return out;
}

const nameFsOf = (p: Prepared) => `${p.base}.${p.inspected.ext}`;

/** Puts every object in storage (journaled before: see commit). */
async function store(deps: Deps, prepared: Prepared[]): Promise<void> {
  for (const p of prepared) {
    for (const o of p.objects) await deps.storage.put(o.key, o.path, o.mime);
  }
}

async function filesOfOwner(db: Db, ownerId: number): Promise<number> {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(files).where(eq(files.owner_id, ownerId));
  return n;
}

function limitError(already: number) {
  return invalid(danger(MSG.uploadLimit, [already]));
}

/**
 * Stores prepared files and their rows in one go: under a per-user lock the count limit is
 * checked again, rows are written and the tale's count_files moves with them. If anything fails
 * the stored objects are removed, so no half upload is left. The objects are journaled (and that
 * committed) before they are stored, and the rows' transaction deletes the entries: a crash at
 * any point leaves either rows naming the objects, or entries the sweeper removes them by.
 */
async function commit(
  deps: Deps,
  caller: Caller & { id: number },
  prepared: Prepared[],
  /** Where the rows go, read once inside the transaction: the columns of the i-th new row. */
  placement: (tx: Db) => Promise<(i: number) => Partial<typeof files.$inferInsert>>,
  taleId: number | null,
): Promise<FileRecord[]> {
  const entries = prepared.flatMap((p) => p.objects.map((o) => ({ key: o.key, name_fs: nameFsOf(p) })));
  const keys = entries.map((e) => e.key);
  await journalPuts(deps.db, entries);
  try {
    await store(deps, prepared);
    const rows = await transact(deps, async (tx, emit) => {
      await settlePuts(tx, keys);
      await advisoryLock(tx, LOCK.uploadsOf(caller.id));
      const already = await filesOfOwner(tx, caller.id);
      if (already + prepared.length > deps.config.FILES_PER_USER) throw limitError(already);
      const place = await placement(tx);
      const values = prepared.map((p, i): typeof files.$inferInsert => ({
        owner_id: caller.id,
        entity_table: 'tale',
        name_human: p.file.name,
        name_fs: nameFsOf(p),
        mime: p.inspected.mime,
        size: p.size,
        width: p.width,
        height: p.height,
        has_display: p.hasDisplay ? 1 : 0,
        has_thumb: p.hasThumb ? 1 : 0,
        ...place(i),
      }));
      const inserted = await tx.insert(files).values(values).returning();
      if (taleId != null) {
        await addToFileCount(tx, taleId, inserted.length);
        // Feed pages shown from memory carry count_files too.
        emit({ type: 'tale.changed', taleId });
      }
      return inserted;
    });
    return rows;
  } catch (e) {
    await abandonPuts(deps.db, deps.storage, deps.log, keys);
    throw e;
  }
}

function parseFields(raw: Record<string, unknown>) {
  const parsed = FileUploadFields.safeParse(raw);
  if (!parsed.success) throw invalid(...issuesToMessages(parsed.error.issues));
  return parsed.data;
}

/** A tale or comment the caller may attach files to: their own, or any as staff. */
async function attachTarget(deps: Deps, caller: Caller & { id: number }, taleId: number) {
  const row = await taleRow(deps, taleId);
  if (!row) throw notFound();
  authorize(policies.attachFile(caller, row));
  return row;
}

/** Before any work: a quick check of the per-user limit, so a full account is told at once. */
async function assertRoom(deps: Deps, caller: Caller & { id: number }, adding: number) {
  const already = await filesOfOwner(deps.db, caller.id);
  if (already + adding > deps.config.FILES_PER_USER) throw limitError(already);
}

/** POST /FileUpload: files attached to a tale or comment. */
export async function uploadAttachments(
  deps: Deps,
  caller: Caller & { id: number },
  rawFields: Record<string, unknown>,
  received: ReceivedFile[],
): Promise<FileRow[]> {
  const fields = parseFields(rawFields);
  const target = await attachTarget(deps, caller, fields.entity_id);
  if (!received.length) throw invalid(danger(MSG.noFileChosen));
  await assertRoom(deps, caller, received.length);
  const prepared = await prepareAll(deps, received, 'attachment');
  const inserted = await commit(
    deps,
    caller,
    prepared,
    async (tx) => {
      // New files go after the ones already there, unless the client says where.
      const [{ max }] = await tx
        .select({ max: sql<number>`coalesce(max(${files.order}), -1)::int` })
        .from(files)
        .where(eq(files.tale_id, target.id));
      const first = fields.order ?? max + 1;
      return (i) => ({
        tale_id: target.id,
        entity_id: target.id,
        container: fields.container || FILE_CONTAINER,
        root_id: fields.root_id ?? 0,
        parent_id: fields.parent_id ?? 0,
        level: fields.level ?? 0,
        order: first + i,
      });
    },
    target.id,
  );
  return inserted.map(presentFile);
}

/** POST /FileUpload/CkEditor: an image for a rich-text editor, or (actionCommon) a profile emblem. */
export async function uploadEditorImage(
  deps: Deps,
  caller: Caller & { id: number },
  received: ReceivedFile[],
  emblem: boolean,
): Promise<string> {
  if (!received.length) throw invalid(danger(MSG.noFileChosen));
  if (received.length > 1) throw fail(413, MSG.tooManyFilesAtOnce, [1]);
  await assertRoom(deps, caller, 1);
  const prepared = await prepareAll(deps, received, emblem ? 'emblem' : 'editor');
  const [row] = await commit(
    deps,
    caller,
    prepared,
    async () => () => ({ entity_table: 'user', entity_id: caller.id, container: emblem ? 'EMBLEM' : 'EDITOR' }),
    null,
  );
  return presentFile(row).display_url;
}

/** GET /FileUpload/getFiles/tale/{id}: public for a visible tale, ordered by order, name, id. */
export async function listFiles(
  deps: Deps,
  caller: Caller,
  taleId: number,
  page: number,
  pageSize: number,
): Promise<{ items: FileRow[]; pagination: Pagination }> {
  const row = await taleRow(deps, taleId);
  if (!row) throw notFound();
  await assertVisible(deps, caller, row);
  const [{ n }] = await deps.db.select({ n: sql<number>`count(*)::int` }).from(files).where(eq(files.tale_id, taleId));
  const pagination = paginate(page, pageSize, n);
  const rows = await deps.db
    .select()
    .from(files)
    .where(eq(files.tale_id, taleId))
    .orderBy(asc(files.order), asc(files.name_human), asc(files.id))
    .limit(pageSize)
    .offset((pagination.pageCurrentNumber - 1) * pageSize);
  return { items: rows.map(presentFile), pagination };
}

/** How many files one person stored, and their size: what deleting the account removes. */
export async function storedBy(db: Db, userId: number): Promise<{ files: number; bytes: number }> {
  const [r] = await db
    .select({ files: sql<number>`count(*)::int`, bytes: sql<number>`coalesce(sum(${files.size}), 0)::float8` })
    .from(files)
    .where(eq(files.owner_id, userId));
  return { files: r?.files ?? 0, bytes: r?.bytes ?? 0 };
}

/** An attached audio file, as a feed's enclosure names it. */
export interface TaleAudio {
  url: string;
  mime: string;
  size: number;
  name: string;
}

/**
 * The first audio file of each of these tales, in the playlist's order (order, name, id: the
 * files_tale_idx order). Asked only for tales the caller already may see.
 */
export async function firstAudioOf(db: Db, taleIds: number[]): Promise<Map<number, TaleAudio>> {
  if (!taleIds.length) return new Map();
  const rows = await db
    .selectDistinctOn([files.tale_id], {
      tale_id: files.tale_id,
      name_fs: files.name_fs,
      name_human: files.name_human,
      mime: files.mime,
      size: files.size,
    })
    .from(files)
    .where(and(inArray(files.tale_id, taleIds), like(files.mime, 'audio/%')))
    .orderBy(asc(files.tale_id), asc(files.order), asc(files.name_human), asc(files.id));
  return new Map(
    rows.map((r) => [r.tale_id as number, { url: `${FILE_URL_PREFIX}${r.name_fs}`, mime: r.mime, size: r.size, name: r.name_human }]),
  );
}

/** The rows to change, locked and authorised in the transaction that changes them. */
async function manageable(tx: Db, caller: Caller, ids: number[]): Promise<FileRecord[]> {
  if (!isLoggedIn(caller)) throw needLogin();
  const rows = ids.length ? await tx.select().from(files).where(inArray(files.id, ids)).orderBy(asc(files.id)).for('update') : [];
  if (rows.length !== new Set(ids).size) throw notFound();
  if (!rows.every((r) => can.manageFile(caller, r))) throw forbidden();
  return rows;
}

/**
 * DELETE /FileUpload/delete/{id}: the row and the tale's count in one transaction (the row's
 * objects are journaled with it), then the objects; the sweeper retries them if that fails.
 */
export async function deleteFile(deps: Deps, caller: Caller, id: number): Promise<void> {
  const row = await transact(deps, async (tx, emit) => {
    const [row] = await manageable(tx, caller, [id]);
    const gone = await tx.delete(files).where(eq(files.id, id)).returning({ id: files.id });
    if (gone.length && row.tale_id != null) {
      await addToFileCount(tx, row.tale_id, -1);
      emit({ type: 'tale.changed', taleId: row.tale_id });
    }
    return row;
  });
  await removeObjects(deps.storage, deps.log, objectKeys(row), deps.db);
}

function editPatch(body: FileEditBody): Partial<typeof files.$inferInsert> {
  const patch: Partial<typeof files.$inferInsert> = {};
  if (body.name_human !== undefined) {
    const name = body.name_human.replace(/[\\/]/g, '-').trim();
    if (!name) throw invalid(danger(MSG.fileNameEmpty));
    patch.name_human = name;
  }
  if (body.order !== undefined) patch.order = body.order;
  return patch;
}

/** Rename and reorder: only name_human and order change, for the file's owner or staff. */
export async function editFiles(deps: Deps, caller: Caller, edits: (FileEditBody & { id: number })[]): Promise<FileRow[]> {
  const { rows, updated } = await transact(deps, async (tx) => {
    const rows = await manageable(
      tx,
      caller,
      edits.map((e) => e.id),
    );
    const patches = edits.map((e) => ({ id: e.id, patch: editPatch(e) }));
    const out: FileRecord[] = [];
    for (const { id, patch } of patches) {
      if (!Object.keys(patch).length) continue;
      const [u] = await tx.update(files).set(patch).where(eq(files.id, id)).returning();
      out.push(u);
    }
    return { rows, updated: out };
  });
  const byId = new Map([...rows, ...updated].map((r) => [r.id, r]));
  return edits.map((e) => presentFile(byId.get(e.id) as FileRecord));
}

/** How many files each of these tales has (counted from the rows: after a user and their files went). */
export function fileCountsOf(db: Db, taleIds: number[]): Promise<Map<number, number>> {
  return countsBy(db, files.tale_id, taleIds);
}

/** The tales a user attached files to (their counters move when the user goes). */
export async function talesWithFilesOf(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: files.tale_id })
    .from(files)
    .where(sql`${files.owner_id} = ${userId} and ${files.tale_id} is not null`);
  return rows.flatMap((r) => (r.id == null ? [] : [r.id]));
}

/** A user's stored file, as an archive of their data copies it. */
export interface StoredFile {
  id: number;
  tale_id: number | null;
  name_human: string;
  name_fs: string;
  mime: string;
  size: number;
  created_at: number;
}

/** The files a user stored, by id after `afterId`, `limit` at a time (files_owner_idx). */
export async function filesStoredBy(db: Db, userId: number, range: { afterId: number; limit: number }): Promise<StoredFile[]> {
  return db
    .select({
      id: files.id,
      tale_id: files.tale_id,
      name_human: files.name_human,
      name_fs: files.name_fs,
      mime: files.mime,
      size: files.size,
      created_at: files.created_at,
    })
    .from(files)
    .where(and(eq(files.owner_id, userId), gt(files.id, range.afterId)))
    .orderBy(asc(files.id))
    .limit(range.limit);
}
