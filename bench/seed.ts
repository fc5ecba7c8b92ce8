/**
 * Fills the database with realistic data for benchmarks:
 *   npm run seed -- --users 10000 --tales 1000000 --comments 2000000 --likes 5000000 --notifications 1000000
 * Uses DATABASE_URL (PostgreSQL) or the PGlite under DATA_DIR, like the server.
 *
 * Users, tales and comments are written in Node (Zipf-distributed words from bench/words.ts,
 * hashtags, threads) and sent as one JSON parameter per batch of rows: one multi-row
 * INSERT ... SELECT FROM json_to_recordset per batch. Search text and hashtags are made by the
 * app's own functions (searchDocument, hashtagsOf), so the seeded rows are found exactly as saved
 * ones. Likes and notifications are made inside the database from the rows already there.
 * Re-running tops each table up to the asked size (so an interrupted run resumes); the random
 * generator is seeded from the row counts, so the same command on the same data adds the same rows.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { hash } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import { MSG } from '../common/messages';
import { hashtagsOf } from '../common/schemas/tale';
import { type Db, openDatabase } from '../server/db/client';
import { plainText } from '../server/html/sanitize';
import { searchDocument } from '../server/features/tales/search';
import { SEED_PASSWORD, seedMail } from './lib';
import { CITY_SPREAD, GEO_SHARE, NEAR_CITY_SHARE, cityAt } from './places';
import { EN, FIRST_EN, FIRST_RU, LAST_EN, LAST_RU, RU, TAGS_EN, TAGS_RU } from './words';

const { values } = parseArgs({
  options: {
    users: { type: 'string', default: '1000' },
    tales: { type: 'string', default: '10000' },
    comments: { type: 'string', default: '20000' },
    likes: { type: 'string', default: '50000' },
    notifications: { type: 'string', default: '20000' },
    batch: { type: 'string', default: '10000' },
  },
});
const want = {
  users: Number(values.users),
  tales: Number(values.tales),
  comments: Number(values.comments),
  likes: Number(values.likes),
  notifications: Number(values.notifications),
};
const BATCH = Number(values.batch);
for (const [k, v] of Object.entries({ ...want, batch: BATCH }))
  if (!Number.isInteger(v) || v < 0) throw new Error(`--${k} must be a whole number`);

const NOW = Math.floor(Date.now() / 1000);
const DAY = 86400;
const YEARS = 6 * 365 * DAY;

// ---------------------------------------------------------------- randomness

/** mulberry32: small, fast, seedable, good enough for test data. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
let rnd = rng(1);
const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
const chance = (p: number) => rnd() < p;
/** Rank r (0-based) of n with probability about 1/(r+1): log-uniform, i.e. Zipf with exponent 1. */
const zipf = (n: number) => Math.min(n - 1, Math.floor(Math.exp(rnd() * Math.log(n + 1))) - 1);
/** Index skewed towards 0 without a long tail: power > 1 makes the first items popular. */
const skewed = (n: number, power: number) => Math.min(n - 1, Math.floor(rnd() ** power * n));
const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)];

/** A standard normal draw (Box–Muller). */
const normal = () => Math.sqrt(-2 * Math.log(1 - rnd())) * Math.cos(2 * Math.PI * rnd());

/** Where a tale is pinned: none for most, near a city for most of the rest, anywhere inhabited for a few. */
function place(): { geo_is_map_shown: number; geo_latitude: number; geo_longitude: number; geo_zoom: number } {
  if (!chance(GEO_SHARE)) return { geo_is_map_shown: 0, geo_latitude: 0, geo_longitude: 0, geo_zoom: 11 };
  let lat: number;
  let lng: number;
  if (chance(NEAR_CITY_SHARE)) {
    const city = cityAt(rnd());
    lat = city.lat + normal() * CITY_SPREAD;
    lng = city.lng + (normal() * CITY_SPREAD) / Math.cos((city.lat * Math.PI) / 180);
  } else {
    lat = -55 + rnd() * 125;
    lng = -180 + rnd() * 360;
  }
  lng = ((((lng + 180) % 360) + 360) % 360) - 180;
  const r6 = (v: number) => Math.round(v * 1e6) / 1e6;
  return { geo_is_map_shown: chance(0.95) ? 1 : 0, geo_latitude: r6(lat), geo_longitude: r6(lng), geo_zoom: int(10, 16) };
}

