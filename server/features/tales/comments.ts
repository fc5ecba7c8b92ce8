import { keepRevision } from './revisions';
import { type SQL, and, eq, sql } from 'drizzle-orm';
import { isLoggedIn } from '../../../common/abilities';
import { policies } from '../../../common/policies';
import { MSG, danger } from '../../../common/messages';
import { threadLink } from '../../../common/schemas/conversation';
import { type Pagination, paginate } from '../../../common/schemas/envelope';
import type { Tale } from '../../../common/schemas/tale';
import { tales } from '../../db/schema';
import type { Deps } from '../../deps';
import { authorize, invalid, needLogin, notFound } from '../../http/errors';
import { plainText, sanitizeRichText } from '../../html/sanitize';
import { nowSeconds } from '../../db/time';
import { StatementShapes } from '../../db/shape';
import { transact, transactTwo } from '../../events';
import { notifyFor } from '../notifications/service';
import {
  countTales,
  insertComment,
  lockTale,
  lockThreadOf,
  threadOf,
  ownTaleRowOf,
  presentTale,
  selectTales,
  threadCountsMoved,
  updateCommentBody,
  withByline,
} from './queries';
import { type Caller, assertVisible, getTale, presentRows, sharedPage, taleById } from './service';

function cleanBody(html: string): { body: string; bodyTxt: string } {
  const body = sanitizeRichText(html);
  const bodyTxt = plainText(body);
  if (!bodyTxt && !/<(img|video|audio)\b/i.test(body)) throw invalid(danger(MSG.commentEmpty));
  return { body, bodyTxt };
}

/**
 * The statement that writes a comment (addComment): the comment, its thread's counters and the
 * notifications, `told` of them (0 to 2), its text made once for each number (db/shape.ts).
 */
const commentWrite = new StatementShapes('comment', (key) => (v) => {
  const link = sql`format(${v('link')}, added.id)`;
  const notified = Array.from({ length: Number(key) }, (_, i) =>
    notifyFor(sql`added`, {
      to: v(`to${i}`),
      from: v('owner'),
      taleId: sql`added.id`,
      kind: v(`kind${i}`),
      txt: v(`txt${i}`),
      link,
      at: v('now'),
    }),
  );
  return sql.join(
    [
      sql`with added as (${insertComment(v)})`,
      sql`, counted as (${threadCountsMoved(v('answerTo'), v('root'), v('delta'))})`,
      ...notified.map((told, i) => sql`, told${sql.raw(String(i))} as (${told})`),
      sql` select * from added`,
    ],
    sql``,
  );
});

