import { type SQL, and, eq, sql } from 'drizzle-orm';
import { isLoggedIn } from '../../../common/abilities';
import { can, policies } from '../../../common/policies';
import { MSG, danger } from '../../../common/messages';
import { type Pagination, paginate } from '../../../common/schemas/envelope';
import { AUTHOR_FLAGS, STAFF_FLAGS, type Tale, type TaleSaveBody, hashtagsOf } from '../../../common/schemas/tale';
import type { CurrentUser } from '../../../common/schemas/user';
import { isUniqueViolation } from '../../db/faults';
import type { Db } from '../../db/client';
import { tales, users } from '../../db/schema';
import type { Deps } from '../../deps';
import { type AppError, authorize, invalid, needLogin, notFound } from '../../http/errors';
import { plainText, sanitizeRichText } from '../../html/sanitize';
import { nowSeconds } from '../../db/time';
import { transact, transactOne } from '../../events';
import {
  type Byline,
  type IndexableRow,
  type TaleFactsRow,
  type TaleRow,
  countTales,
  insertPost,
  ownTaleColumns,
  ownTaleRowOf,
  withByline,
  findTaleById,
  findTaleFacts,
  findTaleRow,
  indexableRows,
  lastTaleId,
  lockTale,
  lockThread,
  presentTale,
  publicPosts,
  recountThreads,
  searchKeys,
  searchMatches,
  selectTales,
  selectTalesByIds,
  selectVisibleTalesByIds,
  visibleTaleIds,
} from './queries';
import { isReservedAlias } from './reserved';
import { type ListScope, listName, listPage, listsOfPost } from './positions';
import { type Dependency, factsDependency, listDependency, userDependency } from '../../caches';
import { type SearchTerms, parseSearch, searchDocument } from './search';
import { DENSE_TOTAL, SPARSE_MAX, fromTextIndex } from './search-plan';
import { answeringIndex, searchInMemory } from './memory-search';
import { keepRevision } from './revisions';
import { type CheckedData, checkedData, checkedList, listItemSchema } from '../../http/serializer';
import type { z } from 'zod';

export type Caller = CurrentUser;

/**
 * What a value showing these rows depends on, for the caches: each row, a comment's post (any
 * delete or comment in a thread names it, so a reply whose parent went is not answered from
 * memory) and each author (their names and emblem are shown).
 */
export function rowDependencies(rows: readonly TaleRow[]): Dependency[] {
  const uses: Dependency[] = [];
  for (const r of rows) {
    uses.push(r.id, userDependency(r.owner_id));
    if (r.root_tale_id != null) uses.push(r.root_tale_id);
  }
  return uses;
}

/** Rows as clients see them, with whether the caller liked each (the likes feature knows). */
export async function presentRows(deps: Deps, caller: Caller, rows: TaleRow[]): Promise<Tale[]> {
  // a cached answer that shows these rows is dropped when one of them changes
  deps.caches.taleUses.use(rowDependencies(rows));
  const liked = await likedOf(
    deps,
    caller,
    rows.map((r) => r.id),
  );
  return rows.map((r) => presentTale(r, liked.has(r.id)));
}

/** Which of these tales the caller liked: kept per reader and tales until a like of one of them comes or goes. */
function likedOf(deps: Deps, caller: Caller, ids: number[]): Promise<Set<number>> {
  if (!isLoggedIn(caller) || !ids.length) return Promise.resolve(new Set<number>());
  return deps.caches.liked.get(`${caller.id}:${ids.join(',')}`, () => {
    deps.caches.taleUses.use(ids);
    return deps.lookups.likedBy(deps.db, caller.id, ids);
  });
}

export interface FeedRequest {
  pageSize: number;
  page: number | 'last';
  txt?: string;
  owner?: number;
}

/**
 * Feed pages everyone sees alike (the public feed, searches, an author's public posts) are shared:
 * a page for FEED_CACHE_MS, its capped count ten times as long (the app's caches, caches.ts). A
 * committed write's events drop them, so a writer sees their own change at once; other app servers
 * see it within those times. What differs per reader (current_user_liked) is looked up per request.
 * See docs/benchmarks.md for what this buys.
 */

/** A tale or comment by id as lists show it: shared for FEED_CACHE_MS like feed pages. */
export async function taleById(deps: Deps, id: number): Promise<TaleRow | undefined> {
  return deps.caches.tales.get(String(id), async () => {
    deps.caches.taleUses.use([id]);
    const row = await findTaleById(deps.db, id);
    if (row) deps.caches.taleUses.use(rowDependencies([row]));
    return row;
  });
}

