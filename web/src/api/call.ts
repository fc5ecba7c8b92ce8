import type { api } from '@common/api';
import type { Call, DataOf, Declared, PathParams, Shapes } from '@common/api/endpoint';
import { pathOf } from '@common/api/endpoint';
import type { Envelope } from '@common/schemas/envelope';
import type { z } from 'zod';
import { type ApiRequest, apiFetch, type QueryValue } from './client';

/**
 * The typed client of the declared API: `callApi(calls.likes.like, { body })`. Method, path and
 * form id come from the call (common/api/calls, zod-free, so the feed screen stays light); the
 * types of params, query, body and of the answer's `data` come from the call's shapes
 * (common/api/<area>.ts) through type-only imports, erased from the bundle. Underneath it is
 * `apiFetch`: the envelope, the messages, the spinner and the headers of the wire protocol.
 */

/** Any declared call; its tag names its area in `api`. */
export type AnyCall = Declared<Call, string, keyof Api>;

type Api = typeof api;

/** The endpoint (call and shapes) a call is declared as. */
export type EndpointOf<C extends AnyCall> = C['name'] extends keyof Api[C['tag']] ? Api[C['tag']][C['name']] : never;

type Input<E, K extends 'query' | 'body'> = E extends { readonly [P in K]: infer S extends z.ZodType } ? z.input<S> : never;

type ParamsInput<C extends AnyCall> = [PathParams<C['path']>] extends [never]
  ? { params?: undefined }
  : { params: Record<PathParams<C['path']>, string | number> };

type QueryInput<E> = [Input<E, 'query'>] extends [never]
  ? { query?: undefined }
  : { query?: Partial<Record<keyof Input<E, 'query'>, QueryValue>> };

/** A JSON body as the shapes declare it (form_id is the call's), or the multipart fields of an upload. */
type BodyInput<E> = E extends { readonly upload: z.ZodType }
  ? { body: FormData }
  : [Input<E, 'body'>] extends [never]
    ? { body?: undefined }
    : { body: Omit<Input<E, 'body'>, 'form_id'> };

/** A call reached by two forms names the one sending it. */
type FormInput<C extends AnyCall> =
  C['formId'] extends Readonly<Record<string, string>> ? { form: keyof C['formId'] & string } : { form?: undefined };

export type CallInput<C extends AnyCall> = ParamsInput<C> &
  QueryInput<EndpointOf<C>> &
  BodyInput<EndpointOf<C>> &
  FormInput<C> &
  Pick<ApiRequest, 'signal' | 'explains' | 'quiet'>;

/** The `data` of a successful answer, as the call's shapes declare it. */
export type AnswerOf<C extends AnyCall> = EndpointOf<C> extends Shapes ? DataOf<EndpointOf<C>> : never;

/** The form_id a call sends: its one form id, or the one of the form named. */
export function formIdOf(call: Pick<Call, 'formId'>, form?: string): string | undefined {
  const id = call.formId;
  if (typeof id === 'string' || id === undefined) return id;
  return form === undefined ? undefined : id[form];
}

type LooseInput = { params?: Record<string, string | number>; query?: Record<string, QueryValue>; body?: object; form?: string };

/** The path and body of a call: the declared path with its parameters, the body with the declared form_id. */
export function requestOf(call: Call, input: LooseInput): { path: string; body: object | FormData | undefined } {
  const path = pathOf(call as { path: string }, input.params ?? {});
  const formId = formIdOf(call, input.form);
  if (formId === undefined) return { path, body: input.body };
  if (typeof FormData !== 'undefined' && input.body instanceof FormData) {
    const body = new FormData();
    body.append('form_id', formId);
    for (const [name, value] of input.body) if (name !== 'form_id') body.append(name, value);
    return { path, body };
  }
  return { path, body: { ...input.body, form_id: formId } };
}

/** Makes a declared call through `apiFetch`; resolves with the envelope of every HTTP 200 answer. */
export function callApi<C extends AnyCall>(
  call: C,
  ...input: Partial<CallInput<C>> extends CallInput<C> ? [CallInput<C>?] : [CallInput<C>]
): Promise<Envelope<AnswerOf<C>>>;
export function callApi(
  call: AnyCall,
  input: LooseInput & Pick<ApiRequest, 'signal' | 'explains' | 'quiet'> = {},
): Promise<Envelope<unknown>> {
  const { path, body } = requestOf(call, input);
  const { signal, explains, quiet } = input;
  const req: ApiRequest = { method: call.method, body, query: input.query, signal, explains, quiet };
  return apiFetch(path, req);
}
