import { z } from 'zod';
import { ROLES } from '../constants';
import { opt, wireFlag, wireId, wireInt } from './fields';

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