/**
 * The rows of a memory search's page that the reader may see now, in the order of `ids`. A row is
 * kept between searches (caches.ts, searchRows), as exact as the index by the same events, so
 * most pages read only which of their tales the reader may see now; the others read their rows
 * as well, and keep them. Who may see a tale is always the database's answer, as without them.
 */
async function searchPageRows(deps: Deps, ids: number[], reader: { signedIn: boolean; now: number }): Promise<TaleRow[]> {
  const memo = deps.caches.searchRows;
  const kept = memo.peekAll(ids.map(String));
  if (kept.every((r) => r !== undefined)) {
    const visible = await visibleTaleIds(deps.db, ids, reader);
    return kept.filter((r) => visible.has(r.id));
  }
  const since = memo.begin();
  const read = await selectVisibleTalesByIds(deps.db, ids, reader);
  return read.map((row) => {
    const had = kept[ids.indexOf(row.id)];
    if (had) return had;
    memo.put(String(row.id), row, rowDependencies([row]), since);
    return row;
  });
}

/**
 * A page of another list everyone sees alike (the comments under a tale), shared under the same
 * rule as feed pages: what differs per reader is added by presentRows.
 */
export function sharedPage(
  deps: Deps,
  key: string,
  load: () => Promise<{ rows: TaleRow[]; pagination: Pagination }>,
): Promise<{ rows: TaleRow[]; pagination: Pagination }> {
  return deps.caches.pages.get(key, async () => {
    const page = await load();
    deps.caches.taleUses.use(rowDependencies(page.rows));
    return page;
  });
}

/** An answer's JSON text, the same for every visitor, shared under the same rule as feed pages. */
export function sharedAnswer(deps: Deps, key: string, load: () => Promise<string>): Promise<string> {
  return deps.caches.answers.get(key, load);
}

export async function feed(deps: Deps, caller: Caller, req: FeedRequest): Promise<{ tales: Tale[]; pagination: Pagination }> {
  const page = await feedPage(deps, caller, req);
  return { tales: await presentRows(deps, caller, page.rows), pagination: page.pagination };
}

/**
 * A feed page's data as checked JSON, for visitors and logged-in readers alike: the page is its
 * rows' JSON put together, and a row a cache keeps (a kept page's, a kept search row) is checked
 * and written once, not liked and liked (presentedJson), for every page and reader that shows it.
 */
export async function feedData(
  deps: Deps,
  caller: Caller,
  req: FeedRequest,
  schema: z.ZodType<{ tale: Tale[] }>,
): Promise<{ data: CheckedData<{ tale: Tale[] }>; pagination: Pagination }> {
  const page = await feedPage(deps, caller, req);
  // a cached answer that shows these rows is dropped when one of them changes
  deps.caches.taleUses.use(rowDependencies(page.rows));
  const liked = await likedOf(
    deps,
    caller,
    page.rows.map((r) => r.id),
  );
  const item = listItemSchema(schema, 'tale');
  const rows = page.rows.map((r) => presentedJson(deps, item, r, liked.has(r.id)));
  return { data: checkedList(schema, 'tale', rows), pagination: page.pagination };
}

/**
 * A row as lists show it, checked and written as JSON: for a row a cache keeps, written once and
 * kept with the row object itself (Caches.presented; a row read again, after a change, is another
 * object), so it lasts exactly as long as the row does.
 */
function presentedJson(deps: Deps, item: z.ZodType<Tale>, row: TaleRow, liked: boolean): CheckedData<Tale> {
  const kept = deps.caches.presented.get(row);
  if (!kept) return checkedData(item, presentTale(row, liked));
  if (kept.schema !== item) {
    kept.schema = item;
    kept.json = [undefined, undefined];
  }
  const at = liked ? 1 : 0;
  let json = kept.json[at] as CheckedData<Tale> | undefined;
  if (!json) {
    json = checkedData(item, presentTale(row, liked));
    kept.json[at] = json;
  }
  return json;
}

