import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG, danger, info, ok, warn } from '../../../common/messages';
import {
  AdminBanBody,
  AdminRoleBody,
  AdminUserParams,
  AdminUsersParams,
  AdminUsersQuery,
  HttpCallBody,
} from '../../../common/schemas/admin';
import type { Deps } from '../../deps';
import { requireAdmin, requireStaff } from '../../http/auth';
import { outcome } from '../../http/envelope';
import { invalid } from '../../http/errors';
import { OutboundRefused, OutboundTimeout, callOut } from '../tools/httpCall';
import { describeTables } from './dbInfo';
import { changeBan, changeRole, listUsers } from './users';

export function adminRoutes(deps: Deps) {
  const policy = {
    allow: deps.config.OUTBOUND_ALLOW,
    timeoutMs: deps.config.OUTBOUND_TIMEOUT_MS,
    maxBytes: deps.config.OUTBOUND_MAX_BYTES,
    maxRedirects: deps.config.OUTBOUND_MAX_REDIRECTS,
  };

  return async function plugin(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get('/admin/users/:pageSize/:page', { schema: { params: AdminUsersParams, querystring: AdminUsersQuery } }, async (request) => {
      requireAdmin(request);
      const { items, pagination } = await listUsers(deps, request.params.pageSize, request.params.page, request.query.txt);
      return outcome(items, { meta: { users: pagination } });
    });

    r.post('/admin/users/:id/roles', { schema: { params: AdminUserParams, body: AdminRoleBody } }, async (request) => {
      requireAdmin(request);
      return outcome(await changeRole(deps, request.params.id, request.body.role, request.body.on === 1), { messages: [ok(MSG.saved)] });
    });

    r.post('/admin/users/:id/ban', { schema: { params: AdminUserParams, body: AdminBanBody } }, async (request) => {
      requireAdmin(request);
      return outcome(await changeBan(deps, request.params.id, request.body.banned_till), { messages: [ok(MSG.saved)] });
    });

    r.get('/AdminDbManager/DbTablesColumnsInfo', async (request) => {
      requireStaff(request);
      return outcome({ tables: await describeTables(deps.db) });
    });

    r.post('/SendRestApiQueries/BaseCurlCalls', { schema: { body: HttpCallBody } }, async (request) => {
      requireAdmin(request);
      if (request.body.bodyType === 'json' && request.body.body.trim()) {
        try {
          JSON.parse(request.body.body);
        } catch {
          throw invalid(danger(MSG.fieldInvalid, ['body']));
        }
      }
      try {
        return outcome(await callOut(request.body, policy));
      } catch (e) {
        if (e instanceof OutboundRefused) throw invalid(danger(MSG.outboundRefused, [e.message]));
        if (e instanceof OutboundTimeout) throw invalid(danger(MSG.outboundFailed, [e.message]));
        const err = e as NodeJS.ErrnoException;
        throw invalid(danger(MSG.outboundFailed, [err.code ?? err.message ?? 'error']));
      }
    });

    // The UI test pages (/about...) exercise the message and echo paths with these.
    r.get('/admintests/errors', async (request) => {
      requireAdmin(request);
      return outcome(
        { statuses: [0, 1, 2, 3] },
        {
          messages: [ok(MSG.success), info(MSG.testInfo), warn(MSG.testWarning), danger(MSG.testDanger)],
          messagesAdmin: [info(MSG.testAdminOnly)],
        },
      );
    });

    r.post('/admintests/TestPost', { schema: { body: z.record(z.string(), z.unknown()) } }, async (request) => {
      requireAdmin(request);
      return outcome({ received: request.body }, { messages: [ok(MSG.success)] });
    });
  };
}
