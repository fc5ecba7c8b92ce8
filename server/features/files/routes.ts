import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG, danger, ok } from '../../../common/messages';
import { FORM_ID } from '../../../common/routes';
import { FileEditBody, FileEntityParams, FilePageQuery } from '../../../common/schemas/file';
import { IdParams } from '../../../common/schemas/user';
import { issuesToMessages } from '../../../common/validation';
import type { Deps } from '../../deps';
import { requireUser } from '../../http/auth';
import { envelope, outcome } from '../../http/envelope';
import { AppError, invalid, notFound } from '../../http/errors';
import { type Received, receiveUpload } from './intake';
import * as service from './service';
import { startSweeper } from './sweeper';

const TableParams = z.object({ table: z.string() });
const TableIdParams = z.object({ table: z.string(), id: IdParams.shape.id });
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
    const r = app.withTypeProvider<ZodTypeProvider>();
    // What a crashed run left (temporary files, stored objects without rows) goes now and then.
    const sweeper = await startSweeper(deps);
    app.addHook('onClose', () => sweeper.stop());

    r.post('/FileUpload', { config: { multipartFiles: true } }, async (request) => {
      const caller = requireUser(request);
      const rows = await withUpload(request, (received) => service.uploadAttachments(deps, caller, received.fields, received.files));
      return outcome(rows, { messages: [ok(MSG.uploaded)] });
    });

    // The editor's own protocol: data.url on success, error.message beside the envelope on failure.
    r.post('/FileUpload/CkEditor', { config: { multipartFiles: true } }, async (request, reply: FastifyReply) => {
      try {
        const caller = requireUser(request);
        const url = await withUpload(request, (received) =>
          service.uploadEditorImage(deps, caller, received.files, received.fields.form_id === FORM_ID.emblem),
        );
        // The image appears in the editor (or the emblem in the navbar): no message to click away.
        return outcome({ url });
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        const body = envelope(request, { data: null, meta: {}, messages: e.messages, messagesAdmin: [], success: false });
        return reply
          .code(e.status)
          .type('application/json; charset=utf-8')
          .send({ ...body, error: { message: e.messages[0]?.text ?? MSG.uploadFailed } });
      }
    });

    r.get(
      '/FileUpload/getFiles/:entity_table/:entity_id',
      { schema: { params: FileEntityParams, querystring: FilePageQuery } },
      async (request) => {
        const pageSize = Math.min(request.query.pageSize ?? deps.config.FILES_PER_USER, deps.config.FILES_PER_USER);
        const { items, pagination } = await service.listFiles(
          deps,
          request.currentUser,
          request.params.entity_id,
          request.query.page ?? 1,
          pageSize,
        );
        return outcome(items, { meta: { file: pagination } });
      },
    );

    r.delete('/FileUpload/delete/:id', { schema: { params: IdParams } }, async (request) => {
      await service.deleteFile(deps, request.currentUser, request.params.id);
      return outcome(null, { messages: [ok(MSG.deleted)] });
    });

    r.post('/AdminDbManager/EditRow/:table/:id', { schema: { params: TableIdParams, body: FileEditBody } }, async (request) => {
      onlyFileTable(request.params.table);
      const [row] = await service.editFiles(deps, request.currentUser, [{ ...request.body, id: request.params.id }]);
      return outcome(row, { messages: [ok(MSG.saved)] });
    });

    r.post(
      '/AdminDbManager/UpdateBulk/:table',
      { schema: { params: TableParams, body: z.record(z.string(), z.unknown()) } },
      async (request) => {
        onlyFileTable(request.params.table);
        const parsed = z.array(BulkRow).max(deps.config.FILES_PER_USER).safeParse(bulkRows(request.body));
        if (!parsed.success) throw invalid(...issuesToMessages(parsed.error.issues));
        const rows = await service.editFiles(deps, request.currentUser, parsed.data);
        return outcome(rows, { messages: [ok(MSG.saved)] });
      },
    );
  };
}