/** The rows of a feed page. */
async function feedPage(deps: Deps, caller: Caller, req: FeedRequest): Promise<{ rows: TaleRow[]; pagination: Pagination }> {
  const now = nowSeconds();
  // The author and staff see the author's drafts and scheduled posts too; nobody else shares that view.
  const privateView = req.owner !== undefined && can.seeDraftsOf(caller, req.owner);
  const search = parseSearch(req.txt);
  // The statement's conditions, built only when the database is asked (not for a page kept in the
  // caches, nor a search answered from memory).
  let built: { conditions: SQL[]; matches: SQL[]; where: SQL | undefined } | undefined;
  const sqlOf = () => {
    if (built) return built;
    const conditions: SQL[] = [];
    if (req.owner !== undefined) {
      if (privateView) conditions.push(eq(tales.type, 'POST'), eq(tales.is_submitted, 1));
      else conditions.push(publicPosts(isLoggedIn(caller), now));
      conditions.push(eq(tales.owner_id, req.owner));
    } else conditions.push(publicPosts(isLoggedIn(caller), now));
    const matches = search ? searchMatches(search.tsquery || null, search.tags.length ? search.tags : null) : [];
    built = { conditions, matches, where: and(...conditions, ...matches) };
    return built;
  };
  // A search within an author's posts counts up to FEED_COUNT_CAP.
  const count = () => countTales(deps.db, sqlOf().where, deps.config.FEED_COUNT_CAP);
  const load = async (rowsTotal: number) => {
    const pagination = paginate(req.page, req.pageSize, rowsTotal);
    const rows = await selectTales(deps.db, sqlOf().where, {
      limit: req.pageSize,
      offset: (pagination.pageCurrentNumber - 1) * req.pageSize,
    });
    return { rows, pagination };
  };
  // A search of the whole feed goes the way its words make fast (search-plan.ts).
  const searchPage = async (terms: SearchTerms) => {
    // In memory when the server keeps the index (SEARCH_ENGINE=memory, memory-search.ts) and it is whole.
    const index = answeringIndex(deps);
    if (index) {
      const reader = { signedIn: isLoggedIn(caller), now };
      let pagination = paginate(req.page, req.pageSize, 0);
      const found = searchInMemory(index, terms, reader, (total) => {
        pagination = paginate(req.page, req.pageSize, total);
        return { offset: (pagination.pageCurrentNumber - 1) * req.pageSize, limit: req.pageSize };
      });
      // shown only if the reader may see them now (the index may be a moment behind the rows)
      return { rows: await searchPageRows(deps, found.ids, reader), pagination };
    }
    const sparse = await fromTextIndex(deps.db, deps.config.SEARCH_STRATEGY, terms);
    if (sparse) {
      const keys = await searchKeys(deps.db, terms, { signedIn: isLoggedIn(caller), now }, SPARSE_MAX + 1);
      if (keys.length <= SPARSE_MAX) {
        keys.sort((a, b) => b.is_sticked - a.is_sticked || b.publish_at - a.publish_at || b.id - a.id);
        const pagination = paginate(req.page, req.pageSize, keys.length);
        const from = (pagination.pageCurrentNumber - 1) * req.pageSize;
        const rows = await selectTalesByIds(
          deps.db,
          keys.slice(from, from + req.pageSize).map((k) => k.id),
        );
        return { rows, pagination };
      }
    }
    // Dense: walk the feed in order and keep what matches; the match is written so the text index
    // cannot be chosen for it. The total is bounded (search-plan.ts, DENSE_TOTAL), exact when the
    // page comes up short.
    const { conditions, matches, where } = sqlOf();
    const walk = and(...conditions, sql`coalesce(${and(...matches)}, false)`);
    let pagination = paginate(req.page, req.pageSize, Math.min(DENSE_TOTAL, deps.config.FEED_COUNT_CAP));
    const from = (pagination.pageCurrentNumber - 1) * req.pageSize;
    let rows = await selectTales(deps.db, walk, { limit: req.pageSize, offset: from });
    if (rows.length < req.pageSize) {
      const total = from === 0 || rows.length > 0 ? from + rows.length : await countTales(deps.db, where, from);
      pagination = paginate(req.page, req.pageSize, total);
      if ((pagination.pageCurrentNumber - 1) * req.pageSize !== from) {
        rows = await selectTales(deps.db, walk, { limit: req.pageSize, offset: (pagination.pageCurrentNumber - 1) * req.pageSize });
      }
    }
    return { rows, pagination };
  };
  // The feed, an author's posts and a hashtag: exact totals and any page (positions.ts).
  const signedIn = isLoggedIn(caller);
  const list = (): ListScope | undefined => {
    if (!search) return req.owner === undefined ? { kind: 'feed' } : { kind: 'author', id: req.owner };
    if (req.owner === undefined && !search.tsquery && search.tags.length === 1) return { kind: 'tag', tag: search.tags[0] };
    return undefined;
  };
  if (privateView) return load(await countTales(deps.db, sqlOf().where));
  const { caches } = deps;
  // Visitors and logged-in readers differ only in is_for_registered tales.
  const query = JSON.stringify([isLoggedIn(caller) ? 'reader' : 'visitor', req.owner ?? null, search?.tsquery ?? null, search?.tags ?? []]);
  const shared = `${query}|${req.pageSize}|${req.page}`;
  // What the page is kept until: a tale saved into or out of its list (any search: any saved tale).
  const scope = list();
  const lists = [scope ? listName(scope) : 'search'];
  const useLists = () => caches.taleUses.use(lists.map(listDependency));
  return sharedPage(deps, shared, async () => {
    useLists();
    if (scope) return listPage(deps, scope, { signedIn, now }, req.page, req.pageSize);
    return search && req.owner === undefined
      ? searchPage(search)
      : load(
          await caches.counts.get(query, () => {
            useLists();
            return count();
          }),
        );
  });
}

