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
import { type AppEvent, transact, transactOne, transactTwo } from '../../events';
import { isForeignKeyViolation } from '../../db/faults';
import { notifyFor } from '../notifications/service';
import {
  type TaleFactsRow,
  countTales,
  factsAllowedOn,
  insertComment,
  lockPostAsAllowed,
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
import { type Caller, assertVisible, getTale, presentRows, sharedPage, taleById, taleFacts } from './service';

function cleanBody(html: string): { body: string; bodyTxt: string } {
  const body = sanitizeRichText(html);
  const bodyTxt = plainText(body);
  if (!bodyTxt && !/<(img|video|audio)\b/i.test(body)) throw invalid(danger(MSG.commentEmpty));
  return { body, bodyTxt };
}

/**
 * The statement that writes a comment (addComment): the comment, its thread's counters and the
 * notifications, `told` of them (0 to 2), its text made once for each number (db/shape.ts). Keyed
 * `${told}` for the write under the lock the thread was read under, `${told}:checked` for the write
 * in one trip: that one takes the post's lock itself and writes only if the post is still as the
 * comment was allowed on (`post*` values: the facts the policies read), else nothing.
 */
const commentWrite = new StatementShapes('comment', (key) => (v) => {
  const [told, checked] = key.split(':');
  const link = sql`format(${v('link')}, added.id)`;
  const notified = Array.from({ length: Number(told) }, (_, i) =>
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
  const parts = checked
    ? [
        sql`with locked as (${lockPostAsAllowed(v)})`,
        sql`, added as (${insertComment(v, sql`exists (select from locked)`)})`,
        sql`, counted as (${threadCountsMoved(v('answerTo'), v('root'), sql`(select count(*) from added)`)})`,
      ]
    : [sql`with added as (${insertComment(v)})`, sql`, counted as (${threadCountsMoved(v('answerTo'), v('root'), v('delta'))})`];
  return sql.join(
    [...parts, ...notified.map((told, i) => sql`, told${sql.raw(String(i))} as (${told})`), sql` select * from added`],
    sql``,
  );
});

/** A comment's text made safe, or the fault found in it (told once the thread's checks pass). */
interface CommentText {
  cleaned?: { body: string; bodyTxt: string };
  unclean?: unknown;
}

/** A comment ready to write: its values, and whom it tells. */
interface PlannedComment {
  values: Record<string, unknown>;
  told: number;
  events: AppEvent[];
}

/**
 * What a comment under `parent` in the thread of `post` writes and tells, once the policies allow
 * it (they throw a refusal): the one rule for both ways a comment is written (addComment).
 */
function planComment(
  caller: Caller,
  parent: TaleFactsRow | undefined,
  post: TaleFactsRow | undefined,
  text: CommentText,
  now: number,
): PlannedComment {
  if (!parent || !post) throw notFound();
  authorize(policies.readTale(caller, post, now));
  if (parent.type !== 'POST' && parent.level !== 1) throw invalid(danger(MSG.replyTooDeep));
  authorize(policies.comment(caller, post));
  if (!text.cleaned) throw text.unclean;
  const level = parent.type === 'POST' ? 1 : 2;
  const rootId = post.id;
  const told: { to: number; kind: 'answer' | 'comment'; txt: string }[] = [];
  if (level === 2) told.push({ to: parent.owner_id, kind: 'answer', txt: MSG.youAreAnswered });
  // The post's author hears of every comment under it, once, unless already told as the replied-to.
  if (level === 1 || post.owner_id !== parent.owner_id) told.push({ to: post.owner_id, kind: 'comment', txt: MSG.youAreCommented });
  const events: AppEvent[] = [];
  for (const e of told) if (e.to !== caller.id) events.push({ type: 'user.changed', userId: e.to });
  // The parent's and the post's counters moved (their authors' news is told by the notifications).
  events.push({ type: 'tale.changed', taleId: parent.id }, { type: 'tale.changed', taleId: rootId });
  // The comment's id is the database's, so the notifications' link is a template it fills in.
  const values: Record<string, unknown> = {
    type: 'COMMENT',
    owner: caller.id,
    level,
    root: rootId,
    answerTo: parent.id,
    ...text.cleaned,
    now,
    delta: 1,
    link: threadLink(rootId, '%1$s', level === 1 ? '%1$s' : parent.id),
    ...factsAllowedOn(post),
  };
  for (const [i, e] of told.entries()) Object.assign(values, { [`to${i}`]: e.to, [`kind${i}`]: e.kind, [`txt${i}`]: e.txt });
  return { values, told: told.length, events };
}

/**
 * Adds a comment. Its thread is usually known already (the facts of the post and of the comment
 * answered, kept in memory until one is saved or deleted: service.ts taleFacts), so the policies
 * decide from those and the comment is written in one round trip that takes the post's lock and
 * writes only if the post is still as it was allowed on. When the facts are not at hand, or the
 * post changed meanwhile (nothing was written), the thread is locked and read, then decided and
 * written under that lock: two round trips. Both decide by planComment.
 */
export async function addComment(deps: Deps, caller: Caller, answerTo: number, html: string): Promise<Tale> {
  if (!isLoggedIn(caller)) throw needLogin();
  // The text is made safe before the thread is read; a fault in it is told after the checks of
  // where it goes, as always.
  const text: CommentText = {};
  try {
    text.cleaned = cleanBody(html);
  } catch (error) {
    text.unclean = error;
  }
  const now = nowSeconds();
  const written = (await writtenAtOnce(deps, caller, answerTo, text, now)) ?? (await writtenUnderLock(deps, caller, answerTo, text, now));
  // What the writer sees is the row as written, by its author (the caller): nobody has liked it yet.
  return presentTale(withByline(ownTaleRowOf(written), caller), false);
}

/** The comment written in one trip, decided on the thread's facts in memory; none when they do not hold (or are not at hand). */
async function writtenAtOnce(
  deps: Deps,
  caller: Caller,
  answerTo: number,
  text: CommentText,
  now: number,
): Promise<Record<string, unknown> | undefined> {
  const parent = await taleFacts(deps, answerTo);
  const post = parent?.type === 'POST' ? parent : parent?.root_tale_id != null ? await taleFacts(deps, parent.root_tale_id) : undefined;
  let plan: PlannedComment;
  try {
    plan = planComment(caller, parent, post, text, now);
  } catch {
    // a refusal is decided where the thread is read under its lock, as it is in the database
    return undefined;
  }
  try {
    const [row] = await transactOne<Record<string, unknown>>(deps, commentWrite.of(`${plan.told}:checked`).with(plan.values), plan.events);
    return row;
  } catch (error) {
    // the comment answered went a moment ago: the locked read tells
    if (isForeignKeyViolation(error)) return undefined;
    throw error;
  }
}

/** The comment written under the thread's lock, decided on its rows as read under it: two round trips. */
async function writtenUnderLock(
  deps: Deps,
  caller: Caller,
  answerTo: number,
  text: CommentText,
  now: number,
): Promise<Record<string, unknown>> {
  const [written] = await transactTwo<Record<string, unknown>, Record<string, unknown>>(deps, lockThreadOf(answerTo), (read, emit) => {
    // Comment writers of one thread take turns (the post's lock): the counters move by exactly the
    // rows written. The rows are read and authorised as they are under the lock, so a parent
    // deleted or comments closed meanwhile are seen (404, 403), never a broken reference.
    const { parent, post } = threadOf(answerTo, read);
    const plan = planComment(caller, parent, post, text, now);
    for (const event of plan.events) emit(event);
    return commentWrite.of(String(plan.told)).with(plan.values);
  });
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
