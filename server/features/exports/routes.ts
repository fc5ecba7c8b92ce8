import type { FastifyInstance } from 'fastify';
import { api } from '../../../common/api';
import { ok, MSG } from '../../../common/messages';
import type { Deps } from '../../deps';
import { route } from '../../http/declare';
import { outcome } from '../../http/envelope';
import { siteBaseOf } from '../../http/site-base';
import * as exports from './service';
import { startExportWorker } from './worker';

/** Taking one's data home: archives asked for, their progress, and their download; the worker makes them. */
export function exportRoutes(deps: Deps) {
  return async function plugin(app: FastifyInstance) {
    const worker = startExportWorker(deps);
    app.addHook('onClose', () => worker.stop());

    route(app, api.auth.latestExport, async (request, _reply, caller) =>
      outcome(await exports.latestExport(deps, caller, request.params.id)),
    );

    route(app, api.auth.requestExport, async (request, _reply, caller) => {
      const made = await exports.requestExport(deps, caller, request.params.id, siteBaseOf(deps.config, request));
      worker.kick();
      return outcome(made, { messages: [ok(MSG.exportRequested)] });
    });

    route(app, api.auth.downloadExport, async (request, reply, caller) => {
      const { stream, size, fileName } = await exports.openExport(deps, caller, request.params.id, request.params.exportId);
      return reply
        .header('content-type', 'application/zip')
        .header('content-length', String(size))
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(stream);
    });
  };
}
