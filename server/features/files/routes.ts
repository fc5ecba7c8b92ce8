import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { api } from '../../../common/api';
import { MSG, danger, ok } from '../../../common/messages';
import { FileEditBody } from '../../../common/schemas/file';
import { IdParams } from '../../../common/schemas/user';
import { issuesToMessages } from '../../../common/validation';
import type { Deps } from '../../deps';
import { route } from '../../http/declare';
import { outcome } from '../../http/envelope';
import { invalid, notFound } from '../../http/errors';
import { type Received, receiveUpload } from './intake';
import * as service from './service';
import { startSweeper } from './sweeper';

const BulkRow = FileEditBody.extend({ id: IdParams.shape.id });

/** EditRow and UpdateBulk serve the table `file` alone (behaviour.md "Files"). */
const onlyFileTable = (table: string) => {
  if (table !== 'file') throw notFound();
};

/** UpdateBulk rows: under `data` or `files`, or as numbered keys of the body. */
function bulkRows(body: Record<string, unknown>): unknown[] {
  if (Array.isArray(body.data)) return body.data;
  if (Array.isArray(body.files)) return body.files;
  return Object.keys(body)
    .filter((k) => /^\d+$/.test(k))
    .sort((a, b) => Number(a) - Number(b))
    .map((k) => body[k]);
}

export function fileRoutes(deps: Deps) {
  const limits = { maxBytes: deps.config.FILE_MAX_BYTES, maxFiles: deps.config.FILES_PER_REQUEST };

  /** Reads the whole upload, applies the request limits, and always removes the temporary files. */
  async function withUpload<T>(request: FastifyRequest, work: (received: Received) => Promise<T>): Promise<T> {
    if (!request.isMultipart()) throw invalid(danger(MSG.noFileChosen));
    const received = await receiveUpload(request, deps.config.dataDir, limits);
    try {
      if (received.tooLarge !== null) throw service.tooLargeError(deps, received.tooLarge);
      if (received.tooMany) throw service.tooManyError(deps);
      return await work(received);
    } finally {
      await received.discard();
    }
  }

  return async function plugin(app: FastifyInstance) {
    // What a crashed run left (temporary files, stored objects without rows) goes now and then.
    const sweeper = await startSweeper(deps);
    app.addHook('onClose', () => sweeper.stop());

    route(app, api.files.upload, async (request, _reply, caller) => {
      const rows = await withUpload(request, (received) => service.uploadAttachments(deps, caller, received.fields, received.files));
      return outcome(rows, { messages: [ok(MSG.uploaded)] });
    });

    // The editor's own protocol: data.url on success; a refusal carries error.message (declared with the endpoint).
    route(app, api.files.editorUpload, async (request, _reply, caller) => {
      const url = await withUpload(request, (received) =>
        service.uploadEditorImage(deps, caller, received.files, received.fields.form_id === api.files.editorUpload.formId.emblem),
      );
      // The image appears in the editor (or the emblem in the navbar): no message to click away.
      return outcome({ url });
    });

    route(app, api.files.files, async (request) => {
      const pageSize = Math.min(request.query.pageSize ?? deps.config.FILES_PER_USER, deps.config.FILES_PER_USER);
      const { items, pagination } = await service.listFiles(
        deps,
        request.currentUser,
        request.params.entity_id,
        request.query.page ?? 1,
        pageSize,
      );
      return outcome(items, { meta: { file: pagination } });
    });

    route(app, api.files.deleteFile, async (request, _reply, caller) => {
      await service.deleteFile(deps, caller, request.params.id);
      return outcome(null, { messages: [ok(MSG.deleted)] });
    });

    route(app, api.files.editFile, async (request, _reply, caller) => {
      onlyFileTable(request.params.table);
      const [row] = await service.editFiles(deps, caller, [{ ...request.body, id: request.params.id }]);
      return outcome(row, { messages: [ok(MSG.saved)] });
    });

    route(app, api.files.editFiles, async (request, _reply, caller) => {
      onlyFileTable(request.params.table);
      const parsed = z.array(BulkRow).max(deps.config.FILES_PER_USER).safeParse(bulkRows(request.body));
      if (!parsed.success) throw invalid(...issuesToMessages(parsed.error.issues));
      const rows = await service.editFiles(deps, caller, parsed.data);
      return outcome(rows, { messages: [ok(MSG.saved)] });
    });
  };
}
