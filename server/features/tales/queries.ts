import { type SQL, and, desc, eq, sql } from 'drizzle-orm';
import type { Tale } from '../../../common/schemas/tale';
import type { Db } from '../../db/client';
import { tales, users } from '../../db/schema';

/** Every column a client sees, with the author's names joined in. */
export const taleColumns = {
  id: tales.id,
  header: tales.header,
  body: tales.body,
  body_free: tales.body_free,
  body_txt: tales.body_txt,
  publish_at: tales.publish_at,
  created_at: tales.created_at,
  updated_at: tales.updated_at,
  is_submitted: tales.is_submitted,
  type: tales.type,
  owner_id: tales.owner_id,
  owner_firstname: users.firstname,
  owner_lastname: users.lastname,
  owner_emblem: users.emblem,
  router_alias: tales.router_alias,
  iframe: tales.iframe,
  lang: tales.lang,
  level: tales.level,
  root_tale_id: tales.root_tale_id,
  answer_to_tale_id: tales.answer_to_tale_id,
  count_root_tale_id: tales.count_root_tale_id,
  count_answer_to_tale_id: tales.count_answer_to_tale_id,
  count_files: tales.count_files,
  count_like: tales.count_like,
  is_draft: tales.is_draft,
  is_sticked: tales.is_sticked,
  is_sticked_on_home: tales.is_sticked_on_home,
  is_adult_denied: tales.is_adult_denied,
  is_adv: tales.is_adv,
  is_comment_denied: tales.is_comment_denied,
  is_comment_for_owner: tales.is_comment_for_owner,
  is_header_hidden: tales.is_header_hidden,
  is_date_hidden: tales.is_date_hidden,
  is_avatar_hidden: tales.is_avatar_hidden,
  is_social_sharing_hidden: tales.is_social_sharing_hidden,
  is_for_registered: tales.is_for_registered,
  seo_index: tales.seo_index,
  geo_is_map_shown: tales.geo_is_map_shown,
  geo_latitude: tales.geo_latitude,
  geo_longitude: tales.geo_longitude,
  geo_zoom: tales.geo_zoom,
  geo_map_type: tales.geo_map_type,
};

function baseQuery(db: Db) {
  return db.select(taleColumns).from(tales).innerJoin(users, eq(users.id, tales.owner_id)).$dynamic();
}
export type TaleRow = Awaited<ReturnType<typeof baseQuery>>[number];

/** Whether the caller liked each tale; the likes feature fills this in. */
export type LikedLookup = (db: Db, userId: number, taleIds: number[]) => Promise<Set<number>>;

export function presentTale(row: TaleRow, liked: boolean): Tale {
  return {
    ...row,
    owner_firstname: row.owner_firstname ?? '',
    owner_lastname: row.owner_lastname ?? '',
    owner_emblem: row.owner_emblem ?? '',
    router_alias: row.router_alias ?? '',
    router_alias_id: 0,
    type: row.type === 'COMMENT' ? 'COMMENT' : 'POST',
    geo_map_type: row.geo_map_type === 'hybrid' || row.geo_map_type === 'satellite' ? row.geo_map_type : 'map',
    current_user_liked: liked ? 1 : 0,
  };
}

export async function selectTales(
  db: Db,
  where: SQL | undefined,
  opts: { limit?: number; offset?: number; order?: 'feed' | 'thread' } = {},
) {
  let q = baseQuery(db).where(where);
  q =
    opts.order === 'thread'
      ? q.orderBy(tales.publish_at, tales.id)
      : q.orderBy(desc(tales.is_sticked), desc(tales.publish_at), desc(tales.id));
  if (opts.limit !== undefined) q = q.limit(opts.limit);
  if (opts.offset) q = q.offset(opts.offset);
  return await q;
}

/**
 * How many rows match, counted exactly up to `cap` and reported as `cap` beyond it. An exact
 * count of a million-row feed or of a common search word reads every match; a capped count reads
 * at most `cap` index entries, so the feed's cost does not grow with the site (docs/decisions.md).
 */
export async function countTales(db: Db, where: SQL | undefined, cap = Number.MAX_SAFE_INTEGER - 1): Promise<number> {
  if (cap >= Number.MAX_SAFE_INTEGER - 1) {
    const [all] = await db.select({ n: sql<number>`count(*)::int` }).from(tales).where(where);
    return all.n;
  }
  const inner = db
    .select({ one: sql`1` })
    .from(tales)
    .where(where)
    .limit(cap + 1)
    .as('matches');
  const [r] = await db.select({ n: sql<number>`count(*)::int` }).from(inner);
  return Math.min(r.n, cap);
}

export async function findTaleRow(db: Db, where: SQL) {
  const rows = await selectTales(db, and(where), { limit: 1 });
  return rows[0];
}

/**
 * Sets the comment counters of the given tales from the rows themselves, in the caller's
 * transaction: direct replies, and for posts all comments under them.
 */
export async function recountThreads(db: Db, taleIds: (number | null | undefined)[]) {
  const idList = [...new Set(taleIds.filter((x): x is number => typeof x === 'number'))];
  for (const id of idList) {
    await db
      .update(tales)
      .set({
        count_answer_to_tale_id: sql`(select count(*)::int from tales c where c.answer_to_tale_id = ${id})`,
        count_root_tale_id: sql`(select count(*)::int from tales c where c.root_tale_id = ${id})`,
      })
      .where(eq(tales.id, id));
  }
}

export async function insertComment(
  db: Db,
  c: { ownerId: number; level: number; rootId: number; answerTo: number; body: string; bodyTxt: string; now: number },
): Promise<number> {
  const [row] = await db
    .insert(tales)
    .values({
      type: 'COMMENT',
      owner_id: c.ownerId,
      level: c.level,
      root_tale_id: c.rootId,
      answer_to_tale_id: c.answerTo,
      body: c.body,
      body_txt: c.bodyTxt,
      is_submitted: 1,
      publish_at: c.now,
      created_at: c.now,
      updated_at: c.now,
    })
    .returning({ id: tales.id });
  return row.id;
}

export async function updateCommentBody(db: Db, id: number, body: string, bodyTxt: string, now: number) {
  await db.update(tales).set({ body, body_txt: bodyTxt, updated_at: now }).where(eq(tales.id, id));
}

export async function addToLikeCount(db: Db, taleId: number, delta: number): Promise<number> {
  const [row] = await db
    .update(tales)
    .set({ count_like: sql`${tales.count_like} + ${delta}` })
    .where(eq(tales.id, taleId))
    .returning({ count_like: tales.count_like });
  return row?.count_like ?? 0;
}
