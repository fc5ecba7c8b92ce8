import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MSG, danger } from '../../../common/messages';
import { SerializedEditBody, type SerializedNode } from '../../../common/schemas/admin';
import type { Deps } from '../../deps';
import { outcome } from '../../http/envelope';
import { invalid } from '../../http/errors';
import { SerializedParseError, annotate, parseSerialized, replaceInValues, writeSerialized } from './phpSerialized';

export function toolRoutes(_deps: Deps) {
  return async function plugin(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();

    /** Parses PHP-serialized data, replaces in values, writes it again. Open to everyone; runs nothing. */
    r.post('/tools/SerializedDataEditor', { schema: { body: SerializedEditBody } }, async (request) => {
      let tree: SerializedNode;
      try {
        tree = parseSerialized(request.body.data);
      } catch (e) {
        if (e instanceof SerializedParseError) throw invalid(danger(MSG.serializedUnreadable, [e.message]));
        throw e;
      }
      const counter = { n: 0 };
      const edited = request.body.search ? replaceInValues(tree, request.body.search, request.body.replace, counter) : tree;
      return outcome({ tree: annotate(edited), result: writeSerialized(edited), replacements: counter.n });
    });
  };
}