/** Posts search engines are given (queries.ts, indexablePosts) with ids in (after, before), by id. */
export function indexableTales(deps: Deps, range: { after: number; before: number; limit: number }): Promise<IndexableRow[]> {
  return indexableRows(deps.db, { ...range, now: nowSeconds() });
}

/** The highest tale id there is: the sitemap's id ranges end there. */
export function highestTaleId(deps: Deps): Promise<number> {
  return lastTaleId(deps.db);
}

/** One tale by id or alias, if the caller may see it. */
export async function getTale(deps: Deps, caller: Caller, ref: string): Promise<Tale> {
  const row = /^\d+$/.test(ref)
    ? await taleById(deps, Number(ref))
    : await findTaleRow(deps.db, sql`lower(${tales.router_alias}) = lower(${ref})`);
  if (!row) throw notFound();
  await assertVisible(deps, caller, row);
  const [tale] = await presentRows(deps, caller, [row]);
  return tale;
}

/** A comment is as visible as the post it hangs under. */
export async function assertVisible(deps: Deps, caller: Caller, row: TaleFactsRow): Promise<void> {
  let post: TaleFactsRow | undefined = row;
  if (row.type === 'COMMENT' && row.root_tale_id != null) post = await taleFacts(deps, row.root_tale_id);
  if (!post) throw notFound();
  authorize(policies.readTale(caller, post, nowSeconds()));
}

/**
 * What a tale or comment is, apart from its counters and text (TaleFactsRow), kept in memory until
 * it, its post or the comment it answers is saved or deleted (caches.ts `facts`): a like, which
 * moves the counter and so drops the tale's cached row, leaves these, so the next like of the
 * same tale checks who may see it and links its notification without a query.
 */
export function taleFacts(deps: Deps, id: number): Promise<TaleFactsRow | undefined> {
  return deps.caches.facts.get(String(id), async () => {
    deps.caches.taleUses.use([factsDependency(id)]);
    const row = await findTaleFacts(deps.db, id);
    if (row?.root_tale_id != null) deps.caches.taleUses.use([factsDependency(row.root_tale_id)]);
    if (row?.answer_to_tale_id != null) deps.caches.taleUses.use([factsDependency(row.answer_to_tale_id)]);
    return row;
  });
}

/** The caller's one unsaved tale, created with the spec's defaults on first call. */
export async function unsavedTale(deps: Deps, caller: Caller): Promise<Tale> {
  if (!isLoggedIn(caller)) throw needLogin();
  const mine = and(eq(tales.owner_id, caller.id), eq(tales.type, 'POST'), eq(tales.is_submitted, 0)) as SQL;
  let row = await findTaleRow(deps.db, mine);
  if (!row) {
    await deps.db.insert(tales).values({ owner_id: caller.id, type: 'POST', is_submitted: 0 }).onConflictDoNothing();
    row = await findTaleRow(deps.db, mine);
  }
  if (!row) throw notFound();
  return (await presentRows(deps, caller, [row]))[0];
}

/** The stored row of a tale or comment, whoever may see it (callers check). */
export async function taleRow(deps: Deps, id: number): Promise<TaleRow | undefined> {
  return taleById(deps, id);
}

