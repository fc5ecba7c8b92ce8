import { sql } from 'drizzle-orm';
import { mapPoint } from './geo';
import {
  type AnyPgColumn,
  bigint,
  customType,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** Unix seconds, as the wire protocol speaks them. */
const unix = (name: string) => bigint(name, { mode: 'number' });
const nowUnix = sql`floor(extract(epoch from now()))::bigint`;

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    mail: text('mail').notNull(),
    password_hash: text('password_hash').notNull(),
    firstname: text('firstname').notNull().default(''),
    lastname: text('lastname').notNull().default(''),
    emblem: text('emblem').notNull().default(''),
    birth: unix('birth'),
    language: text('language').notNull().default(''),
    timezone: text('timezone').notNull().default(''),
    about_myself: text('about_myself').notNull().default(''),
    is_verified: integer('is_verified').notNull().default(0),
    banned_till: unix('banned_till'),
    created_at: unix('created_at').notNull().default(nowUnix),
    last_time: unix('last_time'),
    last_ip: text('last_ip').notNull().default(''),
    last_browser_enc: text('last_browser_enc').notNull().default(''),
  },
  (t) => [uniqueIndex('users_mail_uq').on(t.mail), index('users_created_at_idx').on(t.created_at, t.id)],
);

export const userRoles = pgTable(
  'user_roles',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.role] })],
);

/** One row per login; only a hash of the token is kept. */
export const sessions = pgTable(
  'sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull(),
    created_at: unix('created_at').notNull(),
    last_seen_at: unix('last_seen_at').notNull(),
    expires_at: unix('expires_at').notNull(),
    ip: text('ip').notNull().default(''),
    user_agent: text('user_agent').notNull().default(''),
  },
  (t) => [uniqueIndex('sessions_token_hash_uq').on(t.token_hash), index('sessions_user_idx').on(t.user_id)],
);

/** At most one live reset code per user, stored hashed. */
export const passwordResets = pgTable('password_resets', {
  user_id: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  code_hash: text('code_hash').notNull(),
  created_at: unix('created_at').notNull(),
  expires_at: unix('expires_at').notNull(),
  tries: integer('tries').notNull().default(0),
});

/**
 * Tales and comments (a comment is a tale of type COMMENT). Flags are 0/1 integers as on the wire.
 * `search_vector` holds header, body text and author names, lower-cased; `tags` the hashtags.
 */
const flag = (name: string) => integer(name).notNull().default(0);
export const tales = pgTable(
  'tales',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    type: text('type').notNull().default('POST'),
    owner_id: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    header: text('header').notNull().default(''),
    body: text('body').notNull().default(''),
    body_free: text('body_free').notNull().default(''),
    body_txt: text('body_txt').notNull().default(''),
    publish_at: unix('publish_at').notNull().default(nowUnix),
    created_at: unix('created_at').notNull().default(nowUnix),
    updated_at: unix('updated_at').notNull().default(nowUnix),
    /** When its text last changed after it was published (it then has revisions); null when never. */
    edited_at: unix('edited_at'),
    is_submitted: flag('is_submitted'),
    router_alias: text('router_alias'),
    iframe: text('iframe').notNull().default(''),
    lang: text('lang').notNull().default(''),
    level: integer('level').notNull().default(0),
    root_tale_id: integer('root_tale_id').references((): AnyPgColumn => tales.id, { onDelete: 'cascade' }),
    answer_to_tale_id: integer('answer_to_tale_id').references((): AnyPgColumn => tales.id, { onDelete: 'cascade' }),
    count_root_tale_id: integer('count_root_tale_id').notNull().default(0),
    count_answer_to_tale_id: integer('count_answer_to_tale_id').notNull().default(0),
    count_files: integer('count_files').notNull().default(0),
    count_like: integer('count_like').notNull().default(0),
    is_draft: flag('is_draft'),
    is_sticked: flag('is_sticked'),
    is_sticked_on_home: flag('is_sticked_on_home'),
    is_adult_denied: flag('is_adult_denied'),
    is_adv: flag('is_adv'),
    is_comment_denied: flag('is_comment_denied'),
    is_comment_for_owner: flag('is_comment_for_owner'),
    is_header_hidden: flag('is_header_hidden'),
    is_date_hidden: flag('is_date_hidden'),
    is_avatar_hidden: flag('is_avatar_hidden'),
    is_social_sharing_hidden: flag('is_social_sharing_hidden'),
    is_for_registered: flag('is_for_registered'),
    seo_index: doublePrecision('seo_index').notNull().default(0.1),
    geo_is_map_shown: flag('geo_is_map_shown'),
    geo_latitude: doublePrecision('geo_latitude').notNull().default(0),
    geo_longitude: doublePrecision('geo_longitude').notNull().default(0),
    geo_zoom: integer('geo_zoom').notNull().default(11),
    geo_map_type: text('geo_map_type').notNull().default('map'),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    search_vector: tsvector('search_vector'),
  },
  (t) => [
    // The public feed: saved, non-draft posts in feed order. is_for_registered rides along so a
    // visitor's count and deep pages are answered from the index alone (docs/benchmarks.md).
    index('tales_feed_idx')
      .on(t.is_sticked.desc().nullsFirst(), t.publish_at.desc().nullsFirst(), t.id.desc().nullsFirst(), t.is_for_registered)
      .where(sql`type = 'POST' and is_submitted = 1 and is_draft = 0`),
    // One author's posts, in feed order.
    index('tales_owner_feed_idx')
      .on(t.owner_id, t.is_sticked.desc().nullsFirst(), t.publish_at.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`type = 'POST' and is_submitted = 1`),
    // Each author has at most one unsaved tale.
    uniqueIndex('tales_one_unsaved_uq').on(t.owner_id).where(sql`type = 'POST' and is_submitted = 0`),
    uniqueIndex('tales_alias_uq').on(sql`lower(${t.router_alias})`),
    index('tales_search_idx').using('gin', t.search_vector),
    index('tales_tags_idx').using('gin', t.tags),
    // Comments under a tale, oldest first.
    index('tales_answers_idx').on(t.answer_to_tale_id, t.publish_at, t.id),
    index('tales_root_idx').on(t.root_tale_id),
    // Everything one person wrote (posts, drafts, comments): what deleting their account takes, and
    // the cascade of that delete itself.
    index('tales_owner_idx').on(t.owner_id),
    // The map of tales: listed posts that show their map and have a point, by their place (longitude,
    // Mercator y: server/db/geo.ts)
    // for a viewport's box and nearest-first order (server/features/tales/map.ts, mappedPosts).
    index('tales_map_idx')
      .using('gist', mapPoint(t.geo_longitude, t.geo_latitude))
      .where(
        sql`type = 'POST' and is_submitted = 1 and is_draft = 0 and geo_is_map_shown = 1 and not (geo_latitude = 0 and geo_longitude = 0)`,
      ),
  ],
);