type Lang = 'en' | 'ru';
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
function sentence(lang: Lang, min: number, max: number): string {
  const words = lang === 'en' ? EN : RU;
  const n = int(min, max);
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(words[zipf(words.length)]);
  const end = chance(0.08) ? '?' : chance(0.06) ? '!' : '.';
  return `${capital(out.join(' '))}${end}`;
}
function paragraph(lang: Lang, sentences: number): string {
  return Array.from({ length: sentences }, () => sentence(lang, 4, 14)).join(' ');
}
/** 0 to 3 distinct hashtags, popular ones more often; sometimes from the other language. */
function hashtags(lang: Lang): string[] {
  const n = chance(0.3) ? 0 : int(1, 3);
  const out = new Set<string>();
  for (let i = 0; i < n; i++) {
    const list = (lang === 'en') !== chance(0.15) ? TAGS_EN : TAGS_RU;
    out.add(list[zipf(list.length)]);
  }
  return [...out];
}
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** Rich text as the editor saves it, and its plain text as plainText() makes it. */
function richText(paragraphs: string[]): { body: string; body_txt: string } {
  return { body: paragraphs.map((p) => `<p>${esc(p)}</p>`).join(''), body_txt: paragraphs.join(' ') };
}

// ---------------------------------------------------------------- plumbing

type Rows<T> = { rows: T[] };
async function rows<T>(db: Db, q: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(q)) as unknown as Rows<T>).rows;
}
async function one<T>(db: Db, q: ReturnType<typeof sql>): Promise<T> {
  return (await rows<T>(db, q))[0];
}
const json = (xs: unknown[]) => sql`${JSON.stringify(xs)}::json`;

const fmtTime = (s: number) => {
  if (!Number.isFinite(s)) return '--:--';
  const m = Math.floor(s / 60);
  return `${m >= 60 ? `${Math.floor(m / 60)}h` : ''}${String(m % 60).padStart(2, '0')}m${String(Math.round(s % 60)).padStart(2, '0')}s`;
};
function progress(label: string, done: number, total: number, started: number) {
  const secs = Math.max(0.001, (Date.now() - started) / 1000);
  const rate = done / secs;
  const eta = rate > 0 ? (total - done) / rate : Number.POSITIVE_INFINITY;
  const width = 30;
  const filled = Math.round((done / Math.max(1, total)) * width);
  const line = `${label.padEnd(13)} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done.toLocaleString('en')}/${total.toLocaleString('en')}  ${Math.round(rate).toLocaleString('en')}/s  ${fmtTime(secs)} elapsed  ETA ${fmtTime(eta)}`;
  // A terminal gets one line redrawn; a log file gets a line every few batches.
  if (process.stdout.isTTY) process.stdout.write(`\r${line}   `);
  else process.stdout.write(`${line}\n`);
}

/**
 * Tops `label` up from `have` to `target` rows: `insertBatch(n, done)` adds up to n rows and says
 * how many it really added (a batch may add fewer, e.g. likes that already exist).
 */
async function fill(label: string, have: number, target: number, insertBatch: (n: number) => Promise<number>): Promise<number> {
  if (have >= target) {
    console.log(`${label}: ${have.toLocaleString('en')} already, nothing to add`);
    return 0;
  }
  rnd = rng(have * 7919 + label.length);
  const started = Date.now();
  let added = 0;
  let idle = 0;
  while (have + added < target) {
    const got = await insertBatch(Math.min(BATCH, target - have - added));
    added += got;
    idle = got === 0 ? idle + 1 : 0;
    if (idle >= 5) throw new Error(`${label}: five batches in a row added nothing; are the tables it draws from empty?`);
    progress(label, added, target - have, started);
  }
  if (process.stdout.isTTY) process.stdout.write('\n');
  return added;
}

// ---------------------------------------------------------------- the tables

