import { type PGlite, type Results, type Transaction, parse, protocol } from '@electric-sql/pglite';

/** What a query passes through to PGlite (drizzle sends `rowMode` and its `parsers`). */
type QueryOptions = Parameters<PGlite['query']>[2];

/** PGlite's mutexes and engine, which its own query() uses (protected members of the class). */
interface Engine {
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
  serializers: Record<number, (value: unknown) => string>;
  parsers: Record<number, (value: string, typeId?: number) => unknown>;
}

/** A statement parsed and described once, by the text drizzle sends. */
interface Statement {
  name: string;
  paramTypes: number[];
  /** The shape of its rows (none for a write without RETURNING). */
  rowDescription?: unknown;
}

const { serialize } = protocol;

function joined(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * PGlite with each statement text kept as a named prepared statement. PGlite's own query() sends
 * six protocol messages, each a separate call into the WASM engine, and parses the text anew every
 * time: a tale read by id costs 0.9-2 ms that way. Here a text is parsed and described once, then
 * every call sends bind, execute and sync in one buffer (0.2-0.5 ms; docs/benchmarks.md). Values are
 * written with PGlite's own serializers for the parameter types the statement was described with,
 * and rows read with its parsers, so results are those of query(). Plans follow the server's
 * plan_cache_mode (PostgreSQL's default, as on the server's own connections).
 *
 * Only `query` (what drizzle calls, also inside transactions) takes this way; everything else is
 * PGlite's own. The returned object passes for the client (a Proxy of it).
 */
export function withStatementCache(client: PGlite, max = 2_000): PGlite {
  const engine = client as unknown as Engine;
  const statements = new Map<string, Statement>();
  let counter = 0;

  const call = async (messages: Uint8Array[]) => (await client.execProtocol(joined(messages), { syncToFs: false })).messages;

  /** The statement for a text, prepared on first use (inside the query mutex). */
  async function statement(text: string): Promise<Statement> {
    const known = statements.get(text);
    if (known) {
      // most recently used last: the oldest go first when the cache is full
      statements.delete(text);
      statements.set(text, known);
      return known;
    }
    const name = `tales_s${++counter}`;
    const described = await call([serialize.parse({ name, text, types: [] }), serialize.describe({ type: 'S', name }), serialize.sync()]);
    const params = described.find((m) => m.name === 'parameterDescription') as { dataTypeIDs: number[] } | undefined;
    const made: Statement = {
      name,
      paramTypes: params?.dataTypeIDs ?? [],
      rowDescription: described.find((m) => m.name === 'rowDescription'),
    };
    statements.set(text, made);
    if (statements.size > max) {
      const [oldText, old] = statements.entries().next().value as [string, Statement];
      statements.delete(oldText);
      await call([serialize.close({ type: 'S', name: old.name }), serialize.sync()]);
    }
    return made;
  }

  /**
   * PGlite's parsers with the caller's over them (drizzle passes its own): the caller's few on an
   * object whose prototype holds PGlite's, so a type the caller has no parser for is found there.
   * parseResults would copy PGlite's 318 parsers for every query (80 µs), and so did a copy made
   * once per parsers object, as drizzle makes new ones for every query it builds.
   */
  function parsersOf(options: QueryOptions): Engine['parsers'] {
    const own = options?.parsers;
    if (!own) return engine.parsers;
    return Object.assign(Object.create(engine.parsers) as Engine['parsers'], own);
  }

  async function run<T>(text: string, params: unknown[] | undefined, options: QueryOptions): Promise<Results<T>> {
    const st = await statement(text);
    const values = (params ?? []).map((value, i) => {
      if (value === null || value === undefined) return null;
      const type = st.paramTypes[i];
      const write = options?.serializers?.[type] ?? engine.serializers[type];
      return write ? write(value) : String(value);
    });
    const answered = await call([serialize.bind({ statement: st.name, values }), serialize.execute({}), serialize.sync()]);
    const messages = st.rowDescription ? [st.rowDescription, ...answered] : answered;
    const parsed = parse.parseResults(
      messages as never,
      parsersOf(options) as never,
      options?.parsers ? { ...options, parsers: undefined } : options,
    );
    return parsed[0] as Results<T>;
  }

  const query = <T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> =>
    // as PGlite's own: a query waits for any transaction under way, then for the engine
    engine._runExclusiveTransaction(async () => {
      const result = await engine._runExclusiveQuery(() => run<T>(text, params, options));
      await client.syncToFs();
      return result;
    });

  const inTransaction = (tx: Transaction): Transaction =>
    new Proxy(tx, {
      get(target, prop) {
        if (prop !== 'query') return Reflect.get(target, prop);
        return <T>(text: string, params?: unknown[], options?: QueryOptions) => {
          if (target.closed) throw new Error('Transaction is closed');
          return engine._runExclusiveQuery(() => run<T>(text, params, options));
        };
      },
    });

  return new Proxy(client, {
    get(target, prop) {
      if (prop === 'query') return query;
      if (prop === 'transaction') return <T>(fn: (tx: Transaction) => Promise<T>) => target.transaction((tx) => fn(inTransaction(tx)));
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