/**
 * Earlier versions of published tales and comments: each save that changes the header or the text
 * of a published one keeps what it replaces here, in the transaction that replaces it. They go
 * with their tale (cascade), and are shown only to its author and staff.
 */
export const taleRevisions = pgTable(
  'tale_revisions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tale_id: integer('tale_id')
      .notNull()
      .references(() => tales.id, { onDelete: 'cascade' }),
    header: text('header').notNull().default(''),
    body: text('body').notNull().default(''),
    body_txt: text('body_txt').notNull().default(''),
    /** When this version was written (the tale's updated_at then). */
    written_at: unix('written_at').notNull(),
    /** When, and by whom, it was replaced. */
    replaced_at: unix('replaced_at').notNull().default(nowUnix),
    replaced_by: integer('replaced_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('tale_revisions_tale_idx').on(t.tale_id, t.id.desc().nullsFirst()),
    // a user's delete clears their name from what they replaced
    index('tale_revisions_replaced_by_idx').on(t.replaced_by),
  ],
);

/**
 * How many feed-visible posts (saved, not drafts) each list holds per day of publication: the
 * whole feed (scope ''), each author ('u:<id>') and each hashtag ('t:<tag>'), split by who may
 * read them. Kept exact by a trigger on tales (migration 0007), in stripes so that concurrent
 * writers rarely wait for one row; a reader sums the stripes. Totals and the place of any page
 * are read from here (features/tales/positions.ts), not counted per request.
 */
export const feedBuckets = pgTable(
  'feed_buckets',
  {
    scope: text('scope').notNull(),
    is_sticked: integer('is_sticked').notNull(),
    day: integer('day').notNull(),
    stripe: integer('stripe').notNull(),
    n_public: integer('n_public').notNull().default(0),
    n_registered: integer('n_registered').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.scope, t.is_sticked, t.day, t.stripe] })],
);

/**
 * Feed-visible posts by hashtag, in feed order: a hashtag's list is a range of one index, as the
 * feed's is. Kept by the same trigger as feed_buckets.
 */
export const taleTags = pgTable(
  'tale_tags',
  {
    tag: text('tag').notNull(),
    tale_id: integer('tale_id')
      .notNull()
      .references(() => tales.id, { onDelete: 'cascade' }),
    is_sticked: integer('is_sticked').notNull(),
    publish_at: unix('publish_at').notNull(),
    is_for_registered: integer('is_for_registered').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tale_id, t.tag] }),
    index('tale_tags_feed_idx').on(
      t.tag,
      t.is_sticked.desc().nullsFirst(),
      t.publish_at.desc().nullsFirst(),
      t.tale_id.desc().nullsFirst(),
      t.is_for_registered,
    ),
  ],
);