interface UserLite {
  id: number;
  firstname: string;
  lastname: string;
  lang: Lang;
}

async function seedUsers(db: Db) {
  const have = (await one<{ n: number }>(db, sql`select count(*)::int as n from users`)).n;
  const pw = await hash(SEED_PASSWORD);
  return fill('users', have, want.users, async (n) => {
    const next = (await one<{ n: number }>(db, sql`select coalesce(max(id), 0)::int as n from users`)).n;
    const batch = Array.from({ length: n }, (_, i) => {
      const ru = chance(0.55);
      return {
        mail: seedMail(next + i + 1),
        firstname: ru ? pick(FIRST_RU) : pick(FIRST_EN),
        lastname: ru ? pick(LAST_RU) : pick(LAST_EN),
        language: ru ? 'ru' : 'en',
        created_at: NOW - Math.floor(rnd() ** 0.7 * YEARS) - DAY,
        is_verified: chance(0.9) ? 1 : 0,
      };
    });
    const r = await one<{ n: number }>(
      db,
      sql`with ins as (
        insert into users (mail, password_hash, firstname, lastname, language, created_at, is_verified)
        select mail, ${pw}, firstname, lastname, language, created_at, is_verified
        from json_to_recordset(${json(batch)}) as r(mail text, firstname text, lastname text, language text, created_at bigint, is_verified int)
        on conflict do nothing returning 1)
      select count(*)::int as n from ins`,
    );
    return r.n;
  });
}

async function seedTales(db: Db, users: UserLite[]) {
  const have = (await one<{ n: number }>(db, sql`select count(*)::int as n from tales where type = 'POST'`)).n;
  // About twenty sticky tales whatever the size: a site pins a few, not a share.
  const stickyChance = 20 / Math.max(20, want.tales);
  return fill('tales', have, want.tales, async (n) => {
    const batch = [];
    for (let i = 0; i < n; i++) {
      const owner = users[skewed(users.length, 1.8)];
      const lang: Lang = owner.lang === 'ru' ? (chance(0.85) ? 'ru' : 'en') : chance(0.85) ? 'en' : 'ru';
      const header = sentence(lang, 2, 7).replace(/[.?!]$/, '');
      const paragraphs = Array.from({ length: int(1, 3) }, () => paragraph(lang, int(1, 3)));
      const tags = hashtags(lang);
      if (tags.length) paragraphs[paragraphs.length - 1] += ` ${tags.map((t) => `#${t}`).join(' ')}`;
      const { body, body_txt } = richText(paragraphs);
      // More tales in recent years, as a site grows; a few scheduled for the coming weeks.
      const publish = chance(0.002) ? NOW + int(DAY, 30 * DAY) : NOW - Math.floor(rnd() ** 1.6 * YEARS);
      const created = publish - int(0, 3 * DAY);
      batch.push({
        owner_id: owner.id,
        header,
        body,
        body_txt,
        lang,
        publish_at: publish,
        created_at: created,
        updated_at: chance(0.2) ? Math.min(NOW, created + int(60, 30 * DAY)) : created,
        is_draft: chance(0.03) ? 1 : 0,
        is_sticked: chance(stickyChance) ? 1 : 0,
        is_adult_denied: chance(0.02) ? 1 : 0,
        is_for_registered: chance(0.05) ? 1 : 0,
        is_comment_denied: chance(0.01) ? 1 : 0,
        tags: hashtagsOf(`${header} ${body_txt}`),
        doc: searchDocument(header, body_txt, owner.firstname, owner.lastname),
        ...place(),
      });
    }
    const r = await one<{ n: number }>(
      db,
      sql`with ins as (
        insert into tales (type, owner_id, header, body, body_txt, lang, publish_at, created_at, updated_at, is_submitted,
                           is_draft, is_sticked, is_adult_denied, is_for_registered, is_comment_denied, tags, search_vector,
                           geo_is_map_shown, geo_latitude, geo_longitude, geo_zoom)
        select 'POST', owner_id, header, body, body_txt, lang, publish_at, created_at, updated_at, 1,
               is_draft, is_sticked, is_adult_denied, is_for_registered, is_comment_denied,
               array(select json_array_elements_text(tags)), to_tsvector('simple', doc),
               geo_is_map_shown, geo_latitude, geo_longitude, geo_zoom
        from json_to_recordset(${json(batch)}) as r(owner_id int, header text, body text, body_txt text, lang text,
             publish_at bigint, created_at bigint, updated_at bigint, is_draft int, is_sticked int, is_adult_denied int,
             is_for_registered int, is_comment_denied int, tags json, doc text,
             geo_is_map_shown int, geo_latitude float8, geo_longitude float8, geo_zoom int)
        returning 1)
      select count(*)::int as n from ins`,
    );
    return r.n;
  });
}

