import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { insertPost, lockThreadOf } from '../features/tales/queries';
import { tales } from './schema';
import { StatementShape, StatementShapes } from './shape';

const dialect = new PgDialect();

describe('a statement built once per shape', () => {
  it('sends what drizzle would have built whole: the same text, and the values in their places', () => {
    const shape = new StatementShape('pair', (v) => sql`select ${v('a')}::int + ${v('b')}::int, ${v('a')}::text as ${sql.identifier('x')}`);
    const { sql: text, params } = dialect.sqlToQuery(shape.whole({ a: 2, b: 3 }));
    const whole = { sql: text, params };
    expect(shape.with({ a: 2, b: 3 }).query(dialect)).toEqual(whole);
    expect(shape.with({ a: 7, b: 1 }).query(dialect)).toEqual({ sql: whole.sql, params: [7, 1, 7] });
  });

  it('encodes each value by its column as drizzle does (hashtags as a PostgreSQL array), and names its columns', () => {
    const shaped = insertPost({ header: 'Lake', tags: ['lake', 'hills'], owner_id: 4, type: 'POST' }, 'Lake Ann Lee');
    const sent = shaped.query(dialect);
    const { sql: text, params } = dialect.sqlToQuery(shaped.whole());
    expect(sent).toEqual({ sql: text, params });
    expect(sent.params).toContain('{"lake","hills"}');
    expect(sent.sql).toMatch(/^insert into "tales" \("header", "owner_id", "tags", "type", search_vector\)/);
    // the same columns in another order are the same shape; other columns, another one
    expect(insertPost({ type: 'POST', owner_id: 5, tags: [], header: 'Sea' }, 'Sea').shape).toBe(shaped.shape);
    expect(insertPost({ type: 'POST', owner_id: 5, tags: [], header: 'Sea', lang: 'en' }, 'Sea').shape).not.toBe(shaped.shape);
    expect(lockThreadOf(3).query(dialect).params).toEqual([3, 3]);
  });

  it('refuses a shape that writes a value in without its placeholder: it would be kept for every later call', () => {
    const now = 1_700_000_000;
    const shape = new StatementShape('frozen', (v) => sql`select ${v('a')}::int, ${now}::int`);
    expect(() => shape.with({ a: 1 }).query(dialect)).toThrow(/a value written in without its placeholder/);
    expect(() => shape.whole({})).toThrow(/no value for a/);
  });

  it('keeps a bounded number of shapes; past them each call makes its own, and still works', () => {
    let built = 0;
    const shapes = new StatementShapes(
      'many',
      (key) => {
        built++;
        return (v) => sql`select ${v('a')}::int as ${sql.identifier(key)}`;
      },
      2,
    );
    expect(shapes.of('x')).toBe(shapes.of('x'));
    shapes.of('y');
    expect(shapes.of('z')).not.toBe(shapes.of('z'));
    expect(shapes.of('z').with({ a: 1 }).query(dialect)).toEqual({ sql: 'select $1::int as "z"', params: [1] });
    expect(built).toBeGreaterThan(3);
    expect(tales.tags.name).toBe('tags');
  });
});
