/**
 * Fills the database with realistic data for benchmarks:
 *   npm run seed -- --users 10000 --tales 1000000 --comments 2000000 --likes 5000000
 * Uses DATABASE_URL (PostgreSQL) or the PGlite under DATA_DIR, like the server. Rows are made
 * inside the database with INSERT ... SELECT over generate_series in batches, so nothing crosses
 * the wire but the statements. Re-running tops each table up to the asked size (resumable).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { hash } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../server/config';
import { type Db, openDatabase } from '../server/db/client';

const { values } = parseArgs({
  options: {
    users: { type: 'string', default: '1000' },
    tales: { type: 'string', default: '10000' },
    comments: { type: 'string', default: '20000' },
    likes: { type: 'string', default: '50000' },
    batch: { type: 'string', default: '20000' },
  },
});
const want = {
  users: Number(values.users),
  tales: Number(values.tales),
  comments: Number(values.comments),
  likes: Number(values.likes),
};
const BATCH = Number(values.batch);
for (const [k, v] of Object.entries(want)) if (!Number.isInteger(v) || v < 0) throw new Error(`--${k} must be a whole number`);

const EN =
  'the a tale of river morning city light winter garden story road quiet harbour summer rain forest music friend letter evening mountain old new small long bright dark warm cold journey home window bridge sea island train night market coffee book song dream'.split(
    ' ',
  );
const RU =
  'сказка река утро город свет зима сад история дорога тихий гавань лето дождь лес музыка друг письмо вечер гора старый новый маленький долгий яркий тёмный тёплый холодный путешествие дом окно мост море остров поезд ночь рынок кофе книга песня мечта'.split(
    ' ',
  );
const TAGS =
  'travel music books food photo nature city art history science путешествия музыка книги еда фото природа город искусство история наука'.split(
    ' ',
  );
const FIRST = 'Anna Boris Clara David Elena Fedor Galina Igor Julia Kirill Lena Maxim Nina Oleg Pavel Rita Sergey Tanya Victor Yana'.split(
  ' ',
);
const LAST = 'Ivanova Petrov Smith Johnson Kuznetsova Sokolov Brown Popova Lebedev Taylor Volkova Morozov Wilson Novikova Orlov'.split(' ');

const arr = (xs: string[]) => sql.raw(`array[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(',')}]::text[]`);

/**
 * A random phrase of n words from a word list, as SQL. `corr` names a column of the outer row, so
 * the subquery is evaluated per row rather than once for the whole statement.
 */
const phrase = (words: string[], n: number, corr: string) =>
  sql.raw(
    `(select string_agg((array[${words.map((w) => `'${w}'`).join(',')}])[1 + floor(random() * ${words.length})::int], ' ') from generate_series(1, ${n} + 0 * ${corr}))`,
  );

