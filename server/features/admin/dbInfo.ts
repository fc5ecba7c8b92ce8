import { sql } from 'drizzle-orm';
import type { DbColumn, DbForeignKey, DbIndex, DbTable } from '../../../common/schemas/admin';
import { type Db, queryRows } from '../../db/client';

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Tables of the public schema with columns, keys, indexes and row counts (exact below 100,000
 * rows, the planner's estimate above), and ready-made statements. Nothing about the connection.
 */
export async function describeTables(db: Db): Promise<DbTable[]> {
  const tables = await queryRows<{ name: string; estimate: number }>(
    db,
    sql`select c.relname as name, c.reltuples::bigint as estimate from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r' and c.relname not like '__drizzle%' order by c.relname`,
  );
  const columns = await queryRows<{
    table_name: string;
    column_name: string;
    data_type: string;
    is_nullable: string;
    column_default: string | null;
  }>(
    db,
    sql`select table_name, column_name, data_type, is_nullable, column_default from information_schema.columns
        where table_schema = 'public' order by table_name, ordinal_position`,
  );
  const pks = await queryRows<{ table_name: string; column_name: string }>(
    db,
    sql`select tc.table_name, kcu.column_name from information_schema.table_constraints tc
        join information_schema.key_column_usage kcu on kcu.constraint_name = tc.constraint_name and kcu.table_schema = tc.table_schema
        where tc.table_schema = 'public' and tc.constraint_type = 'PRIMARY KEY'`,
  );
  const indexes = await queryRows<{ tablename: string; indexname: string; indexdef: string }>(
    db,
    sql`select tablename, indexname, indexdef from pg_indexes where schemaname = 'public' order by tablename, indexname`,
  );
  const fks = await queryRows<{ table_name: string; name: string; definition: string }>(
    db,
    sql`select c.conrelid::regclass::text as table_name, c.conname as name, pg_get_constraintdef(c.oid) as definition
        from pg_constraint c join pg_namespace n on n.oid = c.connamespace where n.nspname = 'public' and c.contype = 'f'`,
  );
  const out: DbTable[] = [];
  for (const t of tables) {
    let count = Number(t.estimate);
    if (count < 100_000) {
      const [r] = await queryRows<{ n: number }>(db, sql.raw(`select count(*)::int as n from ${quote(t.name)}`));
      count = r.n;
    }
    const pk = new Set(pks.filter((p) => p.table_name === t.name).map((p) => p.column_name));
    const cols: DbColumn[] = columns
      .filter((c) => c.table_name === t.name)
      .map((c) => ({
        name: c.column_name,
        type: c.data_type,
        nullable: c.is_nullable === 'YES',
        default: c.column_default,
        primaryKey: pk.has(c.column_name),
      }));
    const idx: DbIndex[] = indexes
      .filter((i) => i.tablename === t.name)
      .map((i) => ({ name: i.indexname, definition: i.indexdef, unique: /create unique index/i.test(i.indexdef) }));
    const foreign: DbForeignKey[] = fks
      .filter((f) => f.table_name.replace(/^public\./, '').replace(/"/g, '') === t.name)
      .map((f) => ({
        name: f.name,
        columns: (/FOREIGN KEY \(([^)]*)\)/.exec(f.definition)?.[1] ?? '').split(',').map((s) => s.trim().replace(/"/g, '')),
        references: /REFERENCES (.*)$/.exec(f.definition)?.[1] ?? f.definition,
      }));
    const writable = cols.filter((c) => !(c.primaryKey && /nextval|identity/i.test(c.default ?? 'identity')));
    const key = cols.find((c) => c.primaryKey)?.name ?? 'id';
    out.push({
      name: t.name,
      rows: count,
      columns: cols,
      indexes: idx,
      foreignKeys: foreign,
      statements: {
        select: `SELECT ${cols.map((c) => quote(c.name)).join(', ')}\nFROM ${quote(t.name)}\nORDER BY ${quote(key)} DESC\nLIMIT 10;`,
        insert: `INSERT INTO ${quote(t.name)} (${writable.map((c) => quote(c.name)).join(', ')})\nVALUES (${writable.map((_c, i) => `$${i + 1}`).join(', ')});`,
        update: `UPDATE ${quote(t.name)}\nSET ${writable
          .filter((c) => !c.primaryKey)
          .map((c, i) => `${quote(c.name)} = $${i + 1}`)
          .join(',\n    ')}\nWHERE ${quote(key)} = $${writable.filter((c) => !c.primaryKey).length + 1};`,
      },
    });
  }
  return out;
}
