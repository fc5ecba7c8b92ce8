import { isDeepStrictEqual } from 'node:util';
import { Ajv, type ValidateFunction } from 'ajv';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { shells } from '../../common/api/envelope';

/**
 * How answers are serialised: checked against their declared zod schema (strict objects, so a
 * field nobody declared fails instead of reaching a client), then JSON.stringify.
 *
 * zod checks an answer by walking it value by value; for a logged-in reader's feed page that walk
 * was half the server's CPU (docs/benchmarks.md, "Logged-in paths"). So each answer schema is
 * also translated once to JSON Schema (zod's own `toJSONSchema`) and compiled by Ajv into one
 * plain function, which checks the same shape about ten times faster. An answer Ajv accepts is
 * sent as it is; one it refuses goes to zod, which sends it if it is good after all and otherwise
 * fails it with zod's own error, as before. Schemas JSON Schema cannot say whole (a refinement
 * such as a field only some callers may see, a transform), or where the two could judge apart (a
 * minimum length, a pattern, a format), are checked by zod alone.
 *
 * Under the tests (`crossCheck`), every answer Ajv accepts is also checked by zod, and a
 * disagreement fails the request: the whole API suite keeps the two translations in step.
 */
type Schema = z.ZodType;
type Serialize = (data: unknown) => string;

// unicode: false measures a string by its UTF-16 units (.length) instead of walking it for code
// points: never shorter than zod's count (code points), so what it accepts zod accepts, and a
// string over in units goes to zod, which counts. The option is marked deprecated (logger: false
// keeps that notice out of the server's log) but is still honoured by Ajv 8.
const ajv = new Ajv({ strict: false, allErrors: false, validateSchema: false, unicode: false, logger: false });
const compiled = new WeakMap<Schema, ValidateFunction | null>();

/** The parts of a zod schema's definition read here. */
interface ZodDef {
  type: string;
  checks?: { _zod: { def: { check: string } } }[];
  shape?: Record<string, Schema>;
  catchall?: Schema;
  options?: Schema[];
  element?: Schema;
  innerType?: Schema;
  in?: Schema;
  out?: Schema;
  items?: Schema[];
  rest?: Schema | null;
  valueType?: Schema;
  keyType?: Schema;
  left?: Schema;
  right?: Schema;
}
const defOf = (schema: Schema): ZodDef => (schema as unknown as { _zod: { def: ZodDef } })._zod.def;

/** Whether anything in the schema is beyond JSON Schema: a custom refinement, a transform, a lazy part. */
export function beyondJsonSchema(schema: Schema, seen = new Set<unknown>()): boolean {
  if (seen.has(schema)) return false;
  seen.add(schema);
  const def = defOf(schema);
  if (['transform', 'pipe', 'lazy', 'custom', 'promise', 'function', 'default', 'prefault', 'catch'].includes(def.type)) return true;
  if (def.checks?.some((c) => c._zod.def.check === 'custom')) return true;
  const parts: (Schema | null | undefined)[] = [
    ...Object.values(def.shape ?? {}),
    ...(def.options ?? []),
    ...(def.items ?? []),
    def.element,
    def.innerType,
    def.in,
    def.out,
    def.rest,
    def.valueType,
    def.keyType,
    def.left,
    def.right,
  ];
  return parts.some((p) => p != null && beyondJsonSchema(p, seen));
}

/** The schema as one Ajv function, or null where JSON Schema cannot say it whole. Compiled once per schema. */
export function ajvCheckOf(schema: Schema): ValidateFunction | null {
  let check = compiled.get(schema);
  if (check !== undefined) return check;
  check = null;
  if (!beyondJsonSchema(schema)) {
    try {
      const json = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'throw' });
      // Where Ajv and zod could judge alike data apart, zod alone: a minimum length (Ajv counts
      // units, zod code points), a pattern (regex flavours), a format (Ajv knows none without a plugin).
      if (!/"(minLength|pattern|format|contentEncoding|contentMediaType)":/.test(JSON.stringify(json))) check = ajv.compile(json);
    } catch {
      check = null;
    }
  }
  compiled.set(schema, check);
  return check;
}

/**
 * `data` of an answer, checked against its schema and written as JSON once, to be sent to many
 * readers as it is (a logged-in reader's feed page: the same for every reader who liked the same
 * tales of it). Only `checkedData` makes one.
 */
export class CheckedData<T = unknown> {
  declare private readonly brand: T;
  /** @internal */
  constructor(
    readonly json: string,
    /** What it was checked against. */
    readonly schema: z.ZodType,
  ) {}
}