async function count(db: Db, table: string): Promise<number> {
  const r = (await db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as { rows: { n: number }[] };
  return r.rows[0].n;
}

function progress(label: string, done: number, total: number, started: number) {
  const rate = done / Math.max(0.001, (Date.now() - started) / 1000);
  const eta = rate > 0 ? (total - done) / rate : 0;
  const width = 30;
  const filled = Math.round((done / Math.max(1, total)) * width);
  process.stdout.write(
    `\r${label.padEnd(9)} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done.toLocaleString('en')}/${total.toLocaleString('en')}  ${Math.round(rate).toLocaleString('en')}/s  ETA ${Math.round(eta)}s   `,
  );
}

async function fill(db: Db, label: string, table: string, target: number, insertBatch: (n: number) => Promise<void>) {
  let have = await count(db, table);
  if (have >= target) {
    console.log(`${label}: ${have.toLocaleString('en')} already, nothing to add`);
    return;
  }
  const started = Date.now();
  const base = have;
  while (have < target) {
    const n = Math.min(BATCH, target - have);
    await insertBatch(n);
    have = await count(db, table);
    progress(label, have - base, target - base, started);
  }
  process.stdout.write('\n');
}

async function main() {
  const config = loadConfig();
  const database = await openDatabase({
    url: config.DATABASE_URL || undefined,
    pgliteDir: path.join(config.dataDir, 'pglite'),
    poolMax: 2,
  });
  const db = database.db;
  console.log(`Seeding ${database.kind}: ${JSON.stringify(want)}`);
  const pw = await hash('seed-password-1');
  const now = Math.floor(Date.now() / 1000);
  const YEARS = 5 * 365 * 86400;

  await fill(db, 'users', 'users', want.users, async (n) => {
    await db.execute(sql`
      insert into users (mail, password_hash, firstname, lastname, language, created_at)
      select 'seed' || (coalesce((select max(id) from users), 0) + g) || '@example.com', ${pw},
        (${arr(FIRST)})[1 + floor(random() * ${FIRST.length})::int], (${arr(LAST)})[1 + floor(random() * ${LAST.length})::int],
        case when random() < 0.5 then 'ru' else 'en' end, ${now - YEARS} + floor(random() * ${YEARS})::bigint
      from generate_series(1, ${n}) g`);
  });
  const [{ lo, hi }] = (
    (await db.execute(sql`select min(id)::int as lo, max(id)::int as hi from users`)) as unknown as { rows: { lo: number; hi: number }[] }
  ).rows;

  await fill(db, 'tales', "(select 1 from tales where type = 'POST') p", want.tales, async (n) => {
    await db.execute(sql`
      insert into tales (type, owner_id, header, body, body_txt, publish_at, created_at, updated_at, is_submitted, is_draft, is_sticked, is_adult_denied, is_for_registered, tags, search_vector)
      select 'POST', owner, header, '<p>' || txt || '</p>', txt, t, t, t, 1, draft, sticky, adult, reg, tags,
        to_tsvector('simple', replace(lower(header || ' ' || txt || ' ' || u.firstname || ' ' || u.lastname), 'ё', 'е'))
      from (
        select ${lo} + floor(random() * ${hi - lo + 1})::int as owner,
          case when random() < 0.5 then ${phrase(EN, 4, 'g')} else ${phrase(RU, 4, 'g')} end as header,
          case when random() < 0.5 then ${phrase(EN, 40, 'g')} else ${phrase(RU, 40, 'g')} end as body0,
          (${arr(TAGS)})[1 + floor(random() * ${TAGS.length})::int] as tag,
          ${now - YEARS} + floor(random() * ${YEARS})::bigint as t,
          (random() < 0.03)::int as draft, (random() < 0.0005)::int as sticky, (random() < 0.02)::int as adult, (random() < 0.05)::int as reg
        from generate_series(1, ${n}) g
      ) s
      cross join lateral (select s.body0 || ' #' || s.tag as txt, array[s.tag] as tags) b
      join users u on u.id = s.owner`);
  });

  const posts = (
    (await db.execute(
      sql`select coalesce(min(id), 0)::int as lo, coalesce(max(id), 0)::int as hi from tales where type = 'POST'`,
    )) as unknown as { rows: { lo: number; hi: number }[] }
  ).rows[0];
  await fill(db, 'comments', "(select 1 from tales where type = 'COMMENT') c", want.comments, async (n) => {
    // Four in five comments answer a post, one in five replies to an earlier comment.
    await db.execute(sql`
      insert into tales (type, owner_id, body, body_txt, publish_at, created_at, updated_at, is_submitted, level, root_tale_id, answer_to_tale_id)
      select 'COMMENT', ${lo} + floor(random() * ${hi - lo + 1})::int, '<p>' || txt || '</p>', txt, t, t, t, 1, 1, p.id, p.id
      from (select (select id from tales where type = 'POST' and id >= g.pick order by id limit 1) as id, ${phrase(RU, 12, 'g.pick')} as txt,
                   ${now} - floor(random() * ${YEARS})::bigint as t
            from (select ${sql.raw(String(posts.lo))} + floor(random() * ${sql.raw(String(Math.max(1, posts.hi - posts.lo)))})::int as pick
                  from generate_series(1, ${Math.ceil(n * 0.8)})) g) p(id, txt, t)
      where p.id is not null`);
    // Replies pick among level-1 comments by their own id range, not the whole table's.
    const range = (
      (await db.execute(
        sql`select coalesce(min(id), 0)::int as lo, coalesce(max(id), 0)::int as hi from tales where type = 'COMMENT' and level = 1`,
      )) as unknown as { rows: { lo: number; hi: number }[] }
    ).rows[0];
    await db.execute(sql`
      insert into tales (type, owner_id, body, body_txt, publish_at, created_at, updated_at, is_submitted, level, root_tale_id, answer_to_tale_id)
      select 'COMMENT', ${lo} + floor(random() * ${hi - lo + 1})::int, '<p>' || txt || '</p>', txt, t, t, t, 1, 2, c.root_tale_id, c.id
      from (select ${phrase(EN, 10, 'g.pick')} as txt, ${now} - floor(random() * ${YEARS})::bigint as t,
                   (select id from tales where type = 'COMMENT' and level = 1 and id >= g.pick order by id limit 1) as cid
            from (select ${sql.raw(String(range.lo))} + floor(random() * ${sql.raw(String(Math.max(1, range.hi - range.lo)))})::int as pick
                  from generate_series(1, ${Math.floor(n * 0.2)})) g) r
      join tales c on c.id = r.cid`);
  });

  const [{ tlo, thi }] = (
    (await db.execute(sql`select min(id)::int as tlo, max(id)::int as thi from tales`)) as unknown as {
      rows: { tlo: number; thi: number }[];
    }
  ).rows;
  await fill(db, 'likes', 'likes', want.likes, async (n) => {
    await db.execute(sql`
      insert into likes (user_id, tale_id, created_at)
      select u, t.id, ${now} - floor(random() * ${YEARS})::bigint
      from (select ${lo} + floor(random() * ${hi - lo + 1})::int as u, ${tlo} + floor(power(random(), 2) * ${thi - tlo + 1})::int as tid
            from generate_series(1, ${n})) s
      join tales t on t.id = s.tid
      on conflict do nothing`);
  });

  process.stdout.write('counters... ');
  const t0 = Date.now();
  await db.execute(
    sql`update tales t set count_like = s.n from (select tale_id, count(*)::int n from likes group by tale_id) s where s.tale_id = t.id and t.count_like <> s.n`,
  );
  await db.execute(
    sql`update tales t set count_answer_to_tale_id = s.n from (select answer_to_tale_id id, count(*)::int n from tales where answer_to_tale_id is not null group by 1) s where s.id = t.id and t.count_answer_to_tale_id <> s.n`,
  );
  await db.execute(
    sql`update tales t set count_root_tale_id = s.n from (select root_tale_id id, count(*)::int n from tales where root_tale_id is not null group by 1) s where s.id = t.id and t.count_root_tale_id <> s.n`,
  );
  await db.execute(sql`analyze`);
  console.log(`done in ${((Date.now() - t0) / 1000).toFixed(1)}s`);
  for (const t of ['users', 'tales', 'likes']) console.log(`${t}: ${(await count(db, t)).toLocaleString('en')}`);
  await database.close();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
