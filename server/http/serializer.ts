import { isDeepStrictEqual } from 'node:util';
import { Ajv, type ValidateFunction } from 'ajv';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

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
 * such as a field only some callers may see, a transform) are checked by zod alone.
 *
 * Under the tests (`crossCheck`), every answer Ajv accepts is also checked by zod, and a
 * disagreement fails the request: the whole API suite keeps the two translations in step.
 */
type Schema = z.ZodType;
type Serialize = (data: unknown) => string;

const ajv = new Ajv({ strict: false, allErrors: false, validateSchema: false });
const compiled = new WeakMap<Schema, ValidateFunction | null>();

/** Whether anything in the schema is beyond JSON Schema: a custom refinement, a transform, a lazy part. */
export function beyondJsonSchema(schema: Schema, seen = new Set<unknown>()): boolean {
  if (seen.has(schema)) return false;
  seen.add(schema);
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> } })._zod.def as {
    type: string;
    checks?: { _zod: { def: { check: string } } }[];
    shape?: Record<string, Schema>;
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
  };
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
      check = ajv.compile(z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'throw' }));
    } catch {
      check = null;
    }
  }
  compiled.set(schema, check);
  return check;
}

export function answerSerializerCompiler(opts: { crossCheck: boolean }): FastifySerializerCompiler<Schema> {
  return (route) => {
    const byZod = zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]) as Serialize;
    const schema = route.schema as Schema;
    // compiled on the first answer, so starting the server compiles nothing
    let check: ValidateFunction | null | undefined;
    return (data: unknown) => {
      if (check === undefined) check = ajvCheckOf(schema);
      if (!check || !check(data)) return byZod(data);
      const json = JSON.stringify(data);
      // zod writes keys in the schema's order, JSON.stringify in the object's: the same answer
      if (opts.crossCheck && !isDeepStrictEqual(JSON.parse(byZod(data)), JSON.parse(json))) {
        throw new Error(`${route.method} ${route.url}: Ajv and zod disagree on an answer`);
      }
      return json;
    };
  };
}
