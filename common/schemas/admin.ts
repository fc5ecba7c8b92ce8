import { z } from 'zod';
import { ROLES } from '../constants';
import { intOut, NamedRefSchema, opt, wireFlag, wireId, wireInt } from './fields';

/** A user as the admin page lists them. */
export interface AdminUser {
  id: number;
  mail: string;
  firstname: string;
  lastname: string;
  emblem: string;
  created_at: number;
  last_time: number | null;
  banned_till: number | null;
  rbac_user_role: { name: string }[];
}

export const AdminUsersParams = z.object({
  pageSize: wireInt().pipe(z.number().min(1).max(100)),
  page: z.union([z.literal('last'), wireInt().pipe(z.number().min(1))]),
});
export const AdminUsersQuery = z.object({ txt: z.string().max(200).optional() });
export const AdminRoleBody = z.object({ role: z.enum(ROLES), on: wireFlag(), form_id: z.string().optional() });
export const AdminBanBody = z.object({
  /** Unix seconds until which the user is banned; null or 0 lifts the ban. */
  banned_till: z.preprocess(
    (v) => (v === null || v === '' || v === 'null' || v === 0 || v === '0' ? null : v),
    wireInt().pipe(z.number().min(0).max(253_402_300_799)).nullable(),
  ),
  form_id: z.string().optional(),
});
export const AdminUserParams = z.object({ id: wireId() });

export const AdminUserSchema = z
  .strictObject({
    id: intOut(),
    mail: z.string(),
    firstname: z.string(),
    lastname: z.string(),
    emblem: z.string(),
    created_at: intOut(),
    last_time: intOut().nullable(),
    banned_till: intOut().nullable(),
    rbac_user_role: z.array(NamedRefSchema),
  })
  .meta({ id: 'AdminUser', description: "A user as the admins' list shows them." }) satisfies z.ZodType<AdminUser>;

export interface DbColumn {
  name: string;
  type: string;
  nullable: boolean;
  default: string | null;
  primaryKey: boolean;
}
export interface DbIndex {
  name: string;
  definition: string;
  unique: boolean;
}
export interface DbForeignKey {
  name: string;
  columns: string[];
  references: string;
}
export interface DbTable {
  name: string;
  rows: number;
  columns: DbColumn[];
  indexes: DbIndex[];
  foreignKeys: DbForeignKey[];
  statements: { select: string; insert: string; update: string };
}

export const DbTableSchema = z
  .strictObject({
    name: z.string(),
    rows: intOut(),
    columns: z.array(
      z.strictObject({
        name: z.string(),
        type: z.string(),
        nullable: z.boolean(),
        default: z.string().nullable(),
        primaryKey: z.boolean(),
      }),
    ),
    indexes: z.array(z.strictObject({ name: z.string(), definition: z.string(), unique: z.boolean() })),
    foreignKeys: z.array(z.strictObject({ name: z.string(), columns: z.array(z.string()), references: z.string() })),
    statements: z.strictObject({ select: z.string(), insert: z.string(), update: z.string() }),
  })
  .meta({
    id: 'DbTable',
    description: 'A table of the database with its columns, indexes, keys and example statements.',
  }) satisfies z.ZodType<DbTable>;

const keyValue = z.object({ key: z.string().max(500), value: z.string().max(10_000) });
export const HTTP_CALL_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const;
export const HttpCallBody = z.object({
  method: z.enum(HTTP_CALL_METHODS),
  url: z.string().trim().min(1).max(4000),
  query: z.array(keyValue).max(100).default([]),
  headers: z.array(keyValue).max(100).default([]),
  cookies: z.array(keyValue).max(100).default([]),
  bodyType: z.enum(['none', 'json', 'raw']).default('none'),
  body: z.string().max(1_000_000).default(''),
  form_id: z.string().optional(),
});
export type HttpCallBody = z.infer<typeof HttpCallBody>;
export interface HttpCallResult {
  status: number;
  statusText: string;
  headers: [string, string][];
  body: string;
  /** The body was longer than the cap and was cut. */
  truncated: boolean;
  timeMs: number;
  finalUrl: string;
  redirects: string[];
}

export const HttpCallResultSchema = z
  .strictObject({
    status: intOut(),
    statusText: z.string(),
    headers: z.array(z.tuple([z.string(), z.string()])),
    body: z.string(),
    truncated: z.boolean().meta({ description: 'The body was longer than the cap and was cut.' }),
    timeMs: z.number(),
    finalUrl: z.string(),
    redirects: z.array(z.string()),
  })
  .meta({ id: 'HttpCallResult', description: 'What the called address answered.' }) satisfies z.ZodType<HttpCallResult>;

export const SerializedEditBody = z.object({
  data: z.string().max(2_000_000),
  search: opt(z.string().max(10_000)),
  replace: z.string().max(10_000).default(''),
  form_id: z.string().optional(),
});
/** A PHP-serialized value as a tree the page can show. */
export type SerializedNode =
  | { type: 'null' }
  | { type: 'bool'; value: boolean }
  | { type: 'int' | 'float'; value: number }
  | { type: 'string'; value: string; nested?: SerializedNode; json?: boolean }
  | { type: 'array'; entries: { key: string | number; value: SerializedNode }[] }
  | { type: 'object'; className: string; entries: { key: string | number; value: SerializedNode }[] };
export interface SerializedEditResult {
  tree: SerializedNode;
  result: string;
  replacements: number;
}

const entries = () =>
  z.array(
    z.strictObject({
      key: z.union([z.string(), z.number()]),
      get value() {
        return SerializedNodeSchema;
      },
    }),
  );

// Told apart by `type` at once (a plain union would try each shape in turn, on every node of a large tree).
const SerializedNodeSchema: z.ZodType<SerializedNode> = z
  .discriminatedUnion('type', [
    z.strictObject({ type: z.literal('null') }),
    z.strictObject({ type: z.literal('bool'), value: z.boolean() }),
    z.strictObject({ type: z.enum(['int', 'float']), value: z.number() }),
    z.strictObject({
      type: z.literal('string'),
      value: z.string(),
      get nested() {
        return SerializedNodeSchema.optional();
      },
      json: z.boolean().optional(),
    }),
    z.strictObject({ type: z.literal('array'), entries: entries() }),
    z.strictObject({ type: z.literal('object'), className: z.string(), entries: entries() }),
  ])
  .meta({ id: 'SerializedNode', description: 'A PHP-serialized value as a tree.' });

export const SerializedEditResultSchema = z
  .strictObject({ tree: SerializedNodeSchema, result: z.string(), replacements: intOut() })
  .meta({ id: 'SerializedEditResult' }) satisfies z.ZodType<SerializedEditResult>;
