import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG, danger, ok } from '../../../common/messages';
import { CommentsParams, CommentsQuery } from '../../../common/schemas/conversation';
import { FeedParams, FeedQuery, type Tale, TaleRefParams, TaleSaveBody } from '../../../common/schemas/tale';
import { IdParams } from '../../../common/schemas/user';
import type { Deps } from '../../deps';
import { requireUser } from '../../http/auth';
import { outcome } from '../../http/envelope';
import { invalid, notFound } from '../../http/errors';
import * as comments from './comments';
import * as taleService from './service';
import { answerVisitor } from './visitor-answers';

export function taleRoutes(deps: Deps) {
  return async function plugin(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    if (!deps.config.PUBLIC_URL && deps.config.NODE_ENV === 'production') {
      deps.log.warn(
        `PUBLIC_URL is not set: shared-link pages name http://localhost:${deps.config.PORT} (or a CORS_ORIGINS origin) as the site's address, never the Host a request sends. Set PUBLIC_URL in production.`,
      );
    }

    r.get('/tale/feed/:pageSize/:page', { schema: { params: FeedParams, querystring: FeedQuery } }, async (request, reply) =>
      answerVisitor(deps, request, reply, async () => {
        const { tales, pagination } = await taleService.feed(deps, request.currentUser, {
          pageSize: request.params.pageSize,
          page: request.params.page,
          txt: request.query.txt,
          owner: request.query.owner,
        });
        return outcome({ tale: tales }, { meta: { tale: pagination } });
      }),
    );

    r.get(
      '/tale/feed/:pageSize/:page/:answerTo',
      { schema: { params: CommentsParams, querystring: CommentsQuery } },
      async (request, reply) =>
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

    r.get('/tale/upsert', async (request) => outcome(await taleService.unsavedTale(deps, request.currentUser)));

    r.get('/tale/upsert/:id', { schema: { params: TaleRefParams } }, async (request, reply) =>
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

    r.post('/tale/upsert', { schema: { body: TaleSaveBody } }, async (request) => save(requireUser(request), request.body));

    r.post('/tale/upsert/:id', { schema: { params: IdParams, body: TaleSaveBody } }, async (request) =>
      save(requireUser(request), { ...request.body, id: request.params.id }),
    );

    r.post(
      '/tale/delete/:id',
      { schema: { params: IdParams, body: z.object({ form_id: z.string().optional() }).passthrough() } },
      async (request) => {
        const deleted = await taleService.deleteTale(deps, requireUser(request), request.params.id);
        return outcome(null, { messages: deleted.type === 'COMMENT' ? [] : [ok(MSG.deleted)] });
      },
    );
  };
}