/** Header is plain text: nothing in it may form a tag, whoever renders it. */
export function cleanHeader(header: string): string {
  let s = header;
  for (let i = 0; i < 5; i++) {
    const next = s.replace(/<[^>]*>?/g, '');
    if (next === s) break;
    s = next;
  }
  return s.replace(/\s+/g, ' ').trim();
}

function aliasError(): AppError {
  return invalid({ ...danger(MSG.aliasExists), field: 'router_alias' });
}

/** Saves a post: the caller's own, or any as staff. Only the fields the caller may change are taken. */
export async function savePost(deps: Deps, caller: Caller, body: TaleSaveBody): Promise<Tale> {
  if (!isLoggedIn(caller)) throw needLogin();
  const now = nowSeconds();
  const patch: Partial<typeof tales.$inferInsert> = { updated_at: now, is_submitted: 1 };
  if (body.header !== undefined) patch.header = cleanHeader(body.header);
  if (body.body !== undefined) {
    patch.body = sanitizeRichText(body.body);
    patch.body_txt = plainText(patch.body);
  }
  if (body.body_free !== undefined && can.writeFreeCode(caller)) patch.body_free = body.body_free;
  if (body.publish_at !== undefined) patch.publish_at = body.publish_at;
  if (body.router_alias !== undefined) {
    const alias = body.router_alias.trim();
    if (alias && isReservedAlias(alias)) throw invalid(danger(MSG.aliasReserved));
    patch.router_alias = alias || null;
  }
  if (body.iframe !== undefined) patch.iframe = body.iframe;
  if (body.lang !== undefined) patch.lang = body.lang;
  if (body.seo_index !== undefined) patch.seo_index = body.seo_index;
  if (body.geo_is_map_shown !== undefined) patch.geo_is_map_shown = body.geo_is_map_shown;
  if (body.geo_latitude !== undefined) patch.geo_latitude = body.geo_latitude;
  if (body.geo_longitude !== undefined) patch.geo_longitude = body.geo_longitude;
  if (body.geo_zoom !== undefined) patch.geo_zoom = body.geo_zoom;
  if (body.geo_map_type !== undefined) patch.geo_map_type = body.geo_map_type;
  for (const f of AUTHOR_FLAGS) if (body[f] !== undefined) patch[f] = body[f];
  if (can.setStaffFlags(caller)) for (const f of STAFF_FLAGS) if (body[f] !== undefined) patch[f] = body[f];

  // Its search text and hashtags are written with it (searchable), from the text it has now and
  // its author's names.
  const found = (header: string, bodyTxt: string, author: Byline) => ({
    tags: hashtagsOf(`${header} ${bodyTxt}`),
    document: searchDocument(header, bodyTxt, author.firstname, author.lastname),
  });
  try {
    if (body.id === undefined) {
      // A new tale is one statement, known whole before it starts (transactOne): one round trip.
      if (body.publish_at === undefined) patch.publish_at = now;
      const { tags, document } = found(patch.header ?? '', patch.body_txt ?? '', caller);
      const [raw] = await transactOne<Record<string, unknown>>(
        deps,
        insertPost({ ...patch, tags, owner_id: caller.id, type: 'POST' }, document),
        ([written]) => {
          const taleId = Number(written.id);
          // Only the lists the tale is in move (and any search, as its words may match now). The
          // memory search reads the tale first (memory-search.ts), so no search page kept after
          // the lists drop shows it as it was.
          return [
            { type: 'tale.saved', taleId },
            { type: 'lists.changed', lists: listsOfPost(caller.id, tags, [patch.publish_at ?? now], now) },
            { type: 'tale.changed', taleId },
          ];
        },
      );
      // What the writer sees is the row as written; a new tale nobody has liked yet.
      return presentTale(withByline(ownTaleRowOf(raw), caller), false);
    }
    const id = body.id;
    const saved = await transact(deps, async (tx, emit) => {
      // The row is locked, then read and authorised in the transaction that writes it.
      const existing = await lockTale(tx, id);
      if (existing?.type !== 'POST') throw notFound();
      authorize(policies.editTale(caller, existing));
      const author = { firstname: existing.owner_firstname, lastname: existing.owner_lastname, emblem: existing.owner_emblem };
      const [before] = await tx.select({ tags: tales.tags, publishAt: tales.publish_at }).from(tales).where(eq(tales.id, existing.id));
      /** The hashtags the tale had before: their lists lose it if they are gone now. */
      const tagsBefore = before?.tags ?? [];
      if (body.publish_at === undefined && existing.is_submitted === 0) patch.publish_at = now;
      /** When it was and is published: a day in a list's past drops that list's past too. */
      const published = before ? [before.publishAt, patch.publish_at ?? before.publishAt] : [];
      const search = found(patch.header ?? existing.header, patch.body_txt ?? existing.body_txt, author);
      // a published tale's earlier text is kept (revisions.ts) and the tale says it was edited
      const edited = await keepRevision(
        tx,
        existing,
        { header: patch.header ?? existing.header, body: patch.body ?? existing.body },
        caller.id,
        now,
      );
      if (edited !== undefined) patch.edited_at = edited;
      const [row] = await tx
        .update(tales)
        .set({ ...patch, tags: search.tags, search_vector: sql`to_tsvector(${'simple'}::regconfig, ${search.document})` })
        .where(eq(tales.id, existing.id))
        .returning(ownTaleColumns);
      // Only the lists the tale is or was in move (and any search, as its words may match now).
      const tags = [...new Set([...tagsBefore, ...search.tags])];
      // The memory search reads the tale again first (memory-search.ts), so no search page kept after the lists drop shows it as it was.
      emit({ type: 'tale.saved', taleId: row.id });
      emit({ type: 'lists.changed', lists: listsOfPost(row.owner_id, tags, published, now) });
      emit({ type: 'tale.changed', taleId: row.id });
      return withByline(row, author);
    });
    return (await presentRows(deps, caller, [saved]))[0];
  } catch (e) {
    if (isUniqueViolation(e)) throw aliasError();
    throw e;
  }
}