export async function addComment(deps: Deps, caller: Caller, answerTo: number, html: string): Promise<Tale> {
  if (!isLoggedIn(caller)) throw needLogin();
  // The text is made safe before the thread is locked; a fault in it is told after the checks of
  // where it goes, as always.
  let cleaned: { body: string; bodyTxt: string } | undefined;
  let unclean: unknown;
  try {
    cleaned = cleanBody(html);
  } catch (error) {
    unclean = error;
  }
  const now = nowSeconds();
  // Two round trips: the thread's lock with BEGIN, then the comment with COMMIT (transactTwo).
  const [written] = await transactTwo<Record<string, unknown>, Record<string, unknown>>(deps, lockThreadOf(answerTo), (read, emit) => {
    // Comment writers of one thread take turns (the post's lock): the counters move by exactly the
    // rows written. The rows are read and authorised as they are under the lock, so a parent
    // deleted or comments closed meanwhile are seen (404, 403), never a broken reference.
    const { parent, post } = threadOf(answerTo, read);
    if (!parent || !post) throw notFound();
    authorize(policies.readTale(caller, post, now));
    if (parent.type !== 'POST' && parent.level !== 1) throw invalid(danger(MSG.replyTooDeep));
    authorize(policies.comment(caller, post));
    if (!cleaned) throw unclean;
    const level = parent.type === 'POST' ? 1 : 2;
    const rootId = post.id;
    const told: { to: number; kind: 'answer' | 'comment'; txt: string }[] = [];
    if (level === 2) told.push({ to: parent.owner_id, kind: 'answer', txt: MSG.youAreAnswered });
    // The post's author hears of every comment under it, once, unless already told as the replied-to.
    if (level === 1 || post.owner_id !== parent.owner_id) told.push({ to: post.owner_id, kind: 'comment', txt: MSG.youAreCommented });
    for (const e of told) if (e.to !== caller.id) emit({ type: 'user.changed', userId: e.to });
    // The parent's and the post's counters moved (their authors' news is told by the notifications).
    emit({ type: 'tale.changed', taleId: parent.id });
    emit({ type: 'tale.changed', taleId: rootId });
    // The comment, the counters and the notifications in one statement; the comment's id is the
    // database's, so the notifications' link is a template it fills in.
    const values: Record<string, unknown> = {
      type: 'COMMENT',
      owner: caller.id,
      level,
      root: rootId,
      answerTo: parent.id,
      ...cleaned,
      now,
      delta: 1,
      link: threadLink(rootId, '%1$s', level === 1 ? '%1$s' : parent.id),
    };
    for (const [i, e] of told.entries()) Object.assign(values, { [`to${i}`]: e.to, [`kind${i}`]: e.kind, [`txt${i}`]: e.txt });
    return commentWrite.of(String(told.length)).with(values);
  });
  // What the writer sees is the row as written, by its author (the caller): nobody has liked it yet.
  return presentTale(withByline(ownTaleRowOf(written), caller), false);
}

/** Edits a comment's text: the row is locked, read and authorised in the transaction that writes it. */
export async function editComment(deps: Deps, caller: Caller, id: number, html: string | undefined): Promise<Tale> {
  if (!isLoggedIn(caller)) throw needLogin();
  await transact(deps, async (tx, emit) => {
    const row = await lockTale(tx, id);
    if (!row) throw notFound();
    authorize(policies.editComment(caller, row));
    const { body, bodyTxt } = cleanBody(html ?? row.body);
    const now = nowSeconds();
    const edited = await keepRevision(tx, row, { header: row.header, body }, caller.id as number, now);
    await updateCommentBody(tx, row.id, body, bodyTxt, now, edited);
    emit({ type: 'tale.changed', taleId: row.id });
  });
  return getTale(deps, caller, String(id));
}

/**
 * Direct replies to `answerTo`, oldest first. `page` may be 'last'. `expand` narrows the list to
 * that one child, which is how a notification link opens one branch.
 */
export async function listComments(
  deps: Deps,
  caller: Caller,
  answerTo: number,
  pageSize: number,
  page: number | 'last',
  expand?: number,
): Promise<{ tales: Tale[]; pagination: Pagination }> {
  const parent = await taleById(deps, answerTo);
  if (!parent) throw notFound();
  await assertVisible(deps, caller, parent);
  const conditions: SQL[] = [eq(tales.answer_to_tale_id, answerTo), eq(tales.type, 'COMMENT')];
  if (expand !== undefined) conditions.push(eq(tales.id, expand));
  const where = and(...conditions);
  // Shared like feed pages; the parent's answer counter is kept exact with every comment written
  // or deleted, so only a narrowed (expand) list counts its rows.
  const key = JSON.stringify(['comments', answerTo, pageSize, page, expand ?? null]);
  const shown = await sharedPage(deps, key, async () => {
    // the list moves with the parent's answer counter: a comment added or removed drops it
    deps.caches.taleUses.use([answerTo]);
    const rowsTotal = expand === undefined ? parent.count_answer_to_tale_id : await countTales(deps.db, where);
    const pagination = paginate(page, pageSize, rowsTotal);
    const rows = await selectTales(deps.db, where, {
      order: 'thread',
      limit: pageSize,
      offset: (pagination.pageCurrentNumber - 1) * pageSize,
    });
    return { rows, pagination };
  });
  return { tales: await presentRows(deps, caller, shown.rows), pagination: shown.pagination };
}
