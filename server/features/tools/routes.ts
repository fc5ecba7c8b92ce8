import type { FastifyInstance } from 'fastify';
import { api } from '../../../common/api';
import { MSG, danger } from '../../../common/messages';
import type { Deps } from '../../deps';
import { route } from '../../http/declare';
import { outcome } from '../../http/envelope';
import { invalid } from '../../http/errors';
import { SerializedLimitError, SerializedParseError, editSerialized } from './phpSerialized';

export function toolRoutes(_deps: Deps) {
  return async function plugin(app: FastifyInstance) {
    /**
     * Parses PHP-serialized data, replaces in values, writes it again. Open to everyone; runs
     * nothing; the whole work of one request is bounded (phpSerialized.ts, SERIALIZED_LIMITS).
     */
    route(app, api.tools.serializedEditor, async (request) => {
      try {
        return outcome(editSerialized(request.body.data, request.body.search, request.body.replace));
      } catch (e) {
        if (e instanceof SerializedParseError) throw invalid(danger(MSG.serializedUnreadable, [e.message]));
        if (e instanceof SerializedLimitError) throw invalid(danger(MSG.serializedTooComplex, [e.message]));
        throw e;
      }
    });
  };
}