/** One like per user per tale or comment. */
export const likes = pgTable(
  'likes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tale_id: integer('tale_id')
      .notNull()
      .references(() => tales.id, { onDelete: 'cascade' }),
    created_at: unix('created_at').notNull().default(nowUnix),
  },
  (t) => [
    uniqueIndex('likes_user_tale_uq').on(t.user_id, t.tale_id),
    index('likes_tale_idx').on(t.tale_id, t.created_at.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

/**
 * A notification to `user_id` about `tale_id` (the comment, reply or liked item) caused by
 * `from_id`. The unique key makes one event notify a person at most once.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    from_id: integer('from_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tale_id: integer('tale_id')
      .notNull()
      .references(() => tales.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    txt: text('txt').notNull(),
    link: text('link').notNull(),
    created_at: unix('created_at').notNull().default(nowUnix),
    is_shown: integer('is_shown').notNull().default(0),
  },
  (t) => [
    uniqueIndex('notifications_event_uq').on(t.user_id, t.kind, t.from_id, t.tale_id),
    // a user's list, newest first, with every column it shows: a page is read from the index alone
    index('notifications_user_idx').on(
      t.user_id,
      t.created_at.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
      t.from_id,
      t.tale_id,
      t.kind,
      t.is_shown,
      t.txt,
      t.link,
    ),
    index('notifications_unshown_idx').on(t.user_id).where(sql`is_shown = 0`),
    // what a live stream has not sent yet: the user's notifications after an id
    index('notifications_user_id_idx').on(t.user_id, t.id),
    // the likes of one item in a user's list: which is the newest (the one a grouped list shows), how many
    index('notifications_group_idx').on(t.user_id, t.kind, t.tale_id, t.id),
  ],
);

/**
 * Stored files: attachments of tales and comments (entity_table 'tale'), editor images and
 * emblems (no entity: entity_id 0). `name_fs` is the server-generated object name; the display
 * copy and thumbnail, when an image has them, are stored beside it under derived names.
 */
export const files = pgTable(
  'files',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    owner_id: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tale_id: integer('tale_id').references(() => tales.id, { onDelete: 'cascade' }),
    entity_table: text('entity_table').notNull(),
    entity_id: integer('entity_id').notNull().default(0),
    container: text('container').notNull().default('FILE'),
    root_id: integer('root_id').notNull().default(0),
    parent_id: integer('parent_id').notNull().default(0),
    level: integer('level').notNull().default(0),
    order: integer('order').notNull().default(0),
    name_human: text('name_human').notNull(),
    name_fs: text('name_fs').notNull(),
    mime: text('mime').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    width: integer('width'),
    height: integer('height'),
    has_display: flag('has_display'),
    has_thumb: flag('has_thumb'),
    created_at: unix('created_at').notNull().default(nowUnix),
  },
  (t) => [
    uniqueIndex('files_name_fs_uq').on(t.name_fs),
    index('files_tale_idx').on(t.tale_id, t.order, t.name_human, t.id),
    index('files_owner_idx').on(t.owner_id),
  ],
);

/**
 * Stored objects that may have no file row (server/features/files/journal.ts). An upload writes
 * its objects here and commits that before it stores them; the transaction that writes their
 * file rows deletes the entries. A delete writes the objects of the rows it deletes, in its own
 * transaction. A sweeper removes the objects of entries past `due_at` that no file row names,
 * then the entries, so storage and rows agree after a crash at any point.
 */
export const storedObjectJournal = pgTable(
  'stored_object_journal',
  {
    key: text('key').primaryKey(),
    /** The file the object belongs to: while a row has this name_fs, the object is never removed. */
    name_fs: text('name_fs').notNull(),
    /** `put`: an upload in progress; `remove`: the object is to go. */
    intent: text('intent').notNull(),
    due_at: unix('due_at').notNull(),
    created_at: unix('created_at').notNull().default(nowUnix),
  },
  (t) => [index('stored_object_journal_due_idx').on(t.due_at)],
);

/**
 * Archives of a user's data (server/features/exports): asked for by the user or an admin, built in
 * the background by whichever server claims the row first, kept in the storage for a while. At
 * most one is being made per user at a time (data_exports_active_uq). A row deleted (expired, or
 * with its user) journals its archive's removal (a trigger, migration 0012).
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Who asked: the user, or an admin (null once that account is gone). */
    requested_by: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    /** queued, running, ready or failed. */
    status: text('status').notNull().default('queued'),
    /** Items of the archive written so far, of `total` (the profile, each tale, comment and file). */
    done: integer('done').notNull().default(0),
    total: integer('total').notNull().default(0),
    /** The claim of the server making it: its finish counts only with this token. */
    run_token: text('run_token'),
    object_key: text('object_key'),
    size: bigint('size', { mode: 'number' }),
    /** The site's address as the request that asked saw it, for the mailed link. */
    site_base: text('site_base').notNull().default(''),
    error: text('error').notNull().default(''),
    mailed: flag('mailed'),
    created_at: unix('created_at').notNull().default(nowUnix),
    started_at: unix('started_at'),
    heartbeat_at: unix('heartbeat_at'),
    finished_at: unix('finished_at'),
    expires_at: unix('expires_at'),
  },
  (t) => [
    index('data_exports_user_idx').on(t.user_id, t.id.desc()),
    uniqueIndex('data_exports_active_uq').on(t.user_id).where(sql`status in ('queued', 'running')`),
    index('data_exports_queue_idx').on(t.id).where(sql`status in ('queued', 'running')`),
    index('data_exports_expiry_idx').on(t.expires_at).where(sql`status = 'ready'`),
  ],
);
