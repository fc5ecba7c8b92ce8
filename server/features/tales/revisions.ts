import { and, count, desc, eq } from 'drizzle-orm';
import { policies } from '../../../common/policies';
import { type Pagination, paginate } from '../../../common/schemas/envelope';
import type { Revision } from '../../../common/schemas/revision';
import type { Tale } from '../../../common/schemas/tale';
import type { Db } from '../../db/client';
import { taleRevisions, users } from '../../db/schema';
import type { Deps } from '../../deps';
import { authorize, needLogin, notFound } from '../../http/errors';
import { isLoggedIn } from '../../../common/abilities';
import type { TaleRow } from './queries';
import type { Caller } from './service';

/** What a revision keeps of a tale: its header and its text. */
interface Text {
  header: string;
  body: string;
}

/** Whether readers could see it when this save came: a comment once written, a post once published. */
function wasPublished(row: Pick<TaleRow, 'type' | 'is_submitted' | 'is_draft' | 'publish_at'>, now: number): boolean {
  return row.type === 'COMMENT' || (row.is_submitted === 1 && row.is_draft === 0 && row.publish_at <= now);
}

/**
 * Keeps the version a save replaces, in the save's transaction (the row is locked there), when the
 * tale was published and the save changes its header or text; answers the edit's time for the
 * tale's edited_at then, undefined when nothing was kept. A draft's saves, and saves of settings
 * alone, keep nothing.
 */
export async function keepRevision(tx: Db, before: TaleRow, after: Text, editorId: number, now: number): Promise<number | undefined> {
  if (!wasPublished(before, now)) return undefined;
  if (after.header === before.header && after.body === before.body) return undefined;
  await tx.insert(taleRevisions).values({
    tale_id: before.id,
    header: before.header,
    body: before.body,
    body_txt: before.body_txt,
    // the version readers had: since its last edit, or since it came out
    written_at: before.edited_at ?? before.publish_at,
    replaced_at: now,
    replaced_by: editorId,
  });
  return now;
}

/** A tale's or comment's earlier versions, newest first, for its author and staff. */
export async function listRevisions(
  deps: Deps,
  caller: Caller,
  tale: TaleRow,
  pageSize: number,
  page: number | 'last',
): Promise<{ items: Revision[]; pagination: Pagination }> {
  if (!isLoggedIn(caller)) throw needLogin();
  authorize(policies.seeHistory(caller, tale));
  const [{ n }] = await deps.db.select({ n: count() }).from(taleRevisions).where(eq(taleRevisions.tale_id, tale.id));
  const pagination = paginate(page, pageSize, n);
  const rows = await deps.db
    .select({
      id: taleRevisions.id,
      tale_id: taleRevisions.tale_id,
      header: taleRevisions.header,
      body: taleRevisions.body,
      body_txt: taleRevisions.body_txt,
      written_at: taleRevisions.written_at,
      replaced_at: taleRevisions.replaced_at,
      replaced_by: taleRevisions.replaced_by,
      replaced_by_firstname: users.firstname,
      replaced_by_lastname: users.lastname,
    })
    .from(taleRevisions)
    .leftJoin(users, eq(users.id, taleRevisions.replaced_by))
    .where(eq(taleRevisions.tale_id, tale.id))
    .orderBy(desc(taleRevisions.id))
    .limit(pageSize)
    .offset((pagination.pageCurrentNumber - 1) * pageSize);
  return {
    items: rows.map((r) => ({
      ...r,
      replaced_by_firstname: r.replaced_by_firstname ?? '',
      replaced_by_lastname: r.replaced_by_lastname ?? '',
    })),
    pagination,
  };
}

/** One revision of this tale, or not found (a revision of another tale is not found either). */
export async function findRevision(db: Db, taleId: number, revisionId: number): Promise<Text | undefined> {
  const [row] = await db
    .select({ header: taleRevisions.header, body: taleRevisions.body })
    .from(taleRevisions)
    .where(and(eq(taleRevisions.id, revisionId), eq(taleRevisions.tale_id, taleId)));
  return row;
}

/**
 * Brings a revision back: its header and text are saved as the tale's own by the tale's (or the
 * comment's) own save, which authorises the edit and keeps the version it replaces.
 */
export async function restoreRevision(
  deps: Deps,
  caller: Caller,
  tale: TaleRow,
  revisionId: number,
  save: (text: Text) => Promise<Tale>,
): Promise<Tale> {
  if (!isLoggedIn(caller)) throw needLogin();
  authorize(policies.restoreRevision(caller, tale));
  const revision = await findRevision(deps.db, tale.id, revisionId);
  if (!revision) throw notFound();
  return save(revision);
}