/** Recomputes search text and hashtags of the matching tales from their stored fields; answers the hashtags written. */
export async function refreshSearch(db: Db, where: SQL): Promise<string[]> {
  const written = new Set<string>();
  const rows = await db
    .select({ id: tales.id, header: tales.header, body_txt: tales.body_txt, firstname: users.firstname, lastname: users.lastname })
    .from(tales)
    .innerJoin(users, eq(users.id, tales.owner_id))
    .where(where);
  for (const r of rows) {
    const doc = searchDocument(r.header, r.body_txt, r.firstname, r.lastname);
    const tags = hashtagsOf(`${r.header} ${r.body_txt}`);
    for (const t of tags) written.add(t);
    await db
      .update(tales)
      .set({ search_vector: sql`to_tsvector('simple', ${doc})`, tags })
      .where(eq(tales.id, r.id));
  }
  return [...written];
}

/** After a profile's names change, its tales are found by the new names. */
export async function refreshAuthorSearch(db: Db, userId: number) {
  await refreshSearch(db, eq(tales.owner_id, userId));
}

/**
 * Deletes a tale or comment with everything under it (comments, likes, notifications and files
 * cascade; the files feature removes their stored objects once this committed, on `tale.deleted`).
 */
export async function deleteTale(deps: Deps, caller: Caller, id: number): Promise<TaleRow> {
  if (!isLoggedIn(caller)) throw needLogin();
  return transact(deps, async (tx, emit) => {
    const row = await findTaleRow(tx, eq(tales.id, id));
    if (!row) throw notFound();
    authorize(row.type === 'COMMENT' ? policies.deleteComment(caller, row) : policies.deleteTale(caller, row));
    // A comment's thread is locked first (lockThread), so the counters set after the delete count
    // every comment of writers before it and none of those after it.
    if (row.type === 'COMMENT' && row.root_tale_id != null && !(await lockThread(tx, row.root_tale_id))) throw notFound();
    const gone = await tx.delete(tales).where(eq(tales.id, id)).returning({ id: tales.id, tags: tales.tags, publishAt: tales.publish_at });
    // Deleted meanwhile by another request (or with its parent): that one answered for it.
    if (!gone.length) throw notFound();
    if (row.type === 'COMMENT') {
      // The parent's and the post's counters are set again from the rows, under the thread's lock.
      await recountThreads(tx, [row.answer_to_tale_id, row.root_tale_id]);
      // What shows the thread moves with the post (replies under this comment name it too).
      for (const taleId of new Set([row.answer_to_tale_id, row.root_tale_id])) if (taleId != null) emit({ type: 'tale.changed', taleId });
    } else emit({ type: 'lists.changed', lists: listsOfPost(row.owner_id, gone[0].tags, [gone[0].publishAt], nowSeconds()) });
    emit({ type: 'tale.deleted', taleId: id });
    return row;
  });
}
