import { z } from 'zod';
import { type ZodOpenApiOperationObject, type ZodOpenApiPathsObject, type ZodOpenApiResponsesObject, createDocument } from 'zod-openapi';
import type { oas31 } from 'zod-openapi';
import { type Endpoint, openApiPath } from '../../common/api/endpoint';
import { REQUESTED_WITH } from '../../common/constants';
import type { Access } from '../../common/policies';
import { SESSION_COOKIE } from './auth';
import { WRITE_METHODS } from './edge';

export type OpenApiDocument = oas31.OpenAPIObject;

const WHO: Record<Access, string> = {
  anyone: 'anyone, signed in or not',
  user: 'a signed-in user',
  staff: 'staff (moderators and admins)',
  admin: 'admins',
};

const SIGNED_IN: oas31.SecurityRequirementObject[] = [{ sessionToken: [] }, { sessionCookie: [] }];

const requestedWith = z.object({
  'x-requested-with': z
    .string()
    .min(1)
    .meta({
      description: `Any non-empty value (our client sends ${REQUESTED_WITH}); a cookie can authenticate, so a write needs a header no cross-site form can send.`,
    }),
});

/**
 * Whether a field must be given: it refuses to be absent. The generator reads a field that coerces
 * wire strings (`wireId()`, a preprocess) as optional, since its input is anything; asking the field
 * itself says what the server really does.
 */
const mustBeGiven = (field: z.ZodType): boolean => !field.safeParse(undefined).success;

/** Input objects list the fields that must be given as required. */
function trueRequired({ jsonSchema, zodSchema, io }: { jsonSchema: { required?: string[] }; zodSchema: unknown; io: string }) {
  if (io !== 'input' || !(zodSchema instanceof z.ZodObject)) return;
  const shape = zodSchema.shape as Record<string, z.ZodType>;
  const required = Object.keys(shape).filter((key) => mustBeGiven(shape[key]));
  if (required.length) jsonSchema.required = required;
  else delete jsonSchema.required;
}

/** Parameters likewise: a path parameter always, a query parameter when it refuses to be absent. */
function requiredParameters(op: oas31.OperationObject, e: Endpoint) {
  const shapes = { path: e.params, query: e.query } as Record<string, z.ZodType | undefined>;
  for (const parameter of (op.parameters ?? []) as oas31.ParameterObject[]) {
    const shape = shapes[parameter.in];
    const field = shape instanceof z.ZodObject ? (shape.shape as Record<string, z.ZodType>)[parameter.name] : undefined;
    if (parameter.in === 'path' || (field && mustBeGiven(field))) parameter.required = true;
  }
}

const envelopeNote =
  'Every answer is the envelope: meta.alina_response_success (1 or 0), data, messages, messages_admin (admins only) and CurrentUser.';

/** What an endpoint answers, per status, as the edge answers it (http/edge.ts, wire-protocol.md). */
function responses(e: Endpoint, needsHeader: boolean): ZodOpenApiResponsesObject {
  if (e.response.kind === 'raw') {
    const schema = e.response.contentType === 'application/json' ? z.looseObject({}) : z.string();
    return { '200': { description: e.response.description, content: { [e.response.contentType]: { schema } } } };
  }
  const refusal = { 'application/json': { schema: e.response.refusal } };
  const out: ZodOpenApiResponsesObject = {
    '200': {
      description: `Done (alina_response_success 1, data as below${e.response.list ? `, pagination in meta.${e.response.list}` : ''}), or refused with messages naming the fields at fault (0, data null).`,
      content: { 'application/json': { schema: e.response.schema } },
    },
  };
  if (e.access !== 'anyone') out['401'] = { description: 'Not signed in: "Login first".', content: refusal };
  const forbidden = [
    ...(e.access === 'staff' || e.access === 'admin' ? [`the caller is not ${WHO[e.access]}`] : []),
    ...(needsHeader ? ['x-requested-with is missing'] : []),
  ];
  if (forbidden.length) out['403'] = { description: `Refused: ${forbidden.join('; or ')}.`, content: refusal };
  out.default = {
    description:
      'Not found (404), method not allowed (405), too large (413), refused type (415), too many calls (429), or a fault (500, 503).',
    content: refusal,
  };
  return out;
}

function operation(e: Endpoint): ZodOpenApiOperationObject {
  const needsHeader = WRITE_METHODS.has(e.method) || e.guarded === true;
  const forms = typeof e.formId === 'string' ? [e.formId] : Object.values(e.formId ?? {});
  const description = [
    e.description,
    `Who may call it: ${WHO[e.access]}.`,
    forms.length ? `form_id: ${forms.join(' or ')}.` : undefined,
  ].filter(Boolean);
  const op: ZodOpenApiOperationObject = {
    operationId: `${e.tag}.${e.name}`,
    tags: [e.tag],
    summary: e.summary,
    description: description.join('\n\n'),
    'x-access': e.access,
    requestParams: {
      ...(e.params && { path: e.params }),
      ...(e.query && { query: e.query }),
      ...(needsHeader && { header: requestedWith }),
    },
    responses: responses(e, needsHeader),
  };
  if (forms.length) op['x-form-id'] = e.formId;
  if (e.access !== 'anyone') op.security = SIGNED_IN;
  if (e.body) {
    op.requestBody = {
      description: 'JSON under any content type (text/plain too), a url-encoded form, or multipart fields; numbers may come as strings.',
      content: { 'application/json': { schema: e.body }, 'application/x-www-form-urlencoded': { schema: e.body } },
    };
  } else if (e.upload) {
    op.requestBody = { content: { 'multipart/form-data': { schema: e.upload } } };
  }
  return op;
}

/** The OpenAPI 3.1 document of the declared endpoints; paths are relative to the API prefix, the one server. */
export function openApiDocument(
  endpoints: readonly Endpoint[],
  opts: { prefix: string; version: string; areas: Record<string, string> },
): OpenApiDocument {
  const paths: ZodOpenApiPathsObject = {};
  for (const e of endpoints) {
    const path = openApiPath(e.path);
    const item = paths[path] ?? {};
    paths[path] = item;
    item[e.method.toLowerCase() as 'get' | 'post' | 'delete'] = operation(e);
  }
  const document = createDocument(
    {
      openapi: '3.1.0',
      info: {
        title: 'Tales API',
        version: opts.version,
        description: `${envelopeNote} Handled outcomes answer HTTP 200, refusals included; other statuses carry the envelope too. Every call may carry isAjax=1 and unknown query parameters, which are ignored.`,
      },
      servers: [{ url: opts.prefix, description: 'This server' }],
      tags: Object.entries(opts.areas).map(([name, description]) => ({ name, description })),
      paths,
      components: {
        securitySchemes: {
          sessionToken: {
            type: 'apiKey',
            in: 'header',
            name: 'token',
            description: 'CurrentUser.token of the answer that logged in, with CurrentUser.id in the uid header.',
          },
          sessionCookie: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'Set by log-in, sign-up and reset.' },
        },
      },
    },
    { override: trueRequired },
  );
  for (const e of endpoints) {
    const op = document.paths?.[openApiPath(e.path)]?.[e.method.toLowerCase() as 'get' | 'post' | 'delete'];
    if (op) requiredParameters(op, e);
  }
  return document;
}
