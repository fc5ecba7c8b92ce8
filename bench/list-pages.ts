/**
 * The database's own cost of a page of the feed or of an author's posts that nobody asked for
 * before: random places below the sticky posts, one page after another on one connection, read
 * with each page statement shape (server/features/tales/positions.ts: from the first row's key,
 * or by the page's ids), the shapes in turn on fresh places each. Reports the wall time and the
 * database backend's CPU per page (read from /proc, so PostgreSQL must run on this machine), and
 * first checks that both shapes give the same rows on the same places.
 *
 *   npx tsx bench/list-pages.ts --pg postgres://postgres@127.0.0.1:5432/tales_bench_1m_full
 *
 * Options: --pg URL (tales_bench_1m), --pages (1000 per shape, list and reader in each round),
 * --rounds (3), --check (200 places compared), --author ID (the author with the most posts).
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { type Db, openDatabase, queryRows } from '../server/db/client';
import { readAllPlannedOnce } from '../server/db/transaction';
import { DAY_SECONDS, type ListScope, type PageShape, pageStatement, scopeKey } from '../server/features/tales/positions';
import { machine } from './lib';
import { busiestAuthorsQuery } from './scenarios';

const { values } = parseArgs({
  options: {
    pg: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/tales_bench_1m' },
    pages: { type: 'string', default: '1000' },
    rounds: { type: 'string', default: '3' },
    check: { type: 'string', default: '200' },
    author: { type: 'string' },
  },
});
const PAGES = Number(values.pages);
const ROUNDS = Number(values.rounds);
const SIZE = 10;
const now = Math.floor(Date.now() / 1000);

interface Place {
  day: number;
  skip: number;
}

/** A pool of one connection, so each page of a shape runs on the same backend, whose CPU is read. */
async function connect() {
  const database = await openDatabase({ url: values.pg, pgliteDir: '', poolMax: 1 });
  return { db: database.db, close: database.close };
}

async function backendOf(db: Db): Promise<number> {
  return (await queryRows<{ pid: number }>(db, sql`select pg_backend_pid() as pid`))[0].pid;
}

/** The backend's CPU so far in ms (user and system ticks of 10 ms). */
function cpuOf(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Random places below the sticky posts: a day of the list and a row of it, as a reader's page would start. */
async function placesOf(db: Db, scope: ListScope, signedIn: boolean) {
  const seen = sql.raw(signedIn ? 'n_public + n_registered' : 'n_public');
  const rows = await queryRows<{ day: number; n: number }>(
    db,
    sql`select day, sum(${seen})::int as n from feed_buckets
      where scope = ${scopeKey(scope)} and is_sticked = 0 and day < ${Math.floor(now / DAY_SECONDS)} group by day having sum(${seen}) > 0`,
  );
  if (!rows.length) throw new Error(`no days in ${JSON.stringify(scope)}: seed the database first`);
  return (count: number): Place[] =>
    Array.from({ length: count }, () => {
      const d = rows[Math.floor(Math.random() * rows.length)];
      return { day: d.day, skip: Math.floor(Math.random() * d.n) };
    });
}

/** One page as the server reads it: prepared once on the connection, its plan made once, one round trip. */
async function page(db: Db, scope: ListScope, signedIn: boolean, place: Place, shape: PageShape) {
  const [rows] = await readAllPlannedOnce<Record<string, unknown>>(db, [
    pageStatement(scope, { signedIn, now }, { sticky: 0, ...place }, SIZE, shape),
  ]);
  return rows;
}

async function main() {
  const where = machine();
  const shapes: PageShape[] = ['ids', 'key'];
  const conns = { ids: await connect(), key: await connect() };
  const setup = conns.ids.db;
  const author = Number(values.author) || (await queryRows<{ id: number }>(setup, sql.raw(busiestAuthorsQuery(1))))[0].id;
  const lists: { name: string; scope: ListScope }[] = [
    { name: 'feed', scope: { kind: 'feed' } },
    { name: `author ${author}`, scope: { kind: 'author', id: author } },
  ];
  const readers = [false, true];
  const places = new Map<string, (n: number) => Place[]>();
  for (const l of lists) for (const r of readers) places.set(`${l.name}|${r}`, await placesOf(setup, l.scope, r));
  // the same rows either way
  let compared = 0;
  for (const l of lists) {
    for (const r of readers) {
      for (const p of places.get(`${l.name}|${r}`)?.(Number(values.check) / 4) ?? []) {
        const [a, b] = [await page(conns.ids.db, l.scope, r, p, 'ids'), await page(conns.key.db, l.scope, r, p, 'key')];
        if (JSON.stringify(a) !== JSON.stringify(b)) throw new Error(`${l.name}, signed in ${r}, ${JSON.stringify(p)}: the shapes differ`);
        compared++;
      }
    }
  }
  process.stderr.write(`${compared} places: the same rows from both shapes\n`);

  const out: string[] = [];
  out.push(`${where}; ${PAGES} pages per figure, fresh random places each; ${values.pg?.replace(/\/\/[^@]*@/, '//')}`);
  out.push('');
  out.push('| round | list | reader | by ids: wall / database CPU per page | from the key: wall / database CPU per page |');
  out.push('|---:|---|---|---:|---:|');
  for (let round = 1; round <= ROUNDS; round++) {
    for (const l of lists) {
      for (const r of readers) {
        const cells: string[] = [];
        for (const shape of shapes) {
          const { db } = conns[shape];
          const list = places.get(`${l.name}|${r}`)?.(PAGES) ?? [];
          const pid = await backendOf(db);
          const c0 = cpuOf(pid);
          const t0 = performance.now();
          for (const p of list) await page(db, l.scope, r, p, shape);
          const wall = (performance.now() - t0) / list.length;
          const cpu = (cpuOf(pid) - c0) / list.length;
          cells.push(`${wall.toFixed(3)} / ${cpu.toFixed(3)} ms`);
        }
        const line = `| ${round} | ${l.name} | ${r ? 'signed in' : 'visitor'} | ${cells.join(' | ')} |`;
        process.stderr.write(`${line}\n`);
        out.push(line);
      }
    }
  }
  await conns.ids.close();
  await conns.key.close();
  process.stdout.write(`${out.join('\n')}\n`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