interface PostLite {
  id: number;
  t: number;
}
interface CommentLite {
  id: number;
  root: number;
  t: number;
}

async function seedComments(db: Db, users: UserLite[]) {
  const have = (await one<{ n: number }>(db, sql`select count(*)::int as n from tales where type = 'COMMENT'`)).n;
  if (have >= want.comments) return fill('comments', have, want.comments, async () => 0);
  // Comments go under visible posts; a few posts draw crowds (skewed pick over a shuffled order).
  const posts = await rows<PostLite>(
    db,
    sql`select id, publish_at::float8 as t from tales where type = 'POST' and is_submitted = 1 and is_draft = 0 and publish_at <= ${NOW} order by md5(id::text)`,
  );
  if (!posts.length) throw new Error('comments need tales: seed some first');
  const level1 = await rows<CommentLite>(
    db,
    sql`select id, root_tale_id as root, publish_at::float8 as t from tales where type = 'COMMENT' and level = 1 order by id`,
  );
  return fill('comments', have, want.comments, async (n) => {
    const replies = level1.length ? Math.floor(n * 0.25) : 0;
    const batch = [];
    for (let i = 0; i < n - replies; i++) {
      const post = posts[skewed(posts.length, 3)];
      const lang: Lang = chance(0.55) ? 'ru' : 'en';
      batch.push({
        owner_id: users[skewed(users.length, 1.5)].id,
        level: 1,
        root: post.id,
        answer: post.id,
        t: Math.min(NOW, post.t + Math.floor(rnd() ** 4 * (NOW - post.t)) + 60),
        ...richText([paragraph(lang, int(1, 3))]),
      });
    }
    for (let i = 0; i < replies; i++) {
      const parent = level1[skewed(level1.length, 0.5)];
      const lang: Lang = chance(0.55) ? 'ru' : 'en';
      batch.push({
        owner_id: users[skewed(users.length, 1.5)].id,
        level: 2,
        root: parent.root,
        answer: parent.id,
        t: Math.min(NOW, parent.t + Math.floor(rnd() ** 4 * (NOW - parent.t)) + 60),
        ...richText([paragraph(lang, int(1, 2))]),
      });
    }
    const inserted = await rows<CommentLite>(
      db,
      sql`insert into tales (type, owner_id, body, body_txt, publish_at, created_at, updated_at, is_submitted, level, root_tale_id, answer_to_tale_id)
        select 'COMMENT', owner_id, body, body_txt, t, t, t, 1, level, root, answer
        from json_to_recordset(${json(batch)}) as r(owner_id int, level int, root int, answer int, t bigint, body text, body_txt text)
        returning id, root_tale_id as root, publish_at::float8 as t, level`,
    );
    for (const c of inserted as (CommentLite & { level: number })[]) if (c.level === 1) level1.push({ id: c.id, root: c.root, t: c.t });
    return inserted.length;
  });
}

