import { z } from 'zod';
import {
  AdminBanBody,
  AdminRoleBody,
  AdminUserParams,
  AdminUserSchema,
  AdminUsersParams,
  AdminUsersQuery,
  DbTableSchema,
  HttpCallBody,
  HttpCallResultSchema,
} from '../schemas/admin';
import { adminCalls } from './calls/admin';
import { endpoints } from './endpoint';
import { answer } from './envelope';

export const admin = endpoints(adminCalls, {
  users: {
    summary: 'The users, newest first, with a search',
    params: AdminUsersParams,
    query: AdminUsersQuery,
    response: answer(z.array(AdminUserSchema), { list: 'users' }),
  },
  setUserRole: {
    summary: 'Give a role to a user or take it away',
    params: AdminUserParams,
    body: AdminRoleBody,
    response: answer(AdminUserSchema),
  },
  setUserBan: {
    summary: 'Ban a user until a time, or lift the ban',
    params: AdminUserParams,
    body: AdminBanBody,
    response: answer(AdminUserSchema),
  },
  dbTables: {
    summary: "The database's tables, columns, indexes and keys",
    response: answer(z.strictObject({ tables: z.array(DbTableSchema) })),
  },
  httpCall: {
    summary: 'Send an HTTP request from the server and show the answer',
    description: 'Only to the addresses the configuration allows (OUTBOUND_ALLOW), with a time and size cap.',
    body: HttpCallBody,
    response: answer(HttpCallResultSchema),
  },
  testErrors: {
    summary: 'One message of each status, and one for admins only (the UI test page)',
    response: answer(z.strictObject({ statuses: z.array(z.number().int()) })),
  },
  testPost: {
    summary: 'Echo the body back (the UI test page)',

    body: z.record(z.string(), z.unknown()),
    // An echo: whatever was sent comes back as it was.
    response: answer(z.strictObject({ received: z.record(z.string(), z.unknown()) })),
  },
});
