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
import { type AppEvent, transact, transactOne, transactTwo } from '../../events';
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
  threadRowOf,
  threadUnchanged,
  type ThreadRow,
  updateCommentBody,
  withByline,
} from './queries';
import { type Caller, assertVisible, getTale, presentRows, sharedPage, taleById, taleRow } from './service';

function cleanBody(html: string): { body: string; bodyTxt: string } {
  const body = sanitizeRichText(html);
  const bodyTxt = plainText(body);
  if (!bodyTxt && !/<(img|video|audio)\b/i.test(body)) throw invalid(danger(MSG.commentEmpty));
  return { body, bodyTxt };
}

export async function addComment(deps: Deps, caller: Caller, answerTo: number, html: string): Promise<Tale> {
  if (!isLoggedIn(caller)) throw needLogin();
  // The text is made safe before the thread is read; a fault in it is told after the checks of
  // where it goes, as always.
  let text: Cleaned;
  try {
    text = { cleaned: cleanBody(html) };
  } catch (error) {
    text = { unclean: error };
  }
  const now = nowSeconds();
  const written = (await commentAsSeen(deps, caller, answerTo, text, now)) ?? (await commentUnderLock(deps, caller, answerTo, text, now));
  // What the writer sees is the row as written, by its author (the caller): nobody has liked it yet.
  return presentTale(withByline(ownTaleRowOf(written), caller), false);
}

type Cleaned = { cleaned: { body: string; bodyTxt: string }; unclean?: undefined } | { cleaned?: undefined; unclean: unknown };

/** A comment decided on: where it goes, who is told, and the statement that writes it all. */
interface CommentPlan {
  statement: (guard?: SQL) => SQL;
  events: AppEvent[];
}

/**
 * Decides a comment under `parent` in the thread of `post` from their rows, as the API answers
 * (404, 403, 400), and makes the statement that writes it: the comment, the thread's counters moved
 * by exactly the rows added, and the notifications. `guard`, when given, is a condition the
 * statement checks first: nothing is written unless it holds.
 */
function planComment(
  caller: Caller & { id: number },
  parent: ThreadRow | undefined,
  post: ThreadRow | undefined,
  text: Cleaned,
  now: number,
): CommentPlan {
  if (!parent || !post) throw notFound();
  authorize(policies.readTale(caller, post, now));
  if (parent.type !== 'POST' && parent.level !== 1) throw invalid(danger(MSG.replyTooDeep));
  authorize(policies.comment(caller, post));
  const { cleaned } = text;
  if (!cleaned) throw text.unclean;
  const level = parent.type === 'POST' ? 1 : 2;
  const rootId = post.id;
  // The comment's id is the database's: the notifications' link is a template it fills in.
  const id = sql`added.id`;
  const link = sql`format(${threadLink(rootId, '%1$s', level === 1 ? '%1$s' : parent.id)}, added.id)`;
  const told: Parameters<typeof notifyFor>[1][] = [];
  if (level === 2) told.push({ to: parent.owner_id, from: caller.id, taleId: id, kind: 'answer', txt: MSG.youAreAnswered, link });
  // The post's author hears of every comment under it, once, unless already told as the replied-to.
  if (level === 1 || post.owner_id !== parent.owner_id) {
    told.push({ to: post.owner_id, from: caller.id, taleId: id, kind: 'comment', txt: MSG.youAreCommented, link });
  }
  const events: AppEvent[] = told.filter((e) => e.to !== e.from).map((e) => ({ type: 'user.changed', userId: e.to }));
  // The parent's and the post's counters moved (their authors' news is told by the notifications).
  events.push({ type: 'tale.changed', taleId: parent.id }, { type: 'tale.changed', taleId: rootId });
  const comment = { ownerId: caller.id, level, rootId, answerTo: parent.id, ...cleaned, now };
  return {
    events,
    statement: (guard) =>
      sql.join(
        [
          sql`with added as (${insertComment(comment, guard)})`,
          sql`, counted as (${threadCountsMoved(parent.id, rootId, sql`(select count(*) from added)::int`)})`,
          ...told.map((e, i) => sql`, told${sql.raw(String(i))} as (${notifyFor(sql`added`, e)})`),
          sql` select * from added`,
        ],
        sql``,
      ),
  };
}

/**
 * The usual way, one round trip: the comment is decided from the thread's rows as this server last
 * knew them (`caches.threads`, kept from the last comment's read, or else the tales cache), and
 * written by one statement that first locks those rows and checks that what the decision read of
 * them is still so (a parent deleted, comments closed, the post hidden meanwhile, here or on
 * another server). Answers nothing and writes nothing when the rows are not known, the decision is
 * a refusal or the rows changed: the caller then decides again under the lock (commentUnderLock),
 * which is where every refusal is made. (The events of a write that did not happen are still told:
 * they only make other servers read those tales again.)
 */
async function commentAsSeen(deps: Deps, caller: Caller & { id: number }, answerTo: number, text: Cleaned, now: number) {
  const parent = await knownThreadRow(deps, answerTo);
  const postId = parent?.type === 'POST' ? parent.id : parent?.root_tale_id;
  const post = postId == null ? undefined : postId === answerTo ? parent : await knownThreadRow(deps, postId);
  if (!parent || !post) return undefined;
  let plan: CommentPlan;
  try {
    plan = planComment(caller, parent, post, text, now);
  } catch {
    return undefined;
  }
  const [written] = await transactOne<Record<string, unknown>>(deps, plan.statement(threadUnchanged(parent, post)), plan.events);
  return written;
}

/** A tale's thread facts as this server last knew them: kept from a comment's read, or from the tales cache. */
async function knownThreadRow(deps: Deps, id: number): Promise<ThreadRow | undefined> {
  const known = deps.caches.threads.get(id);
  if (known) return known;
  const row = await taleRow(deps, id);
  if (!row) return undefined;
  const facts = threadRowOf(row);
  deps.caches.threads.set(id, facts);
  return facts;
}

/**
 * The thread's rows locked (in id order, the post first, as every writer takes them) and read as
 * they are under the lock, decided on, then written: two round trips (transactTwo). Comment
 * writers of one thread take turns, so a parent deleted or comments closed meanwhile are seen
 * (404, 403), never a broken reference.
 */
async function commentUnderLock(deps: Deps, caller: Caller & { id: number }, answerTo: number, text: Cleaned, now: number) {
  const [written] = await transactTwo<Record<string, unknown>, Record<string, unknown>>(deps, lockThreadOf(answerTo), (read, emit) => {
    const { parent, post } = threadOf(answerTo, read);
    // what the next comment here is decided from
    if (parent) deps.caches.threads.set(parent.id, parent);
    else deps.caches.threads.delete(answerTo);
    if (post) deps.caches.threads.set(post.id, post);
    const plan = planComment(caller, parent, post, text, now);
    for (const event of plan.events) emit(event);
    return plan.statement();
  });
  if (!written) throw new Error('addComment: the comment was not written');
  return written;
}

/** Edits a comment's text: the row is locked, read and authorised in the transaction that writes it. */
export async function editComment(deps: Deps, caller: Caller, id: number, html: string | undefined): Promise<Tale> {
  if (!isLoggedIn(caller)) throw needLogin();
  await transact(deps, async (tx, emit) => {
    const row = await lockTale(tx, id);
    if (!row) throw notFound();
    authorize(policies.editComment(caller, row));
    const { body, bodyTxt } = cleanBody(html ?? row.body);
    await updateCommentBody(tx, row.id, body, bodyTxt, nowSeconds());
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
