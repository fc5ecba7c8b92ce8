import type { z } from 'zod';
import type { Access } from '../policies';

/**
 * Every endpoint of the API is declared once, here in common/api, in two halves that name each
 * other by key:
 *
 * - its **call** (`calls/<area>.ts`, no zod): what a client needs to make it: method, path, who
 *   may call it, the form id it sends. The web imports these anywhere, the feed screen too.
 * - its **shapes** (`<area>.ts`, zod): params, query, body, the answer, and the reference's words.
 *
 * `endpoints(calls, shapes)` joins them, and the type system makes every call have its shapes and
 * no shapes lack a call. Why not one object: a path that the feed screen needs would bring zod and
 * every schema into it (+25 KB gzip, over the feed's 150 KB bar; docs/benchmarks.md).
 *
 * From the joined declarations the server registers its routes (server/http/declare.ts) and the
 * OpenAPI document is generated (server/http/openapi.ts).
 */

export type Method = 'GET' | 'POST' | 'DELETE';

export interface Call {
  readonly method: Method;
  /** Relative to the API prefix, with Fastify's parameters: `/auth/profile/:id`. */
  readonly path: string;
  /** Who may call it at all (`callers` in common/policies.ts); the rows it touches are authorised by the service. */
  readonly access: Access;
  /**
   * The form_id the client sends with this write (wire-protocol.md: echoed, never deciding who may
   * do what). A call reached by two forms names each.
   */
  readonly formId?: string | Readonly<Record<string, string>>;
  /** A GET that changes something: it needs x-requested-with like a write (server/http/edge.ts). */
  readonly guarded?: boolean;
}

/** A call as declared in its area: with the area (the reference's tag) and its own name. */
export type Declared<C extends Call, Name extends string = string, Tag extends string = string> = C & {
  readonly tag: Tag;
  readonly name: Name;
};

/** Declares the calls of one area; the keys are the calls' names, the tag names the area (a key of `api`). */
export function calls<const Tag extends string, const T extends Record<string, Call>>(
  tag: Tag,
  declared: T,
): { readonly [K in keyof T & string]: Declared<T[K], K, Tag> } {
  return Object.fromEntries(Object.entries(declared).map(([name, call]) => [name, { ...call, tag, name }])) as {
    readonly [K in keyof T & string]: Declared<T[K], K, Tag>;
  };
}

/** The parameter names of a path: `/a/:x/b/:y` gives `'x' | 'y'`. */
export type PathParams<P extends string> = P extends `${infer Head}/${infer Rest}`
  ? PathParams<Head> | PathParams<Rest>
  : P extends `:${infer Name}`
    ? Name
    : never;

const PARAM = /:([A-Za-z_][A-Za-z0-9_]*)/g;

/** The path of one call with its parameters filled in: `pathOf(profile, { id: 5 })` is `/auth/profile/5`. */
export function pathOf<C extends Pick<Call, 'path'>>(call: C, params: Record<PathParams<C['path']>, string | number>): string {
  const values = params as Record<string, string | number>;
  return call.path.replace(PARAM, (_m, name: string) => encodeURIComponent(String(values[name])));
}

/** The path as OpenAPI writes it: `/auth/profile/{id}`. */
export const openApiPath = (path: string): string => path.replace(PARAM, '{$1}');

/** The data of an answer in the envelope, and what the reference says of it (common/api/envelope.ts builds it). */
export interface EnvelopeAnswer<D extends z.ZodType = z.ZodType> {
  readonly kind: 'envelope';
  /** `data` of a successful answer. */
  readonly data: D;
  /** The whole envelope of an HTTP 200 answer, success or refusal: the server serialises with it. */
  readonly schema: z.ZodType;
  /** The envelope of an answer with any other status (401, 403, 404, 429, 500 ...). */
  readonly refusal: z.ZodType;
  /** The meta key holding the list's pagination (`meta.tale`), for lists. */
  readonly list?: string;
  /** Refusals also carry `error.message` beside the envelope (the editor's own protocol). */
  readonly errorMessage?: boolean;
}

/** An answer that is not the envelope (the OpenAPI document, the reference page). */
export interface RawAnswer {
  readonly kind: 'raw';
  readonly contentType: string;
  readonly description: string;
}

export type Answer = EnvelopeAnswer | RawAnswer;

/** Params and query are objects of named fields. */
type Fields = z.ZodType<Record<string, unknown>, Record<string, unknown>>;

export interface Shapes {
  /** One line for the reference. */
  readonly summary: string;
  /** More words for the reference, where the summary is not enough. */
  readonly description?: string;
  readonly params?: Fields;
  readonly query?: Fields;
  /** A body as JSON (under any content type), a url-encoded form or multipart fields alike. */
  readonly body?: z.ZodType;
  /** A multipart upload: the handler reads the parts itself; this says what they are. */
  readonly upload?: z.ZodType;
  readonly response: Answer;
}

/** One endpoint: its call and its shapes. */
export type Endpoint = Declared<Call> & Shapes;

/** Joins an area's calls with their shapes; a call without shapes, or shapes without a call, do not compile. */
export function endpoints<C extends Record<string, Declared<Call>>, const S extends { readonly [K in keyof C]: Shapes }>(
  declared: C,
  shapes: S & Record<Exclude<keyof S, keyof C>, never>,
): { readonly [K in keyof C]: C[K] & S[K] } {
  return Object.fromEntries(
    Object.entries(declared).map(([name, call]) => [name, { ...call, ...(shapes[name as keyof C] as Shapes) }]),
  ) as {
    readonly [K in keyof C]: C[K] & S[K];
  };
}

/** The type of `data` a handler answers for an endpoint. */
export type DataOf<E extends Shapes> = E['response'] extends EnvelopeAnswer<infer D> ? z.output<D> : never;