/** Checks `value` against `schema` (Ajv, then zod for what Ajv refuses; zod throws when it is wrong) and writes it. */
export function checkedData<T>(schema: z.ZodType<T>, value: T): CheckedData<T> {
  const check = ajvCheckOf(schema);
  if (check?.(value)) return new CheckedData<T>(JSON.stringify(value), schema);
  return new CheckedData<T>(JSON.stringify(z.encode(schema, value)), schema);
}

const listItems = new WeakMap<z.ZodType, { key: string; item: z.ZodType }>();

/**
 * The schema of one item of a list answer's data: `schema` must be a strict object whose one field
 * `key` is an array (as `{ tale: Tale[] }`), which is checked once per schema.
 */
export function listItemSchema<K extends string, T>(schema: z.ZodType<Record<K, T[]>>, key: K): z.ZodType<T> {
  let known = listItems.get(schema);
  if (!known) {
    const def = defOf(schema);
    const field = def.shape?.[key];
    const strict = def.catchall !== undefined && defOf(def.catchall).type === 'never';
    if (def.type !== 'object' || !strict || Object.keys(def.shape ?? {}).length !== 1 || !field || defOf(field).type !== 'array') {
      throw new Error(`listItemSchema: not a strict object of one array field "${key}"`);
    }
    known = { key, item: defOf(field).element as z.ZodType };
    listItems.set(schema, known);
  }
  if (known.key !== key) throw new Error(`listItemSchema: the list's field is "${known.key}", not "${key}"`);
  return known.item as z.ZodType<T>;
}

/**
 * A list answer's data (`{ [key]: items }`) from items checked one by one against its item schema
 * (listItemSchema): the same check as of the whole, so an item's JSON can be written once and put
 * in every page that shows it.
 */
export function checkedList<K extends string, T>(
  schema: z.ZodType<Record<K, T[]>>,
  key: K,
  items: readonly CheckedData<T>[],
): CheckedData<Record<K, T[]>> {
  const item = listItemSchema(schema, key);
  let json = `{${JSON.stringify(key)}:[`;
  for (let i = 0; i < items.length; i++) {
    if (items[i].schema !== item) throw new Error(`checkedList: an item of "${key}" was checked against another schema`);
    json += i === 0 ? items[i].json : `,${items[i].json}`;
  }
  return new CheckedData(`${json}]}`, schema);
}

/** One way of serialising: Ajv's check and JSON.stringify, zod behind it. */
function serializerFor(schema: Schema, byZod: Serialize, crossCheck: boolean, name: string): Serialize {
  // compiled on the first answer, so starting the server compiles nothing
  let check: ValidateFunction | null | undefined;
  return (data: unknown) => {
    if (check === undefined) check = ajvCheckOf(schema);
    if (!check?.(data)) return byZod(data);
    const json = JSON.stringify(data);
    // zod writes keys in the schema's order, JSON.stringify in the object's: the same answer
    if (crossCheck && !isDeepStrictEqual(JSON.parse(byZod(data)), JSON.parse(json))) {
      throw new Error(`${name}: Ajv and zod disagree on an answer`);
    }
    return json;
  };
}

export function answerSerializerCompiler(opts: { crossCheck: boolean }): FastifySerializerCompiler<Schema> {
  return (route) => {
    const byZod = zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]) as Serialize;
    const schema = route.schema as Schema;
    const name = `${route.method} ${route.url}`;
    const serialize = serializerFor(schema, byZod, opts.crossCheck, name);
    const known = shells.get(schema);
    const shell = known && serializerFor(known.shell, (d) => JSON.stringify(z.encode(known.shell, d)), opts.crossCheck, name);
    return (answer: unknown) => {
      const data = (answer as { data?: unknown } | null)?.data;
      if (!(data instanceof CheckedData)) return serialize(answer);
      // The envelope around data checked before: the envelope is checked with data null, and the
      // data's JSON put in its place.
      if (!shell) throw new Error(`${name}: an answer of checked data where the schema has no shell`);
      shell({ ...(answer as object), data: null });
      const { data: _, ...others } = answer as Record<string, unknown>;
      const rest = JSON.stringify(others);
      const json = rest === '{}' ? `{"data":${data.json}}` : `{"data":${data.json},${rest.slice(1)}`;
      if (
        opts.crossCheck &&
        !isDeepStrictEqual(JSON.parse(json), JSON.parse(byZod({ ...(answer as object), data: JSON.parse(data.json) })))
      ) {
        throw new Error(`${name}: an answer of checked data differs from what zod makes of it`);
      }
      return json;
    };
  };
}
