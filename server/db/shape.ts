import { Param, Placeholder, type Query, type SQL, fillPlaceholders, is, sql } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';

/**
 * Where a statement takes a value: its placeholder while the shape is compiled, the value itself
 * when the statement is built whole (what drizzle would have built; the tests hold the compiled
 * text to it).
 */
// biome-ignore lint/suspicious/noExplicitAny: a value goes wherever drizzle takes one (a column's insert value, a template's chunk)
export type ValueOf = (name: string) => any;

/**
 * A statement built once per shape: a write's hot statements (a new tale, a comment, a like) cost
 * the server a tenth of its time when drizzle built their text for every request, though the text
 * is the same each time. A shape's `build` puts every value through `v`, so its text is made once
 * (with placeholders) and each call only fills in its values, encoded by their columns as drizzle
 * encodes them. A value written into the statement without `v` would be kept in the compiled text
 * for every later call: compiling refuses a shape that has one.
 */
export class StatementShape {
  private readonly compiled = new WeakMap<PgDialect, Query>();
  constructor(
    readonly name: string,
    private readonly build: (v: ValueOf) => SQL,
  ) {}

  /** This shape with these values. */
  with(values: Record<string, unknown>): ShapedStatement {
    return new ShapedStatement(this, values);
  }

  /** The statement whole, its values written in by drizzle: what `query` must equal (shape.unit.test.ts). */
  whole(values: Record<string, unknown>): SQL {
    return this.build((name) => {
      if (!(name in values)) throw new Error(`statement ${this.name}: no value for ${name}`);
      return values[name];
    });
  }

  /** The text with numbered parameters and what fills each, made on first use per dialect. */
  query(dialect: PgDialect): Query {
    let q = this.compiled.get(dialect);
    if (!q) {
      q = dialect.sqlToQuery(this.build((name) => sql.placeholder(name)));
      for (const p of q.params) {
        if (!is(p, Placeholder) && !(is(p, Param) && is(p.value, Placeholder))) {
          throw new Error(`statement ${this.name}: a value written in without its placeholder would be kept for every call`);
        }
      }
      this.compiled.set(dialect, q);
    }
    return q;
  }
}

/** A shaped statement with its values: what a transaction's trip sends (transaction.ts). */
export class ShapedStatement {
  constructor(
    readonly shape: StatementShape,
    readonly values: Record<string, unknown>,
  ) {}

  /** The text and its parameters' values, as `dialect.sqlToQuery` would give for the statement whole. */
  query(dialect: PgDialect): Query {
    const q = this.shape.query(dialect);
    return { sql: q.sql, params: fillPlaceholders(q.params, this.values) };
  }

  whole(): SQL {
    return this.shape.whole(this.values);
  }
}

/** A statement a transaction sends: drizzle's SQL, or a shaped one. */
export type Statement = SQL | ShapedStatement;

/** The statement's text and parameters (what node-postgres sends). */
export const queryOf = (dialect: PgDialect, statement: Statement): Query =>
  statement instanceof ShapedStatement ? statement.query(dialect) : dialect.sqlToQuery(statement);

/** The shapes of one kind of statement by the parts that change its text (which fields a new tale sets). */
export class StatementShapes {
  private readonly shapes = new Map<string, StatementShape>();
  constructor(
    private readonly name: string,
    private readonly build: (key: string) => (v: ValueOf) => SQL,
    /** How many shapes are kept. */
    private readonly max = 256,
  ) {}

  of(key: string): StatementShape {
    let shape = this.shapes.get(key);
    if (!shape) {
      shape = new StatementShape(`${this.name}[${key}]`, this.build(key));
      // past `max` (fields sent in every combination), a shape is made for its call and not kept
      if (this.shapes.size < this.max) this.shapes.set(key, shape);
    }
    return shape;
  }
}
