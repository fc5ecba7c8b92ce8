import type { FastifyInstance } from 'fastify';
import { api } from '../../../common/api';
import { MSG, danger, info, ok, warn } from '../../../common/messages';
import type { Deps } from '../../deps';
import { route } from '../../http/declare';
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
    route(app, api.admin.users, async (request) => {
      const { items, pagination } = await listUsers(deps, request.params.pageSize, request.params.page, request.query.txt);
      return outcome(items, { meta: { users: pagination } });
    });

    route(app, api.admin.setUserRole, async (request) =>
      outcome(await changeRole(deps, request.params.id, request.body.role, request.body.on === 1), { messages: [ok(MSG.saved)] }),
    );

    route(app, api.admin.setUserBan, async (request) =>
      outcome(await changeBan(deps, request.params.id, request.body.banned_till), { messages: [ok(MSG.saved)] }),
    );

    route(app, api.admin.dbTables, async () => outcome({ tables: await describeTables(deps.db) }));

    route(app, api.admin.httpCall, async (request) => {
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
    route(app, api.admin.testErrors, async () =>
      outcome(
        { statuses: [0, 1, 2, 3] },
        {
          messages: [ok(MSG.success), info(MSG.testInfo), warn(MSG.testWarning), danger(MSG.testDanger)],
          messagesAdmin: [info(MSG.testAdminOnly)],
        },
      ),
    );

    route(app, api.admin.testPost, async (request) => outcome({ received: request.body }, { messages: [ok(MSG.success)] }));
  };
}
