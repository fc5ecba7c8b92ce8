import type { FastifyInstance } from 'fastify';
import { api } from '../../../common/api';
import { MSG, danger, ok } from '../../../common/messages';
import type { Tale, TaleSaveBody } from '../../../common/schemas/tale';
import type { Deps } from '../../deps';
import { route } from '../../http/declare';
import { outcome } from '../../http/envelope';
import { invalid, notFound } from '../../http/errors';
import * as comments from './comments';
import * as revisions from './revisions';
import { mapTales, nearbyTales } from './map';
import * as taleService from './service';
import { answerVisitor } from './visitor-answers';

export function taleRoutes(deps: Deps) {
  return async function plugin(app: FastifyInstance) {
    if (!deps.config.PUBLIC_URL && deps.config.NODE_ENV === 'production') {
      deps.log.warn(
        `PUBLIC_URL is not set: shared-link pages name http://localhost:${deps.config.PORT} (or a CORS_ORIGINS origin) as the site's address, never the Host a request sends. Set PUBLIC_URL in production.`,
      );
    }

    route(app, api.tales.feed, async (request, reply) => {
      const req = { pageSize: request.params.pageSize, page: request.params.page, txt: request.query.txt, owner: request.query.owner };
      // each tale of the page is written once, for every page and reader that shows it
      return answerVisitor(deps, request, reply, async () => {
        const { data, pagination } = await taleService.feedData(deps, request.currentUser, req, api.tales.feed.response.data);
        return outcome(data, { meta: { tale: pagination } });
      });
    });

    route(app, api.tales.comments, async (request, reply) =>
      answerVisitor(deps, request, reply, async () => {
        const { pageSize, page, answerTo } = request.params;
        const { tales, pagination } = await comments.listComments(
          deps,
          request.currentUser,
          answerTo,
          pageSize,
          page,
          request.query.expand,
        );
        return outcome({ tale: tales }, { meta: { tale: pagination } });
      }),
    );

    route(app, api.tales.unsavedTale, async (_request, _reply, caller) => outcome(await taleService.unsavedTale(deps, caller)));

    route(app, api.tales.tale, async (request, reply) =>
      answerVisitor(deps, request, reply, async () => outcome(await taleService.getTale(deps, request.currentUser, request.params.id))),
    );

    /** One path saves posts and comments alike (wire-protocol.md); the stored row or the parent decides which. */
    const save = async (caller: Parameters<typeof taleService.savePost>[1], body: TaleSaveBody) => {
      let tale: Tale;
      if (body.id !== undefined) {
        const row = await taleService.taleRow(deps, body.id);
        if (!row) throw notFound();
        tale =
          row.type === 'COMMENT'
            ? await comments.editComment(deps, caller, row.id, body.body)
            : await taleService.savePost(deps, caller, body);
      } else if (body.answer_to_tale_id !== undefined || body.type === 'COMMENT') {
        if (body.answer_to_tale_id === undefined) throw invalid(danger(MSG.fieldRequired, ['answer_to_tale_id']));
        tale = await comments.addComment(deps, caller, body.answer_to_tale_id, body.body ?? '');
      } else tale = await taleService.savePost(deps, caller, body);
      // A saved comment shows itself in the thread; a saved tale is confirmed in words.
      return outcome(tale, { messages: tale.type === 'COMMENT' ? [] : [ok(MSG.saved)] });
    };

    route(app, api.tales.saveTale, async (request, _reply, caller) => save(caller, request.body));

    route(app, api.tales.saveTaleById, async (request, _reply, caller) => save(caller, { ...request.body, id: request.params.id }));

    route(app, api.tales.revisions, async (request, _reply, caller) => {
      const { id, pageSize, page } = request.params;
      const row = await taleService.taleRow(deps, id);
      if (!row) throw notFound();
      const { items, pagination } = await revisions.listRevisions(deps, caller, row, pageSize, page);
      return outcome(items, { meta: { revision: pagination } });
    });

    route(app, api.tales.restoreRevision, async (request, _reply, caller) => {
      const row = await taleService.taleRow(deps, request.params.id);
      if (!row) throw notFound();
      const tale = await revisions.restoreRevision(deps, caller, row, request.params.revisionId, (text) =>
        row.type === 'COMMENT'
          ? comments.editComment(deps, caller, row.id, text.body)
          : taleService.savePost(deps, caller, { id: row.id, header: text.header, body: text.body }),
      );
      return outcome(tale, { messages: [ok(MSG.restored)] });
    });

    route(app, api.tales.map, async (request) => {
      const { pageSize, page } = request.params;
      const { tales, pagination } = await mapTales(deps, request.currentUser, { ...request.query, pageSize, page });
      return outcome({ tale: tales }, { meta: { tale: pagination } });
    });

    route(app, api.tales.nearby, async (request) => {
      const { tales, pagination } = await nearbyTales(deps, request.currentUser, request.params);
      return outcome({ tale: tales }, { meta: { tale: pagination } });
    });

    route(app, api.tales.deleteTale, async (request, _reply, caller) => {
      const deleted = await taleService.deleteTale(deps, caller, request.params.id);
      return outcome(null, { messages: deleted.type === 'COMMENT' ? [] : [ok(MSG.deleted)] });
    });
  };
}