async function seedLikes(db: Db) {
  const have = (await one<{ n: number }>(db, sql`select count(*)::int as n from likes`)).n;
  const u = await one<{ lo: number; hi: number }>(db, sql`select min(id)::int as lo, max(id)::int as hi from users`);
  const t = await one<{ lo: number; hi: number }>(db, sql`select min(id)::int as lo, max(id)::int as hi from tales`);
  if (t.lo == null) return fill('likes', have, want.likes, async () => 0);
  return fill('likes', have, want.likes, async (n) => {
    // A cubed random id: the first tenth of the tales gets nearly half the likes.
    const r = await one<{ n: number }>(
      db,
      sql`with ins as (
        insert into likes (user_id, tale_id, created_at)
        select s.u, t.id, least(${NOW}, t.publish_at + floor(power(random(), 3) * greatest(0, ${NOW} - t.publish_at))::bigint + 1)
        from (select ${u.lo} + floor(random() * ${u.hi - u.lo + 1})::int as u,
                     ${t.lo} + floor(power(random(), 3) * ${t.hi - t.lo + 1})::int as tid
              from generate_series(1, ${n})) s
        join tales t on t.id = s.tid and t.is_submitted = 1
        on conflict do nothing returning 1)
      select count(*)::int as n from ins`,
    );
    return r.n;
  });
}

/** The notifications the app would have written for a sample of the comments and likes seeded. */
async function seedNotifications(db: Db) {
  const have = (await one<{ n: number }>(db, sql`select count(*)::int as n from notifications`)).n;
  const c = await one<{ lo: number; hi: number }>(db, sql`select min(id)::int as lo, max(id)::int as hi from tales where type = 'COMMENT'`);
  const l = await one<{ lo: number; hi: number }>(db, sql`select min(id)::int as lo, max(id)::int as hi from likes`);
  // Read up to a month ago, mostly unread since.
  const shown = sql`case when ev.t < ${NOW - 30 * DAY} or random() < 0.3 then 1 else 0 end`;
  return fill('notifications', have, want.notifications, async (n) => {
    let added = 0;
    if (c.lo != null) {
      const r = await one<{ n: number }>(
        db,
        sql`with ins as (
          insert into notifications (user_id, from_id, tale_id, kind, txt, link, created_at, is_shown)
          select ev.to_id, ev.from_id, ev.id, ev.kind, ev.txt, ev.link, ev.t, ${shown}
          from (select c.id, c.owner_id as from_id, c.publish_at as t,
                       case when c.level = 1 then p.owner_id else a.owner_id end as to_id,
                       case when c.level = 1 then 'comment' else 'answer' end as kind,
                       case when c.level = 1 then ${MSG.youAreCommented} else ${MSG.youAreAnswered} end as txt,
                       '/tale/upsert/' || c.root_tale_id || '?highlight=' || c.id || '&expand=' || case when c.level = 1 then c.id else a.id end as link
                from (select distinct ${c.lo} + floor(random() * ${c.hi - c.lo + 1})::int as pick from generate_series(1, ${Math.ceil(n / 2)})) g
                join tales c on c.id = g.pick and c.type = 'COMMENT'
                join tales p on p.id = c.root_tale_id
                join tales a on a.id = c.answer_to_tale_id) ev
          where ev.to_id <> ev.from_id
          on conflict do nothing returning 1)
        select count(*)::int as n from ins`,
      );
      added += r.n;
    }
    if (l.lo != null) {
      const r = await one<{ n: number }>(
        db,
        sql`with ins as (
          insert into notifications (user_id, from_id, tale_id, kind, txt, link, created_at, is_shown)
          select ev.to_id, ev.from_id, ev.id, 'like', ${MSG.youAreLiked}, ev.link, ev.t, ${shown}
          from (select t.id, t.owner_id as to_id, lk.user_id as from_id, lk.created_at as t,
                       case when t.type = 'POST' then '/tale/upsert/' || t.id
                            else '/tale/upsert/' || t.root_tale_id || '?highlight=' || t.id || '&expand=' ||
                                 case when t.level = 1 then t.id else t.answer_to_tale_id end end as link
                from (select distinct ${l.lo} + floor(random() * ${l.hi - l.lo + 1})::int as pick from generate_series(1, ${Math.floor(n / 2)})) g
                join likes lk on lk.id = g.pick
                join tales t on t.id = lk.tale_id) ev
          where ev.to_id <> ev.from_id
          on conflict do nothing returning 1)
        select count(*)::int as n from ins`,
      );
      added += r.n;
    }
    return added;
  });
}

/** The generator's text must read back as the app reads saved text. */
function selfCheck() {
  rnd = rng(42);
  for (let i = 0; i < 200; i++) {
    const lang: Lang = i % 2 ? 'en' : 'ru';
    const { body, body_txt } = richText([paragraph(lang, 2), `${paragraph(lang, 1)} #${pick(TAGS_RU)}`]);
    if (plainText(body) !== body_txt) throw new Error(`plain text differs:\n${plainText(body)}\n${body_txt}`);
  }
}

async function main() {
  selfCheck();
  // The server's own variables, read directly: seeding needs no other setting.
  const database = await openDatabase({
    url: process.env.DATABASE_URL || undefined,
    pgliteDir: path.join(path.resolve(process.env.DATA_DIR || './data'), 'pglite'),
    poolMax: 2,
  });
  const db = database.db;
  if (database.kind === 'postgres') {
    // Test data: a crash may lose the last batches, which a re-run adds again.
    await db.execute(sql`set synchronous_commit = off`);
  }
  console.log(`Seeding ${database.kind}: ${JSON.stringify(want)}`);
  const t0 = Date.now();
  let added = 0;
  added += await seedUsers(db);
  const users = (
    await rows<{ id: number; firstname: string; lastname: string; language: string }>(
      db,
      sql`select id, firstname, lastname, language from users order by id`,
    )
  ).map((u) => ({ ...u, lang: (u.language === 'ru' ? 'ru' : 'en') as Lang }));
  if (!users.length) throw new Error('no users: --users must be at least 1');
  // Prolific authors are a random few, not the first ids.
  rnd = rng(users.length);
  for (let i = users.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [users[i], users[j]] = [users[j], users[i]];
  }
  added += await seedTales(db, users);
  added += await seedComments(db, users);
  added += await seedLikes(db);
  added += await seedNotifications(db);

  if (added > 0) {
    const t1 = Date.now();
    process.stdout.write('counters... ');
    // One statement for the three counters: every updated row is rewritten with all its index
    // entries (the GIN ones too), so three passes would cost three times as much.
    await db.execute(sql`
      with l as (select tale_id as id, count(*)::int as n from likes group by 1),
           a as (select answer_to_tale_id as id, count(*)::int as n from tales where answer_to_tale_id is not null group by 1),
           r as (select root_tale_id as id, count(*)::int as n from tales where root_tale_id is not null group by 1),
           c as (select coalesce(l.id, a.id, r.id) as id, coalesce(l.n, 0) as likes, coalesce(a.n, 0) as answers, coalesce(r.n, 0) as roots
                 from l full join a on a.id = l.id full join r on r.id = coalesce(l.id, a.id))
      update tales t set count_like = c.likes, count_answer_to_tale_id = c.answers, count_root_tale_id = c.roots
      from c
      where c.id = t.id and (t.count_like, t.count_answer_to_tale_id, t.count_root_tale_id) is distinct from (c.likes, c.answers, c.roots)`);
    process.stdout.write(`${((Date.now() - t1) / 1000).toFixed(1)}s; vacuum analyze... `);
    const t2 = Date.now();
    // As autovacuum would in time: clears the rows the counters replaced, sets the visibility map
    // (index-only scans) and merges the GIN pending lists.
    await db.execute(sql`vacuum analyze`);
    console.log(`${((Date.now() - t2) / 1000).toFixed(1)}s`);
  }
  const sizes = await one<Record<string, number>>(
    db,
    sql`select (select count(*) from users)::int as users,
               (select count(*) from tales where type = 'POST')::int as tales,
               (select count(*) from tales where type = 'COMMENT')::int as comments,
               (select count(*) from likes)::int as likes,
               (select count(*) from notifications)::int as notifications`,
  );
  const bytes =
    database.kind === 'postgres'
      ? (await one<{ size: string }>(db, sql`select pg_size_pretty(pg_database_size(current_database())) as size`)).size
      : 'n/a';
  console.log(
    `${Object.entries(sizes)
      .map(([k, v]) => `${k}: ${Number(v).toLocaleString('en')}`)
      .join(', ')}; database size ${bytes}; ${((Date.now() - t0) / 1000).toFixed(0)}s in all`,
  );
  await database.close();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
